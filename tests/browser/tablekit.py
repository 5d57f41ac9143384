"""Helpers for the browser tests: set a match up through the JSON API (same cookie as
the page), read the table, move focus with the keyboard, run axe-core."""

from __future__ import annotations

import re
from pathlib import Path

AXE = Path(__file__).resolve().parent / "vendor" / "axe-4.14.1.min.js"


def api(page, method: str, path: str, body: dict | None = None, status: int = 200) -> dict:
    """Call the JSON API as this page's visitor (the context's cookie goes along)."""
    response = page.request.fetch(path, method=method, data=body) if body is not None else \
        page.request.fetch(path, method=method)
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


def open_table(page) -> None:
    """Go to the table and, if it shows the match paused (a return), press Play."""
    page.goto("/")
    play = page.get_by_role("button", name="Play", exact=True)
    if play.count():
        play.click()
        wait_settled(page)


def wait_settled(page) -> None:
    """Wait until no request is in flight, no new table is still moving in and no
    computer step is still being shown."""
    page.wait_for_function(
        "() => { const t = document.getElementById('table');"
        " return t && t.dataset.ready && !t.classList.contains('playing')"
        " && !document.documentElement.dataset.swapping"
        " && !document.querySelector('.htmx-request, .htmx-settling'); }")


def prompt(page) -> str:
    return page.locator("#prompt").inner_text().strip()


def version(page) -> int:
    return int(page.locator("#table").get_attribute("data-version"))


def focused_name(page) -> str:
    return page.evaluate(
        "() => { const e = document.activeElement; if (!e) return '';"
        " return (e.getAttribute('aria-label') || e.textContent || '').trim(); }")


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


def axe_violations(page, include: str | None = None) -> list[dict]:
    """Serious and critical WCAG 2 A/AA violations axe-core finds on the page (or in ``include``)."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        # Evaluated by the test's driver, not added as a <script>: the page's
        # Content-Security-Policy rightly refuses inline scripts.
        page.evaluate(AXE.read_text() + "\n;undefined")
    results = page.evaluate(
        """(include) => axe.run(include ? {include: [include]} : document,
               {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa']}, resultTypes: ['violations']})""",
        include)
    return [
        {"id": v["id"], "impact": v["impact"], "help": v["help"],
         "nodes": [n["target"] for n in v["nodes"]][:5]}
        for v in results["violations"] if v["impact"] in ("serious", "critical")
    ]
