"""The review of your play at an online table, in real browsers: from the hole's end (and
the scorecard) to your own decisions, one decision's board, stepped through with the
keyboard; axe on each."""

from __future__ import annotations

import re

from tests.browser.tablekit import axe_violations, tab_to, wait_settled
from tests.web.tables.test_tables_browser import LIVE_MS, join, make_table, play_out


def review_ready(page, code: str) -> dict:
    """This seat's review of hole 1 as the API gives it, once the background work made it."""
    for _ in range(600):
        response = page.request.get(f"/api/tables/{code}/review?hole=1")
        if response.status == 200:
            return response.json()
        assert response.status == 202, response.text()
        page.wait_for_timeout(100)
    raise AssertionError("the review was never ready")


def test_a_seated_person_reviews_their_hole_at_a_table_and_steps_through_it_by_keyboard(people):
    ann, bea, watcher = (people(reduced_motion=True) for _ in range(3))  # the hole played at once
    code = make_table(ann, ["open"])
    join(bea, code, "Bea")
    ann.wait_for_selector("#table li:has-text('Bea')", timeout=LIVE_MS)
    ann.get_by_role("button", name="Start the match").click()
    ann.wait_for_selector("#board")
    bea.goto(f"/t/{code}")
    pages = [ann, bea]
    play_out(pages)
    for page in pages:
        page.wait_for_selector(".match-over", timeout=LIVE_MS)
        assert page.get_by_role("link", name="Review match").count() == 1
    watcher.goto(f"/t/{code}")
    assert watcher.get_by_role("link", name=re.compile("^Review")).count() == 0  # a spectator has none

    wait_settled(ann)
    ann.get_by_role("button", name="Scorecard").click()
    dialog = ann.get_by_role("dialog", name="Scorecard")
    assert dialog.get_by_role("link", name="Review hole 1").get_attribute("href") == f"/t/{code}/review?hole=1"
    assert axe_violations(ann) == []
    dialog.get_by_role("button", name="Close").click()
    ann.locator("#prompt").focus()
    tab_to(ann, r"^Review hole 1$")
    ann.keyboard.press("Enter")
    ann.wait_for_url(f"**/t/{code}/review?hole=1")
    ann.locator(".review-list").wait_for(timeout=60_000)  # asked again by itself until ready
    review = review_ready(ann, code)
    decisions = review["decisions"]
    entries = ann.locator(".review-list > li")
    assert entries.count() == len(decisions)
    for i, decision in enumerate(decisions):
        assert decision["did"] in entries.nth(i).inner_text()
    assert axe_violations(ann) == []

    first_draw = next(i for i, d in enumerate(decisions) if d["phase"] == "draw") + 1
    tab_to(ann, re.escape(decisions[first_draw - 1]["did"]))
    ann.keyboard.press("Enter")
    ann.wait_for_url(f"**/t/{code}/review/decision?hole=1&n={first_draw}")
    assert ann.locator("h1").inner_text() == f"Hole 1, decision {first_draw} of {len(decisions)}"
    board = ann.locator(".review-board")
    assert board.get_by_role("button").count() == 0  # read only
    assert board.locator(".review-chosen").count() == 1
    assert board.get_by_role("region", name="Bea’s grid").count() == 1  # the others by their names
    assert axe_violations(ann) == []

    ann.keyboard.press("ArrowRight")
    ann.wait_for_url(f"**/t/{code}/review/decision?hole=1&n={first_draw + 1}")
    assert ann.locator("h1").inner_text().startswith(f"Hole 1, decision {first_draw + 1} of")
    assert ann.locator(".held-slot .card.up").count() == 1  # the card just drawn, as seen then
    ann.keyboard.press("ArrowLeft")
    ann.wait_for_url(f"**/t/{code}/review/decision?hole=1&n={first_draw}")
    ann.keyboard.press("Escape")
    ann.wait_for_url(f"**/t/{code}/review?hole=1")
    ann.get_by_role("link", name="Back to the table").click()
    ann.wait_for_url(f"**/t/{code}")
    ann.wait_for_selector(".match-over")
