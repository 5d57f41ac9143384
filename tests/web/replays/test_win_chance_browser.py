"""The chart of a finished match's chance to win on its replay and in its review, in
Chromium against the real server: shown as being worked out, then drawn without a
reload; a click or Enter on the point moved along it goes to that step; the step shown
is marked as the replay moves on; axe finds nothing; it overlaps nothing, on a desktop
and on a phone."""

from __future__ import annotations

import re

import pytest

from tests.browser.tablekit import api, axe_violations, new_match
from tests.web.replays.test_replay_and_daily import play_to_the_end, step_shown

READY = ".chance-chart[data-ready]"


def finished(page, holes: int = 2, players: int = 2) -> str:
    page.goto("/")
    new_match(page, seed=7, rules={"holes": holes, "players": players})
    return play_to_the_end(page)["replay"]


def chart_ready(page) -> None:
    page.wait_for_selector(READY, timeout=120_000)


def marked_step(page) -> int:
    """The step the chart's marker stands at, read back from where it is drawn."""
    return page.evaluate(
        """() => { const chart = document.querySelector('[data-chance]');
            const x = parseFloat(chart.querySelector('.chance-now').getAttribute('x1'));
            const left = parseFloat(chart.dataset.left), plot = parseFloat(chart.dataset.plot);
            return Math.round((x - left) / plot * parseInt(chart.dataset.count, 10)); }"""
    )


def boxes_overlap(a: dict, b: dict) -> bool:
    return (
        a["x"] + 0.5 < b["x"] + b["width"]
        and b["x"] + 0.5 < a["x"] + a["width"]
        and a["y"] + 0.5 < b["y"] + b["height"]
        and b["y"] + 0.5 < a["y"] + a["height"]
    )


@pytest.mark.parametrize("width, height", [(1280, 720), (390, 844)])
def test_the_chart_is_worked_out_then_goes_to_a_step_by_keyboard_and_by_click(sized, width, height):
    page = sized(width, height, reduced_motion="reduce")
    link = finished(page)
    page.goto(link + "?step=4")
    # Nothing worked it out before this look: it says so, and comes without a reload.
    assert "is being worked out" in page.locator("#chance").inner_text()
    chart_ready(page)
    assert "is being worked out" not in page.locator("#chance").inner_text()
    chart = page.locator("[data-chance]")
    assert chart.get_attribute("role") == "slider"
    assert chart.get_attribute("aria-valuenow") == "4" and marked_step(page) == 4
    assert re.match(r"Step 4 of \d+, hole 1: Player \d+%, Computer \d+%", chart.get_attribute("aria-valuetext"))

    # The keyboard: focus the chart, move its point, Enter goes there (the replay's own
    # arrow keys leave the chart's point alone).
    chart.focus()
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    assert chart.get_attribute("aria-valuenow") == "7" and step_shown(page) == 4
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('replay').dataset.step === '7'")
    assert step_shown(page) == 7 and "?step=7" in page.url
    assert marked_step(page) == 7
    page.keyboard.press("PageDown")  # to the next hole's deal
    second = int(chart.get_attribute("aria-valuenow"))
    assert second > 7 and "hole 2" in chart.get_attribute("aria-valuetext")
    page.keyboard.press("PageUp")  # back to the first hole's deal, and on again
    assert chart.get_attribute("aria-valuenow") == "0"
    page.keyboard.press("PageDown")
    assert chart.get_attribute("aria-valuenow") == str(second)
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.getElementById('replay').dataset.step === '{second}'")
    assert "hole 2" in page.locator(".replay-step").inner_text()

    # The replay moving on by its own controls moves the chart's mark.
    page.locator("#main").focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"() => document.getElementById('replay').dataset.step === '{second + 1}'")
    page.wait_for_function(
        f"() => document.querySelector('[data-chance]').getAttribute('aria-valuenow') === '{second + 1}'"
    )
    assert marked_step(page) == second + 1

    # A click goes to the step under it: a quarter of the way along the steps.
    count = int(chart.get_attribute("aria-valuemax"))
    svg = page.locator("[data-chance] svg").bounding_box()
    geometry = page.evaluate(
        "() => { const c = document.querySelector('[data-chance]').dataset;"
        " return [parseFloat(c.left), parseFloat(c.plot), parseFloat(c.width)]; }"
    )
    left, plot, drawn = geometry
    target = count // 4
    x = svg["x"] + (left + plot * target / count) * svg["width"] / drawn
    page.mouse.click(x, svg["y"] + svg["height"] * 0.3)
    page.wait_for_function(f"() => document.getElementById('replay').dataset.step === '{target}'")
    assert step_shown(page) == target and marked_step(page) == target

    # A turning point's link goes to its step as well.
    first_point = page.locator(".chance-points a").first
    wanted = int(re.search(r"step=(\d+)", first_point.get_attribute("href")).group(1))
    first_point.click()
    page.wait_for_function(f"() => document.getElementById('replay').dataset.step === '{wanted}'")

    # Nothing overlaps: the chart lies clear of every card of the table and within the screen.
    page.locator("[data-chance]").scroll_into_view_if_needed()
    drawn_box = page.locator("[data-chance]").bounding_box()
    assert drawn_box["x"] >= 0 and drawn_box["x"] + drawn_box["width"] <= width + 0.5
    for card in page.locator(".replay-board .card").all():
        box = card.bounding_box()
        assert box is None or not boxes_overlap(drawn_box, box), (drawn_box, box)
    # The text alternative: the table of the chances at each hole's deal, and the turning points.
    page.locator(".chance-table summary").click()
    assert page.get_by_role("table", name="Each player's chance to win at the deal of each hole").is_visible()
    assert page.locator(".chance-peak").first.inner_text().startswith("Player's chance peaked at")
    assert axe_violations(page) == []


def test_the_reviews_chart_opens_the_replay_at_the_step_chosen(sized):
    page = sized(1280, 720, reduced_motion="reduce")
    link = finished(page, holes=1)
    page.goto(link)  # its chances worked out as the replay is looked at
    chart_ready(page)
    page.goto("/review")
    chart_ready(page)
    assert page.locator("#chance h3").inner_text() == "Your turning points"
    chart = page.locator("[data-chance]")
    chart.focus()
    page.keyboard.press("End")
    count = int(chart.get_attribute("aria-valuemax"))
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(rf"{re.escape(link)}\?step={count - 1}$"))
    assert step_shown(page) == count - 1
    assert api(page, "GET", "/api/match")["phase"] == "match_over"
    page.goto("/review")
    chart_ready(page)
    assert axe_violations(page) == []
