"""Reading a view, and the expected scores every level's judgement rests on."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest

from app.cards import new_deck
from app.golf.actions import action_from_json
from app.golf.engine import GolfState
from app.golf.rules import PRESETS, RuleSet
from app.golf.scoring import score_grid
from app.golf.view import view
from app.players import RandomPlayer
from app.players.greedy import GreedyPlayer
from app.players.knowledge import Odds, read_table
from tests.players.positions import RULE_SETS, walk

UNSEEN = Counter({"Q": 3, "7": 2, "K": 4, "2": 1, "5": 6})


def exact_line_expectation(rules: RuleSet, known: tuple, unseen: Counter) -> float:
    """Enumerate every way to fill the unknown cells of one column from the unseen cards."""
    cards = list(unseen.elements())
    unknown = [i for i, r in enumerate(known) if r is None]
    total, count = Fraction(0), 0
    for picks in itertools.permutations(range(len(cards)), len(unknown)):
        line = list(known)
        for i, pick in zip(unknown, picks):
            line[i] = cards[pick]
        total += _score_column(line, rules)
        count += 1
    return float(total / count)


def _score_column(line: list[str], rules: RuleSet) -> int:
    """One column on its own, as the rules score it."""
    if all(r == line[0] for r in line):
        return rules.match_value
    return sum(rules.values[r] for r in line)


@pytest.mark.parametrize("known", [("Q", None), (None, "7"), (None, None), ("K", "K"), ("Q", "5")])
def test_a_two_card_column_is_expected_exactly(known):
    rules = PRESETS["standard"]
    odds = Odds(rules, UNSEEN)
    assert odds.column(known) == pytest.approx(exact_line_expectation(rules, known, UNSEEN))


@pytest.mark.parametrize("known", [("7", None, None), (None, None, None), ("5", "5", None)])
def test_a_three_card_column_is_expected_exactly(known):
    rules = RuleSet(rows=3, cols=3, opening_reveals=3, match_value=-4)
    odds = Odds(rules, UNSEEN)
    assert odds.column(known) == pytest.approx(exact_line_expectation(rules, known, UNSEEN))


@pytest.mark.parametrize(
    "rules",
    [PRESETS["standard"], PRESETS["nine-card"], RuleSet(cols=4, four_of_a_kind=-10, jokers=True, joker_pair_value=-4)],
)
def test_a_known_grid_scores_as_the_rules_say_and_swaps_add_up(rules):
    odds = Odds(rules, UNSEEN)
    grids = [
        ["Q", "7", "K", "Q", "5", "2", "7", "K", "5", "Q", "X", "X"],
        ["5", "5", "K", "5", "5", "K", "2", "A", "J", "9", "X", "X"],
    ]
    for cards in grids:
        grid = cards[: rules.cells]
        assert odds.grid(grid) == score_grid(grid, rules)
        for position, rank in itertools.product(range(rules.cells), ["5", "K", None]):
            after = list(grid)
            after[position] = rank
            assert odds.swap_change(grid, position, rank) == pytest.approx(odds.grid(after) - odds.grid(grid))


def test_reading_a_view_counts_every_card_once():
    state = walk(PRESETS["standard"], 3, steps=20)
    seat = state.turn if state.turn is not None else 0
    table = read_table(view(state, seat))
    seen = [c for grid in table.grids for c in grid if c] + table.discard + ([table.held] if table.held else [])
    assert len(seen) + len(table.unseen) == 52
    assert not set(seen) & set(table.unseen)
    assert table.grids[0] == [c if up else None for c, up in zip(state.grids[seat], state.face_up[seat])]


def unknown_to(state, seat: int) -> Counter:
    """The cards whose place ``seat`` cannot know, from the true state: face-down cards it
    has not peeked at (or peeked at before its first turn of the hole, which it is left to
    remember), the stock, and a card another seat holds from the stock."""
    peeking = state.turns[seat] == 0
    cards = Counter(state.stock)
    for other, (grid, up) in enumerate(zip(state.grids, state.face_up)):
        for position, (card, shown) in enumerate(zip(grid, up)):
            if not shown and not (peeking and other == seat and position in state.peeked[seat]):
                cards[card] += 1
    if state.held is not None and state.turn != seat and state.held_source == "stock":
        cards[state.held] += 1
    return cards


@pytest.mark.parametrize("rules_name", sorted(RULE_SETS))
def test_the_unseen_pool_is_exactly_the_cards_the_seat_cannot_place(rules_name):
    """At every decision of random and greedy play, for the seat to act and every other
    seat: the unseen pool plus everything seen is the deck(s), card for card, and the pool
    is exactly the cards that seat cannot know."""
    rules = RULE_SETS[rules_name]
    deck = Counter(new_deck(rules.deck_count, rules.jokers))
    held_from_pile_empty_stock = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = GolfState.new(seed, rules)
        movers = [RandomPlayer(seed), GreedyPlayer()]
        for _ in range(300):
            if state.is_over:
                break
            seat = state.to_act()[0] if state.to_act() else 0
            for viewer in range(rules.players):
                seen_from = view(state, viewer)
                table = read_table(seen_from)
                seen = [c for grid in table.grids for c in grid if c] + table.discard
                seen += [table.held] if table.held else []
                seen += [p["holding_card"] for p in seen_from["players"][1:] if p.get("holding_card")]
                assert Counter(seen) + Counter(table.unseen) == deck
                assert Counter(table.unseen) == unknown_to(state, viewer)
            if state.held_source == "discard" and not state.stock:
                held_from_pile_empty_stock += 1
            mover = movers[rng.random() < 0.5]
            state.apply(seat, action_from_json(mover.choose(view(state, seat))))
    if rules_name == "eight-seats":
        assert held_from_pile_empty_stock, "the position where a pile card was counted twice was reached"
