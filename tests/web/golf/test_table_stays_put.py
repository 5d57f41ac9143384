"""The table does not jump: the piles sit in the very middle of a wide table (no seats
down its sides) and stay there as the hole ends (Next hole and the review come to their
right), measured from the boxes the browser lays out."""

from __future__ import annotations

import re

import pytest

from tests.browser.tablekit import api, new_match, open_table, play_out_hole, wait_settled
from tests.web.golf.test_table_layout import WATCH_BOXES, moved_boxes

PILES = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  const board = box(document.getElementById('board'));
  const slots = [...document.querySelectorAll('#board .piles .pile-slot')].map(box);
  const moves = [...document.querySelectorAll('#board .moves > *')].map(box);
  return {board, piles: {left: slots[0].left, right: slots[slots.length - 1].right, top: slots[0].top}, moves};
}"""


@pytest.mark.parametrize("width,height", [(1280, 720), (1366, 768), (1920, 1080)])
@pytest.mark.parametrize("players", [2, 4])
def test_on_a_wide_table_the_piles_are_in_its_middle_and_stay_there_as_the_hole_ends(sized, width, height, players):
    page = sized(width, height)
    page.goto("/")
    new_match(page, seed=31, rules={"players": players})
    open_table(page)
    wait_settled(page)
    playing = page.evaluate(PILES)
    middle = (playing["board"]["left"] + playing["board"]["right"]) / 2
    assert abs((playing["piles"]["left"] + playing["piles"]["right"]) / 2 - middle) <= 2, playing
    play_out_hole(page)
    open_table(page)
    wait_settled(page)
    over = page.evaluate(PILES)
    # (Their cards may be a little smaller: the line of totals can take two lines then.)
    assert abs((over["piles"]["left"] + over["piles"]["right"]) / 2 - middle) <= 2, (playing, over)
    assert len(over["moves"]) == 2  # Next hole and the hole's review
    for move in over["moves"]:
        assert move["left"] >= over["piles"]["right"], over
        assert move["right"] <= over["board"]["right"], over


@pytest.mark.parametrize("speed", ["slow"])
@pytest.mark.parametrize("width, height, players", [(1280, 720, 3), (1280, 720, 5), (1366, 768, 6), (390, 844, 2)])
def test_a_seat_s_words_while_it_plays_move_no_grid(page, width, height, players):
    """A computer's name row says "to play" and "thinking…" while its move is shown: it
    stays one line (its name cut short if need be), and no grid or pile moves."""
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
    assert any(s["playing"] for s in samples)
    assert moved_boxes(samples) == []


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)], ids=["phone", "desktop"])
def test_the_discard_pile_s_list_opened_leaves_your_cards_clear(sized, size):
    phone = size[0] < 760
    page = sized(*size, **({"is_mobile": True, "has_touch": True} if phone else {}))
    page.goto("/")
    new_match(page, seed=31, rules={"players": 3})
    open_table(page)
    wait_settled(page)
    summary = page.locator("#board .discards summary")
    (summary.tap if phone else summary.click)()
    covered = page.evaluate("""() => { const list = document.querySelector('#board .discards[open] p').getBoundingClientRect();
      return [...document.querySelectorAll('#board .seat.mine .card')].filter(card => { const c = card.getBoundingClientRect();
        return c.left < list.right && list.left < c.right && c.top < list.bottom && list.top < c.bottom; }).length; }""")
    assert covered == 0
