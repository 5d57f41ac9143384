"""A click or key that is not a move now says why in one sentence, where the table
speaks (the live region), and changes nothing."""

from __future__ import annotations

import re

from app.cards import card_name
from tests.browser.tablekit import api, new_match, open_table, version, wait_settled
from tests.web.golf.test_table_keys import through_the_opening


def latest_said(page) -> str:
    return page.locator("#announce p").first.inner_text().strip()


def test_x_after_taking_from_the_discard_pile_says_the_card_must_go_into_the_grid(page):
    new_match(page, seed=61)
    through_the_opening(page)
    top = api(page, "GET", "/api/match")["discard"]["top"]
    page.keyboard.press("d")
    wait_settled(page)
    before = version(page)
    page.keyboard.press("x")
    assert latest_said(page) == f"The {card_name(top)} came from the discard pile: it must go into your grid."
    assert version(page) == before and api(page, "GET", "/api/match")["phase"] == "place"
    page.locator(".card.stock").click()  # the stock, not a move while you hold a card
    assert latest_said(page) == f"The {card_name(top)} came from the discard pile: it must go into your grid."
    assert api(page, "GET", "/api/match")["version"] == before


def test_clicks_on_cards_that_are_not_moves_say_why(page):
    new_match(page, seed=62)
    through_the_opening(page)
    page.locator(".seat.mine .card.up").first.click()
    assert latest_said(page) == "Draw a card first, from the stock or the discard pile."
    page.locator(".seat:not(.mine) .card").first.click()
    assert latest_said(page) == "That card is in another player’s grid: you play only your own."
    page.keyboard.press("n")
    assert latest_said(page) == "The hole is still being played: Next hole comes at its end."
    page.keyboard.press("x")
    assert latest_said(page) == "There is no drawn card to throw away: draw one first."
    assert api(page, "GET", "/api/match")["phase"] == "draw"


def test_the_opening_refuses_the_stock_and_a_card_already_up(page):
    new_match(page, seed=63)
    open_table(page)
    page.locator(".card.stock").click()
    assert latest_said(page) == "First turn up two cards of your grid."
    page.get_by_role("button", name=re.compile(r"face down$")).first.click()
    wait_settled(page)
    page.locator(".seat.mine .card.up").first.click()
    assert latest_said(page) == "That card is already face up: choose a face-down card."
    assert api(page, "GET", "/api/match")["opening_left"] == 1


def test_a_click_or_key_on_undo_with_nothing_to_take_back_says_why(page):
    new_match(page, seed=64)
    open_table(page)
    before = version(page)
    undo = page.get_by_role("button", name="Undo")
    assert undo.get_attribute("aria-disabled") == "true"  # shown as not allowed, yet it can be clicked
    box = undo.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # as a player would
    assert latest_said(page) == "There is no move of yours to take back."
    assert version(page) == before
    page.evaluate("() => document.getElementById('announce').replaceChildren()")
    page.keyboard.press("u")
    assert latest_said(page) == "There is no move of yours to take back."
    assert version(page) == before and api(page, "GET", "/api/match")["version"] == before
