"""A page load never makes the next click stale: reloading the table (or leaving it and
coming back) sends no pause that could reach the server after the new page was drawn."""

from __future__ import annotations

import re

from tests.browser.tablekit import api, prompt, wait_settled

FACE_DOWN = r"^Your card, .* row, column \d, face down$"


def test_a_new_visitor_who_reloads_has_the_first_click_taken(page):
    for _ in range(3):  # the race it guards against lost 4 times in 4
        page.context.clear_cookies()
        page.goto("/")
        wait_settled(page)
        page.reload()
        wait_settled(page)
        page.get_by_role("button", name=re.compile(FACE_DOWN)).first.click()
        wait_settled(page)
        assert page.locator("#alert").inner_text().strip() == ""
        assert prompt(page) == "Choose one more card to reveal"
        assert not api(page, "GET", "/api/match")["paused"]


def test_reloading_a_match_under_way_offers_play_and_the_play_is_taken(page):
    page.goto("/")
    wait_settled(page)
    page.get_by_role("button", name=re.compile(FACE_DOWN)).first.click()
    wait_settled(page)
    page.reload()
    wait_settled(page)
    play = page.get_by_role("button", name="Play", exact=True)
    if play.count():  # a reload is a return: the time away is not counted
        play.click()
        wait_settled(page)
    page.get_by_role("button", name=re.compile(FACE_DOWN)).first.click()
    wait_settled(page)
    assert page.locator("#alert").inner_text().strip() == ""
    assert prompt(page) != "Choose one more card to reveal"
    state = api(page, "GET", "/api/match")
    assert not state["paused"]
    assert sum(cell["face_up"] for cell in state["players"][0]["grid"]) == 2
