"""The site's navigation on every screen: one line within the screen's width (never
scrolled sideways), Play with friends and the daily deal always in it, the other pages
behind More where the line has no room for them."""

from __future__ import annotations

import pytest

from tests.browser.tablekit import open_table

REST = ["Solitaire", "Scorekeeper", "Score calculator", "How to play", "Statistics", "Leaderboard", "Account"]


def nav_box(page) -> dict:
    return page.evaluate("""() => { const nav = document.querySelector('header.site nav');
        const items = [...nav.querySelectorAll('a, button, summary')].filter(e => e.getBoundingClientRect().width > 0);
        return {height: nav.getBoundingClientRect().height, scrollWidth: nav.scrollWidth, clientWidth: nav.clientWidth,
                right: Math.max(...items.map(e => e.getBoundingClientRect().right)),
                tops: [...new Set(items.map(e => Math.round(e.getBoundingClientRect().top + e.getBoundingClientRect().height / 2)))]}; }""")


@pytest.mark.parametrize("width, height", [(390, 844), (360, 740)])
@pytest.mark.parametrize("where", ["table", "how-to-play"])
def test_on_a_phone_the_navigation_is_one_line_within_the_screen(sized, width, height, where):
    page = sized(width, height, is_mobile=True, has_touch=True)
    if where == "table":
        open_table(page)
    else:
        page.goto("/how-to-play")
    box = nav_box(page)
    assert box["scrollWidth"] <= box["clientWidth"] and box["right"] <= width, box
    assert max(box["tops"]) - min(box["tops"]) <= 4, f"the navigation wraps: {box}"  # one line
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    nav = page.get_by_role("navigation", name="Main")
    for name in ("Play with friends", "Daily deal"):
        assert nav.get_by_role("link", name=name).is_visible()
    for name in REST:
        assert not nav.get_by_role("link", name=name).is_visible()
    # More shows the rest, each within the screen, and takes you there.
    nav.get_by_role("button", name="More pages").tap()
    for name in REST:
        link = nav.get_by_role("link", name=name)
        assert link.is_visible()
        b = link.bounding_box()
        assert b["x"] >= 0 and b["x"] + b["width"] <= width and b["y"] + b["height"] <= height
    nav.get_by_role("link", name="Statistics").tap()
    page.wait_for_url("**/statistics")


@pytest.mark.parametrize("width, shown", [(1024, ["Solitaire"]), (1280, REST)])
def test_a_desktop_line_holds_what_it_has_room_for(sized, width, shown):
    page = sized(width, 768)
    open_table(page)
    box = nav_box(page)
    assert box["scrollWidth"] <= box["clientWidth"] and len(box["tops"]) == 1, box
    nav = page.get_by_role("navigation", name="Main")
    for name in REST:
        assert nav.get_by_role("link", name=name).is_visible() == (name in shown), name
    assert nav.get_by_role("button", name="More pages").is_visible() == (shown != REST)
