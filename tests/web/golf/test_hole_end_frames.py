"""The hole's end appears once, and right, watched at every frame a browser draws.

The steps of the others' last moves used to end on a board of the hole's end (every
score final), after which the live board came in and counted each score up again from
its first line: the scores went down and up again. And the live board brought Next
hole and the hole's review into the middle, which widened and slid the piles half that
width, under the cards moving in: the drawn card's place came in over the discard pile.

A recorder added to the page before its scripts (a MutationObserver and a sample at
every animation frame) keeps each distinct look of the board: each seat's hole score,
and the boxes of the discard pile and the drawn card's place; and for each view
transition the boxes of the two places as it starts and once the new board is in (a
card named for the transition glides from the one to the other, while the page under
it, the drawn card's empty place among it, is the new board at once).
"""

from __future__ import annotations

import re

import pytest

from tests.browser.tablekit import api, new_match, open_table, prompt, table_near_the_hole_s_end, wait_settled
from tests.web.tables.test_tables_browser import LIVE_MS, join, make_table, next_mover, version, wait_version

RECORD = """
window.__looks = []; window.__transitions = [];
(function () {
  const box = (e) => { if (!e) return null; const r = e.getBoundingClientRect();
    return r.width ? {x: r.left, y: r.top, w: r.width, h: r.height} : null; };
  const places = () => { const board = document.getElementById('board');
    const held = board && board.querySelector('.held-slot .card');
    return {discard: box(board && board.querySelector('.card.pile')), held: box(held),
            heldMoves: !!held && !!held.style.viewTransitionName}; };
  const read = () => {
    const board = document.getElementById('board');
    if (!board) return null;
    return {
      scores: Object.fromEntries([...board.querySelectorAll('.seat')].map(s => {
        const strong = s.querySelector('.seat-score strong');
        return [s.dataset.seat, strong ? strong.textContent.trim() : null]; })),
      ...places(),
      prompt: (document.getElementById('prompt') || {}).textContent,
    };
  };
  const keep = () => { const look = read(); if (!look) return; const key = JSON.stringify(look);
    const last = window.__looks[window.__looks.length - 1];
    if (!last || last.key !== key) window.__looks.push({...look, key}); };
  const watch = () => new MutationObserver(keep).observe(document.documentElement,
      {subtree: true, childList: true, characterData: true, attributes: true});
  if (document.documentElement) watch(); else document.addEventListener('DOMContentLoaded', watch);
  (function sample() { keep(); requestAnimationFrame(sample); })();
  if (document.startViewTransition) {
    const start = document.startViewTransition.bind(document);
    document.startViewTransition = (update) => {
      const moved = {before: places(), after: null};
      window.__transitions.push(moved);
      return start(async () => { await update(); moved.after = places(); });
    };
  }
})();
"""


def overlap(a: dict | None, b: dict | None, slack: float = 0.5) -> bool:
    if not a or not b:
        return False
    return (
        a["x"] + slack < b["x"] + b["w"]
        and b["x"] + slack < a["x"] + a["w"]
        and a["y"] + slack < b["y"] + b["h"]
        and b["y"] + slack < a["y"] + a["h"]
    )


def between(a: dict | None, b: dict | None, t: float) -> dict | None:
    """Where a card gliding from box ``a`` to box ``b`` is at ``t`` of the way."""
    if not a or not b:
        return b or a
    return {k: a[k] + (b[k] - a[k]) * t for k in ("x", "y", "w", "h")}


def overlaps_in(transition: dict) -> list[str]:
    """The moments of a view transition at which the drawn card's place is drawn over
    the discard pile: the pile's card glides from its box before to its box after; the
    drawn card's place does too when a card is in it, and is its new box when empty."""
    before, after = transition["before"], transition["after"] or transition["before"]
    found = []
    for step in range(11):
        t = step / 10
        discard = between(before["discard"], after["discard"], t)
        held = between(before["held"], after["held"], t) if after["heldMoves"] else after["held"]
        if overlap(discard, held):
            found.append(f"at {t:.1f}: the drawn card's place {held} over the discard pile {discard}")
    return found


def went_back(looks: list[dict]) -> list[str]:
    """Each hole score shown other than the last one shown after that was shown."""
    final = looks[-1]["scores"]
    found, shown_final = [], set()
    for look in looks:
        for seat, score in look["scores"].items():
            if seat in shown_final and score != final.get(seat):
                found.append(f"{seat}: {score} after {final.get(seat)} ({look['prompt']!r})")
            if score == final.get(seat):
                shown_final.add(seat)
    return found


