"""Cards move: a move runs view transitions and animations, each card named by the place
it is drawn as coming from; with prefers-reduced-motion nothing moves at all."""

from __future__ import annotations

import re

import pytest

from .tablekit import new_match, open_table, wait_settled

FACE_DOWN = r"^Your card, .* row, column \d, face down$"

# Counts the view transitions started and the most animations running at any frame.
WATCH = """
window.__transitions = 0; window.__maxAnimations = 0;
if (document.startViewTransition) {
  const start = document.startViewTransition.bind(document);
  document.startViewTransition = (...args) => { window.__transitions += 1; return start(...args); };
}
(function sample() {
  window.__maxAnimations = Math.max(window.__maxAnimations, document.getAnimations().length);
  requestAnimationFrame(sample);
})();
"""


@pytest.fixture
def watched(browser, server):
    contexts = []

    def make(reduced: bool, speed: str = "fast"):
        context = browser.new_context(base_url=server, viewport={"width": 1280, "height": 720},
                                      reduced_motion="reduce" if reduced else "no-preference")
        context.add_cookies([{"name": "golf_speed", "value": speed, "url": server}])
        context.add_init_script(WATCH)
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def play_a_turn(page) -> None:
    new_match(page, seed=51)
    open_table(page)
    for _ in range(2):
        page.get_by_role("button", name=re.compile(FACE_DOWN)).first.click()
        wait_settled(page)
    page.get_by_role("button", name=re.compile("^Stock")).click()
    wait_settled(page)


def test_a_move_moves_the_cards(watched):
    page = watched(reduced=False)
    play_a_turn(page)
    assert page.evaluate("() => window.__transitions") >= 3
    assert page.evaluate("() => window.__maxAnimations") > 0
    # The drawn card is drawn as coming from the stock, the stock under it as new.
    assert page.evaluate("() => document.querySelector('.held-slot .card').style.viewTransitionName") == "card-stock"
    assert page.evaluate("() => document.querySelector('.card.stock').style.viewTransitionName") == "card-stock-next"
    before = page.evaluate("() => window.__transitions")
    page.get_by_role("button", name=re.compile(FACE_DOWN)).first.click()  # the computer replies step by step
    wait_settled(page)
    assert page.evaluate("() => window.__transitions") > before
    names = page.evaluate("() => [...document.querySelectorAll('[data-vt]')].map(e => e.style.viewTransitionName)")
    assert len(names) == len(set(names)), "each card has a name of its own"


def test_reduced_motion_moves_nothing(watched):
    page = watched(reduced=True)
    play_a_turn(page)
    page.get_by_role("button", name=re.compile(FACE_DOWN)).first.click()
    wait_settled(page)
    assert page.evaluate("() => window.__transitions") == 0
    assert page.evaluate("() => window.__maxAnimations") == 0
