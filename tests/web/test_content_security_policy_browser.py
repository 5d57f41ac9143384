"""No page breaks its own Content-Security-Policy (app/web/http/headers.py: no inline
style, no inline script): a whole match and every kind of page, played and visited in
Chromium with motion on, and not one console message or policy violation about it.

A console once showed some fifty "Applying inline style violates the following Content
Security Policy directive" errors in one session. A style attribute in parsed HTML (a
template, a fragment swapped in, a copy made by a script) is refused by ``style-src
'self'``; a style set through the CSSOM (``element.style.x = ...``) is not.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.tablekit import (
    api,
    new_match,
    next_move,
    open_table,
    prompt,
    table_near_the_hole_s_end,
    wait_settled,
)
from tests.web.golf.test_hole_end_frames import near_the_hole_s_end
from tests.web.tables.test_tables_browser import LIVE_MS, join, make_table, next_mover, version, wait_version

# Every violation the page reports, with where it came from (the console says less).
WATCH_VIOLATIONS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(
  [e.violatedDirective, e.sourceFile, e.lineNumber, e.columnNumber, e.sample].join(' ')));
"""

FACE_DOWN = re.compile(r"^Your card, .* face down$")


@pytest.fixture
def watched_pages(browser, server):
    """Opens visitors (motion on, the computer at ``speed``) whose console, script errors
    and policy violations are kept; at the end, none may concern the policy."""
    contexts: list = []
    said: list[str] = []

    def visitor(speed: str = "fast", width: int = 1366, height: int = 768):
        context = browser.new_context(
            base_url=server, viewport={"width": width, "height": height}, reduced_motion="no-preference"
        )
        context.add_cookies([{"name": "golf_speed", "value": speed, "url": server}])
        context.add_init_script(WATCH_VIOLATIONS)
        context.set_default_timeout(30_000)
        contexts.append(context)
        page = context.new_page()
        page.on("console", lambda message: said.append(f"console {message.type}: {message.text}"))
        page.on("pageerror", lambda error: said.append(f"page error: {error}"))
        return page

    def violations() -> list[str]:
        found = [line for line in said if "Content Security Policy" in line or "Content-Security-Policy" in line]
        for context in contexts:
            for page in context.pages:
                found += page.evaluate("() => window.__violations || []")
        return found

    visitor.violations = violations  # type: ignore[attr-defined]
    yield visitor
    for context in contexts:
        context.close()


def play_on_the_page(page, holes_to_end: int | None = None) -> None:
    """Plays the match on the table by clicks until it is over (or until ``holes_to_end``
    holes have ended and the next is dealt): reveal, draw from the stock, swap into a
    face-down card, Next hole."""
    ended = 0
    for _ in range(400):
        wait_settled(page, 60_000)
        table = page.locator("#table")
        if "phase-match_over" in (table.get_attribute("class") or ""):
            return
        next_hole = page.get_by_role("button", name="Next hole")
        if next_hole.count():
            ended += 1
            if holes_to_end is not None and ended > holes_to_end - 1:
                next_hole.click()
                wait_settled(page, 60_000)
                return
            next_hole.click()
            continue
        one_move(page)
    raise AssertionError("the match never ended")


def to_your_last_card(page) -> None:
    """Plays on through the API until one card of yours is face down and you are to draw."""
    state = api(page, "GET", "/api/match")
    for _ in range(200):
        assert state["phase"] not in ("hole_over", "match_over"), "the hole ended before your last move"
        if state["phase"] == "draw" and sum(not cell["face_up"] for cell in state["players"][0]["grid"]) == 1:
            return
        path, body = next_move(state)
        state = api(page, "POST", path, body)
    raise AssertionError("the hole never came near its end")


def one_move(page) -> None:
    """Your next move by a click: draw from the stock, else turn or swap into a face-down card."""
    stock = page.get_by_role("button", name=re.compile(r"^Stock"))
    mine = page.locator("section.seat.mine")
    down = mine.get_by_role("button", name=FACE_DOWN)
    if stock.count():
        stock.click()
    elif down.count():
        down.first.click()
    else:
        mine.locator("button.card").first.click()


