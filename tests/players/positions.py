"""Positions to test players on: rule sets of every shape, and play walked to random points."""

from __future__ import annotations

import random

from app.golf.actions import action_from_json
from app.golf.engine import GolfState
from app.golf.phases import Phase
from app.golf.rules import PRESETS, RuleSet
from app.golf.view import view
from app.players import RandomPlayer
from app.players.greedy import GreedyPlayer

RULE_SETS: dict[str, RuleSet] = {
    **PRESETS,
    "big-table": RuleSet(
        name="big-table",
        players=4,
        rows=3,
        cols=4,
        decks=2,
        jokers=True,
        match_rows=True,
        opening_reveals=2,
        going_out_penalty="double",
        holes=2,
    ),
    "square": RuleSet(
        name="square",
        players=3,
        rows=3,
        cols=3,
        match_rows=True,
        match_diagonals=True,
        opening_reveals=3,
        flip_after_reject="may",
        going_out_penalty="plus10",
    ),
    "four-of-a-kind": RuleSet(
        name="four-of-a-kind", cols=4, four_of_a_kind=-10, match_value=-4, jacks_zero=True, twos_face_value=True
    ),
    "eight-knock": RuleSet(
        name="eight-knock",
        players=8,
        cols=2,
        opening_reveals=0,
        peek_near_row=True,
        ending="knock",
        final_turn=False,
        flip_after_reject="never",
    ),
    "joker-pairs": RuleSet(name="joker-pairs", players=3, jokers=True, joker_pair_value=-4, joker_value=-5),
    # The fullest table: seven cards of stock after the deal, so it runs out and is
    # reshuffled again and again.
    "eight-seats": RuleSet(name="eight-seats", players=8, rows=3, cols=4, decks=2),
}


def walk(rules: RuleSet, seed: int, steps: int) -> GolfState:
    """A match played ``steps`` actions on by a mix of random and greedy moves."""
    rng = random.Random(seed)
    state = GolfState.new(seed, rules)
    movers = [RandomPlayer(seed), GreedyPlayer()]
    for _ in range(steps):
        if state.is_over:
            break
        seat = (state.to_act() or (0,))[0]
        mover = movers[rng.random() < 0.6]
        state.apply(seat, action_from_json(mover.choose(view(state, seat))))
    return state


def decision_views(rules: RuleSet, seed: int, steps: int) -> tuple[GolfState, int, dict]:
    """A state walked to a point where some seat has a choice, that seat, and its view."""
    state = walk(rules, seed, steps)
    if state.is_over:
        state = walk(rules, seed, 0)
    seat = (state.to_act() or (0,))[0]
    if state.phase is Phase.HOLE_OVER:
        state.apply(seat, action_from_json({"action": "next_hole"}))
        seat = state.to_act()[0]
    return state, seat, view(state, seat)
