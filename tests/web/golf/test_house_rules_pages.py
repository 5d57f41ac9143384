"""golfgame's house rules on the pages and over the API, on SQLite and PostgreSQL: chosen
in the New game form under their headings, refused with the reason when they cannot go
together, played by the match (Flip as Action's buttons and route), explained on How to
play and scored by the score calculator."""

from __future__ import annotations

import html as html_lib
import re

import pytest

from app.cards import card_name
from app.web.golf.new_game import again_fields
from tests.web.golf.test_new_game_options import first_choice, selects
from tests.web.golf.test_pages_html import Elements, new_match, post, table, version_of

HX = {"HX-Request": "true"}
HOUSE = {
    "Turns": ("flip_as_action", "flip_after_reject"),
    "Card values": ("super_kings", "ten_penny", "one_eyed_jacks", "single_joker"),
    "Matched lines": ("wolfpack",),
    "The hole’s score": ("going_out_bonus", "blackjack", "underdog_bonus", "tied_shame"),
}


def groups(page: str) -> dict[str, str]:
    """Each heading of the rules with the HTML of its options."""
    return dict(re.findall(r"<legend>([^<]+)</legend>(.*?)</fieldset>", html_lib.unescape(page), re.S))


@pytest.mark.parametrize("path", ["/new", "/tables/new"])
def test_every_house_rule_is_offered_under_its_heading_and_starts_as_the_standard_game(api, path):
    new_match(api)
    page = api.get(path).text
    shown = groups(page)
    for heading, fields in HOUSE.items():
        for field in fields:
            assert f'name="{field}"' in shown[heading], (heading, field)
    offered = selects(page)
    assert first_choice(offered["super_kings"]) == "No (as in Standard)"
    assert first_choice(offered["going_out_bonus"]) == "No bonus (as in Standard)"
    assert first_choice(offered["tied_shame"]) == "Nothing added (as in Standard)"
    assert 'value="endgame"' in offered["flip_after_reject"]
    assert "Super Kings: kings worth −2" in html_lib.unescape(page)


def test_house_rules_set_on_the_form_are_the_rules_dealt(api):
    new_match(api)
    page = table(api)
    response = api.post(
        "/play/new",
        data={
            "version": str(version_of(page)),
            "level": "hard",
            "preset": "standard",
            "super_kings": "yes",
            "ten_penny": "yes",
            "one_eyed_jacks": "yes",
            "jokers": "yes",
            "single_joker": "yes",
            "joker_value": "-5",
            "wolfpack": "-20",
            "flip_after_reject": "endgame",
            "flip_as_action": "yes",
            "going_out_bonus": "-5",
            "blackjack": "yes",
            "underdog_bonus": "-3",
            "tied_shame": "5",
            "seed": "",
        },
        headers=HX,
    )
    assert response.status_code == 200, response.text
    rules = api.get("/api/match").json()["rules"]
    assert rules["name"] == "custom"
    assert {k: rules[k] for k in ("super_kings", "ten_penny", "one_eyed_jacks", "single_joker", "flip_as_action")} == {
        "super_kings": True,
        "ten_penny": True,
        "one_eyed_jacks": True,
        "single_joker": True,
        "flip_as_action": True,
    }
    assert (rules["joker_value"], rules["wolfpack"], rules["flip_after_reject"], rules["blackjack"]) == (
        -5,
        -20,
        "endgame",
        True,
    )
    assert (rules["going_out_bonus"], rules["underdog_bonus"], rules["tied_shame"]) == (-5, -3, 5)
    # Play again deals the same rules.
    again = dict(again_fields(api.get("/api/match").json()))
    assert (again["super_kings"], again["wolfpack"], again["flip_after_reject"], again["tied_shame"]) == (
        "yes",
        "-20",
        "endgame",
        "5",
    )


