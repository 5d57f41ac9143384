"""Every level ends every kind of hole: it knocks, or turns up its last card, in time.

Hand-built positions first (the ones where a level used to play on for ever), then
short arena runs of every level on every preset and on eight seats of 3x4 grids with
two decks, at a table of its own kind and alone against players that never end a hole,
with a bound on the turns of any hole.
"""

from __future__ import annotations

import pytest

from app.arena import SWEEP_RULES, hole_turn_bound, play_match, sweep_tables
from app.golf.actions import action_from_json
from app.golf.engine import GolfState
from app.golf.rules import PRESETS
from app.golf.view import view
from app.players import LEVELS, get_player

KNOCKING = PRESETS["knocking"]
KNOCK = {"action": "knock"}


def knocking_position(mine, theirs, their_up, stock, discard=("JC",)) -> GolfState:
    """Knocking rules, seat 0 to draw with every card up; the other shows ``their_up``."""
    state = GolfState.from_deal(KNOCKING, [mine, theirs], list(discard), stock)
    for seat, shown in ((0, range(6)), (1, their_up)):
        shown = list(shown)
        for p in shown[:2]:
            state.apply(seat, action_from_json({"action": "reveal", "position": p}))
        for p in shown[2:]:
            state.face_up[seat][p] = True  # turned up in earlier turns
    return state


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_knocks_at_minus_four_with_every_card_up(level):
    # Two pairs of kings, a 2 and a 2: -4, nothing left to gain; the other shows a queen
    # and a 9 over four face-down cards. Medium used to draw from the stock here for ever.
    state = knocking_position(["KS", "KC", "2D", "KH", "KD", "2H"], ["QC", "9D", "5C", "5D", "7C", "8D"],
                              their_up=(0, 1), stock=["TS", "8H", "7S"] * 10)
    assert get_player(level).choose(view(state, 0)) == KNOCK


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_careless_level_knocks_when_the_stock_runs_out_and_it_is_not_behind(level):
    # Both grids low and wholly known; neither is 3 points ahead, so neither knocked; with
    # the stock almost gone, playing on would only go round again.
    state = knocking_position(["KS", "AC", "2D", "KH", "4D", "2H"], ["KC", "AD", "3C", "KD", "3D", "AH"],
                              their_up=range(6), stock=["TS", "8H"])
    assert state.rules.players * 2 >= len(state.stock)
    assert get_player(level).choose(view(state, 0)) == KNOCK


def test_a_swap_that_changes_nothing_loses_to_turning_up_the_last_card():
    # With only tens and faces going round (as at eight seats of players who keep their
    # low cards), Medium held a jack, had a queen face up and one face-down card, and
    # swapped a ten-point card for a ten-point card for ever.
    rules = PRESETS["standard"]
    state = GolfState.from_deal(rules, [["QS", "AC", "3D", "4H", "4D", "5H"], ["QC", "JD", "9C", "QD", "JH", "8H"]],
                                ["JC"], ["JS", "QH", "TS"] * 8)
    for p in (0, 1):
        state.apply(0, action_from_json({"action": "reveal", "position": p}))
        state.apply(1, action_from_json({"action": "reveal", "position": p}))
    for p in (2, 3, 4):
        state.face_up[0][p] = True
    state.apply(0, action_from_json({"action": "draw", "source": "stock"}))  # the jack of spades
    choice = get_player("medium").choose(view(state, 0))
    assert choice != {"action": "swap", "position": 0}


# (level, matches, holes per match) at each table: the cheaper levels play more.
ARENA_RUNS = [("easy", 3, 3), ("medium", 3, 3), ("hard", 2, 3), ("expert", 1, 2)]


@pytest.mark.parametrize("rules_name", sorted(SWEEP_RULES))
@pytest.mark.parametrize("level, matches, holes", ARENA_RUNS)
def test_every_level_ends_every_hole_within_the_bound(rules_name, level, matches, holes):
    """The bound is the arena sweep's (``hole_turn_bound``: one pass of the stock, plus
    two turns per card for every seat). Against players that never end a hole, the
    level must end every one itself."""
    rules = SWEEP_RULES[rules_name].model_copy(update={"holes": holes})
    bound = hole_turn_bound(rules)
    for table, names in sweep_tables(level, rules.players).items():
        if level == "expert" and rules.players > 2 and table == "itself":
            continue  # eight Experts take a minute a hole here: `python -m app.arena --sweep` plays them
        for number in range(matches):
            result = play_match(names, rules, seed=5, number=number, max_hole_turns=bound)
            assert len(result.hole_turns) == holes
            assert max(result.hole_turns) <= bound
