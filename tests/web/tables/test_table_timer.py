"""The turn timer at a table of people: urgent in its last 10 s (its colour, one line in
the live region, a beep when sounds are on), and what it did told once, the latest
notice replacing the one before."""

from __future__ import annotations

import re

from tests.browser.tablekit import axe_violations
from tests.web.tables.tablekit import person
from tests.web.tables.test_table_pages import make

# Counts the beeps: each tone the page plays starts one oscillator.
COUNT_TONES = """
window.__tones = 0;
window.AudioContext = class {
  constructor() { this.currentTime = 0; this.destination = {}; }
  createOscillator() { return {frequency: {}, connect: (g) => g, start: () => { window.__tones += 1; }, stop() {}}; }
  createGain() { return {gain: {setValueAtTime() {}, exponentialRampToValueAtTime() {}}, connect: (d) => d}; }
};
"""


def test_timeouts_replace_each_other_instead_of_piling_up(api, golf_app):
    code = make(api, seats=("open",), timer="30")
    bea = person(golf_app)
    bea.post(f"/t/{code}/join", data={"name": "Bea"})
    api.post(f"/t/{code}/start", data={})
    service = golf_app.state.tables
    real_now = service.now
    try:
        for skipped in (1, 2, 3):  # the openings, then a turn: each runs out of time
            service.now = lambda skipped=skipped: real_now() + skipped * 31_000
            service.sweep()
        page = api.get(f"/t/{code}").text
    finally:
        service.now = real_now
    notices = re.findall(r'<span class="notice">([^<]*)</span>', page)
    assert len(notices) == 1 and "ran out of time" in notices[0], notices


def test_the_last_ten_seconds_are_urgent_and_said_once(people):
    ann = people()
    ann.context.add_init_script(COUNT_TONES)
    ann.clock.install()
    form = {
        "name": "Quick",
        "host_name": "Ann",
        "seat_count": "2",
        "seat_1": "easy",
        "holes": "1",
        "timer_seconds": "30",
    }
    code = ann.request.post("/tables", form=form, max_redirects=0).headers["location"].rsplit("/", 1)[1]
    ann.goto(f"/t/{code}")
    ann.evaluate("() => localStorage.setItem('golf_sound', 'on')")
    ann.get_by_role("button", name="Start the match").click()
    timer = ann.locator(".timer")
    timer.locator("[data-countdown]").wait_for()
    assert "urgent" not in timer.get_attribute("class")
    calm = timer.locator("strong").evaluate("e => getComputedStyle(e).backgroundColor")
    ann.clock.run_for(21_000)
    assert int(timer.locator("[data-countdown]").inner_text()) <= 10
    assert "urgent" in timer.get_attribute("class")
    assert timer.locator("strong").evaluate("e => getComputedStyle(e).backgroundColor") != calm
    said = "10 seconds left: move now, or a computer player moves for you."
    assert ann.locator("#announce").inner_text().count(said) == 1
    assert ann.evaluate("() => window.__tones") >= 1
    assert axe_violations(ann, ".status") == []  # the urgent colours keep their contrast
    tones = ann.evaluate("() => window.__tones")
    ann.clock.run_for(3_000)
    assert ann.locator("#announce").inner_text().count(said) == 1
    assert ann.evaluate("() => window.__tones") == tones  # one warning a turn, not one a second
