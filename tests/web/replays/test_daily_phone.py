"""The daily deal's page on a 390x844 touch phone and at 1280x720: the date in its title
and in the list of days is never broken at its hyphens, the leaderboard keeps each name
on one line within the screen, and the name field is drawn as the site's other fields."""

from __future__ import annotations

import pytest

from tests.browser.tablekit import api, axe_violations, play_out_hole

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
LAPTOP = {"viewport": {"width": 1280, "height": 720}}
NAME = "Jonathan Whitmore"  # a long name, as some are


@pytest.fixture(params=[pytest.param(PHONE, id="390x844-touch"), pytest.param(LAPTOP, id="1280x720")])
def screen(request, browser, server):
    context = browser.new_context(base_url=server, **request.param)
    context.set_default_timeout(15_000)
    context.add_cookies([{"name": "golf_speed", "value": "instant", "url": server}])
    page = context.new_page()
    yield page, request.param["viewport"]["width"]
    context.close()


# How many lines ``words`` take where they stand in the element's text, as laid out.
LINES = """([e, words]) => {
  const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.data.indexOf(words);
    if (at < 0) continue;
    const range = document.createRange(); range.setStart(node, at); range.setEnd(node, at + words.length);
    return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
  }
  return 0; }"""


def lines(locator, words: str) -> int:
    return locator.page.evaluate(LINES, [locator.element_handle(), words])


def test_the_date_stays_whole_and_the_name_field_is_the_sites(screen):
    page, width = screen
    page.goto("/daily")
    title = page.get_by_role("heading", level=1)
    date = title.inner_text().removeprefix("Daily deal, ")
    assert lines(title, date) == 1, f"the title breaks the date {date}"
    for day in page.get_by_role("navigation", name="Other days").get_by_role("link").all():
        assert lines(day, day.inner_text()) == 1, day.inner_text()
    field = page.get_by_label("Your name on the leaderboard")
    drawn = field.evaluate(
        "e => { const s = getComputedStyle(e); return {border: s.borderTopWidth, height: e.getBoundingClientRect().height}; }"
    )
    assert drawn["border"] == "2px" and drawn["height"] >= 40, drawn
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    assert axe_violations(page) == []


def test_the_leaderboard_keeps_a_long_name_on_one_line_within_the_screen(screen):
    page, width = screen
    page.goto("/daily")
    page.get_by_label("Your name on the leaderboard").fill(NAME)
    page.get_by_role("button", name="Play today’s deal").click()
    page.wait_for_url(lambda url: "/daily" not in url)
    for _ in range(9):  # the counted attempt, played out through the API
        if play_out_hole(page)["phase"] == "match_over":
            break
        api(page, "POST", "/api/match/next-hole")
    page.goto("/daily")
    row = page.locator(".daily-board").get_by_role("rowheader", name=f"{NAME} (guest)").first
    assert row.is_visible()
    assert lines(row, NAME) == 1, f"{NAME!r} is broken over lines"
    board = page.locator(".daily-board").evaluate(
        "t => { const box = t.parentElement; return {scroll: box.scrollWidth, shown: box.clientWidth,"
        " right: t.getBoundingClientRect().right}; }"
    )
    assert board["scroll"] <= board["shown"] and board["right"] <= width, board
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    assert axe_violations(page) == []
