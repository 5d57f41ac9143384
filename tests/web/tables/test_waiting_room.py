"""The waiting room at 1280x720 with eight seats: every seat on one line and Start in
view, axe clean; a friend opening the link is invited to sit, not told they watch.
Everyone reads the table's rules, holes and timer; every control is named; the host
seats a computer of a named level and opens its seat again; the name box is as wide as
a name; nothing overlaps at 1366x768 or 390x844."""

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
    assert "Computer 5 (medium)" in rows.nth(4).inner_text()
    assert in_view_and_uncovered(host, host.get_by_role("button", name="Open for a person at seat 5"))
    assert in_view_and_uncovered(host, host.get_by_role("button", name="Seat a computer at seat 2"))
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


def make_room(page, **form) -> str:
    """Makes a table by posting the make-table form as the page does; returns its path."""
    fields = {**EIGHT_SEATS, **form}
    response = page.request.post("/tables", form=fields, max_redirects=0)
    assert response.status == 303, response.text()
    return response.headers["location"]


def settings_text(page) -> str:
    return page.get_by_role("region", name="The table's rules").inner_text()


def test_everyone_sees_the_rules_the_holes_and_the_timer(sized):
    host, guest, late = sized(1366, 768), sized(1366, 768), sized(1366, 768)
    location = make_room(
        host, seat_count="3", seat_1="open", seat_2="hard", preset="nine-card", holes="4", jokers="yes",
        timer_seconds="60",
    )  # fmt: skip
    guest.goto(location)
    for page in (host, guest):
        page.goto(location)
        text = settings_text(page)
        assert "Nine-card: three rows of three" in text
        assert "4 holes" in text and "1 minute" in text
        assert "Jokers (two in each pack): Yes" in text  # what differs from the preset, as the New game form says it
    guest.get_by_label("Your name at the table").fill("Bea")
    guest.get_by_role("button", name="Join the table").click()
    guest.wait_for_selector("#table.waiting-room")
    assert "4 holes" in settings_text(guest) and "Jokers (two in each pack): Yes" in settings_text(guest)
    late.goto(location)  # every seat is taken now: a spectator
    assert "Nine-card" in settings_text(late) and "1 minute" in settings_text(late)

    plain = make_room(host, seat_count="2", seat_1="open", preset="standard", holes="", timer_seconds="")
    guest.goto(plain)
    text = settings_text(guest)
    assert "Standard: six cards" in text and "9 holes" in text and "No turn timer" in text
    assert "Nothing: every rule as above" in text


def control_names(page) -> list[dict]:
    """Each control of the waiting room and the join form: its accessible name (from the
    browser's accessibility tree) and the words it shows."""
    controls = page.locator("#live button, #live select, #live input, .join button, .join input")
    found = []
    for index in range(controls.count()):
        control = controls.nth(index)
        if not control.is_visible():
            continue
        shown = control.evaluate("""(e) => { if (e.tagName !== 'BUTTON') return '';
            const words = e.cloneNode(true);
            words.querySelectorAll('.visually-hidden').forEach((hidden) => hidden.remove());
            return words.textContent.trim(); }""")
        snapshot = control.aria_snapshot()
        found.append({"shown": shown, "snapshot": snapshot})
    return found


def test_each_control_of_the_room_is_named_and_axe_finds_nothing(sized):
    host, guest = sized(1366, 768), sized(1366, 768)
    location = make_room(host, seat_count="4", seat_1="open", seat_2="open", seat_3="easy")
    host.goto(location)
    guest.goto(location)
    for page in (host, guest):
        page.wait_for_selector("#table[data-ready]")
        for control in control_names(page):
            # The words a control shows start its name (a button of a bare level said
            # nothing of what it does).
            assert control["snapshot"].split('"')[1:2] != [""], control
            assert control["shown"] == "" or control["shown"] in control["snapshot"], control
        assert axe_violations(page) == []
    seat2 = host.get_by_role("listitem").filter(has_text="Seat 2")
    assert seat2.get_by_role("button").count() == 1 and seat2.get_by_role("combobox").count() == 1
    assert seat2.get_by_role("combobox").evaluate("(e) => [...e.options].map((o) => o.text)") == [
        "Easy", "Medium", "Hard", "Expert",
    ]  # fmt: skip
    assert host.get_by_role("button", name="Easy").count() == 0