def near_the_hole_s_end(page, players: int, seed: int) -> None:
    """Plays through the API until one card of yours is face down and you are to draw."""
    state = new_match(page, seed=seed, rules={"name": "standard", "players": players, "holes": 2})
    for _ in range(200):
        down = [i for i, c in enumerate(state["players"][0]["grid"]) if not c["face_up"]]
        assert state["phase"] not in ("hole_over", "match_over"), "the hole ended before your last move"
        if state["phase"] == "draw" and len(down) == 1:
            return
        if state["phase"] in ("opening", "flip"):
            state = api(page, "POST", "/api/match/reveal", {"position": down[0]})
        elif state["phase"] == "draw":
            state = api(page, "POST", "/api/match/draw", {"source": "stock"})
        else:
            state = api(page, "POST", "/api/match/swap", {"position": down[0]})
    raise AssertionError("the hole never came near its end")


@pytest.mark.parametrize("width, height", [(1366, 768), (390, 844)])
@pytest.mark.parametrize("players", [2, 4])
def test_the_hole_s_end_is_shown_once_its_scores_never_going_back(browser, server, width, height, players):
    """Your last card turned at Normal speed with motion on, the others' final turns shown
    step by step: no hole score changes once it was shown final, and the drawn card's
    place is never drawn over the discard pile, in any frame or view transition."""
    context = browser.new_context(
        base_url=server, viewport={"width": width, "height": height}, reduced_motion="no-preference"
    )
    context.add_cookies([{"name": "golf_speed", "value": "normal", "url": server}])
    context.add_init_script(RECORD)
    context.set_default_timeout(30_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        near_the_hole_s_end(page, players, seed=41)
        open_table(page)
        wait_settled(page)
        page.get_by_role("button", name=re.compile(r"^Stock")).click()
        wait_settled(page)
        page.evaluate("() => { window.__looks = []; window.__transitions = []; }")
        # Your last card turned: the others play their final turns and the hole ends.
        page.get_by_role("button", name=re.compile(r"^Your card, .* face down$")).first.click()
        wait_settled(page, 60_000)
        page.wait_for_function(
            "() => !document.querySelector('.seat.tallying') && !document.activeViewTransition", timeout=30_000
        )
        looks = page.evaluate("() => window.__looks")
        transitions = page.evaluate("() => window.__transitions")
    finally:
        context.close()
    assert not errors, errors
    final = looks[-1]["scores"]
    assert all(re.fullmatch(r"-?\d+", score or "") for score in final.values()), final
    assert went_back(looks) == [], "a hole score changed after it was shown final"
    assert len(transitions) >= 2, "the cards were seen moving"
    covered = [
        f"{look['prompt']!r}: {look['held']} {look['discard']}"
        for look in looks
        if overlap(look["held"], look["discard"])
    ]
    covered += [found for transition in transitions for found in overlaps_in(transition)]
    assert covered == []


def test_at_a_table_of_people_another_s_next_hole_does_not_count_the_scores_up_again(people):
    """At a table of people the hole's end is drawn again when someone presses Next hole
    (who is ready): the scores were counted up afresh from the first line each time.
    (The first hole's earlier turns are played through the API while the pages are away;
    its last turns by clicks, each shown on the other page, and its end counted up.)"""
    ann, bea = people("normal"), people("normal")
    bea.add_init_script(RECORD)
    code = make_table(ann, ["open", "easy"], holes=2)
    join(bea, code, "Bea")
    ann.wait_for_selector("#table li:has-text('Bea')", timeout=LIVE_MS)
    ann.get_by_role("button", name="Start the match").click()
    for page in (ann, bea):
        page.wait_for_selector("#board", timeout=LIVE_MS)
        page.goto("about:blank")
    table_near_the_hole_s_end([ann, bea], code)
    for page in (ann, bea):
        page.goto(f"/t/{code}")
        page.wait_for_selector("#board", timeout=LIVE_MS)
    for _ in range(120):  # the first hole's last turns played, each move shown on the other page
        for page in (ann, bea):
            wait_settled(page, 60_000)
        if all("is over" in prompt(page) for page in (ann, bea)):
            break
        mover = next_mover([ann, bea])
        assert mover is not None
        wait_version(bea if mover is ann else ann, version(mover))
    for page in (ann, bea):
        page.wait_for_function("() => !document.querySelector('.seat.tallying')", timeout=30_000)
    bea.evaluate("() => { window.__looks = []; }")
    before = version(bea)
    ann.get_by_role("button", name="Next hole").click()
    wait_version(bea, before + 1)
    bea.wait_for_function("() => /Ann is ready/.test(document.getElementById('prompt').textContent)")
    bea.wait_for_timeout(1000)  # as long as a count would take to start and go on
    looks = bea.evaluate("() => window.__looks")
    assert looks, "Bea's table was drawn again"
    scores = {tuple(sorted(look["scores"].items())) for look in looks}
    assert len(scores) == 1, f"the hole scores changed while shown: {looks}"
    assert bea.locator(".seat.tallying").count() == 0
