"""The table's layout, measured in a real browser over the matrix of seats, grids, screens
and moments (tests/browser/layout.py): nothing overlaps, nothing needed is covered, cards
are readable, nothing scrolls where it all fits, dialogs open at their top. A slice runs
in the suite; ``pytest tests/browser -m layout_matrix`` walks the whole matrix. Then the
things a player does: the others sit round the table, acting never scrolls the page, a
tap opens a folded seat, a deal brings the prompt back in view, the log keeps the last
moves."""

from __future__ import annotations

import json
import re

import pytest

from tests.browser.layout import MATRIX, SLICE, Case, new_page, problems, stage
from tests.browser.tablekit import api, new_match, open_table, play_out_hole, wait_settled


def walk(browser, server, case: Case) -> list[str]:
    context, page = new_page(browser, server, case)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    extra = None
    try:
        measured, extra = stage(page, case, browser, server)
        found = problems(measured, case)
    finally:
        if extra is not None:
            extra.close()
        context.close()
    return found + [f"script error: {e}" for e in errors]


@pytest.mark.parametrize("case", SLICE, ids=[c.id for c in SLICE])
def test_the_table_keeps_its_layout(browser, server, case):
    assert walk(browser, server, case) == []


@pytest.mark.layout_matrix
@pytest.mark.parametrize("case", MATRIX, ids=[c.id for c in MATRIX])
def test_the_whole_matrix_keeps_the_layout(browser, server, case):
    assert walk(browser, server, case) == []


def holding_a_card(page, players: int, rules: str = "standard") -> None:
    """A match of ``players`` dealt, the opening reveals made and a stock card held, on the page."""
    new_match(page, seed=31, rules={"name": rules, "players": players})
    state = api(page, "GET", "/api/match")
    while state["phase"] == "opening":
        down = [i for i, c in enumerate(state["players"][0]["grid"]) if not c["face_up"]]
        state = api(page, "POST", "/api/match/reveal", {"position": down[-1]})
    api(page, "POST", "/api/match/draw", {"source": "stock"})
    open_table(page)


