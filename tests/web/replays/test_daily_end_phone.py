"""The end of the counted daily attempt, on a 390x844 touch phone and at 1280x720: the
headline says what to do (Press New game, Restart being off there); the summary's main
button says what it deals, a match at the level the person played before the daily
(not the daily's Expert), and so does the New game dialog; the replay is no link until
the day is over."""

from __future__ import annotations

import re

from tests.browser.fixtures import shot
from tests.browser.tablekit import api, play_out_hole, wait_settled


def play_the_daily_after_an_easy_match(page) -> None:
    page.goto("/")
    api(page, "POST", "/api/match/new", {"level": "easy"})  # the person's own level
    page.goto("/daily")
    page.get_by_label("Your name on the leaderboard").fill("Dee")
    page.get_by_role("button", name="Play today’s deal").click()
    page.wait_for_url(lambda url: "/daily" not in url)
    state = api(page, "GET", "/api/match")
    assert state["level"] == "expert" and state["practice"] is False
    for _ in range(9):
        if play_out_hole(page)["phase"] == "match_over":
            break
        api(page, "POST", "/api/match/next-hole")
    page.goto("/")
    wait_settled(page)


def test_the_daily_ends_with_new_game_at_the_persons_own_level(screen):
    page, width = screen
    play_the_daily_after_an_easy_match(page)
    assert page.locator("#prompt").inner_text().strip().endswith(". Press New game to play on.")
    summary = page.locator("#summary-dialog")
    if not summary.is_visible():  # it opens by itself as the match ends; a page drawn later has its button
        page.get_by_role("button", name="Match summary").click()
    summary.wait_for(state="visible")
    main = summary.locator("button.primary")
    assert main.inner_text().strip() == "New match at Easy"
    replay = summary.locator(".replay-link")
    assert "the replay opens when the day is over" in replay.inner_text()
    assert replay.get_by_role("link").count() == 0  # no live link before the day is over
    assert page.locator("#match-over .replay-link").get_by_role("link").count() == 0
    shot(page, f"daily-end-summary-{width}")
    summary.get_by_role("button", name="Close").click()
    shot(page, f"daily-end-table-{width}")
    page.get_by_role("button", name="New game").click()
    dialog = page.locator("#new-game-dialog")
    assert dialog.get_by_role("radio", name=re.compile(r"^Easy")).is_checked()
    assert not dialog.get_by_role("radio", name=re.compile(r"^Expert")).is_checked()
    dialog.get_by_role("button", name="Cancel").click()
    page.get_by_role("button", name="Match summary").click()
    summary.get_by_role("button", name="New match at Easy").click()
    page.wait_for_function("() => document.querySelector('#table.phase-opening')")
    state = api(page, "GET", "/api/match")
    assert state["level"] == "easy" and state["daily"] is None
    assert "Level Easy" in page.locator("#table-head .status").inner_text()


def test_the_match_api_tells_a_dailys_own_level(screen):
    page, _ = screen
    page.goto("/")
    api(page, "POST", "/api/match/new", {"level": "hard"})
    assert "own_level" not in api(page, "GET", "/api/match")
    api(page, "POST", "/api/match/new", {"daily": True})
    assert api(page, "GET", "/api/match")["own_level"] == "hard"
    api(page, "POST", "/api/match/new", {})
    assert api(page, "GET", "/api/match")["level"] == "hard"
