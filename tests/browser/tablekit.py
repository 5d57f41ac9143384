"""Helpers for the browser tests: set a match up through the JSON API (same cookie as
the page), read the table, move focus with the keyboard, watch cards move, run axe-core."""

from __future__ import annotations

import re
from pathlib import Path

AXE = Path(__file__).resolve().parent / "vendor" / "axe-4.14.1.min.js"


def api(page, method: str, path: str, body: dict | None = None, status: int = 200) -> dict:
    """Call the JSON API as this page's visitor (the context's cookie goes along)."""
    response = (
        page.request.fetch(path, method=method, data=body)
        if body is not None
        else page.request.fetch(path, method=method)
    )
    assert response.status == status, f"{method} {path}: {response.status} {response.text()}"
    return response.json()


def new_match(page, seed: int = 11, level: str = "easy", rules: dict | None = None) -> dict:
    """A new match with a known deal (resumed first if the page paused it on leaving)."""
    if page.url.startswith("http") and api(page, "GET", "/api/match")["paused"]:
        api(page, "POST", "/api/match/resume")
    body = {"seed": seed, "level": level}
    if rules is not None:
        body["rules"] = rules
    return api(page, "POST", "/api/match/new", body)


def next_move(state: dict) -> tuple[str, dict | None]:
    """A plain way to get through a hole: reveal, draw from the stock, swap into a face-down card."""
    down = [i for i, cell in enumerate(state["players"][0]["grid"]) if not cell["face_up"]]
    phase = state["phase"]
    if phase in ("opening", "flip"):
        return "/api/match/reveal", {"position": down[0]}
    if phase == "draw":
        return "/api/match/draw", {"source": "stock"}
    if phase == "place":
        return "/api/match/swap", {"position": down[0] if down else 0}
    raise AssertionError(f"no move in phase {phase}")


def play_out_hole(page) -> dict:
    """Play the current hole to its end through the API; returns the state at hole over."""
    state = api(page, "GET", "/api/match")
    for _ in range(200):
        if state["phase"] in ("hole_over", "match_over"):
            return state
        path, body = next_move(state)
        state = api(page, "POST", path, body)
    raise AssertionError("the hole did not end")


def table_near_the_hole_s_end(pages: list, code: str) -> None:
    """Plays the hole at the table of ``code`` through its JSON API (each person by their
    page's cookie, the plain way of :func:`next_move`; the computers on their own) until
    a person is to draw with one card left face down, or a computer has closed the hole:
    its last turns and its end are left to the pages. The pages should be away from the
    table meanwhile (its stream would show every move)."""
    for _ in range(400):
        views = [api(page, "GET", f"/api/tables/{code}") for page in pages]
        match = views[0]["match"]
        assert match["phase"] not in ("hole_over", "match_over"), "the hole ended before the pages were back"
        if any(all(cell["face_up"] for cell in player["grid"]) for player in match["players"]):
            return  # the final turns
        mover = next((i for i, view in enumerate(views) if view["match"]["legal"]), None)
        if mover is None:  # a computer's turn, still being played
            pages[0].wait_for_timeout(100)
            continue
        mine = views[mover]["match"]
        if mine["phase"] == "draw" and sum(not cell["face_up"] for cell in mine["players"][0]["grid"]) <= 1:
            return
        path, body = next_move(mine)
        api(pages[mover], "POST", path.replace("/api/match/", f"/api/tables/{code}/"), body)
    raise AssertionError("the hole never came near its end")


def open_table(page) -> None:
    """Go to the table and, if it shows the match paused (a return), press Play."""
    page.goto("/")
    play = page.get_by_role("button", name="Play", exact=True)
    if play.count():
        play.click()
        wait_settled(page)


def wait_settled(page, timeout: float | None = None) -> None:
    """Wait until no request is in flight, no new table is still moving in and no
    computer step is still being shown (``timeout``: milliseconds, when not the page's
    default)."""
    page.wait_for_function(
        "() => { const t = document.getElementById('table');"
        " return t && t.dataset.ready && !t.classList.contains('playing')"
        " && !document.documentElement.dataset.swapping"
        " && !document.querySelector('.htmx-request, .htmx-settling'); }",
        timeout=timeout,
    )


def prompt(page) -> str:
    return page.locator("#prompt").inner_text().strip()


def version(page) -> int:
    return int(page.locator("#table").get_attribute("data-version"))


def focused_name(page) -> str:
    return page.evaluate(
        "() => { const e = document.activeElement; if (!e) return '';"
        " return (e.getAttribute('aria-label') || e.textContent || '').trim(); }"
    )