def test_a_whole_match_and_every_page_keep_to_the_policy(watched_pages):
    """A match of two holes against the computer at fast speed, each hole's middle turns
    played through the API and the rest by clicks: the first hole's last turn and its
    end, the next deal and its two reveals, the second hole's last turn and the match's
    end; then its replay, its review and every other kind of page."""
    page = watched_pages("fast")
    page.goto("/")
    near_the_hole_s_end(page, players=2, seed=51)
    open_table(page)
    play_on_the_page(page, holes_to_end=1)
    for _ in range(2):  # the second hole's opening
        assert "reveal" in prompt(page), prompt(page)
        one_move(page)
        wait_settled(page, 60_000)
    to_your_last_card(page)
    open_table(page)
    play_on_the_page(page)
    page.wait_for_selector("#summary-dialog[open]")
    state = api(page, "GET", "/api/match")
    assert state["phase"] == "match_over"
    page.get_by_role("button", name="Close").click()
    page.get_by_role("button", name="Scorecard").click()
    page.keyboard.press("Escape")

    # The replay of that match, stepped and played.
    page.goto(state["replay"])
    page.wait_for_selector(".replay-board")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.wait_for_timeout(600)

    # The review of its first hole, and one of its decisions.
    for _ in range(600):
        if page.request.get("/api/match/review?hole=1").status == 200:
            break
        page.wait_for_timeout(100)
    page.goto("/review?hole=1")
    page.goto("/review/decision?hole=1&n=3")
    page.wait_for_selector(".review-board")

    for path in ("/how-to-play", "/statistics", "/new", "/tables/new", "/daily", "/scorecard", "/summary"):
        page.goto(path)
        page.wait_for_load_state("load")

    # Solitaire: a few moves.
    page.goto("/solitaire")
    page.wait_for_function("() => document.getElementById('sol-table')?.dataset.ready === 'true'")
    for _ in range(4):
        playable = page.get_by_role("button", name=re.compile(r", playable$"))
        button = playable.first if playable.count() else page.get_by_role("button", name=re.compile(r"^Stock"))
        button.click()
        page.wait_for_function("() => !document.querySelector('.htmx-request')")
        page.wait_for_timeout(300)

    # The scorekeeper: a sheet with a hole's scores, and the calculator.
    page.goto("/scorekeeper")
    page.locator("#player-0").fill("Alice")
    page.locator("#player-1").fill("Ben")
    for i in range(2, 8):
        page.locator(f"#player-{i}").fill("")
    page.get_by_role("button", name="Start the score sheet").click()
    page.wait_for_url("**/scorekeeper/*")
    page.locator("#s-0-0").fill("7")
    page.keyboard.press("Tab")
    page.keyboard.type("3")
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    page.wait_for_timeout(500)
    page.goto("/score")
    page.wait_for_load_state("load")

    # The API's documentation (Swagger UI), drawn and one operation opened.
    page.goto("/docs")
    page.wait_for_selector(".opblock", timeout=30_000)
    page.locator(".opblock-summary").first.click()
    page.wait_for_timeout(500)

    assert watched_pages.violations() == []


def test_a_hole_s_end_and_the_next_deal_at_normal_speed_keep_to_the_policy(watched_pages):
    """At normal speed every move is shown moving: your last turn (a draw, a swap), the two
    computers' final turns step after step, the hole's end counted up, the next hole
    dealt and a card of it revealed. Motion at this speed once put inline styles on the
    table. (The hole's earlier turns, the same moves again, are played through the API.)"""
    page = watched_pages("normal")
    page.goto("/")
    near_the_hole_s_end(page, players=3, seed=52)
    open_table(page)
    play_on_the_page(page, holes_to_end=1)
    assert page.locator("#table").get_attribute("data-hole") == "2"
    assert "reveal" in prompt(page), prompt(page)
    one_move(page)
    wait_settled(page, 60_000)
    assert page.locator("section.seat.mine").get_by_role("button", name=FACE_DOWN).count() == 5
    assert watched_pages.violations() == []


def test_a_style_put_on_the_table_by_a_script_is_never_copied_back_as_an_attribute(watched_pages):
    """A script (or a browser extension) may style the parts of the table through the
    CSSOM, which the policy allows. A swap keeps the table, its prompt, its board and
    its clock by their ids, and htmx settled their style by copying it from the part
    going out with setAttribute: an inline style, refused, told in the console at
    every move."""
    page = watched_pages("fast")
    page.goto("/")
    new_match(page, seed=53, rules={"name": "standard", "players": 2})
    page.goto("/")
    wait_settled(page)
    for _ in range(3):
        page.evaluate(
            "() => ['table', 'prompt', 'board', 'clock'].forEach(id => {"
            " const e = document.getElementById(id); if (e) e.style.outlineOffset = '1px'; })"
        )
        one_move(page)
        wait_settled(page)
    assert watched_pages.violations() == []


def test_a_table_of_two_people_through_next_hole_keeps_to_the_policy(watched_pages):
    """Two people and a computer at a table, at normal speed: the match started, the first
    hole's earlier turns played through the API while the pages are away, its last turns
    by clicks (each shown on the other page), its end, and Next hole pressed by both."""
    ann, bea = watched_pages("normal"), watched_pages("normal", 390, 844)
    ann.goto("/")
    code = make_table(ann, ["open", "easy"], holes=2)
    ann.goto(f"/t/{code}")
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
    for _ in range(120):
        for p in (ann, bea):
            wait_settled(p, 60_000)
        if all("is over" in prompt(p) for p in (ann, bea)):
            break
        mover = next_mover([ann, bea])
        assert mover is not None, [prompt(p) for p in (ann, bea)]
        other = bea if mover is ann else ann
        wait_version(other, version(mover))
    else:
        raise AssertionError("the first hole did not end")
    for page in (ann, bea):
        page.get_by_role("button", name="Next hole").click()
        page.wait_for_timeout(300)
    for page in (ann, bea):
        page.wait_for_function(
            "() => /reveal/i.test(document.getElementById('prompt').textContent)", timeout=LIVE_MS * 4
        )
    assert watched_pages.violations() == []
