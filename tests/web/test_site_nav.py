"""The site's navigation on every screen: one line within the screen's width (never
scrolled sideways), the same on every page at a given width, Play now (quick play with
people) and the daily deal always in it, the other pages behind More where the line has
no room for them, and who is signed in named in it."""

from __future__ import annotations

import pytest

from tests.browser.tablekit import open_table

ALWAYS = ["Play now", "Daily deal"]
REST = [
    "Play with friends",
    "Solitaire",
    "Scorekeeper",
    "Score calculator",
    "How to play",
    "Statistics",
    "Leaderboard",
    "Account",
]
PAGES = ["/", "/leaderboard", "/quick-play", "/daily", "/how-to-play", "/statistics", "/account", "/solitaire"]


def nav_box(page) -> dict:
    return page.evaluate("""() => { const nav = document.querySelector('header.site nav');
        const items = [...nav.querySelectorAll('a, button, summary')].filter(e => e.getBoundingClientRect().width > 0);
        return {height: nav.getBoundingClientRect().height, scrollWidth: nav.scrollWidth, clientWidth: nav.clientWidth,
                right: Math.max(...items.map(e => e.getBoundingClientRect().right)),
                shown: items.map(e => e.textContent.trim().replace(/\\s+/g, ' ')),
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
    for name in ALWAYS:
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
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Play now").tap()
    page.wait_for_url("**/quick-play")


@pytest.mark.parametrize(
    "width, shown",
    [
        (1024, ["Play with friends", "Solitaire", "Account"]),
        (1280, ["Play with friends", "Solitaire", "Account"]),
        (1500, REST),
    ],
)
def test_a_desktop_line_holds_what_it_has_room_for_the_same_on_every_page(sized, width, shown):
    page = sized(width, 768)
    open_table(page)
    first = nav_box(page)
    assert first["scrollWidth"] <= first["clientWidth"] and len(first["tops"]) == 1, first
    nav = page.get_by_role("navigation", name="Main")
    for name in ALWAYS:
        assert nav.get_by_role("link", name=name).is_visible(), name
    for name in REST:
        assert nav.get_by_role("link", name=name).is_visible() == (name in shown), name
    assert nav.get_by_role("button", name="More pages").is_visible() == (shown != REST)
    for path in PAGES:  # one header: the same line on every page
        page.goto(path)
        box = nav_box(page)
        assert box["shown"] == first["shown"] and len(box["tops"]) == 1, (path, box)