def tab_to(page, pattern: str, limit: int = 60) -> str:
    """Press Tab until the focused control's accessible name matches ``pattern``."""
    regex = re.compile(pattern)
    seen = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        name = focused_name(page)
        seen.append(name)
        if regex.search(name):
            return name
    raise AssertionError(f"Tab never reached {pattern!r}; focus went through {seen}")


def clock_seconds(page) -> int:
    text = page.locator("#clock").inner_text().strip()
    parts = [int(p) for p in text.split(":")]
    seconds = 0
    for part in parts:
        seconds = seconds * 60 + part
    return seconds


# Counts the view transitions started and the most animations running at any frame, and
# keeps each transition's cards: the name, accessible name and place of every card of
# the table going out and of the table coming in, and the names whose card moved (its
# group's animation carries it from one place on the screen to another).
WATCH_MOTION = """
window.__transitions = 0; window.__maxAnimations = 0; window.__moves = [];
const cards = () => Object.fromEntries([...document.querySelectorAll('#board [data-vt]')]
  .map(card => [card.style.viewTransitionName, {label: card.getAttribute('aria-label'), place: card.dataset.place}]));
if (document.startViewTransition) {
  const start = document.startViewTransition.bind(document);
  document.startViewTransition = (update) => {
    window.__transitions += 1;
    const move = {before: cards(), after: {}, moved: []};
    window.__moves.push(move);
    return start(async () => { await update(); move.after = cards(); });
  };
}
(function sample() {
  const animations = document.getAnimations();
  window.__maxAnimations = Math.max(window.__maxAnimations, animations.length);
  const move = window.__moves[window.__moves.length - 1];
  for (const animation of animations) {
    const group = /^::view-transition-group\\((.+)\\)$/.exec((animation.effect && animation.effect.pseudoElement) || '');
    const frames = group ? animation.effect.getKeyframes() : [];
    if (move && frames.length > 1 && frames[0].transform !== frames[frames.length - 1].transform
        && !move.moved.includes(group[1])) move.moved.push(group[1]);
  }
  requestAnimationFrame(sample);
})();
"""


def moves_of(page, click, timeout: float | None = None) -> list[dict]:
    """The view transitions that ``click`` set off, until the table has settled
    (``timeout``: milliseconds to wait for that, when not the page's default)."""
    page.wait_for_function("() => !document.activeViewTransition", timeout=timeout)  # a new table moves in only then
    page.evaluate("() => { window.__moves = []; }")
    click()
    wait_settled(page, timeout)
    return page.evaluate("() => window.__moves")


def glides(move: dict, going: str, coming: str) -> bool:
    """Whether, in this transition, the card named ``going`` (a pattern of its accessible
    name) in the table going out is the card named ``coming`` in the table coming in, and
    moves from the one's place to the other's."""
    return any(
        re.search(going, before["label"])
        and re.search(coming, move["after"].get(name, {}).get("label", ""))
        and name in move["moved"]
        for name, before in move["before"].items()
    )


def carried(move: dict) -> list[str]:
    """The cards this transition draws as carried from one place of the table to another."""
    return [
        f"{card['label']}: {card['place']} to {move['after'][name]['place']}"
        for name, card in move["before"].items()
        if name in move["after"] and card["place"] != move["after"][name]["place"]
    ]


def axe_violations(page, include: str | None = None) -> list[dict]:
    """Serious and critical WCAG 2 A/AA violations axe-core finds on the page (or in ``include``)."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        # Evaluated by the test's driver, not added as a <script>: the page's
        # Content-Security-Policy rightly refuses inline scripts.
        page.evaluate(AXE.read_text() + "\n;undefined")
    # Colours are read as the page shows them once still: an element coming in (the
    # solitaire's win fading from 40% opacity) measured mid-way fails a contrast it has.
    page.evaluate(
        """() => Promise.race([
             Promise.all(document.getAnimations()
               .filter(a => a.effect && a.effect.getComputedTiming().iterations !== Infinity)
               .map(a => a.finished.catch(() => null))),
             new Promise(done => setTimeout(done, 5000))])"""
    )
    results = page.evaluate(
        """(include) => axe.run(include ? {include: [include]} : document,
               {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa']}, resultTypes: ['violations']})""",
        include,
    )
    return [
        {"id": v["id"], "impact": v["impact"], "help": v["help"], "nodes": [n["target"] for n in v["nodes"]][:5]}
        for v in results["violations"]
        if v["impact"] in ("serious", "critical")
    ]
