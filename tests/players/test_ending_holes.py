"""Every level ends every kind of hole: it knocks, or turns up its last card, in time.

Hand-built positions first (the ones where a level used to play on for ever), then
short arena runs of every level (and greedy, the fallback player) on every preset, on
eight seats of 3x4 grids with two decks, on the custom rule sets where a level once
played on without end, and on random valid rule sets, at a table of its own kind and
alone against players that never end a hole, with a bound on the turns of any hole.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.arena import CUSTOM_RULES, SWEEP_LEVELS, SWEEP_RULES, hole_turn_bound, play_match, random_rules, sweep_tables
from app.golf.actions import action_from_json
from app.golf.engine import GolfState
from app.golf.layouts import from_deal
from app.golf.rules import PRESETS, RuleSet
from app.golf.view import view
from app.players import LEVELS, get_player
from app.players.pace import late_turn

KNOCKING = PRESETS["knocking"]
KNOCK = {"action": "knock"}


def lasted(state: GolfState, turns: int) -> GolfState:
    """The hole as if ``turns`` turns had been played in it (draws from the stock thrown
    away, in the log and the turns counted only: the cards on the table stay as dealt)."""
    players = state.rules.players
    state.log += [f"{t % players}ds" for t in range(turns)]
    for t in range(turns):
        state.turns[t % players] += 1
    return state


def knocking_position(mine, theirs, their_up, stock, discard=("JC",)) -> GolfState:
    """Knocking rules, seat 0 to draw with every card up; the other shows ``their_up``."""
    state = from_deal(KNOCKING, [mine, theirs], list(discard), stock)
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
    state = knocking_position(
        ["KS", "KC", "2D", "KH", "KD", "2H"],
        ["QC", "9D", "5C", "5D", "7C", "8D"],
        their_up=(0, 1),
        stock=["TS", "8H", "7S"] * 10,
    )
    assert get_player(level).choose(view(state, 0)) == KNOCK


def even_low_grids() -> GolfState:
    # Both grids low and wholly known; neither is 3 points ahead, so neither knocks early.
    return knocking_position(
        ["KS", "AC", "2D", "KH", "4D", "2H"],
        ["KC", "AD", "3C", "KD", "3D", "AH"],
        their_up=range(6),
        stock=["TS", "8H"],
    )


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_careless_level_knocks_once_the_hole_has_gone_on_long_and_it_is_not_behind(level):
    # The stock almost gone after a pass of it: playing on would only go round again.
    state = lasted(even_low_grids(), late_turn(KNOCKING))
    assert get_player(level).choose(view(state, 0)) == KNOCK


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_low_stock_alone_does_not_hurry_a_careless_level(level):
    # At eight seats the stock starts "low" (seven cards): a low stock must not mean a
    # hole has gone on long, or every such hole would be knocked at once.
    state = even_low_grids()
    assert state.rules.players * 2 >= len(state.stock)
    assert get_player(level).choose(view(state, 0)) != KNOCK


TWELVE_KNOCKING = RuleSet(name="twelve-knocking", rows=3, cols=4, ending="knock")


def twelve_card_position(mine: list[str]) -> GolfState:
    """Twelve cards a grid, knocking, seat 0 to draw with every card up, early in the hole;
    the other seat shows two cards of twelve."""
    theirs = ["QC", "9D", "5C", "5D", "7C", "8D", "JC", "JD", "TC", "6D", "6C", "9S"]
    state = from_deal(TWELVE_KNOCKING, [mine, theirs], ["JH"], ["TS", "8H", "7S"] * 8)
    for seat in (0, 1):
        for p in (0, 1):
            state.apply(seat, action_from_json({"action": "reveal", "position": p}))
    state.face_up[0] = [True] * 12
    return state


def test_easy_knocks_at_two_points_a_card_on_a_twelve_card_grid():
    # 21 points on twelve cards, no pair: Easy used to wait for 12 (sized for six cards).
    state = twelve_card_position(["AS", "2C", "3D", "AH", "4D", "5H", "3C", "AC", "2D", "KH", "4C", "AD"])
    assert get_player("easy").choose(view(state, 0)) == KNOCK


def test_greedy_knocks_at_a_point_a_card_on_a_twelve_card_grid():
    # 10 points on twelve cards: greedy used to wait for 6 (sized for six cards).
    state = twelve_card_position(["AS", "2C", "3D", "AH", "KD", "5H", "3C", "AC", "2D", "KH", "KC", "AD"])
    assert get_player("greedy").choose(view(state, 0)) == KNOCK


@pytest.mark.parametrize("level", SWEEP_LEVELS)
def test_every_level_knocks_with_a_bad_grid_when_the_hole_nears_its_bound(level):
    # Queens and jacks, and the other seat low: no level would knock on its cards; but
    # the hole has lasted so long that only a knock now ends it within the bound.
    state = knocking_position(
        ["QS", "QC", "JD", "9H", "JS", "TH"],
        ["KC", "AD", "3C", "KD", "3D", "AH"],
        their_up=range(6),
        stock=["TS", "8H", "7S"] * 10,
    )
    lasted(state, hole_turn_bound(KNOCKING) - 3)
    assert get_player(level).choose(view(state, 0)) == KNOCK


@pytest.mark.parametrize("level", SWEEP_LEVELS)
def test_every_level_turns_a_card_up_each_turn_when_the_hole_nears_its_bound(level):
    # No flip after a throw: a card comes up only by a swap over a face-down card. Three
    # are down and the bound leaves just the turns to turn them up: a swap over a face-up
    # card, or a throw, would leave the hole unfinished.
    rules = RuleSet(name="no-flip", flip_after_reject="never")
    state = from_deal(
        rules,
        [["QS", "QC", "JD", "9H", "JS", "TH"], ["KC", "AD", "3C", "KD", "3D", "AH"]],
        ["5C"],
        ["QH", "8H", "7S"] * 10,
    )
    for seat in (0, 1):
        for p in (0, 1):
            state.apply(seat, action_from_json({"action": "reveal", "position": p}))
    state.face_up[0][2] = True  # turned up in an earlier turn
    lasted(state, hole_turn_bound(rules) - 8)
    choice = get_player(level).choose(view(state, 0))
    if choice == {"action": "draw", "source": "stock"}:
        state.apply(0, action_from_json(choice))  # the queen of hearts: no good anywhere
        choice = get_player(level).choose(view(state, 0))
    else:
        assert choice == {"action": "draw", "source": "discard"}
        state.apply(0, action_from_json(choice))
        choice = get_player(level).choose(view(state, 0))
    assert choice["action"] == "swap" and choice["position"] in (3, 4, 5)


def test_a_swap_that_changes_nothing_loses_to_turning_up_the_last_card():
    # With only tens and faces going round (as at eight seats of players who keep their
    # low cards), Medium held a jack, had a queen face up and one face-down card, and
    # swapped a ten-point card for a ten-point card for ever.
    rules = PRESETS["standard"]
    state = from_deal(
        rules,
        [["QS", "AC", "3D", "4H", "4D", "5H"], ["QC", "JD", "9C", "QD", "JH", "8H"]],
        ["JC"],
        ["JS", "QH", "TS"] * 8,
    )
    for p in (0, 1):
        state.apply(0, action_from_json({"action": "reveal", "position": p}))
        state.apply(1, action_from_json({"action": "reveal", "position": p}))
    for p in (2, 3, 4):
        state.face_up[0][p] = True
    state.apply(0, action_from_json({"action": "draw", "source": "stock"}))  # the jack of spades
    choice = get_player("medium").choose(view(state, 0))
    assert choice != {"action": "swap", "position": 0}


# (level, matches, holes per match) at each table: the cheaper levels play more.
ARENA_RUNS = [("easy", 3, 3), ("medium", 3, 3), ("hard", 2, 3), ("expert", 1, 2), ("greedy", 2, 3)]


@pytest.mark.slow
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


@pytest.mark.parametrize("rules_name", sorted(CUSTOM_RULES))
@pytest.mark.parametrize("level", SWEEP_LEVELS)
def test_every_level_ends_every_hole_of_the_custom_rule_sets_within_the_bound(rules_name, level):
    """Twelve-card grids with knocking, at two seats and at eight (with and without final
    turns), nine cards without a flip after a throw, four seats with an optional flip:
    one hole each, at a table of the level's own kind and alone against stalling players."""
    rules = CUSTOM_RULES[rules_name].model_copy(update={"holes": 1})
    bound = hole_turn_bound(rules)
    for table, names in sweep_tables(level, rules.players).items():
        if level == "expert" and rules.players > 4 and table == "itself":
            continue  # eight Experts take a minute a hole here: `python -m app.arena --sweep` plays them
        result = play_match(names, rules, seed=5, number=0, max_hole_turns=bound)
        assert result.hole_turns[0] <= bound