@pytest.mark.parametrize(
    "fields, reason",
    [
        ({"single_joker": "yes"}, "a single joker (Lucky Swing) needs jokers in the deck"),
        ({"super_kings": "yes", "jacks_zero": "yes"}, "super kings make a king -2 and jacks worth 0 make it 10"),
        ({"preset": "nine-card", "wolfpack": "-20"}, "the wolfpack needs a grid of two rows"),
        (
            {"tied_shame": "7"},
            "Tied Shame: added to a score tied with another’s: choose one of Nothing added, +5, +10.",
        ),
    ],
)
def test_house_rules_that_cannot_be_played_are_refused_with_the_reason_and_change_nothing(api, fields, reason):
    before = new_match(api, seed=8)
    page = table(api)
    data = {"version": str(version_of(page)), "preset": "standard", "seed": "", **fields}
    response = api.post("/play/new", data=data, headers=HX)
    assert response.status_code == 422
    assert reason in html_lib.unescape(response.text)
    after = api.get("/api/match").json()
    assert (after["seed"], after["rules"]) == (before["seed"], before["rules"])


# ----------------------------------------------------------------- Flip as Action


def opened(api, rules: dict) -> str:
    """A match of ``rules`` after your opening reveals: your turn to draw, the page."""
    new_match(api, seed=21, rules=rules)
    html = table(api)
    for position in (0, 1):
        status, html = post(api, "reveal", html, position=str(position))
        assert status == 200
    return html


def test_with_flip_as_action_your_face_down_cards_are_buttons_that_turn_a_card_up_as_your_turn(api):
    html = opened(api, {"flip_as_action": True})
    assert "Draw from the stock or take the " in html and ", or turn up a face-down card instead" in html
    cards = Elements(html).card_buttons()
    flips = {name: b for name, b in cards.items() if b["hx-post"] == "/play/flip"}
    assert set(flips) == {
        f"Your card, {row} row, column {col}, face down: turn it up instead of drawing"
        for row, col in (("top", 3), ("bottom", 1), ("bottom", 2), ("bottom", 3))
    }
    assert all(b["name"] == "position" and b["formaction"] == "/play/flip" for b in flips.values())
    status, html = post(api, "flip", html, position="4")
    assert status == 200
    match = api.get("/api/match").json()
    card = match["players"][0]["grid"][4]["card"]
    assert card and match["players"][0]["grid"][4]["face_up"]
    assert f"You turned up the {card_name(card)} at bottom row, column 2 as your turn." in html_lib.unescape(html)
    assert match["hole_turns"] >= 1 and match["phase"] in ("draw", "hole_over")


def test_without_flip_as_action_a_face_down_card_is_no_move_at_the_start_of_a_turn(api):
    html = opened(api, {"name": "standard"})
    cards = Elements(html).card_buttons()
    assert not any(b["hx-post"] == "/play/flip" for b in cards.values())
    status, answer = post(api, "flip", html, position="4")
    assert status == 409
    assert "Turning a card up instead of drawing is not part of these rules." in html_lib.unescape(answer)


def test_the_flip_route_of_the_api_plays_the_flip_and_refuses_it_where_it_is_not_allowed(api):
    new_match(api, seed=22, rules={"flip_as_action": True})
    for position in (0, 1):
        api.post("/api/match/reveal", json={"position": position})
    state = api.get("/api/match").json()
    assert [a for a in state["legal"] if a["action"] == "flip"] == [
        {"action": "flip", "position": p} for p in (2, 3, 4, 5)
    ]
    assert api.post("/api/match/flip", json={}).status_code == 422
    assert api.post("/api/match/flip", json={"position": 0}).status_code == 409  # already face up
    answer = api.post("/api/match/flip", json={"position": 5})
    assert answer.status_code == 200, answer.text
    assert answer.json()["players"][0]["grid"][5]["face_up"]
    new_match(api, seed=22, rules={"name": "standard"})  # else the rules last chosen
    for position in (0, 1):
        api.post("/api/match/reveal", json={"position": position})
    refused = api.post("/api/match/flip", json={"position": 5})
    assert refused.status_code == 409
    assert refused.json()["detail"] == "Turning a card up instead of drawing is not part of these rules."


