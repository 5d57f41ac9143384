"""A highlight means one thing: the orange ring of focus shows where the keyboard is, and
only then. After a tap or a click the headline, given focus while the computer's moves
are shown (Skip beside it), wears no ring; moved to with the keyboard, it does."""

from __future__ import annotations

import re

import pytest

from tests.browser.tablekit import new_match, open_table, wait_settled

FACE_DOWN = re.compile(r"^Your card, .* face down$")

RINGED = """() => { const e = document.activeElement, s = getComputedStyle(e);
  return {id: e.id, ringed: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0,
          skip: !document.querySelector('[data-skip]').hidden}; }"""


def to_the_reply(page, press) -> dict:
    new_match(page, seed=707)
    open_table(page)
    for _ in range(2):
        press(page.get_by_role("button", name=FACE_DOWN).first)
        wait_settled(page)
    press(page.get_by_role("button", name=re.compile(r"^Stock")))
    wait_settled(page)
    press(page.get_by_role("button", name=FACE_DOWN).first)
    page.wait_for_function(
        "() => document.getElementById('table').classList.contains('playing') && document.activeElement.id === 'prompt'"
    )
    return page.evaluate(RINGED)


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)], ids=["phone", "desktop"])
def test_after_a_tap_or_a_click_the_headline_wears_no_ring(sized, server, size):
    phone = size[0] < 760
    page = sized(*size, **({"is_mobile": True, "has_touch": True} if phone else {}))
    page.context.add_cookies([{"name": "golf_speed", "value": "slow", "url": server}])
    shown = to_the_reply(page, (lambda control: control.tap()) if phone else (lambda control: control.click()))
    assert shown["skip"] and not shown["ringed"], shown
    wait_settled(page)
    assert not page.evaluate(RINGED)["ringed"]


def test_moved_to_with_the_keyboard_the_headline_wears_the_ring(sized, server):
    page = sized(1280, 720)
    page.context.add_cookies([{"name": "golf_speed", "value": "slow", "url": server}])

    def press(control):
        control.focus()
        page.keyboard.press("Enter")

    shown = to_the_reply(page, press)
    assert shown["skip"] and shown["ringed"], shown
