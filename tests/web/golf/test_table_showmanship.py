"""Showmanship, through the table's motion: the deal of each hole, a pair that forms, a
computer thinking, the final turn and the seat that closed the hole, the hole's end
added up line by line. With prefers-reduced-motion none of it moves."""

from __future__ import annotations

import re

from tests.browser.tablekit import api, new_match, next_move, open_table, wait_settled
from tests.web.golf.test_table_motion import WATCH_CARD_ANIMATIONS

FACE_DOWN = r"^Your card, .* row, column \d, face down$"

# Every text the seats' scores show, in order, and every class a seat takes on.
WATCH_SCORES = """
window.__scores = []; window.__seatClasses = new Set();
new MutationObserver((changes) => {
  for (const change of changes) {
    const node = change.target.nodeType === 3 ? change.target.parentElement : change.target;
    const score = node && node.closest ? node.closest('.seat.mine .seat-score strong') : null;
    if (score) window.__scores.push(score.textContent);
    if (change.type === 'attributes' && change.target.classList && change.target.classList.contains('seat'))
      change.target.classList.forEach((c) => window.__seatClasses.add(c));
  }
}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['class']});
"""


def animations(page) -> set[str]:
    return {a["name"] for a in page.evaluate("() => window.__cardAnimations")}


def test_a_new_game_is_dealt_before_your_eyes_and_not_with_reduced_motion(watched):
    for reduced in (False, True):
        page = watched(reduced=reduced)
        page.add_init_script(WATCH_CARD_ANIMATIONS)
        new_match(page, seed=91)
        open_table(page)
        page.evaluate("() => { window.__cardAnimations = []; }")
        page.get_by_role("button", name="New game").click()
        page.locator("#new-game-dialog").get_by_role("button", name="Deal", exact=True).click()
        wait_settled(page)
        page.wait_for_timeout(500)
        assert ("deal" in animations(page)) is not reduced
        assert page.locator(".seat.dealt").count() == 2  # marked dealt either way: only the motion differs


def _pair_ready(page) -> int:
    """A match where the discard pile's top card pairs a face-up card of yours; returns
    the position that makes the pair (the table is open, you to draw)."""
    for seed in range(300, 400):
        new_match(page, seed=seed)
        state = api(page, "GET", "/api/match")
        for position in (0, 1):
            state = api(page, "POST", "/api/match/reveal", {"position": position})
        grid, top = state["players"][0]["grid"], state["discard"]["top"]
        if state["phase"] == "draw" and state["turn"] == "you" and top:
            for position in (0, 1):
                if grid[position]["card"][0] == top[0]:
                    return position + state["rules"]["cols"]
    raise AssertionError("no deal found with a pair to make")


def test_a_pair_that_forms_celebrates(watched):
    page = watched(reduced=False, speed="slow")
    below = _pair_ready(page)
    open_table(page)
    page.get_by_role("button", name=re.compile(r"^\S+ Discard pile")).click()
    wait_settled(page)
    page.locator(".seat.mine .grid > *").nth(below).click()
    tag = page.locator(".seat.mine .pair-tag")
    tag.wait_for()
    assert tag.inner_text() == "pair!"
    assert tag.evaluate("e => getComputedStyle(e).animationName") == "pop"
    # While the computer's steps are shown, its seat says it is thinking.
    page.locator(".table.playing .seat.computer.to-play .thinking").wait_for()
    wait_settled(page)


def _to_your_last_card(page, seed: int) -> None:
    """Plays the hole through the API until you are to draw with one face-down card left."""
    new_match(page, seed=seed)
    state = api(page, "GET", "/api/match")
    for _ in range(200):
        down = [c for c in state["players"][0]["grid"] if not c["face_up"]]
        if state["phase"] == "draw" and len(down) == 1 and not state["closing"]:
            return
        assert state["phase"] not in ("hole_over", "match_over"), "the hole ended first"
        path, body = next_move(state)
        state = api(page, "POST", path, body)
    raise AssertionError("never down to one card")


def test_the_final_turn_is_announced_and_the_closer_marked_then_the_scores_add_up(watched):
    page = watched(reduced=False, speed="slow")
    page.add_init_script(WATCH_SCORES)
    _to_your_last_card(page, seed=93)
    open_table(page)
    page.get_by_role("button", name=re.compile("^Stock")).click()
    wait_settled(page)
    page.get_by_role("button", name=re.compile(FACE_DOWN)).click()  # your last card: the hole closes
    page.locator(".final-turn-badge").wait_for()
    assert page.locator(".final-turn-badge").inner_text().strip().lower() == "final turn"
    page.locator("#announce", has_text="All your cards are face up: the computer has one final turn.").wait_for()
    wait_settled(page)
    page.wait_for_function("() => !document.querySelector('.seat.tallying')", timeout=10_000)
    mine = page.locator(".seat.mine")
    assert "closed the hole" in mine.locator(".seat-name").inner_text()
    assert "closed" in mine.get_attribute("class")
    steps = [step["total"] for step in mine.evaluate("e => JSON.parse(e.dataset.tally)")]
    final = mine.locator(".seat-score strong").inner_text()
    shown = page.evaluate("() => window.__scores")
    assert [int(s) for s in shown[-len(steps) - 1 :]] == steps + [int(final)], (shown, steps, final)
    assert "tallying" in page.evaluate("() => [...window.__seatClasses]")


def test_with_reduced_motion_the_hole_s_end_shows_its_scores_at_once(watched):
    # The score is counted up after any move that ends a hole, at every speed: the
    # computer's last turn need not be waited for at Slow.
    page = watched(reduced=True, speed="instant")
    page.add_init_script(WATCH_SCORES)
    _to_your_last_card(page, seed=93)
    open_table(page)
    page.get_by_role("button", name=re.compile("^Stock")).click()
    wait_settled(page)
    page.get_by_role("button", name=re.compile(FACE_DOWN)).click()
    wait_settled(page)
    page.wait_for_timeout(1500)
    assert "tallying" not in page.evaluate("() => [...window.__seatClasses]")
    assert page.evaluate("() => window.__scores") == []  # the hole score is there, never counted up
    assert page.evaluate("() => window.__maxAnimations") == 0
    assert page.locator(".seat.mine .seat-score strong").count() == 1


def test_a_table_of_people_is_dealt_before_your_eyes_when_it_starts_and_not_with_reduced_motion(watched):
    for reduced in (False, True):
        page = watched(reduced=reduced)
        page.add_init_script(WATCH_CARD_ANIMATIONS)
        page.request.get("/")  # the visitor's cookie
        table = api(
            page,
            "POST",
            "/api/tables",
            {"name": "Deal", "seats": ["host", "easy", "easy"], "rules": {"name": "standard", "holes": 1}},
            status=201,
        )
        page.goto(f"/t/{table['code']}")
        page.wait_for_selector("#table.waiting-room[data-ready]")
        page.evaluate("() => { window.__cardAnimations = []; }")
        page.get_by_role("button", name="Start the match").click()
        page.wait_for_selector("#board")
        page.wait_for_timeout(700)
        dealt = [a for a in page.evaluate("() => window.__cardAnimations") if a["name"] == "deal"]
        assert bool(dealt) is not reduced
        if dealt:  # every seat's cards: yours and the two computers'
            assert len(dealt) >= 3 * 6, dealt
