"""In a real browser: the hint rings the card or pile it suggests, the ring of the
computer's last move leaves its name readable, and the match's end opens a summary."""

from __future__ import annotations

import re

import pytest

from tests.browser.tablekit import api, axe_violations, new_match, prompt, wait_settled

FACE_DOWN = r"^Your card, .* row, column \d, face down$"


def test_the_hint_rings_the_suggested_card_or_pile(page):
    new_match(page, seed=101)
    page.goto("/")
    for _ in range(2):
        page.get_by_role("button", name=re.compile(FACE_DOWN)).first.click()
        wait_settled(page)
    advice = api(page, "POST", "/api/match/hint")["action"]
    page.get_by_role("button", name="Hint", exact=True).click()
    wait_settled(page)
    marked = page.locator(".hinted")
    assert marked.count() == 1
    assert page.locator("#hint").is_visible()
    name = marked.get_attribute("aria-label") or marked.inner_text()
    if advice["action"] == "draw":
        assert name.startswith("Stock" if advice["source"] == "stock" else "Discard pile")
    shadow = marked.evaluate("e => getComputedStyle(e).boxShadow")
    assert "rgb(255, 210, 63)" in shadow, shadow  # the gold ring is drawn
    # The next move clears it.
    marked.click()
    wait_settled(page)
    assert page.locator(".hinted").count() == 0


@pytest.mark.parametrize("players", [2, 4])
def test_the_last_move_ring_leaves_the_computers_name_clear(page, players):
    new_match(page, seed=101, rules={"name": "standard", "players": players})
    page.goto("/")
    # The computer's top-left card as its last move, caught at every point of its arrival.
    card = page.locator(".opponents .seat .card").first
    card.evaluate("e => e.classList.add('last-move')")
    name = page.locator(".opponents .seat-name").first.bounding_box()
    shadow = card.evaluate("e => getComputedStyle(e).boxShadow")
    ring = max(float(spread) for spread in re.findall(r"0px 0px 0px ([\d.]+)px", shadow))
    assert ring >= 6
    for moment in (0.0, 0.25, 0.5, 0.75, 1.0):
        card.evaluate(
            """(e, moment) => e.getAnimations().forEach(a => {
            a.pause(); a.currentTime = moment * a.effect.getComputedTiming().duration; })""",
            moment,
        )
        box = card.bounding_box()
        assert box["y"] - ring >= name["y"] + name["height"], (moment, box, name)


def _play_to_the_end(page) -> None:
    """Play the match on the page (reveal, draw from the stock, place on a face-down card)
    until it ends."""
    for _ in range(80):
        if page.locator("#summary-dialog").count():
            return
        text = prompt(page)
        down = page.get_by_role("button", name=re.compile(FACE_DOWN))
        if page.get_by_role("button", name="Next hole").count():
            page.get_by_role("button", name="Next hole").click()
        elif "reveal" in text and "replace" not in text and down.count():
            down.first.click()
        elif "Draw from the stock" in text:
            page.get_by_role("button", name=re.compile(r"^Stock")).click()
        elif "replace" in text:
            (down.first if down.count() else page.get_by_role("button", name=re.compile("^Your card, ")).first).click()
        else:
            raise AssertionError(f"unexpected prompt {text!r}")
        wait_settled(page)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("reduced_motion", [True], ids=["motion-reduced"])  # the match played at once
def test_the_end_of_a_match_opens_its_summary_with_a_chart(page):
    new_match(page, seed=77, rules={"name": "standard", "holes": 1})
    page.goto("/")
    _play_to_the_end(page)
    dialog = page.locator("#summary-dialog")
    dialog.wait_for(state="visible")
    assert dialog.evaluate("d => d.open")
    state = api(page, "GET", "/api/match")
    assert dialog.get_by_role("heading", name="Match summary").is_visible()
    chart = dialog.get_by_role("img", name=re.compile(r"^Running totals by hole"))
    assert chart.is_visible() and chart.bounding_box()["width"] > 200
    assert dialog.locator("dd").first.inner_text() == str(state["actions_taken"])
    assert dialog.locator("table.scorecard").is_visible()
    assert axe_violations(page, "#summary-dialog") == []
    # Closed, it stays closed across a reload; its button opens it again.
    dialog.get_by_role("button", name="Close").click()
    page.reload()
    assert not page.locator("#summary-dialog").evaluate("d => d.open")
    page.get_by_role("button", name="Match summary").click()
    assert page.locator("#summary-dialog").evaluate("d => d.open")
    # Play again deals a new match of the same rules.
    page.locator("#summary-dialog").get_by_role("button", name="Play again").click()
    wait_settled(page)
    again = api(page, "GET", "/api/match")
    assert again["phase"] == "opening" and again["holes"] == 1 and again["seed"] != state["seed"]


@pytest.mark.parametrize("reduced_motion", [True], ids=["motion-reduced"])  # the match played at once
def test_the_statistics_and_summary_pages_pass_axe(page):
    new_match(page, seed=78, rules={"name": "standard", "holes": 1})
    page.goto("/")
    _play_to_the_end(page)
    page.goto("/statistics")
    assert page.locator(".rule-set").count() >= 1
    assert axe_violations(page) == [], "statistics"
    page.goto("/summary")
    assert page.get_by_role("img", name=re.compile(r"^Running totals by hole")).is_visible()
    assert axe_violations(page) == [], "summary"
