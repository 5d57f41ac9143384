"""Properties of golfgame's house rules over random seeds, random rule sets with house
rules among every other field, random grids and random legal play."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, reject, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from app.golf.actions import FLIPS, SKIP, Flip, Reject
from app.golf.engine import GolfState, IllegalAction, replay
from app.golf.events import EventKind
from app.golf.phases import Phase
from app.golf.rules import RuleSet
from app.golf.score_explained import explain_grid
from app.golf.scoring import (
    apply_going_out_penalty,
    hole_adjustments,
    hole_scores,
    matched_lines,
    score_grid,
)

from .golfkit import cards_in_play
from .test_properties import EVERY_ACTION, PLAY, RELAXED, check_views, random_play, rule_sets


def house_rule_sets(holes=st.integers(1, 2)):
    """Any valid RuleSet, every house rule among the fields drawn."""
    return rule_sets(holes, house_rules=True)


ALL_ACTIONS = [*EVERY_ACTION, *FLIPS]


@st.composite
def grids(draw, rules: RuleSet) -> list[str]:
    """A grid of cards the rules' deck can deal, in any order."""
    deck = rules.deck()
    return draw(st.permutations(deck))[: rules.cells]


# ----------------------------------------------------------------- whole matches


@settings(max_examples=50, **RELAXED)
@given(rules=house_rule_sets(holes=st.sampled_from([1, 2, 9])), **PLAY)
def test_every_hole_scores_its_grids_and_then_the_holes_own_rules(rules, seed, play_seed, knock_chance):
    state = GolfState.new(seed, rules)
    deck = Counter(rules.deck())
    assert sum(1 for card in deck.elements() if card[0] == "X") == rules.joker_count
    for _seat, _action, events in random_play(state, random.Random(play_seed), knock_chance):
        assert cards_in_play(state) == deck
        for happened in events:
            if happened.kind is EventKind.HOLE_SCORED:
                grid_scores = [score_grid(g, rules) for g in state.grids]
                assert list(happened.scores) == hole_scores(grid_scores, state.closed_by, rules)
                assert state.hole_scores[-1] == list(happened.scores)
    assert state.phase is Phase.MATCH_OVER and len(state.hole_scores) == rules.holes
    assert replay(seed, rules, state.log) == state


@settings(max_examples=40, **RELAXED)
@given(rules=house_rule_sets(holes=st.just(1)), **PLAY)
def test_a_flip_as_a_turn_turns_one_face_down_card_up_and_nothing_else(rules, seed, play_seed, knock_chance):
    state = GolfState.new(seed, rules)
    before = state.clone()
    for seat, action, events in random_play(state, random.Random(play_seed), knock_chance):
        if isinstance(action, Flip):
            assert rules.flip_as_action and before.phase is Phase.DRAW and before.turn == seat
            assert not before.face_up[seat][action.position] and state.face_up[seat][action.position]
            assert state.grids == before.grids and state.stock == before.stock and state.discard == before.discard
            assert events[0].kind is EventKind.REVEAL and events[0].card == state.grids[seat][action.position]
            assert state.turns[seat] == before.turns[seat] + 1
            assert state.turn != seat or state.phase in (Phase.HOLE_OVER, Phase.MATCH_OVER)
        before = state.clone()


@settings(max_examples=40, **RELAXED)
@given(rules=house_rule_sets(holes=st.just(1)), **PLAY)
def test_a_reveal_follows_a_throw_only_as_the_flip_rule_says(rules, seed, play_seed, knock_chance):
    state = GolfState.new(seed, rules)
    before = state.clone()
    for seat, action, _events in random_play(state, random.Random(play_seed), knock_chance):
        if isinstance(action, Reject):
            rule = rules.flip_after_reject
            someone_near_done = any(up.count(False) <= 1 for up in before.face_up)
            due = (rule in ("must", "may") or (rule == "endgame" and someone_near_done)) and not all(
                before.face_up[seat]
            )
            assert (state.phase is Phase.FLIP) == due
            if due:
                assert (SKIP in state.legal_actions(seat)) == (rule != "must")
        before = state.clone()


@settings(max_examples=30, **RELAXED)
@given(rules=house_rule_sets(holes=st.just(1)), **PLAY)
def test_legal_actions_with_house_rules_are_the_single_source_of_truth(rules, seed, play_seed, knock_chance):
    state = GolfState.new(seed, rules)
    rng = random.Random(play_seed)
    steps = iter(random_play(state, rng, knock_chance))
    while True:
        for seat in range(rules.players):
            legal = state.legal_actions(seat)
            assert [a for a in ALL_ACTIONS if state.allows(seat, a)] == [a for a in ALL_ACTIONS if a in legal]
            flips = [a for a in legal if isinstance(a, Flip)]
            expected = (
                [Flip(p) for p in range(rules.cells) if not state.face_up[seat][p]]
                if rules.flip_as_action and state.phase is Phase.DRAW and state.turn == seat
                else []
            )
            assert flips == expected
            for action in rng.sample(FLIPS, 3):
                if action in legal:
                    continue
                before = state.clone()
                try:
                    state.apply(seat, action)
                except IllegalAction as refused:
                    assert len(str(refused)) > 10
                else:
                    raise AssertionError(f"{action} by seat {seat} was accepted though not offered")
                assert state == before
        if next(steps, None) is None:
            break


