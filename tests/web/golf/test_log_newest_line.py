"""The box of what happened under the table on a phone is three lines high, the latest
first: as the moves come, the latest line is the one in view, whole, at its top (it was
left scrolled to its end, showing the oldest)."""

from __future__ import annotations

import re

import pytest

from tests.browser.tablekit import new_match, open_table, wait_settled

FACE_DOWN = re.compile(r"^Your card, .* face down$")

NEWEST = """() => { const log = document.getElementById('announce'), r = log.getBoundingClientRect();
  const p = log.firstElementChild, b = p.getBoundingClientRect();
  return {lines: log.children.length, text: p.textContent, scrolled: log.scrollTop,
          whole: b.height > 0 && b.top >= r.top - 0.5 && b.bottom <= r.bottom + 0.5}; }"""


@pytest.mark.parametrize("speed", ["fast", "instant"])
def test_on_a_phone_the_latest_line_of_what_happened_is_in_view(sized, server, speed):
    page = sized(390, 844, is_mobile=True, has_touch=True)
    page.context.add_cookies([{"name": "golf_speed", "value": speed, "url": server}])
    new_match(page, seed=34, rules={"name": "standard", "players": 4})
    open_table(page)
    for _ in range(2):  # the opening reveals
        page.get_by_role("button", name=FACE_DOWN).first.click()
        wait_settled(page)
    for _ in range(2):  # two turns: each is told, then the three computers' moves
        page.get_by_role("button", name=re.compile(r"^Stock")).click()
        wait_settled(page)
        page.get_by_role("button", name=FACE_DOWN).first.click()
        wait_settled(page)
        newest = page.evaluate(NEWEST)
        assert newest["lines"] > 3, newest
        assert newest["whole"] and newest["scrolled"] < 1, newest
        assert newest["text"].startswith("Computer 3"), newest