def outside_the_view(page, selector: str) -> list[str]:
    """The elements matching ``selector`` whose box is not wholly inside the viewport
    (at the page's scroll position), each named; fails if none match."""
    boxes = page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)].map(e => {
            const r = e.getBoundingClientRect();
            return {name: e.getAttribute('aria-label') || e.textContent.trim().slice(0, 40) || e.className,
                    top: r.top, bottom: r.bottom, left: r.left, right: r.right, shown: r.width > 0 && r.height > 0};
        })""",
        selector,
    )
    assert boxes, f"nothing matches {selector}"
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    return [
        f"{b['name']}: {b}"
        for b in boxes
        if not b["shown"] or b["top"] < 0 or b["left"] < 0 or b["bottom"] > height + 0.5 or b["right"] > width + 0.5
    ]


def test_the_others_sit_round_the_table_and_you_at_the_bottom(sized):
    page = sized(1280, 720)
    holding_a_card(page, 8)
    centres = page.evaluate("""() => [...document.querySelectorAll('#board .seat')].map(s => {
        const r = s.querySelector('.grid').getBoundingClientRect();
        return {seat: s.dataset.seat, x: r.left + r.width / 2, y: r.top + r.height / 2}; })""")
    by_seat = {c["seat"]: c for c in centres}
    me, stock = by_seat["you"], page.locator(".card.stock").bounding_box()
    assert me["y"] > stock["y"] + stock["height"], "your grid is below the piles"
    assert by_seat["computer-1"]["x"] < stock["x"] and by_seat["computer-7"]["x"] > stock["x"] + stock["width"]
    assert by_seat["computer-4"]["y"] < stock["y"], "the middle seat of the others sits across the table"


def test_acting_never_scrolls_the_page(sized):
    page = sized(1280, 720)
    new_match(page, seed=32, rules={"name": "standard", "players": 4})
    open_table(page)
    for _ in range(3):
        page.locator("button.card").first.click()
        wait_settled(page)
        assert page.evaluate("() => window.scrollY") == 0


def test_on_a_phone_a_tap_opens_one_of_the_others_full_size(sized):
    page = sized(390, 844, is_mobile=True, has_touch=True)
    holding_a_card(page, 6)
    seat = page.locator('.seat[data-seat="computer-3"]')
    folded = seat.locator(".card").first.bounding_box()["width"]
    toggle = seat.get_by_role("button", name="Computer 3")
    assert toggle.get_attribute("aria-expanded") == "false"
    toggle.tap()
    assert toggle.get_attribute("aria-expanded") == "true"
    assert seat.locator(".card").first.bounding_box()["width"] > folded * 1.4
    assert page.locator('.seat[data-seat="computer-2"] .card').first.bounding_box()["width"] == folded
    # It stays open while the table is redrawn after a move.
    page.get_by_role("button", name="Discard draw").tap()
    wait_settled(page)
    assert (
        page.locator('.seat[data-seat="computer-3"]')
        .get_by_role("button", name="Computer 3")
        .get_attribute("aria-expanded")
        == "true"
    )


@pytest.mark.parametrize("width, height", [(320, 640), (640, 360)], ids=["320px", "1280x720-at-200%"])
@pytest.mark.parametrize("players", [2, 8])
def test_narrow_and_zoomed_screens_never_scroll_sideways(sized, width, height, players):
    page = sized(width, height)
    holding_a_card(page, players)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    assert outside_the_view(page, ".toolbar:not(.toolbar-more) button") == []  # the bar stays in view


def test_after_a_deal_on_a_phone_the_prompt_and_your_grid_are_in_view(sized):
    page = sized(390, 844, is_mobile=True, has_touch=True)
    new_match(page, seed=33, rules={"name": "standard", "players": 6})
    open_table(page)
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    page.get_by_role("button", name="New game").tap()
    page.locator("#new-game-dialog").get_by_role("button", name="Deal", exact=True).tap()
    wait_settled(page)
    assert outside_the_view(page, "#prompt") == []
    assert outside_the_view(page, "#board .seat.mine .card") == []


@pytest.mark.parametrize("width, height", [(1024, 768), (1280, 720)])
def test_the_log_keeps_the_last_moves_readable_as_the_next_come(sized, width, height):
    page = sized(width, height)
    new_match(page, seed=34, rules={"name": "standard", "players": 4})
    open_table(page)
    face_down = re.compile(r"^Your card, .* face down$")
    for _ in range(2):  # the opening reveals
        page.get_by_role("button", name=face_down).first.click()
        wait_settled(page)
    page.get_by_role("button", name=re.compile(r"^Stock")).click()
    wait_settled(page)
    page.get_by_role("button", name=face_down).first.click()  # then the three computers play in turn
    wait_settled(page)
    lines = page.evaluate("""() => { const log = document.getElementById('announce').getBoundingClientRect();
        return [...document.querySelectorAll('#announce p')].slice(0, 3).map(p => { const r = p.getBoundingClientRect();
            return {text: p.textContent, whole: r.top >= log.top - 1 && r.bottom <= log.bottom + 1 && r.height > 0
                    && r.bottom <= innerHeight}; }); }""")
    assert len(lines) == 3 and all(line["whole"] for line in lines), lines
    # The latest line is the last computer's move, and the one before it is still in view.
    assert re.search(r"Computer 3", lines[0]["text"]) or re.search(r"Computer 3", lines[1]["text"]), lines


def lines_of(page, selector: str) -> int:
    """How many lines the text of ``selector`` is laid out in."""
    return page.evaluate(
        """(selector) => { const range = document.createRange();
        range.selectNodeContents(document.querySelector(selector));
        return new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.bottom))).size; }""",
        selector,
    )


@pytest.mark.parametrize("width, height, players", [(1024, 768, 8), (1280, 720, 3), (1280, 720, 8), (1366, 768, 3)])
def test_at_a_hole_s_end_the_prompt_is_one_line_with_the_result_and_the_review_beside_next_hole(
    sized, width, height, players
):
    page = sized(width, height)
    new_match(page, seed=31, rules={"name": "standard", "players": players, "holes": 2})
    state = play_out_hole(page)
    open_table(page)
    mine = state["players"][0]["hole_score"]
    lowest = min(p["hole_score"] for p in state["players"])
    assert page.locator("#prompt").inner_text().startswith(f"Hole 1 is over: you scored {mine}, the lowest")
    assert f"{lowest}" in page.locator("#prompt").inner_text()
    assert lines_of(page, "#prompt") == 1
    # Next hole and the hole's review side by side in the middle of the table.
    next_hole = page.get_by_role("button", name="Next hole").bounding_box()
    review = page.get_by_role("link", name="Review hole 1").bounding_box()
    assert abs(next_hole["y"] - review["y"]) < 2 and review["x"] > next_hole["x"] + next_hole["width"]


def folded_rows(page) -> int:
    """How many rows the others' folded seats take on a phone."""
    tops = page.eval_on_selector_all(
        ".opponents .seat.foldable", "seats => seats.map(s => Math.round(s.getBoundingClientRect().top))"
    )
    return len(set(tops))