@settings(
    max_examples=12,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(rng=st.randoms(use_true_random=False), number=st.integers(0, 3))
def test_greedy_and_medium_end_a_hole_of_any_valid_rule_set_within_the_bound(rng: random.Random, number: int):
    """A random valid rule set (grid shape, seats, decks, jokers, card values, matched
    lines, reveals and peeks, flip rule, ending, final turn, penalty): greedy at a table
    of greedy players, and Medium alone against stalling players, end the hole in time."""
    rules = random_rules(rng)
    bound = hole_turn_bound(rules)
    for names in (["greedy"] * rules.players, ["medium"] + ["stalling"] * (rules.players - 1)):
        result = play_match(names, rules, seed=11, number=number, max_hole_turns=bound)
        assert result.hole_turns[0] <= bound


@pytest.mark.parametrize("rules_name", ["2x3x4-knock-no-flip", "nine-card-no-flip", "8x3x4-knock"])
def test_the_fallback_for_a_failing_player_ends_the_hole_within_the_bound(rules_name, caplog):
    """A computer player that fails on every move is played by the fallback (greedy's
    move): alone against stalling players, the hole still ends in time."""
    from app.golf.phases import Phase
    from app.players.fallback import choose_safely

    def broken(view: dict) -> dict:
        raise RuntimeError("a broken player")

    rules = CUSTOM_RULES[rules_name].model_copy(update={"holes": 1})
    state = GolfState.new(seed=3, rules=rules)
    stalling = get_player("stalling")
    turns = 0
    while state.phase not in (Phase.HOLE_OVER, Phase.MATCH_OVER):
        turns += state.phase is Phase.DRAW
        assert turns <= hole_turn_bound(rules)
        seat = state.to_act()[0]
        seen = view(state, seat)
        choice = choose_safely(broken, seen, "a broken player") if seat == 0 else stalling.choose(seen)
        state.apply(seat, action_from_json(choice))
    assert "a broken player failed" in caplog.text
