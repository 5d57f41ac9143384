"""A hint is read without the table moving: it shows in the place of What happened (the
log's box), so that no card moves or shrinks while it is read, and it covers neither the
board nor the buttons, measured from the boxes the browser lays out."""

from __future__ import annotations

import pytest

from tests.browser.tablekit import api, new_match, open_table, wait_settled

BOXES = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height].map(Math.round); };
  const hint = document.getElementById('hint');
  return {
    board: box(document.getElementById('board')),
    cards: [...document.querySelectorAll('#board .card')].map(box),
    bar: box(document.getElementById('bar')),
    log: box(document.getElementById('announce')),
    hint: hint && box(hint),
    hinted: [...document.querySelectorAll('#board .hinted')].map(box),
    view: [innerWidth, innerHeight],
  };
}"""


def overlap(a: list[int], b: list[int]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@pytest.mark.parametrize(
    "width, height, players",
    [(390, 844, 2), (390, 844, 3), (390, 844, 8), (1280, 720, 2), (1280, 720, 8), (1366, 768, 3)],
)
def test_a_hint_moves_and_shrinks_no_card_and_covers_nothing_you_need(sized, width, height, players):
    phone = width < 760
    page = sized(width, height, **({"is_mobile": True, "has_touch": True} if phone else {}))
    page.goto("/")
    new_match(page, seed=41, level="expert", rules={"players": players})
    state = api(page, "GET", "/api/match")
    while state["phase"] == "opening":
        down = [i for i, c in enumerate(state["players"][0]["grid"]) if not c["face_up"]]
        state = api(page, "POST", "/api/match/reveal", {"position": down[0]})
    open_table(page)
    wait_settled(page, 60_000)
    before = page.evaluate(BOXES)
    assert before["hint"] is None
    hint = page.locator("#bar").get_by_role("button", name="Hint")
    (hint.tap if phone else hint.click)()
    page.locator("#hint").wait_for()
    wait_settled(page, 60_000)
    after = page.evaluate(BOXES)
    assert page.locator("#hint").inner_text().startswith("Hint: Expert would")
    # Nothing on the table moved or changed its size.
    assert after["board"] == before["board"]
    assert after["cards"] == before["cards"]
    # The hint lies over the log, on the screen, clear of the board and the buttons.
    box = after["hint"]
    assert overlap(box, after["log"]), after
    assert not overlap(box, after["board"]), after
    assert not overlap(box, after["bar"]), after
    assert box[0] >= 0 and box[0] + box[2] <= after["view"][0]
    assert box[1] >= 0 and box[1] + box[3] <= after["view"][1]
    # The card or pile it names is marked and can be seen with it.
    assert len(after["hinted"]) == 1