def test_on_a_phone_the_others_keep_their_rows_at_a_hole_s_end(sized):
    """At the hole's end a folded seat's pairs were counted beside its score ("12 · 1 pair
    (=0)"), which widened it until only two fitted a row and the last row went out of
    sight. The pairs are marked on the folded grid: their count is said, not drawn."""
    page = sized(390, 844, is_mobile=True, has_touch=True)
    new_match(page, seed=31, rules={"name": "standard", "players": 8, "holes": 2})
    open_table(page)
    in_play = folded_rows(page)
    state = play_out_hole(page)
    assert any(p["matched"] for p in state["players"][1:])  # another seat made a pair: the case in question
    open_table(page)
    assert folded_rows(page) == in_play == 3
    count = page.locator(".opponents .seat.foldable .pair-count").first
    assert re.search(r"\d pairs?", count.inner_text())
    assert count.bounding_box()["width"] <= 1  # said to a screen reader, not drawn


def test_on_a_phone_the_scorecard_of_eight_scrolls_sideways_with_its_holes_in_view(sized):
    """Eight players' columns are wider than a phone: the scorecard scrolls sideways in its
    dialog, and the hole each row is (and the Total row's name) stays at its left edge,
    so a score far to the right is still read against its hole."""
    page = sized(390, 844, is_mobile=True, has_touch=True)
    new_match(page, seed=31, rules={"name": "standard", "players": 8, "holes": 2})
    play_out_hole(page)
    open_table(page)
    page.get_by_role("button", name="Scorecard").tap()
    scroller = page.locator("#scorecard-dialog .table-scroll")
    scroller.wait_for()
    assert scroller.evaluate("e => e.scrollWidth > e.clientWidth + 50"), "eight players fit a phone"
    scroller.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
    page.wait_for_function(
        "() => { const e = document.querySelector('#scorecard-dialog .table-scroll');"
        " return e.scrollLeft > 0 && e.scrollLeft + e.clientWidth >= e.scrollWidth - 1; }"
    )
    view = scroller.bounding_box()
    last_column = page.locator("#scorecard-dialog .scorecard thead th").last.bounding_box()
    assert last_column["x"] + last_column["width"] <= view["x"] + view["width"] + 0.5, "the last player is in view"
    for name in ("Hole", "1", "2", "Total"):
        header = page.locator("#scorecard-dialog .scorecard th").filter(has_text=re.compile(f"^{name}$")).first
        box = header.bounding_box()
        assert view["x"] - 0.5 <= box["x"] <= view["x"] + 4, (name, box, view)
        # Drawn over the scores that scroll under it, not through them.
        covering = header.evaluate(
            "e => { const r = e.getBoundingClientRect();"
            " return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.closest('th') === e; }"
        )
        assert covering, f"{name} is hidden under the scores"