@settings(max_examples=25, **RELAXED)
@given(rules=house_rule_sets(holes=st.just(1)), **PLAY)
def test_no_view_under_house_rules_holds_a_card_its_seat_may_not_know(rules, seed, play_seed, knock_chance):
    state = GolfState.new(seed, rules)
    rng = random.Random(play_seed)
    for _seat, _action, events in random_play(state, rng, knock_chance):
        check_views(state, events, rng)


# ----------------------------------------------------------------- scoring a grid


def loose(cards: list[str], rules: RuleSet) -> list[str]:
    matched = {p for line in matched_lines(cards, rules) for p in line}
    return [card for p, card in enumerate(cards) if p not in matched]


VALUE_RULES = {"super_kings": "K", "ten_penny": "T", "one_eyed_jacks": "J"}


@settings(max_examples=200, deadline=None)
@given(data=st.data(), rules=house_rule_sets(), rule=st.sampled_from(sorted(VALUE_RULES)))
def test_a_card_value_rule_changes_only_what_its_loose_cards_score(data, rules, rule):
    off = RuleSet(**{**rules.model_dump(), rule: False})
    try:
        on = RuleSet(**{**rules.model_dump(), rule: True})
    except ValidationError:
        reject()
    cards = data.draw(grids(on))
    changed = sum(on.points_of(c) - off.points_of(c) for c in loose(cards, on))
    assert score_grid(cards, on) - score_grid(cards, off) == changed
    assert all(c[0] == VALUE_RULES[rule] for c in loose(cards, on) if on.points_of(c) != off.points_of(c))


@settings(max_examples=200, deadline=None)
@given(data=st.data(), rules=house_rule_sets())
def test_the_explanation_adds_up_to_the_score_and_the_wolfpack_needs_two_jack_pairs(data, rules):
    cards = data.draw(grids(rules))
    explained = explain_grid(cards, rules)
    assert explained["score"] == score_grid(cards, rules) == sum(line["points"] for line in explained["lines"])
    jack_pairs = [line for line in matched_lines(cards, rules) if line in rules.columns and cards[line[0]][0] == "J"]
    without = RuleSet(**{**rules.model_dump(), "wolfpack": 0})
    bonus = rules.wolfpack if len(jack_pairs) >= 2 else 0
    assert score_grid(cards, rules) - score_grid(cards, without) == bonus
    assert any(line["line"] == "wolfpack" for line in explained["lines"]) == (bonus != 0)


# ----------------------------------------------------------------- the hole's end

SCORES = st.lists(st.integers(-30, 60), min_size=2, max_size=8)


@st.composite
def hole_ends(draw):
    scores = draw(SCORES)
    closer = draw(st.none() | st.integers(0, len(scores) - 1))
    return scores, closer


@given(end=hole_ends(), penalty=st.sampled_from(["none", "double", "plus10"]))
def test_without_the_holes_own_house_rules_a_hole_scores_as_in_the_standard_game(end, penalty):
    scores, closer = end
    rules = RuleSet(going_out_penalty=penalty)
    assert hole_scores(scores, closer, rules) == apply_going_out_penalty(scores, closer, rules)


@given(end=hole_ends())
def test_blackjack_makes_exactly_the_21s_zero(end):
    scores, closer = end
    result = hole_scores(scores, closer, RuleSet(blackjack=True))
    assert result == [0 if s == 21 else s for s in scores]


@given(end=hole_ends(), bonus=st.integers(-10, -1))
def test_the_going_out_bonus_is_the_closers_alone(end, bonus):
    scores, closer = end
    result = hole_scores(scores, closer, RuleSet(going_out_bonus=bonus))
    assert result == [s + bonus if seat == closer else s for seat, s in enumerate(scores)]


@given(scores=SCORES, bonus=st.integers(-10, -1))
def test_every_lowest_score_gets_the_underdog_bonus_and_no_other(scores, bonus):
    result = hole_scores(scores, None, RuleSet(underdog_bonus=bonus))
    lowest = min(scores)
    assert result == [s + bonus if s == lowest else s for s in scores]
    assert min(result) == lowest + bonus


@given(scores=SCORES, shame=st.integers(1, 10))
def test_tied_shame_charges_exactly_the_scores_someone_else_has(scores, shame):
    result = hole_scores(scores, None, RuleSet(tied_shame=shame))
    counts = Counter(scores)
    assert result == [s + shame if counts[s] > 1 else s for s in scores]


@given(end=hole_ends(), blackjack=st.booleans(), bonus=st.integers(-10, 0), under=st.integers(-10, 0))
def test_the_holes_adjustments_add_up_to_its_scores(end, blackjack, bonus, under):
    scores, closer = end
    rules = RuleSet(blackjack=blackjack, going_out_bonus=bonus, underdog_bonus=under, tied_shame=5)
    steps = hole_adjustments(scores, closer, rules)
    assert [s + sum(step["points"] for step in seat) for s, seat in zip(scores, steps)] == hole_scores(
        scores, closer, rules
    )
    assert all(step["text"] and step["points"] for seat in steps for step in seat)


@given(score=st.integers(-30, 60), closer=st.booleans())
def test_a_score_alone_takes_only_what_a_grid_decides_by_itself(score, closer):
    rules = RuleSet(blackjack=True, going_out_bonus=-5, underdog_bonus=-3, tied_shame=5, going_out_penalty="plus10")
    expected = (0 if score == 21 else score) + (-5 if closer else 0)
    assert hole_scores([score], 0 if closer else None, rules) == [expected]
