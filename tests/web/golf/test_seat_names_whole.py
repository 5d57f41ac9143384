"""The others' names are read whole on a laptop's screen, whatever the number of players.

Five to eight players on a 1280 x 720 or a 1024 x 768 screen leave each of the others a
seat some 190 px wide, and its one line of words, "Computer 2" and "Face-up total 17",
cut the name to "Comput…": four seats nobody could tell apart. A seat that narrow says
"Face-up 17" (a screen reader still hears "Face-up total 17"), and the name keeps its
room; a seat wide enough keeps every word. At a hole's end such a seat says "Hole 14 ·
1 pair", not "Hole score 14 · 1 pair (=0)", which ran past its side.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.layout import Case
from tests.browser.tablekit import new_match, open_table
from tests.web.golf.test_table_layout import walk

# Each of the others' seats: its name shown whole or not, its words on one line or not,
# the width the word "total" takes, and the words a screen reader is given.
SEATS = """() => [...document.querySelectorAll('#board .ring > .seat')].map(seat => {
  const name = seat.querySelector('.seat-name'), score = seat.querySelector('.seat-score');
  const more = score.querySelector('.score-more');
  return {
    name: name.firstChild.textContent.trim(),  // the name, without its tags
    whole: name.scrollWidth <= name.clientWidth,
    oneLine: Math.abs(name.getBoundingClientRect().bottom - score.getBoundingClientRect().bottom) < 4,
    totalWidth: more ? more.getBoundingClientRect().width : null,
    said: score.textContent.replace(/\\s+/g, ' ').trim(),
  };
})"""


@pytest.mark.parametrize(
    "width, height, players, words",
    [(1024, 768, 8, "short"), (1280, 720, 5, "short"), (1280, 720, 8, "short"), (1366, 768, 8, "whole")],
)
def test_the_others_names_are_whole_and_their_face_up_totals_shown(sized, width, height, players, words):
    page = sized(width, height)
    new_match(page, seed=31, rules={"name": "standard", "players": players, "holes": 1})
    open_table(page)
    seats = page.evaluate(SEATS)
    assert len(seats) == players - 1
    for seat in seats:
        assert re.fullmatch(r"Computer \d", seat["name"]), seat
        assert seat["whole"], f"{seat['name']} is cut short at {width}x{height} with {players} players"
        assert seat["oneLine"], seat
        assert re.fullmatch(r"Face-up total -?\d+", seat["said"]), seat
    shortened = [seat["name"] for seat in seats if seat["totalWidth"] <= 1]
    if words == "short":  # the seats across the top are the narrow ones
        assert shortened, "no seat made room for its name"
    else:
        assert shortened == [], "seats wide enough for every word dropped 'total'"


@pytest.mark.parametrize("width, height", [(1024, 768), (1280, 720)])
def test_at_a_match_s_end_every_seat_s_score_and_pairs_are_read_whole(browser, server, width, height):
    """Eight players on grids of two rows of four: "Hole score 14 · 1 pair (=0)" ran past
    the side of the narrow seats; there they say "Hole 14 · 1 pair"."""
    assert walk(browser, server, Case(8, "eight-card", width, height, "match_over")) == []