@pytest.mark.parametrize("width, height", [(1024, 768), (1280, 720), (1366, 768)])
@pytest.mark.parametrize("players", [5, 8])
def test_at_a_hole_s_end_the_scorecard_open_leaves_every_seat_s_words_clear(sized, width, height, players):
    """The Scorecard open beside the table narrows it, and the status line takes another
    line: the middle row is at its least height. At a hole's end Next hole and the hole's
    review stack there, and the discard pile's list under them went past the middle onto
    your seat's name and the seats across the table. At 1024 px the table left beside it
    was too narrow for eight (cards 17 px wide, the page scrolling): it opens over it."""
    page = sized(width, height)
    new_match(page, seed=31, rules={"name": "standard", "players": players, "holes": 2})
    play_out_hole(page)
    open_table(page)
    page.get_by_role("button", name="Scorecard").click()
    page.wait_for_selector("#scorecard-dialog[open]")
    assert problems(page, Case(players, "standard", width, height, "hole_over")) == []
    mine = page.locator(".seat.mine .seat-head").bounding_box()
    for part in page.locator("#board .middle :is(.moves, .discards summary)").all():
        box = part.bounding_box()
        if box:
            assert box["y"] + box["height"] <= mine["y"] + 0.5, (part.inner_text(), box, mine)


# The boxes of every seat's grid and of the piles, each rounded to half a pixel, sampled
# at every frame into window.__boxes (the distinct ones, with whether the others' moves
# were being shown and whether Skip was on screen then).
WATCH_BOXES = """() => {
  window.__boxes = [];
  const read = () => [...document.querySelectorAll('#board .seat > .grid, #board .piles > .pile-slot')].map(e => {
    const r = e.getBoundingClientRect();
    return [e.closest('[data-seat]') ? e.closest('[data-seat]').dataset.seat : 'pile',
            ...[r.left, r.top, r.width, r.height].map(v => Math.round(v * 2) / 2)]; });
  (function sample() {
    const table = document.getElementById('table'), skip = document.querySelector('[data-skip]');
    const boxes = JSON.stringify(read());
    const playing = !!table && table.classList.contains('playing');
    const skipShown = !!skip && !skip.hidden && skip.getBoundingClientRect().width > 0;
    const last = window.__boxes[window.__boxes.length - 1];
    if (!last || last.boxes !== boxes || (playing && !last.playing) || (skipShown && !last.skipShown))
      window.__boxes.push({boxes, playing, skipShown, prompt: document.getElementById('prompt').textContent});
    requestAnimationFrame(sample);
  })();
}"""


def moved_boxes(samples: list[dict]) -> list[str]:
    """Each box that is not where the first sample has it (by more than 1 px), named."""
    first = {tuple(b[:1]) + (i,): b[1:] for i, b in enumerate(json.loads(samples[0]["boxes"]))}
    found = []
    for sample in samples[1:]:
        boxes = json.loads(sample["boxes"])
        if len(boxes) != len(first):
            found.append(f"{len(boxes)} boxes instead of {len(first)} ({sample['prompt']!r})")
            continue
        for i, box in enumerate(boxes):
            then = first[(box[0], i)]
            if any(abs(a - b) > 1 for a, b in zip(box[1:], then)):
                found.append(f"{box[0]} {then} -> {box[1:]} (playing: {sample['playing']}, {sample['prompt']!r})")
    return found


