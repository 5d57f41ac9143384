"""The turn timer's words at a table with a computer player, on a 390x844 touch phone
and at 1280x720: while the computer's moves are shown, "Time left for you" is not on
the table (no one's time runs down for a computer's move); at a hole's end the countdown
says what happens when it reaches zero: "Next hole in: N s"."""

from __future__ import annotations

import re

import pytest

from tests.browser.fixtures import PHONE, SCREENS, screen_page, shot
from tests.browser.tablekit import api, next_move, wait_settled


@pytest.fixture(params=SCREENS)
def screen(request, browser, server):
    with screen_page(browser, server, request.param, speed="slow") as page:
        yield page, request.param["viewport"]["width"]


def timed_table(page) -> str:
    """A two-hole table of Ann and an Easy computer player, 60 s a turn, started."""
    form = {"name": "Evening", "host_name": "Ann", "seat_count": "2", "seat_1": "easy", "holes": "2"}
    response = page.request.post("/tables", form={**form, "timer_seconds": "60"}, max_redirects=0)
    assert response.status == 303, response.text()
    code = response.headers["location"].rsplit("/", 1)[1]
    page.goto(f"/t/{code}")
    page.get_by_role("button", name="Start the match").click()
    page.wait_for_selector("#board")
    return code


def test_the_timer_is_hidden_while_the_computer_plays(screen):
    page, width = screen
    code = timed_table(page)
    for position in (0, 1):  # the opening, two cards of one's own turned up, through the API
        api(page, "POST", f"/api/tables/{code}/reveal", {"position": position})
    page.reload()
    page.wait_for_function("() => /Draw from the stock/.test(document.getElementById('prompt').textContent)")
    page.get_by_role("button", name=re.compile(r"^Stock, ")).click()
    page.locator(".seat.mine button.card.down").first.click()
    page.wait_for_selector("#table.playing")  # the computer's turn, shown step by step
    assert "is playing" in page.locator("#prompt").inner_text()
    assert not page.locator(".timer").is_visible(), "the timer shows while the computer plays"
    shot(page, f"timer-computer-playing-{width}")
    page.wait_for_selector("#table:not(.playing)", timeout=20_000)
    assert page.locator(".timer").is_visible()
    assert "Time left for you" in page.locator(".timer").inner_text()
    assert code


def test_the_countdown_at_a_holes_end_says_the_next_hole_comes(screen):
    page, width = screen
    code = timed_table(page)
    state = api(page, "GET", f"/api/tables/{code}")["match"]
    for _ in range(200):
        if state["phase"] == "hole_over":
            break
        path, body = next_move(state)
        state = api(page, "POST", path.replace("/api/match", f"/api/tables/{code}"), body)["match"]
    assert state["phase"] == "hole_over"
    page.reload()
    timer = page.locator(".timer")
    assert re.fullmatch(r"Next hole in: \d+ s", timer.inner_text().strip()), timer.inner_text()
    assert "Time left" not in page.locator("#table-head").inner_text()
    shot(page, f"timer-hole-end-{width}")


def board_top(page) -> float:
    """Where the table's board begins, read while it is on the page (not in the moment
    a new drawing takes the place of the one before)."""
    measure = """() => { const board = document.getElementById('board');
      const box = board && board.getBoundingClientRect();
      return box && box.height > 0 ? box.top : false; }"""
    return page.wait_for_function(measure).json_value()


def test_what_the_timer_did_is_told_in_the_log_and_does_not_push_the_table_down(browser, server):
    """On a phone, "Ann ran out of time ..." took a line of its own in the status and
    pushed every card 18 px down for the two minutes it lasted; now it is told in What
    happened, on the page that saw it happen and on one opened afresh."""
    with screen_page(browser, server, PHONE) as page:
        form = {"name": "Evening", "host_name": "Ann", "seat_count": "2", "seat_1": "easy", "holes": "2"}
        response = page.request.post("/tables", form={**form, "timer_seconds": "10"}, max_redirects=0)
        page.goto(response.headers["location"])
        page.get_by_role("button", name="Start the match").click()
        for _ in range(2):  # the opening; then Ann's first turn runs out
            page.locator(".seat.mine button.card.down").first.click()
            page.wait_for_function("() => !document.querySelector('.htmx-request')")
        page.wait_for_function("() => /Draw from the stock/.test(document.getElementById('prompt').textContent)")
        wait_settled(page)
        top = board_top(page)
        page.wait_for_selector(".status .notice", state="attached", timeout=25_000)
        wait_settled(page)
        assert "Ann ran out of time" in page.locator(".announce").inner_text()
        assert board_top(page) == top
        shot(page, "timer-notice-390")
        # Opened afresh, the page has it in What happened from the first.
        page.reload()
        wait_settled(page)
        assert "Ann ran out of time" in page.locator(".announce").inner_text()