def test_the_host_seats_a_computer_of_a_named_level_and_opens_the_seat_again(sized):
    host = sized(1366, 768)
    host.goto(make_room(host, seat_count="3", seat_1="open", seat_2="open"))
    host.wait_for_selector("#table[data-ready]")
    host.get_by_label("Computer player for seat 3").select_option(label="Hard")
    host.get_by_role("button", name="Seat a computer at seat 3").click()
    seat3 = host.locator(".seat-row").nth(2)
    host.wait_for_selector(".seat-row:nth-child(3):has-text('Computer (hard)')")
    assert "Computer (hard)" in seat3.inner_text()
    assert host.get_by_label("Computer player for seat 3").count() == 0
    host.get_by_role("button", name="Open for a person at seat 3").click()
    host.wait_for_selector(".seat-row:nth-child(3):has-text('waiting for a person')")
    assert host.get_by_label("Computer player for seat 3").is_visible()


def test_a_computer_is_seated_without_script(sized):
    host = sized(1366, 768, java_script_enabled=False)
    host.goto(make_room(host, seat_count="2", seat_1="open"))
    host.get_by_label("Computer player for seat 2").select_option(label="Expert")
    host.get_by_role("button", name="Seat a computer at seat 2").click()
    assert "Computer (expert)" in host.locator(".seat-row").nth(1).inner_text()
    host.get_by_role("button", name="Open for a person at seat 2").click()
    assert "waiting for a person" in host.locator(".seat-row").nth(1).inner_text()


def test_the_name_box_is_as_wide_as_a_name(sized):
    host, guest = sized(1366, 768), sized(1366, 768)
    guest.goto(make_room(host))
    box = guest.get_by_label("Your name at the table")
    width, em = box.evaluate("(e) => [e.getBoundingClientRect().width, parseFloat(getComputedStyle(e).fontSize)]")
    assert 10 * em <= width <= 24 * em


OVERLAPS = """() => {
  const parts = [...document.querySelectorAll(
    'main h1, main h2, main label, main button, main select, main input, #live li, #live dt, #live dd, #live strong, #live .tag')]
    .filter((e) => !e.closest('.announce') && !e.closest('.visually-hidden') && e.getClientRects().length);
  const boxes = parts.map((e) => e.getBoundingClientRect());
  const found = [];
  for (let i = 0; i < parts.length; i++) {
    if (boxes[i].right > innerWidth + 1) found.push(['off the screen', parts[i].outerHTML.slice(0, 80)]);
    for (let j = i + 1; j < parts.length; j++) {
      if (parts[i].contains(parts[j]) || parts[j].contains(parts[i])) continue;
      if (parts[i].tagName === 'LABEL' && parts[i].control === parts[j]) continue;
      const a = boxes[i], b = boxes[j];
      if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
        found.push([parts[i].outerHTML.slice(0, 80), parts[j].outerHTML.slice(0, 80)]);
    }
  }
  return found;
}"""


def test_nothing_overlaps_with_eight_seats(sized):
    for width, height in ((1366, 768), (390, 844)):
        host, guest = sized(width, height), sized(width, height)
        location = make_room(host, timer_seconds="120", jokers="yes", rows="3")
        for page in (host, guest):
            page.goto(location)
            page.wait_for_selector("#table[data-ready]")
            page.wait_for_load_state("networkidle")
            page.screenshot(path=f"/tmp/room-{width}-{'host' if page is host else 'guest'}.png", full_page=True)
            assert page.get_by_role("region", name="The table's rules").is_visible()
            assert page.evaluate(OVERLAPS) == [], (width, height)
            assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
        if width == 1366:  # the seats and the table's rules side by side
            seats = host.locator(".seat-list").bounding_box()
            rules = host.get_by_role("region", name="The table's rules").bounding_box()
            assert rules["x"] >= seats["x"] + seats["width"] and rules["y"] < seats["y"] + seats["height"]