@pytest.mark.parametrize("speed", ["slow"])
@pytest.mark.parametrize("width, height", [(390, 844), (1366, 768)])
@pytest.mark.parametrize("players", [2, 4])
def test_nothing_on_the_table_moves_while_the_others_moves_are_shown(page, width, height, players):
    """The Skip button and the headline change while the others' moves are shown: neither
    may move the grids or the piles (Skip once took a line of its own on a phone, the
    board dropping 50 px every turn; the headline went from one line to two)."""
    page.set_viewport_size({"width": width, "height": height})
    new_match(page, seed=35, rules={"name": "standard", "players": players})
    state = api(page, "GET", "/api/match")
    while state["phase"] == "opening":
        down = [i for i, c in enumerate(state["players"][0]["grid"]) if not c["face_up"]]
        state = api(page, "POST", "/api/match/reveal", {"position": down[-1]})
    api(page, "POST", "/api/match/draw", {"source": "stock"})
    open_table(page)
    wait_settled(page, 60_000)
    page.evaluate(WATCH_BOXES)
    page.get_by_role("button", name=re.compile(r"^Your card, .* face down$")).first.click()
    wait_settled(page, 60_000)
    page.wait_for_timeout(300)
    samples = page.evaluate("() => window.__boxes")
    assert any(s["skipShown"] for s in samples), "the others' moves were shown with Skip"
    assert moved_boxes(samples) == []


# Each seat's box and the piles', and the part of each seat its scrolling ancestors show
# (at their own scroll position: a seat scrolled out of a region of its own is not seen).
SEAT_BOXES = """() => {
  const box = (r) => ({x: r.left, y: r.top + scrollY, w: r.width, h: r.height});
  const seen = (e) => { const r = e.getBoundingClientRect();
    let x1 = r.left, y1 = r.top, x2 = r.right, y2 = r.bottom;
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflow === 'visible') continue;
      const c = a.getBoundingClientRect();
      x1 = Math.max(x1, c.left); y1 = Math.max(y1, c.top); x2 = Math.min(x2, c.right); y2 = Math.min(y2, c.bottom);
    }
    return {x: x1, y: y1 + scrollY, w: Math.max(0, x2 - x1), h: Math.max(0, y2 - y1)}; };
  return {
    seats: [...document.querySelectorAll('#board .seat')].map(s => ({name: s.getAttribute('aria-label'),
      box: box(s.getBoundingClientRect()), seen: seen(s)})),
    piles: [...document.querySelectorAll('#board .piles > .pile-slot')].map(p => box(p.getBoundingClientRect())),
    page: {w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight, innerWidth},
  };
}"""


@pytest.mark.parametrize("width, height", [(360, 740), (390, 844), (412, 915), (375, 667)])
def test_on_a_phone_every_one_of_eight_seats_is_seen_whole_and_clear_of_the_piles(sized, width, height):
    """Eight players on a small phone: the seventh computer's grid lay under the discard
    pile, or out of sight in the others' rows. Each seat is drawn whole (no scrolling
    region hides part of it), on the page (reached by scrolling it), and clear of the
    piles and of every other seat."""
    page = sized(width, height, is_mobile=True, has_touch=True)
    holding_a_card(page, 8)
    m = page.evaluate(SEAT_BOXES)
    seats, piles = m["seats"], m["piles"]
    assert len(seats) == 8 and len(piles) == 3
    found = []
    for i, seat in enumerate(seats):
        box = seat["box"]
        if any(abs(seat["seen"][k] - box[k]) > 1 for k in ("x", "y", "w", "h")):
            found.append(f"{seat['name']} is cut to {seat['seen']} of {box}")
        if box["x"] < -1 or box["x"] + box["w"] > m["page"]["innerWidth"] + 1 or box["y"] < -1:
            found.append(f"{seat['name']} is off the page: {box}")
        for pile in piles:
            if overlap(box, pile):
                found.append(f"{seat['name']} overlaps a pile: {box} {pile}")
        for other in seats[i + 1 :]:
            if overlap(box, other["box"]):
                found.append(f"{seat['name']} overlaps {other['name']}")
    assert found == []


