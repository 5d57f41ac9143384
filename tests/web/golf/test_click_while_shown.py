"""A click or key on your turn is your move, even while the others' moves are still being
shown: at Normal speed, with motion on, the headline says it is your turn before the last
card has finished moving; a click on the stock or a key then skips the rest of the
showing and plays the move, never a refusal."""

from __future__ import annotations

import re

import pytest

from tests.browser.tablekit import api, new_match, wait_settled

FACE_DOWN = r"^Your card, .* row, column \d, face down$"


def to_the_computers_reply(page) -> int:
    """Reveal two, draw, swap: the answer carries the computer's turn, shown step by step.
    Returns the version the reply leaves."""
    new_match(page, seed=707)
    page.goto("/")
    for _ in range(2):
        page.get_by_role("button", name=re.compile(FACE_DOWN)).first.click()
        wait_settled(page)
    page.get_by_role("button", name=re.compile("^Stock")).click()
    wait_settled(page)
    page.get_by_role("button", name=re.compile(FACE_DOWN)).first.click()
    page.wait_for_selector("#table.playing")  # the computer's turn is being shown
    return api(page, "GET", "/api/match")["version"]


@pytest.mark.parametrize("speed", ["normal"])
def test_a_click_on_the_stock_while_the_reply_is_shown_draws(page):
    shown = to_the_computers_reply(page)
    said_before = page.locator("#announce").inner_text()
    page.locator("#board .card.stock").click()
    wait_settled(page)
    state = api(page, "GET", "/api/match")
    assert state["phase"] == "place" and state["held"]["source"] == "stock"
    assert state["version"] == shown + 1
    assert "still being shown" not in page.locator("#announce").inner_text().replace(said_before, "")
    assert page.locator("#table.playing").count() == 0


@pytest.mark.parametrize("speed", ["normal"])
def test_the_last_steps_moment_takes_the_click_too(page):
    """The headline already asks you to draw while the last cards are still moving in."""
    to_the_computers_reply(page)
    page.wait_for_function(
        "() => document.activeViewTransition"
        " && /^Draw from the stock/.test(document.getElementById('prompt').textContent)"
    )
    page.locator("#board .card.stock").click()
    wait_settled(page)
    assert api(page, "GET", "/api/match")["phase"] == "place"


@pytest.mark.parametrize("speed", ["normal"])
def test_a_key_while_the_reply_is_shown_plays_it(page):
    shown = to_the_computers_reply(page)
    page.keyboard.press("s")
    wait_settled(page)
    state = api(page, "GET", "/api/match")
    assert state["phase"] == "place" and state["version"] == shown + 1


@pytest.mark.parametrize("speed", ["normal"])
def test_a_click_that_is_no_move_on_the_live_table_says_why_and_plays_nothing(page):
    shown = to_the_computers_reply(page)
    up = page.locator("#board .seat.mine .grid .card.up").first
    up.click()  # your own face-up card: no move while you are to draw
    wait_settled(page)
    assert "Draw a card first" in page.locator("#announce").inner_text()
    assert api(page, "GET", "/api/match")["version"] == shown
