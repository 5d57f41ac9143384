"""The headline and the controls change together: the moment the headline says it is your
turn to draw, the stock under it is the live table's button, and a click on it that very
moment draws, at every computer speed, with motion on."""

from __future__ import annotations

import re

import pytest

from tests.browser.tablekit import api, new_match, wait_settled

FACE_DOWN = r"^Your card, .* row, column \d, face down$"

# Watches the headline from the page itself: in the same frame as it turns to "Draw from
# the stock", it notes what the stock is and clicks its place where a pointer would
# (on whatever is found there while cards still glide).
CLICK_AS_THE_HEADLINE_TURNS = """
() => {
  window.__turn = null;
  const prompt = document.getElementById('prompt');
  const seen = prompt.textContent;
  const observer = new MutationObserver(() => {
    const now = document.getElementById('prompt');
    if (window.__turn || !now || !/^Draw from the stock/.test(now.textContent)) return;
    const stock = document.querySelector('#board .card.stock');
    const box = stock.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    const target = hit && hit.closest('#board .card.stock');
    window.__turn = {
      tag: stock.tagName, role: stock.getAttribute('role'),
      playing: document.getElementById('table').classList.contains('playing'),
      hit: target ? target.tagName : (hit ? hit.tagName : null),
    };
    observer.disconnect();
    const x = box.x + box.width / 2, y = box.y + box.height / 2;
    (hit || document.documentElement).dispatchEvent(
      new MouseEvent('click', {bubbles: true, cancelable: true, clientX: x, clientY: y, detail: 1}));
  });
  observer.observe(document.body, {subtree: true, childList: true, characterData: true});
  return seen;
}
"""


@pytest.mark.parametrize("speed", ["slow", "normal", "fast", "instant"])
def test_the_stock_is_a_button_the_moment_the_headline_says_draw(page):
    new_match(page, seed=707)
    page.goto("/")
    for _ in range(2):
        page.get_by_role("button", name=re.compile(FACE_DOWN)).first.click()
        wait_settled(page)
    page.get_by_role("button", name=re.compile("^Stock")).click()
    wait_settled(page)
    assert not re.match("Draw from the stock", page.locator("#prompt").inner_text())
    page.evaluate(CLICK_AS_THE_HEADLINE_TURNS)
    page.get_by_role("button", name=re.compile(FACE_DOWN)).first.click()
    page.wait_for_function("() => window.__turn", timeout=15_000)
    turn = page.evaluate("() => window.__turn")
    assert turn["tag"] == "BUTTON" and turn["role"] is None, turn
    wait_settled(page)
    state = api(page, "GET", "/api/match")
    assert state["phase"] == "place" and state["held"]["source"] == "stock"
    assert "Draw from the stock" not in page.locator("#prompt").inner_text()
