"""Each seat's chance to win after every step of a finished match: shares that sum to 1,
the winner's whole at the end, the same every time, blind to what came later and to the
stock's true order; and the turning points and the peak told from them."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.arena import CUSTOM_RULES
from app.golf.actions import action_from_json
from app.golf.engine import GolfState, replay
from app.golf.phases import Phase
from app.golf.rules import PRESETS, RuleSet
from app.golf.view import view
from app.players import RandomPlayer
from app.players.greedy import GreedyPlayer
from app.players.turning_points import PER_SEAT, peak_of, sentence, turning_points
from app.players.win_chance import (
    Futures,
    choices,
    match_steps,
    playout_player,
    rounded,
    step_chance,
    step_holes,
    win_chances,
    win_shares,
)

SEEDS = st.integers(0, 2**32 - 1)
RELAXED = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = 4  # sampled futures a step in these tests: the properties hold for any number


@st.composite
def small_rules(draw) -> RuleSet:
    """A preset at a table of two to four, over one or two holes."""
    preset = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    players = draw(st.integers(2, 4))
    return RuleSet(**{**preset.model_dump(), "players": players, "holes": draw(st.integers(1, 2))})


def played(rules: RuleSet, seed: int, players=None, prefix: list[str] | None = None) -> GolfState:
    """A match of ``rules`` played to its end (after ``prefix``, if given) by ``players``
    (greedy by default), one a seat."""
    players = players or [GreedyPlayer(seed + seat) for seat in range(rules.players)]
    state = replay(seed, rules, prefix or [])
    for _ in range(20_000):
        if state.is_over:
            return state
        if state.phase is Phase.HOLE_OVER:
            state.apply(0, action_from_json({"action": "next_hole"}))
            continue
        seat = state.to_act()[0]
        state.apply(seat, action_from_json(players[seat].choose(view(state, seat))))
    raise AssertionError("the match did not end")


@settings(max_examples=12, **RELAXED)
@given(rules=small_rules(), seed=SEEDS)
def test_every_step_has_shares_between_0_and_1_that_sum_to_1_and_the_end_is_the_winners(rules, seed):
    state = played(rules, seed)
    chances = win_chances(rules, seed, state.log, samples=FEW)
    assert len(chances) == len(state.log) + 1
    for entry in chances:
        assert len(entry) == rules.players
        assert all(0 <= share <= 1 for share in entry)
        assert abs(sum(entry) - 1) < 1e-9
    # The match is over: its winner has the whole chance, tied winners share it.
    totals = state.totals()
    winners = [seat for seat, total in enumerate(totals) if total == min(totals)]
    assert chances[-1] == [1 / len(winners) if seat in winners else 0.0 for seat in range(rules.players)]
    # Rounded as stored and sent, each step still sums to 1.
    for entry in rounded(chances):
        assert abs(sum(entry) - 1) < 1e-9 and all(0 <= share <= 1 for share in entry)


@settings(max_examples=6, **RELAXED)
@given(rules=small_rules(), seed=SEEDS)
def test_a_match_decided_before_its_last_hole_gives_its_winner_the_whole_chance_from_then_on(rules, seed):
    # The last hole's deal, with the others so far behind that no hole could bring them back.
    two_holes = RuleSet(**{**rules.model_dump(), "holes": 2})
    state = played(two_holes, seed)
    log = state.log
    dealt = next(i for i, entry in enumerate(log) if entry.endswith("n"))  # the second hole's deal
    steps = match_steps(two_holes, seed, log)
    policy = playout_player(two_holes)
    futures = Futures(two_holes, seed, FEW, policy)
    scored = steps[dealt]  # the first hole scored, the second not yet dealt
    assert scored.phase is Phase.HOLE_OVER
    # Far ahead: more than any hole's scores could ever make up.
    worst = 1000
    scored.hole_scores = [[0] + [worst] * (two_holes.players - 1)]
    assert step_chance(scored, choices(scored, policy), futures) == [1.0] + [0.0] * (two_holes.players - 1)
    dealing = steps[dealt + 1]
    dealing.hole_scores = [[0] + [worst] * (two_holes.players - 1)]
    assert step_chance(dealing, choices(dealing, policy), futures) == [1.0] + [0.0] * (two_holes.players - 1)


@pytest.mark.parametrize("name", sorted(CUSTOM_RULES))
def test_every_house_rule_and_odd_table_is_worked_out(name):
    # The rule sets the arena's sweep plays beyond the presets: knocking at eight seats,
    # no flip after a throw, optional flips, flips as actions, golfgame's bonuses.
    rules = RuleSet(**{**CUSTOM_RULES[name].model_dump(), "holes": 1})
    state = played(rules, 3)
    chances = win_chances(rules, 3, state.log, samples=2)
    assert len(chances) == len(state.log) + 1 and all(abs(sum(c) - 1) < 1e-9 for c in chances)
    assert chances[-1] == win_shares(state.totals())
    assert len(turning_points(rules, 3, state.log, rounded(chances), [0])) <= PER_SEAT


def test_the_same_match_gets_the_same_chances():
    rules = RuleSet(players=3, holes=2)
    state = played(rules, 5)
    assert win_chances(rules, 5, state.log) == win_chances(rules, 5, state.log)


def test_a_steps_chance_knows_nothing_of_what_came_after_it():
    rules = RuleSet(holes=2)
    first = played(rules, 17)
    middle = len(first.log) // 2
    # The same match to that step, then played on quite otherwise.
    other = played(rules, 17, [RandomPlayer(3), RandomPlayer(4)], prefix=first.log[:middle])
    assert other.log[:middle] == first.log[:middle] and other.log != first.log
    one = win_chances(rules, 17, first.log, samples=FEW)
    two = win_chances(rules, 17, other.log, samples=FEW)
    assert one[: middle + 1] == two[: middle + 1]
    assert one != two


def test_the_stocks_true_order_is_not_used():
    rules = RuleSet(players=3)
    state = played(rules, 23)
    steps = match_steps(rules, 23, state.log)
    policy = playout_player(rules)
    futures = Futures(rules, 23, FEW, policy)
    step = next(s for s in steps if s.phase is Phase.DRAW and len(s.stock) > 5)
    shuffled = step.clone()
    random.Random(1).shuffle(shuffled.stock)
    assert shuffled.stock != step.stock
    assert step_chance(step, choices(step, policy), futures) == step_chance(
        shuffled, choices(shuffled, policy), futures
    )


def test_a_seat_far_ahead_after_the_first_hole_is_likely_to_win():
    # Far ahead after the first of two holes, a seat's chance is high: above even odds.
    rules = RuleSet(holes=2)
    for seed in range(40):
        state = played(rules, seed)
        first = state.hole_scores[0]
        if abs(first[0] - first[1]) >= 15:
            break
    else:
        raise AssertionError("no match with a first hole won by 15 points")
    chances = win_chances(rules, seed, state.log)
    dealt = next(i for i, entry in enumerate(state.log) if entry.endswith("n")) + 1
    leader = 0 if first[0] < first[1] else 1
    assert chances[dealt][leader] > 0.75


def test_step_holes_counts_the_deals():
    rules = RuleSet(holes=3)
    state = played(rules, 2)
    holes = step_holes(state.log)
    assert holes[0] == 1 and holes[-1] == 3 and len(holes) == len(state.log) + 1
    assert holes == sorted(holes)


def test_win_shares_split_a_tie():
    assert win_shares([10, 4, 4, 9]) == [0.0, 0.5, 0.5, 0.0]
    assert win_shares([3, 8]) == [1.0, 0.0]


# ----------------------------------------------------------------- turning points and the peak

SAID = re.compile(r"^Hole (\d+): (.+) (cost|gained|gave) you (\d+) points? of chance")


def test_the_turning_points_are_each_persons_largest_changes_told_in_words():
    rules = RuleSet(players=3, holes=2)
    state = played(rules, 8)
    chances = rounded(win_chances(rules, 8, state.log, samples=FEW))
    points = turning_points(rules, 8, state.log, chances, [0, 2])
    assert {p.seat for p in points} <= {0, 2}
    names = ["Ann", "Bea", "Cid"]
    holes = step_holes(state.log)
    for seat in (0, 2):
        mine = [p for p in points if p.seat == seat]
        assert len(mine) <= PER_SEAT
        moves = sorted((abs(chances[s][seat] - chances[s - 1][seat]) for s in range(1, len(chances))), reverse=True)
        assert [round(abs(p.change), 4) for p in mine] == [round(m, 4) for m in moves[: len(mine)]]
        for point in mine:
            assert abs(point.change - (chances[point.step][seat] - chances[point.step - 1][seat])) < 1e-9
            said = SAID.match(sentence(point.to_json(), names))
            assert said, sentence(point.to_json(), names)
            assert int(said[1]) == holes[point.step] or point.actor is None
            assert (said[3] == "cost") == (point.change < 0)
            if point.actor is not None and point.actor != seat:
                assert said[2].startswith(names[point.actor])  # another's move, by name
            if point.actor == seat and state.log[point.step - 1][1:] != "n":
                assert point.verdict is not None and point.reason  # the review's verdict and reason
    changes = [abs(p.change) for p in points]
    assert changes == sorted(changes, reverse=True)


def test_a_sentence_of_the_persons_own_mistake_names_the_better_move():
    point = {
        "hole": 4,
        "change": -0.183,
        "seat": 0,
        "actor": 0,
        "doing": "swapping the jack for your 2",
        "did": "",
        "verdict": "mistake",
        "would": "Throw the jack of clubs away",
        "reason": "Throw the jack of clubs away: it is worth more than anything it could replace.",
    }
    assert sentence(point, ["Ann", "Bea"]) == (
        "Hole 4: swapping the jack for your 2 cost you 18 points of chance: better, throw the jack of clubs "
        "away. It is worth more than anything it could replace."
    )
    deal = {**point, "actor": None, "change": 0.2, "verdict": None, "would": None, "reason": None}
    assert sentence(deal, ["Ann", "Bea"]) == "Hole 4: the deal gave you 20 points of chance."
    theirs = {**point, "actor": 1, "did": "took the 5 from the discard pile", "change": -0.07}
    assert sentence(theirs, ["Ann", "Bea"]) == (
        "Hole 4: Bea took the 5 from the discard pile, which cost you 7 points of chance."
    )


def test_the_peak_is_before_the_match_was_decided():
    holes = [1, 1, 2, 2, 2]
    # The winner's chance reached 100% at step 3 and stayed: its peak is the highest before.
    chances = [[0.5, 0.5], [0.6, 0.4], [0.8, 0.2], [1.0, 0.0], [1.0, 0.0]]
    assert peak_of(chances, holes, 0) == {"percent": 80, "hole": 2}
    assert peak_of(chances, holes, 1) == {"percent": 50, "hole": 1}
    # Nearly certain is not certain.
    assert peak_of([[0.996, 0.004], [1.0, 0.0]], [1, 1], 0) == {"percent": 99, "hole": 1}
    # An estimate that touched 100% and fell again was not certain either.
    assert peak_of([[0.5, 0.5], [1.0, 0.0], [0.97, 0.03], [1.0, 0.0]], [1, 2, 2, 2], 0) == {"percent": 99, "hole": 2}
    # Decided from the deal: no peak to speak of.
    assert peak_of([[1.0, 0.0], [1.0, 0.0]], [1, 1], 0) is None
