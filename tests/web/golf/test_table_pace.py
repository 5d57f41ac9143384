"""The pace of a big table: at Normal speed the others' replies with eight seats take at
most 6 s to show, and Skip (the button, or Esc) jumps to your next decision at once."""

from __future__ import annotations

import doctest
import re

import pytest

import app.web.golf.speed as table_speed
from app.web.golf.speed import MIN_STEP_MS, SPEEDS, step_delay
from tests.browser.tablekit import api, axe_violations, focused_name, new_match, open_table, prompt, wait_settled
from tests.web.golf.test_pages_html import new_match as new_match_in_process
from tests.web.golf.test_pages_html import post, table

EIGHT = {"players": 8}
FACE_DOWN = r"^Your card, .* row, column \d, face down$"


def shown_for(html: str) -> tuple[int, int]:
    """The steps a reply shows and the milliseconds between them."""
    frames = re.search(r'<div id="frames" hidden data-delay="(\d+)"', html)
    return (html.count("<template data-say="), int(frames.group(1))) if frames else (0, 0)


@pytest.mark.parametrize("speed", ["normal", "slow", "fast"])
def test_eight_seats_wait_at_most_six_seconds_between_turns_at_normal(api, speed):
    api.cookies.set("golf_speed", speed)
    new_match_in_process(api, seed=7, rules=EIGHT)
    html = table(api)
    waits = []
    for _ in range(6):  # the opening, then a few turns: draw and swap into a face-down card
        state = api.get("/api/match").json()
        down = [i for i, cell in enumerate(state["players"][0]["grid"]) if not cell["face_up"]]
        if state["phase"] in ("opening", "flip"):
            status, html = post(api, "reveal", html, position=str(down[0]))
        elif state["phase"] == "draw":
            status, html = post(api, "draw", html, source="stock")
        else:
            status, html = post(api, "swap", html, position=str(down[0] if down else 0))
        assert status == 200
        steps, delay = shown_for(html)
        if steps:
            assert delay >= MIN_STEP_MS  # still slow enough to see each card glide
            waits.append(steps * delay)
    assert len(waits) >= 2 and max(s for s in waits) > 0
    budget = {"normal": 6000, "fast": 4500, "slow": 10_000}[speed]
    assert max(waits) <= budget, waits


def test_a_short_reply_keeps_the_speed_s_own_pace():
    assert doctest.testmod(table_speed).failed == 0
    assert step_delay("normal", 3) == SPEEDS["normal"]
    assert step_delay("slow", 2) == SPEEDS["slow"]
    assert step_delay("instant", 30) == 0
    assert step_delay("normal", 40) == MIN_STEP_MS


@pytest.fixture
def speed():
    return "slow"  # steps long enough to catch them being shown


def _after_your_first_turn(page, before_the_swap=None) -> None:
    """Your opening and first turn played; the seven computers' turns being shown.
    ``before_the_swap(page)`` is called just before your swap that starts them."""
    new_match(page, seed=7, rules=EIGHT)
    open_table(page)
    for _ in range(2):
        page.get_by_role("button", name=re.compile(FACE_DOWN)).first.click()
        wait_settled(page)
    page.get_by_role("button", name=re.compile("^Stock")).click()
    wait_settled(page)
    if before_the_swap is not None:
        before_the_swap(page)
    page.get_by_role("button", name=re.compile(FACE_DOWN)).first.click()
    page.locator("#table.playing").wait_for()


# Each step's board comes in by a view transition, a moment after the step is due: the
# browser first photographs the board going out. This stand-in makes that moment 1.5 s
# and counts the changes still to be made, so that a Skip is sure to come within it.
SLOW_TRANSITIONS = """() => {
  window.changesDue = 0;
  document.startViewTransition = function (change) {
    window.changesDue += 1;
    setTimeout(function () { change(); window.changesDue -= 1; }, 1500);
    var done = Promise.resolve();
    return { ready: done, finished: done, updateCallbackDone: done };
  };
}"""


def test_skip_button_jumps_to_your_next_decision(page):
    _after_your_first_turn(page)
    skip = page.get_by_role("button", name="Skip")
    assert skip.is_visible()
    assert page.locator(".seat.computer.to-play .thinking").first.is_visible()  # someone is thinking
    assert axe_violations(page, "#table") == []  # Skip and the thinking seat, while the steps are shown
    skip.click()
    assert not page.locator("#table").evaluate("t => t.classList.contains('playing')")
    assert prompt(page).startswith("Draw from the stock")
    assert not skip.is_visible()
    assert re.match(r"^Stock, \d+ cards$", focused_name(page))
    # Nothing the skipped steps said is lost: every computer's turn is in the live region.
    told = page.locator("#announce").inner_text()
    seats = set(re.findall(r"^(Computer \d)", told, re.M))
    assert len(seats) >= 4, told


def test_skip_while_a_step_is_coming_in_keeps_the_live_board_and_your_place(page):
    _after_your_first_turn(page, lambda page: page.evaluate(SLOW_TRANSITIONS))
    assert page.evaluate("() => window.changesDue") > 0  # a board asked for, not yet in
    page.get_by_role("button", name="Skip").click()
    page.wait_for_function("() => window.changesDue === 0")  # ... and now every change is made
    assert prompt(page).startswith("Draw from the stock")
    assert page.get_by_role("button", name=re.compile(r"^Stock, \d+ cards$")).is_enabled()
    assert re.match(r"^Stock, \d+ cards$", focused_name(page))


def test_escape_skips_and_is_listed_in_the_keys_dialog(page):
    _after_your_first_turn(page)
    page.keyboard.press("Escape")
    assert not page.locator("#table").evaluate("t => t.classList.contains('playing')")
    assert prompt(page).startswith("Draw from the stock")
    page.keyboard.press("s")  # the next decision is taken at once
    wait_settled(page)
    assert api(page, "GET", "/api/match")["phase"] == "place"
    page.keyboard.press("?")
    keys = page.locator("#keys-dialog")
    assert "Skip the others’ moves being shown" in keys.inner_text()
