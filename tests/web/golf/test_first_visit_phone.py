"""The first visit, on a 390x844 touch phone and at 1280x720: one welcome line above
the table with two links, How to play and Play now with people, until the first match
is finished in this browser; then it is gone."""

from __future__ import annotations

from tests.browser.fixtures import shot
from tests.browser.tablekit import api, axe_violations, new_match, play_out_hole, wait_settled


def test_the_welcome_line_shows_until_a_match_is_finished(screen):
    page, width = screen
    page.goto("/")
    wait_settled(page)
    welcome = page.locator("#welcome")
    assert welcome.is_visible()
    links = welcome.get_by_role("link")
    assert links.all_inner_texts() == ["How to play", "Play now with people"]
    assert [links.nth(i).get_attribute("href") for i in range(2)] == ["/how-to-play", "/quick-play"]
    box, table = welcome.bounding_box(), page.locator("#table").bounding_box()
    assert box["y"] + box["height"] <= table["y"], "the welcome is above the table"
    line = float(welcome.evaluate("e => parseFloat(getComputedStyle(e).lineHeight)"))
    assert box["height"] <= line * 1.5, "the welcome is one line"
    assert box["width"] <= width
    assert axe_violations(page) == []
    shot(page, f"first-visit-{width}")

    new_match(page, seed=5, rules={"holes": 1})  # a one-hole match, played to its end
    assert play_out_hole(page)["phase"] == "match_over"
    page.goto("/")
    wait_settled(page)
    assert page.locator("#welcome").count() == 0
    api(page, "POST", "/api/match/new", {})
    page.goto("/")
    wait_settled(page)
    assert page.locator("#welcome").count() == 0, "the welcome comes back after a finished match"