def overlap(a: dict, b: dict, slack: float = 0.5) -> bool:
    return (
        a["x"] + slack < b["x"] + b["w"]
        and b["x"] + slack < a["x"] + a["w"]
        and a["y"] + slack < b["y"] + b["h"]
        and b["y"] + slack < a["y"] + a["h"]
    )


@pytest.mark.parametrize("width, height", [(390, 844), (360, 740)])
def test_on_a_phone_the_log_shows_three_whole_lines(sized, width, height):
    """The log under the table was a sliver of a line and a half on a phone. It shows the
    last three lines whole, on screen, and is as tall as a number of whole lines: a
    line it scrolls is never cut in half."""
    page = sized(width, height, is_mobile=True, has_touch=True)
    holding_a_card(page, 2)
    page.evaluate("() => GolfPage.announce('Computer drew the 5 of hearts\\nComputer swapped it for the 9\\nYou drew')")
    m = page.evaluate("""() => { const log = document.getElementById('announce'), s = getComputedStyle(log);
        const r = log.getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, innerHeight,
                room: log.clientHeight - parseFloat(s.paddingTop) - parseFloat(s.paddingBottom),
                line: parseFloat(s.lineHeight),
                lines: [...log.children].slice(0, 3).map(p => { const b = p.getBoundingClientRect();
                  return {top: b.top, bottom: b.bottom, text: p.textContent}; })}; }""")
    assert m["bottom"] <= m["innerHeight"] + 0.5, m
    assert m["room"] >= 3 * m["line"] - 0.5, m
    assert abs(m["room"] / m["line"] - round(m["room"] / m["line"])) * m["line"] < 1, m
    for line in m["lines"]:
        assert m["top"] - 0.5 <= line["top"] and line["bottom"] <= m["bottom"] + 0.5, (line, m)


# The boxes a player needs at a moment of play, in the page's coordinates, with the
# page's height and the screen's.
NEEDED_BOXES = """() => {
  const box = (e) => { const r = e.getBoundingClientRect();
    return {name: e.getAttribute('aria-label') || e.textContent.trim().slice(0, 30) || e.className,
            top: r.top + scrollY, bottom: r.bottom + scrollY, shown: r.width > 0 && r.height > 0}; };
  const all = (selector) => [...document.querySelectorAll(selector)].map(box).filter(b => b.shown);
  const newest = document.querySelector('#announce p');
  return {
    page: document.documentElement.scrollHeight, screen: innerHeight,
    needed: [...all('#prompt, #board .seat, #board .piles, #board .moves > *, .bar button, .bar select')],
    newest: newest ? box(newest) : null,
  };
}"""


@pytest.mark.parametrize("moment", ["opening", "draw", "holding", "hole_over"])
def test_eight_players_on_a_390_by_844_phone_fit_the_screen_or_keep_what_is_needed_in_view(browser, server, moment):
    """Eight players on a 390 x 844 phone scrolled the page a little at every moment:
    your grid's row took 27 px more than its least height (the rows shared the height
    out in another ratio than their least heights'). In play the table now fits the
    screen. At a hole's end the result takes a third line: the page may scroll by a
    few pixels, the log's older lines, but every seat, the piles, Next hole and the
    review, the bar's controls and the log's newest line are on the screen as it opens."""
    case = Case(8, "standard", 390, 844, moment)
    context, page = new_page(browser, server, case)
    try:
        measured, _ = stage(page, case, browser, server)
        page.evaluate("() => GolfPage.announce('Computer 7 drew from the stock.')")
        m = page.evaluate(NEEDED_BOXES)
    finally:
        context.close()
    if moment != "hole_over":
        assert m["page"] <= m["screen"], f"the page scrolls: {m['page']} for a screen of {m['screen']}"
    below = [b for b in m["needed"] + [m["newest"]] if b["top"] < -0.5 or b["bottom"] > m["screen"] + 0.5]
    assert below == [], f"below the fold: {below}"
    assert any(b["name"] == "Next hole" for b in m["needed"]) == (moment == "hole_over")
