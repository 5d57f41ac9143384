"""A card says what it is worth: a joker's face names it and its value, and any face-up
card shows its value on hover and on a long press (which plays nothing)."""

from __future__ import annotations

import re

from app.golf.engine import GolfState
from app.golf.rules import PRESETS, RuleSet
from app.golf.view import view
from app.web.drawn_card import Card
from app.web.golf.board import board
from tests.browser.tablekit import api, new_match, version, wait_settled
from tests.web.golf.test_pages_html import new_match as new_match_in_process
from tests.web.golf.test_pages_html import table
from tests.web.golf.test_table_keys import through_the_opening

MINUS = "\u2212"


def shown(locator, part: str = "::before") -> str:
    """The text CSS draws for an element (the card faces draw theirs from data-show)."""
    return locator.evaluate("(e, part) => getComputedStyle(e, part).content", part)


def test_every_face_up_card_knows_its_value_under_the_rules():
    rules = RuleSet(jokers=True, joker_value=-3, jacks_zero=True)
    drawn = board(view(GolfState.new(9, rules), 0))
    assert drawn["discard"].points == rules.values[drawn["discard"].card[0]]
    assert Card(label="x", card="X1", points=-3).worth == "Worth \u22123 points"
    assert Card(label="x", card="AS", points=1).worth == "Worth 1 point"
    assert Card(label="x").worth == ""  # a face-down card says nothing of its value


def test_a_joker_s_face_says_joker_and_its_value(api):
    for seed in range(400):  # a deal whose first discard is a joker
        new_match_in_process(api, seed=seed, rules={"name": "jokers"})
        if (api.get("/api/match").json()["discard"]["top"] or "")[:1] == "X":
            break
    else:
        raise AssertionError("no deal with a joker on the discard pile")
    html = table(api)
    joker = re.search(r'<button[^>]*class="card up joker pile[^"]*"[^>]*>(.*?)</button>', html, re.S)
    joker = joker or re.search(r'<div class="card up joker pile[^"]*"[^>]*>(.*?)</div>\s*<span', html, re.S)
    face = joker.group(1)
    value = str(PRESETS["jokers"].joker_value).replace("-", MINUS)
    assert 'data-show="Joker"' in face and f'data-show="{value}"' in face
    assert f'data-show="Worth {value} points"' in face


def test_hover_shows_a_card_s_value(page):
    new_match(page, seed=71)
    through_the_opening(page)
    card = page.locator(".seat.mine .card.up").first
    worth = card.locator(".worth")
    assert not worth.is_visible()
    card.hover()
    assert worth.is_visible()
    assert re.fullmatch(r'"Worth \u2212?\d+ points?" / ""', shown(worth))


def test_a_long_press_shows_the_value_and_plays_nothing(page):
    new_match(page, seed=72)
    through_the_opening(page)
    page.wait_for_function("() => !document.activeViewTransition")  # a gliding card takes no press
    pile = page.locator("button.card.pile")  # taking it is a move: the long press must not make it
    before = version(page)
    box = pile.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.wait_for_timeout(700)
    assert "show-worth" in pile.get_attribute("class")
    page.mouse.up()
    page.wait_for_timeout(300)
    assert version(page) == before and api(page, "GET", "/api/match")["phase"] == "draw"
    pile.click()  # a short click still takes it
    wait_settled(page)
    assert api(page, "GET", "/api/match")["phase"] == "place"


def test_a_card_drawn_again_with_any_field_changed_is_drawn_anew():
    """The table draws each card through a cache of its HTML: whatever a card shows
    (its face, its button, a class the page adds after the steps) reaches the page."""
    from app.web.templating import drawn, templates

    macro = templates.env.get_template("table/_cards.html").module.card
    down = Card("Your card at top left, face down", place="you-0", action="reveal", param="position", value=0)
    assert drawn(down) == str(macro(down)) and "<button" in drawn(down)
    up = Card("Your card at top left, the 7 of hearts", card="7H", place="you-0", points=7)
    assert "suit-h" in drawn(up) and "<button" not in drawn(up)
    up.classes.append("settled")  # as the board after the steps marks its cards
    assert "settled" in drawn(up)
    assert "Worth 7 points" in drawn(up) and "Worth 5 points" in drawn(Card(up.label, card="7H", points=5))


def paired_faces(rules: RuleSet) -> list[str]:
    """The HTML of your cards with a pair of 6s face up in the left column."""
    from app.web.templating import drawn
    from tests.golf.golfkit import deal, open_hole

    state = deal(rules, ["6H KS 2C / 6D 9C JD", "4H 5S 7C / 8D 9D TD"])
    open_hole(state, {0: [0, 3], 1: [0, 1]})
    return [str(drawn(card)) for card in board(view(state, 0))["me"]["cards"]]


def test_a_paired_card_says_it_is_worth_what_its_pair_mark_says():
    """A 6 in a column pair counts 0 with its pair: hovering it must not say 6 points."""
    faces = paired_faces(RuleSet())
    for face in faces[0], faces[3]:
        assert ">=0</span>" in face
        assert 'data-show="Paired: the pair scores 0"' in face and "Worth 6 points" not in face


def test_where_a_pair_scores_minus_four_the_mark_and_the_worth_both_say_so():
    faces = paired_faces(RuleSet(match_value=-4))
    assert f">={MINUS}4</span>" in faces[0] and f'data-show="Paired: the pair scores {MINUS}4"' in faces[0]
