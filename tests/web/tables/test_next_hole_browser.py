"""At a table of people, each person sees the end of a hole until they press Next hole
themselves: one person's press deals nothing while another still looks at the revealed
grids, both see who is ready and the countdown, and the last press deals for all."""

from __future__ import annotations

import re

from tests.browser.tablekit import axe_violations, prompt
from tests.web.tables.test_tables_browser import LIVE_MS, join, make_table, next_mover, version, wait_version


def play_first_hole(pages: list) -> None:
    for _ in range(80):
        if all("is over" in prompt(p) for p in pages):
            for p in pages:
                p.get_by_role("button", name="Next hole").wait_for(timeout=LIVE_MS)
            return
        mover = next_mover(pages)
        assert mover is not None, [prompt(p) for p in pages]
        for other in pages:
            if other is not mover:
                wait_version(other, version(mover))
    raise AssertionError("the first hole did not end")


def test_next_hole_waits_for_each_person_and_the_last_press_deals(people):
    ann, bea = people(reduced_motion=True), people(reduced_motion=True)
    code = make_table(ann, ["open", "easy"], holes=2)
    join(bea, code, "Bea")
    ann.wait_for_selector("#table li:has-text('Bea')", timeout=LIVE_MS)
    ann.get_by_role("button", name="Start the match").click()
    for page in (ann, bea):
        page.wait_for_selector("#board", timeout=LIVE_MS)
    play_first_hole([ann, bea])
    for page in (ann, bea):
        assert re.search(r"Next hole in: \d+ s", page.locator(".timer").inner_text())

    before = version(bea)
    ann.get_by_role("button", name="Next hole").click()
    ann.wait_for_function(
        "() => /You are ready: waiting for Bea\\./.test(document.getElementById('prompt').textContent)"
    )
    assert ann.get_by_role("button", name="Next hole").count() == 0
    wait_version(bea, before + 1)
    assert prompt(bea).endswith("Press Next hole: Ann is ready.")
    assert bea.locator("#board .grid .card.down").count() == 0  # Bea still sees every card of the hole
    assert bea.get_by_role("button", name="Next hole").count() == 1
    assert axe_violations(ann) == [] and axe_violations(bea) == []

    bea.get_by_role("button", name="Next hole").click()
    for page in (ann, bea):
        page.wait_for_function("() => /reveal/i.test(document.getElementById('prompt').textContent)", timeout=LIVE_MS)
        assert page.locator("#board .grid .card.down").count() > 0  # the second hole is dealt
