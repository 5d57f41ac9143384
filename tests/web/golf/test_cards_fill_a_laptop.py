"""On a laptop's screen the table is not a few small cards on a large, mostly empty felt:
at 1280x720 and 1366x768, with the others in one row above (two to four players), your
own grid, where you play, takes the most of the height, its cards clearly larger than
the others' (they were 61 px wide at 1280x720, little more than the others' 45)."""

from __future__ import annotations

import pytest

from tests.browser.tablekit import new_match, open_table

WIDTHS = """() => ({
  mine: document.querySelector('.seat.mine .grid > .card').getBoundingClientRect().width,
  others: Math.max(...[...document.querySelectorAll('.seat:not(.mine) .grid > .card')]
    .map(c => c.getBoundingClientRect().width)),
  board: document.getElementById('board').getBoundingClientRect().height,
  grid: document.querySelector('.seat.mine .grid').getBoundingClientRect().height,
})"""


@pytest.mark.parametrize(("width", "height", "least"), [(1280, 720, 72), (1366, 768, 80)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_your_cards_are_the_large_ones_on_a_laptop(sized, width, height, least, players):
    page = sized(width, height)
    page.goto("/")
    new_match(page, rules={"players": players})
    open_table(page)
    looks = page.evaluate(WIDTHS)
    assert looks["mine"] >= least, looks
    assert looks["mine"] >= 1.6 * looks["others"], looks
    assert looks["grid"] >= 0.4 * looks["board"], looks