def test_under_the_endgame_flip_a_throw_early_in_the_hole_turns_no_card_up(api):
    new_match(api, seed=23, rules={"flip_after_reject": "endgame"})
    for position in (0, 1):
        api.post("/api/match/reveal", json={"position": position})
    api.post("/api/match/draw", json={"source": "stock"})
    state = api.post("/api/match/reject").json()
    assert state["phase"] == "draw"  # no reveal asked of you: four cards down everywhere
    assert sum(cell["face_up"] for cell in state["players"][0]["grid"]) == 2


# ----------------------------------------------------------------- How to play and the score calculator


def test_how_to_play_explains_every_house_rule_with_its_examples(api):
    page = html_lib.unescape(api.get("/how-to-play").text)
    section = page[page.index('<h2 id="house-rules">') :]
    section = section[: section.index('<h2 id="faq">')]
    for rule in (
        "Super Kings:",
        "Ten Penny:",
        "One-Eyed Jacks:",
        "Lucky Swing:",
        "Wolfpack:",
        "Flip as Action:",
        "Endgame flip",
        "Blackjack:",
        "Going-out bonus:",
        "Underdog:",
        "Tied Shame:",
    ):
        assert rule in section, rule
    for score in ("it scores 10", "it scores 27", "it scores 23", "it scores -10", "it scores 0"):
        assert score in section, score
    assert "The hole: Ann 10, Ben 10, Cara −3." in section
    assert 'href="#house-rules"' in page


@pytest.mark.parametrize(
    "choices, cards, score",
    [
        ({"court": "super"}, "K K 2 9 K 5", "10"),
        ({"tens": "1"}, "10 5 Q 4 6 10", "27"),
        ({"one_eyed": "yes"}, "JH JS JD Q JC 3", "23"),
        ({"jokers": "lucky"}, "X K 5 2 K 5", "−7"),
        ({"wolfpack": "-20"}, "J 5 J J 9 J", "−6"),
        ({"blackjack": "0"}, "Q 9 A Q 8 3", "0"),
        ({}, "Q 9 A Q 8 3", "21"),
    ],
)
def test_the_score_calculator_page_scores_the_house_rules(api, choices, cards, score):
    params = [*choices.items(), *(("card", c) for c in cards.split())]
    page = html_lib.unescape(api.get("/score", params=params).text)
    assert f'<strong id="score-total">{score}</strong>' in page


def test_the_score_calculator_asks_a_jack_its_suit_under_one_eyed_jacks(api):
    page = html_lib.unescape(
        api.get("/score", params=[("one_eyed", "yes"), *(("card", c) for c in "J 5 J J 9 J".split())]).text
    )
    assert "with one-eyed jacks a jack's suit sets its score: give JH or JS (0) or JC or JD (10)" in page
    answer = api.post("/api/score", json={"grid": ["J", "5", "JH", "JD", "9", "JS"], "rules": {"one_eyed_jacks": True}})
    assert answer.status_code == 422 and "grid[0] (row 1, column 1)" in answer.json()["detail"]


def test_the_score_api_adds_the_holes_own_rules_as_last_lines(api):
    grid = ["QH", "9S", "AC", "QD", "8C", "3D"]  # 21
    rules = {"blackjack": True, "going_out_bonus": -5, "underdog_bonus": -3, "tied_shame": 5}
    alone = api.post("/api/score", json={"grid": grid, "rules": rules, "went_out": True}).json()
    assert alone["score"] == -5
    assert [line["line"] for line in alone["lines"][-2:]] == ["blackjack", "going-out bonus"]
    assert sum(line["points"] for line in alone["lines"]) == alone["score"]
    with_others = api.post(
        "/api/score", json={"grid": grid, "rules": rules, "went_out": True, "others": [2, -5]}
    ).json()
    # 21 is 0, -5 for going out: -5, the lowest with another's -5 (-3 each: -8), and tied (+5 each): -3.
    assert with_others["score"] == -3
    assert [line["line"] for line in with_others["lines"][-4:]] == [
        "blackjack",
        "going-out bonus",
        "underdog bonus",
        "tied shame",
    ]
    assert with_others["lines"][-1]["text"] == "tied with another player on −8: +5"
