"""The table by keyboard and screen reader: one key per frequent control, the arrow keys
across your grid, focus where the next move is, the cards you draw or turn up named in
the live region, every card button named starting with what it shows."""

from __future__ import annotations

import re

import pytest

from app.cards import card_name
from tests.browser.tablekit import AXE, api, axe_violations, focused_name, new_match, open_table, prompt, wait_settled

FACE_DOWN = r"^Your card, .* row, column \d, face down$"


def press(page, key: str) -> None:
    page.keyboard.press(key)
    wait_settled(page)


def latest_said(page) -> str:
    return page.locator("#announce p").first.inner_text().strip()


def through_the_opening(page) -> None:
    state = api(page, "GET", "/api/match")
    while state["phase"] == "opening":
        down = [i for i, c in enumerate(state["players"][0]["grid"]) if not c["face_up"]]
        state = api(page, "POST", "/api/match/reveal", {"position": down[0]})
    open_table(page)


def test_the_opening_by_keyboard_names_each_card_turned_up(page):
    new_match(page, seed=41)
    page.goto("/")
    press(page, "g")
    assert re.match(FACE_DOWN, focused_name(page)), focused_name(page)
    press(page, "ArrowRight")
    assert focused_name(page) == "Your card, top row, column 2, face down"
    press(page, "ArrowDown")
    assert focused_name(page) == "Your card, bottom row, column 2, face down"
    press(page, "Enter")
    state = api(page, "GET", "/api/match")
    turned = state["players"][0]["grid"][4]["card"]
    assert latest_said(page) == f"You turned up the {card_name(turned)} at bottom row, column 2."
    assert re.match(FACE_DOWN, focused_name(page)), "focus goes to the next card to choose"


def test_s_draws_and_the_drawn_card_is_named_and_reachable_by_tab(page):
    new_match(page, seed=42)
    through_the_opening(page)
    assert prompt(page).startswith("Draw from the stock")
    assert focused_name(page).startswith("Stock, "), "to draw, focus is on the stock"
    press(page, "s")
    held = api(page, "GET", "/api/match")["held"]["card"]
    assert latest_said(page) == f"You drew the {card_name(held)}."
    assert "Your card" in focused_name(page), "to choose a card to replace, focus is in your grid"
    page.locator(".card.held, .held-slot .card").first.focus()
    assert focused_name(page) == f"Your drawn card, {card_name(held)}"
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    assert focused_name(page) == f"Your drawn card, {card_name(held)}"
    press(page, "x")
    assert prompt(page) == "Choose a face-down card to reveal"
    press(page, "u")
    assert prompt(page) == "Choose a card to replace, or Discard draw"


def test_d_takes_the_discard_h_hints_p_pauses_and_plays(page):
    new_match(page, seed=43)
    through_the_opening(page)
    top = api(page, "GET", "/api/match")["discard"]["top"]
    press(page, "d")
    assert latest_said(page) == f"You took the {card_name(top)} from the discard pile."
    press(page, "h")
    assert page.locator("#hint").is_visible() and focused_name(page).startswith("Hint:")
    page.locator("#prompt").focus()
    press(page, "p")
    assert prompt(page).startswith("Paused") and focused_name(page) == "Resume"
    press(page, "p")
    assert prompt(page).startswith("Choose a card to replace")


def test_n_deals_the_next_hole_and_question_mark_lists_the_keys(page):
    new_match(page, seed=44)
    state = api(page, "GET", "/api/match")
    for _ in range(200):
        if state["phase"] == "hole_over":
            break
        down = [i for i, c in enumerate(state["players"][0]["grid"]) if not c["face_up"]]
        if state["phase"] in ("opening", "flip"):
            state = api(page, "POST", "/api/match/reveal", {"position": down[0]})
        elif state["phase"] == "draw":
            state = api(page, "POST", "/api/match/draw", {"source": "stock"})
        else:
            state = api(page, "POST", "/api/match/swap", {"position": down[0] if down else 0})
    open_table(page)
    assert focused_name(page) == "Next hole", "between holes, focus is on Next hole"
    page.keyboard.press("?")
    dialog = page.locator("#keys-dialog")
    assert dialog.is_visible() and "Next hole" in dialog.inner_text()
    page.keyboard.press("Escape")
    press(page, "n")
    assert "Hole 2 of 9" in page.locator(".status").inner_text()


def test_keys_do_nothing_while_typing_in_a_dialog(page):
    new_match(page, seed=45)
    through_the_opening(page)
    page.get_by_role("button", name="New game").click()
    page.locator("#new-game-dialog").get_by_label("Deal number").fill("sux")
    assert api(page, "GET", "/api/match")["phase"] == "draw"


def test_a_reload_of_a_paused_match_puts_focus_on_play(page):
    new_match(page, seed=46)
    page.goto("/")
    page.get_by_role("button", name=re.compile(FACE_DOWN)).first.click()
    wait_settled(page)
    page.reload()
    assert prompt(page).startswith("Welcome back")
    assert focused_name(page) == "Play"


def test_the_keys_are_listed_on_how_to_play(page):
    page.goto("/how-to-play#keys")
    listed = page.locator("details:has(#keys) table.shortcuts").inner_text()
    for key in ("S", "D", "X", "U", "H", "P", "N", "?"):
        assert re.search(rf"(^|\s){re.escape(key)}\s", listed), key


@pytest.mark.parametrize("players", [2, 8])
def test_each_card_button_is_named_starting_with_what_it_shows(page, players):
    new_match(page, seed=47, rules={"name": "standard", "players": players})
    through_the_opening(page)
    page.keyboard.press("s")
    wait_settled(page)
    page.evaluate(AXE.read_text() + "\n;undefined")
    result = page.evaluate("""() => axe.run(document, {runOnly: {type: 'rule',
        values: ['label-content-name-mismatch']}, resultTypes: ['violations']})""")
    assert result["violations"] == []
    assert axe_violations(page) == []
    faces = page.evaluate("""() => [...document.querySelectorAll('button.card.up')].map(
        b => [b.innerText.replace(/\\s+/g, ''), b.getAttribute('aria-label')])""")
    assert faces and all(name.startswith(shown + " ") for shown, name in faces), faces


def test_the_sound_switch_is_off_at_first_and_remembered(page):
    new_match(page, seed=48)
    page.goto("/")
    switch = page.get_by_role("button", name="Sound")
    assert switch.get_attribute("aria-pressed") == "false"
    switch.click()
    assert switch.get_attribute("aria-pressed") == "true"
    page.reload()
    assert page.get_by_role("button", name="Sound").get_attribute("aria-pressed") == "true"
    page.get_by_role("button", name=re.compile(FACE_DOWN)).first.click()  # a move with sound on: no script error
    wait_settled(page)
