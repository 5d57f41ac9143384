"""Players see what a person in their seat would see, and nothing else."""

from __future__ import annotations

import json
import random

import pytest

import app.arena as arena
from app.golf.phases import Phase
from app.golf.rules import PRESETS
from app.golf.view import view as real_view
from app.players import LEVELS, get_player
from app.players.knowledge import read_table
from app.players.rollout import determinize
from tests.players.positions import RULE_SETS, walk


def hidden_cards(state, seat: int) -> set[str]:
    """Every card the seat may not know: the stock, others' face-down cards, its own
    face-down ones but those it peeked at while the peek lasts (until its first turn)."""
    peeking = state.turns[seat] == 0
    hidden = set(state.stock)
    for other, (grid, up) in enumerate(zip(state.grids, state.face_up)):
        for position, (card, shown) in enumerate(zip(grid, up)):
            if not shown and not (other == seat and peeking and position in state.peeked[seat]):
                hidden.add(card)
    if state.held is not None and state.turn != seat and state.held_source == "stock":
        hidden.add(state.held)
    return hidden


def test_the_arena_gives_players_views_that_hold_no_hidden_card(monkeypatch):
    """With one deck every code is one card, so a hidden card's code must appear nowhere."""
    checked = []

    def spying_view(state, seat):
        seen = real_view(state, seat)
        if state.phase not in (Phase.HOLE_OVER, Phase.MATCH_OVER):
            text = json.dumps(seen)
            assert not [card for card in hidden_cards(state, seat) if f'"{card}"' in text]
            checked.append(seat)
        return seen

    monkeypatch.setattr(arena, "view", spying_view)
    rules = PRESETS["standard"].model_copy(update={"holes": 2})
    arena.play_match(["expert", "hard"], rules, seed=3, number=0)
    arena.play_match(["medium", "easy"], PRESETS["four-card"].model_copy(update={"holes": 2}), seed=3, number=1)
    assert len(set(checked)) == 2 and len(checked) > 40


def swap_hidden_cards(state) -> bool:
    """Exchange the opponent's first face-down card with the next stock card: the same view,
    a different truth. False when there is nothing to exchange."""
    seat = (state.turn + 1) % state.rules.players if state.turn is not None else 1
    face_down = [p for p, up in enumerate(state.face_up[seat]) if not up]
    if not face_down or not state.stock:
        return False
    p = face_down[0]
    state.grids[seat][p], state.stock[-1] = state.stock[-1], state.grids[seat][p]
    return True


@pytest.mark.parametrize("level", [*LEVELS, "greedy"])
def test_a_level_decides_the_same_whatever_the_hidden_cards_are(level):
    """Two states that look the same from the seat get the same choice from the same seed."""
    compared = 0
    for seed in range(12):
        state = walk(PRESETS["standard"], seed, steps=8 + 3 * seed)
        if state.turn is None:
            continue
        other = state.clone()
        if not swap_hidden_cards(other):
            continue
        seat = state.turn
        assert real_view(state, seat) == real_view(other, seat)
        first = get_player(level, seed=seed).choose(real_view(state, seat))
        second = get_player(level, seed=seed).choose(real_view(other, seat))
        assert first == second
        compared += 1
    assert compared >= 6


@pytest.mark.parametrize("rules_name", sorted(RULE_SETS))
def test_a_sampled_deal_looks_exactly_like_the_view_it_came_from(rules_name):
    """The Expert's samples agree with everything the seat can see, in every rule set."""
    keys = ("phase", "closing", "stock_count", "discard", "held", "legal", "opening_left")
    for seed in range(6):
        state = walk(RULE_SETS[rules_name], seed, steps=10 + 7 * seed)
        if state.turn is None or state.phase not in (Phase.DRAW, Phase.PLACE, Phase.FLIP):
            continue
        seen = real_view(state, state.turn)
        sample = determinize(read_table(seen), random.Random(seed))
        again = real_view(sample, 0)
        assert {k: again[k] for k in keys} == {k: seen[k] for k in keys}
        for mine, theirs in zip(again["players"], seen["players"]):
            assert [c["card"] for c in mine["grid"]] == [c["card"] for c in theirs["grid"]]
            assert mine["final_turn_pending"] == theirs["final_turn_pending"]
        assert sorted(
            sum(sample.grids, []) + sample.stock + sample.discard + [sample.held] * bool(sample.held)
        ) == sorted(sum(state.grids, []) + state.stock + state.discard + [state.held] * bool(state.held))


def test_players_leave_the_global_random_alone():
    random.seed(5)
    before = random.getstate()
    state = walk(PRESETS["standard"], 4, steps=12)
    seen = real_view(state, state.turn)
    random.setstate(before)
    for level in [*LEVELS, "greedy", "random"]:
        get_player(level, seed=1).choose(seen)
    assert random.getstate() == before
