"""The waiting room at 1280x720 with eight seats: every seat on one line and Start in
view, axe clean; a friend opening the link is invited to sit, not told they watch."""

from __future__ import annotations

from tests.browser.tablekit import axe_violations

EIGHT_SEATS = {
    "name": "Big table",
    "host_name": "Ann",
    "seat_count": "8",
    "preset": "standard",
    "holes": "1",
    "timer_seconds": "",
    **{f"seat_{i}": ("open" if i < 4 else "medium") for i in range(1, 8)},
}


def in_view_and_uncovered(page, locator) -> bool:
    """Whether the control is on screen and nothing covers it, once the room is drawn and
    settled (its own page connecting may draw it once more just after it opens)."""
    page.wait_for_selector("#table[data-ready]")
    page.wait_for_load_state("networkidle")
    return locator.evaluate("""(e) => { const b = e.getBoundingClientRect();
        if (b.top < 0 || b.left < 0 || b.bottom > innerHeight || b.right > innerWidth) return false;
        const at = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
        return at === e || e.contains(at); }""")


def test_eight_seats_and_start_fit_the_screen(sized):
    host = sized(1280, 720)
    location = host.request.post("/tables", form=EIGHT_SEATS, max_redirects=0).headers["location"]
    host.goto(location)
    start = host.get_by_role("button", name="Start the match")
    assert in_view_and_uncovered(host, start)
    rows = host.locator(".seat-row")
    assert rows.count() == 8
    for index in range(8):
        assert rows.nth(index).bounding_box()["height"] < 50, f"seat {index + 1} wraps onto more lines"
    seat5 = host.get_by_role("group", name="Seat 5")
    assert seat5.get_by_role("button", name="Seat 5: computer, Medium").get_attribute("aria-pressed") == "true"
    assert in_view_and_uncovered(host, seat5.get_by_role("button", name="Seat 5: open for a person"))
    assert axe_violations(host) == []


def test_a_friend_with_the_link_is_invited_to_sit(sized):
    host, friend = sized(1280, 720), sized(1280, 720)
    location = host.request.post("/tables", form=EIGHT_SEATS, max_redirects=0).headers["location"]
    friend.goto(location)
    heading = friend.locator("h1").inner_text()
    assert "watching" not in heading and "take a seat" in heading
    assert "watching" not in friend.locator("main").inner_text()
    assert friend.locator("#prompt").inner_text().strip() == "Waiting room: take a seat above to play"
    assert in_view_and_uncovered(friend, friend.get_by_role("button", name="Join the table"))
