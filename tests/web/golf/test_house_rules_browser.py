"""golfgame's house rules in a real browser: chosen in the New game dialog, and Flip as
Action played from the keyboard."""

from __future__ import annotations

import re

from app.cards import card_name
from tests.browser.tablekit import api, focused_name, new_match, prompt
from tests.web.golf.test_table_keys import press, through_the_opening


def test_house_rules_chosen_in_the_new_game_dialog_are_the_rules_dealt(page):
    new_match(page, seed=151)
    page.goto("/")
    page.get_by_role("button", name="New game").click()
    dialog = page.locator("#new-game-dialog")
    dialog.get_by_text("Change the rules").click()
    values = dialog.get_by_role("group", name="Card values")
    assert values.is_visible()
    values.get_by_label("Super Kings: kings worth −2").select_option("yes")
    dialog.get_by_role("group", name="Turns").get_by_label(
        "Flip as Action: turn a card up instead of drawing"
    ).select_option("yes")
    dialog.get_by_role("group", name="The hole’s score").get_by_label(
        "Underdog: bonus for the hole’s lowest score (ties too)"
    ).select_option("-3")
    dialog.get_by_role("button", name="Deal", exact=True).click()
    page.wait_for_function("() => document.querySelectorAll('#board .seat').length === 2")
    rules = api(page, "GET", "/api/match")["rules"]
    assert (rules["super_kings"], rules["flip_as_action"], rules["underdog_bonus"]) == (True, True, -3)
    assert rules["ten_penny"] is False and rules["name"] == "custom"


def test_flip_as_action_by_keyboard_turns_the_card_in_focus_up_as_the_turn(page):
    new_match(page, seed=152, rules={"flip_as_action": True})
    through_the_opening(page)
    assert prompt(page).endswith(", or turn up a face-down card instead")
    press(page, "g")
    assert re.match(r"^Your card, .* face down: turn it up instead of drawing$", focused_name(page)), focused_name(page)
    before = api(page, "GET", "/api/match")
    down = [i for i, cell in enumerate(before["players"][0]["grid"]) if not cell["face_up"]]
    press(page, "Enter")
    after = api(page, "GET", "/api/match")
    turned = [i for i in down if after["players"][0]["grid"][i]["face_up"]]
    assert len(turned) == 1
    card = after["players"][0]["grid"][turned[0]]["card"]
    said = page.locator("#announce p").all_inner_texts()  # yours, then the computer's turn
    assert any(re.fullmatch(rf"You turned up the {card_name(card)} at .* as your turn\.", s.strip()) for s in said), (
        said
    )
    assert after["discard"]["count"] >= before["discard"]["count"] and after["hole_turns"] > before["hole_turns"]
