"""On a phone the table's controls say what they are in words: the table's look is
"Table look" (not a sign alone), the computer's speed has "Speed" over it, Sound says
"Sound on" or "Sound off" (not only struck through), Restart says "Restart match"."""

from __future__ import annotations

import pytest

from tests.browser.tablekit import new_match, open_table, wait_settled

SHOWN = """(selector) => { const e = document.querySelector(selector), r = e.getBoundingClientRect();
  return {text: e.innerText.trim(), shown: r.width > 8 && r.height > 8 && getComputedStyle(e).visibility === 'visible'
          && r.right <= innerWidth && r.bottom <= innerHeight}; }"""

SOUND = """() => { const b = document.querySelector('[data-sound]'), s = getComputedStyle(b);
  return {words: (b.innerText + getComputedStyle(b, '::after').content.split(' / ')[0].replace(/"/g, ''))
            .replace(/\\u00a0/g, ' ').trim(), struck: s.textDecorationLine.includes('line-through')}; }"""


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)], ids=["phone", "desktop"])
def test_the_table_s_controls_say_what_they_are_in_words(sized, size):
    phone = size[0] < 760
    page = sized(*size, **({"is_mobile": True, "has_touch": True} if phone else {}))
    page.goto("/")
    new_match(page, seed=5)
    open_table(page)
    wait_settled(page)
    looks = page.evaluate(SHOWN, ".looks summary")
    assert looks["shown"] and "Table look" in looks["text"], looks
    speed = page.evaluate(SHOWN, ".speed-short" if phone else ".speed label")
    assert speed["shown"] and speed["text"] == ("Speed" if phone else "Computer speed"), speed
    assert page.get_by_label("Computer speed").is_visible()
    restart = page.evaluate(SHOWN, '[formaction="/play/restart"]')
    assert restart["shown"] and restart["text"] == "Restart match", restart

    sound = page.get_by_role("button", name="Sound", exact=True)
    assert page.evaluate(SOUND) == {"words": "Sound off", "struck": False}
    (sound.tap if phone else sound.click)()
    assert page.evaluate(SOUND) == {"words": "Sound on", "struck": False}
    assert sound.get_attribute("aria-pressed") == "true"
    # The words take no more room than the bar had: it keeps to two rows on a phone.
    if phone:
        rows = page.evaluate(
            "() => new Set([...document.querySelectorAll('.bar .toolbar > *')]"
            ".filter(e => e.offsetWidth).map(e => Math.round(e.getBoundingClientRect().top))).size"
        )
        assert rows <= 2
