"""In a real browser: the hint rings the card or pile it suggests, the ring of the
computer's last move leaves its name readable, and the match's end opens a summary."""

from __future__ import annotations

import re

import pytest

from .tablekit import api, new_match, wait_settled

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
        card.evaluate("""(e, moment) => e.getAnimations().forEach(a => {
            a.pause(); a.currentTime = moment * a.effect.getComputedTiming().duration; })""", moment)
        box = card.bounding_box()
        assert box["y"] - ring >= name["y"] + name["height"], (moment, box, name)
