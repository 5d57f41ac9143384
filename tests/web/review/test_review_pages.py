"""The review pages in a real browser: from the hole's end to the list of decisions, the
table at one decision, stepped through with the keyboard, the match's review; axe on each."""

from __future__ import annotations

import re

from tests.browser.tablekit import api, axe_violations, new_match, play_out_hole, tab_to, wait_settled

VERDICT = re.compile(r"(Best|Good|Inaccuracy|Mistake|Blunder)")


def review_ready(page, hole: int | None = None) -> dict:
    """The review as the API gives it, once the background work has made it."""
    path = "/api/match/review" + (f"?hole={hole}" if hole else "")
    for _ in range(600):
        response = page.request.get(path)
        if response.status == 200:
            return response.json()
        assert response.status == 202, response.text()
        page.wait_for_timeout(100)
    raise AssertionError("the review was never ready")


def test_the_hole_review_opens_from_the_table_and_lists_every_decision_in_order(page):
    new_match(page, seed=31)
    play_out_hole(page)
    page.goto("/")
    tab_to(page, r"^Review hole 1$")
    page.keyboard.press("Enter")
    page.wait_for_url("**/review?hole=1")
    # A progress indicator that asks again by itself, until the list is there.
    page.locator(".review-list").wait_for(timeout=60_000)
    review = review_ready(page, 1)
    entries = page.locator(".review-list > li")
    assert entries.count() == len(review["decisions"])
    for i, decision in enumerate(review["decisions"]):
        text = entries.nth(i).inner_text()
        assert decision["did"] in text and VERDICT.search(text)
    assert page.locator(".review-summary").inner_text().startswith(f"{len(review['decisions'])} decisions")
    assert axe_violations(page) == []


def test_a_decision_is_shown_on_the_table_as_it_stood_and_stepped_through_by_keyboard(page):
    new_match(page, seed=32)
    play_out_hole(page)
    review = review_ready(page, 1)
    decisions = review["decisions"]
    # The first decision after the opening reveals: a draw, where a pile is marked.
    first_draw = next(i for i, d in enumerate(decisions) if d["phase"] == "draw") + 1
    page.goto("/review?hole=1")
    tab_to(page, re.escape(decisions[first_draw - 1]["did"]))
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/review/decision?hole=1&n={first_draw}")
    heading = page.locator("h1")
    assert heading.inner_text() == f"Hole 1, decision {first_draw} of {len(decisions)}"
    board = page.locator(".review-board")
    assert board.get_by_role("button").count() == 0  # read only
    chosen = board.locator(".review-chosen")
    assert chosen.count() == 1 and "your move" in chosen.get_attribute("aria-label")
    if decisions[first_draw - 1]["action"] != decisions[first_draw - 1]["best"]:
        assert board.locator(".review-best").count() == 1
    # Before that draw no card is held, and its own grid shows only what was face up then.
    assert page.locator(".held-slot .card.space").count() == 1
    assert axe_violations(page) == []

    page.keyboard.press("ArrowRight")
    page.wait_for_url(f"**/review/decision?hole=1&n={first_draw + 1}")
    assert page.locator("h1").inner_text().startswith(f"Hole 1, decision {first_draw + 1} of")
    # After the draw the drawn card is held and shown: the player saw it then.
    assert page.locator(".held-slot .card.up").count() == 1
    page.keyboard.press("ArrowLeft")
    page.wait_for_url(f"**/review/decision?hole=1&n={first_draw}")
    page.keyboard.press("Escape")
    page.wait_for_url("**/review?hole=1")


def test_the_match_review_shows_points_lost_per_hole_and_the_biggest_mistakes_first(page):
    new_match(page, seed=33, rules={"name": "standard", "holes": 2})
    play_out_hole(page)
    api(page, "POST", "/api/match/next-hole")
    play_out_hole(page)
    page.goto("/")
    wait_settled(page)
    tab_to(page, r"^Review match$")
    page.keyboard.press("Enter")
    page.wait_for_url("**/review")
    page.locator(".review-holes").wait_for(timeout=60_000)
    review = review_ready(page)
    rows = page.locator(".review-holes tbody tr")
    assert rows.count() == 2
    assert page.locator(".review-holes tfoot").inner_text().split()[1] == f"{review['points_lost']:.1f}"
    biggest = page.locator(".review-list > li")
    assert biggest.count() == len(review["biggest"])
    assert axe_violations(page) == []
    page.goto("/scorecard")
    assert page.get_by_role("link", name="Review hole 2").count() == 1


def test_a_hole_still_being_played_is_not_reviewed(page):
    new_match(page, seed=34)
    response = page.goto("/review?hole=1")
    assert response.status == 409
    assert "not finished" in page.get_by_role("alert").inner_text()
