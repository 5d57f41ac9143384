"""Every computer level under golfgame's house rules: the values and bonuses are the
rules', in positions a person can check by eye, in the expected scores every level's
judgement rests on, in the hint and the review, and in whole holes."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.arena import play_match
from app.golf.actions import action_from_json
from app.golf.engine import GolfState
from app.golf.layouts import from_deal
from app.golf.rules import RuleSet
from app.golf.scoring import hole_scores, score_grid
from app.golf.view import view
from app.players import get_player, hint
from app.players.advice import Explainer
from app.players.heuristic import Advisor
from app.players.knowledge import Odds, read_table
from app.players.review import judge
from tests.players.positions import decision_views, walk

LEVELS = ("easy", "medium", "hard", "expert")

HOUSE_RULE_SETS: dict[str, RuleSet] = {
    "golfgame-values": RuleSet(
        name="golfgame-values",
        players=3,
        super_kings=True,
        ten_penny=True,
        one_eyed_jacks=True,
        jokers=True,
        single_joker=True,
        joker_value=-5,
        wolfpack=-20,
        four_of_a_kind=-20,
        holes=2,
    ),
    "golfgame-hole": RuleSet(
        name="golfgame-hole",
        players=4,
        blackjack=True,
        going_out_bonus=-5,
        going_out_penalty="plus10",
        underdog_bonus=-3,
        tied_shame=5,
        flip_after_reject="endgame",
        flip_as_action=True,
        holes=2,
    ),
    "flip-never": RuleSet(
        name="flip-never", flip_after_reject="never", flip_as_action=True, opening_reveals=1, one_eyed_jacks=True
    ),
    "knock-bonus": RuleSet(
        name="knock-bonus", ending="knock", going_out_bonus=-5, underdog_bonus=-3, blackjack=True, cols=4
    ),
}


def position(
    rules: RuleSet,
    mine: str,
    theirs: str,
    discard: str,
    up: tuple[int, ...],
    draw: str | None = None,
    stock: str = "7S 2S 3S 4S 6H",
) -> dict:
    """Seat 0 to play (its cards at ``up`` face up, the other's first two), as seat 0 sees it;
    with ``draw``, seat 0 has drawn from there."""
    state = from_deal(rules, [mine.split(), theirs.split()], discard.split(), stock.split())
    for seat, shown in ((0, up), (1, (0, 1))):
        for p in shown[:2]:
            state.apply(seat, action_from_json({"action": "reveal", "position": p}))
        for p in shown[2:]:
            state.face_up[seat][p] = True  # turned up in earlier turns
    if draw:
        state.apply(0, action_from_json({"action": "draw", "source": draw}))
    return view(state, 0)


def choices(seen: dict, levels=LEVELS) -> dict[str, dict]:
    return {level: get_player(level, seed=1).choose(seen) for level in levels}


TAKE = {"action": "draw", "source": "discard"}
STOCK = {"action": "draw", "source": "stock"}


# ----------------------------------------------------------------- card values


def test_ten_penny_makes_a_ten_on_the_pile_worth_taking():
    spot = dict(mine="9H 4C 5S 7D QS 3H", theirs="KH 8C 6S 2D JS QH", discard="5C TD", up=(0, 1, 2, 3))
    taking = choices(position(RuleSet(ten_penny=True), **spot), ("easy", "medium", "hard"))
    assert taking == dict.fromkeys(("easy", "medium", "hard"), TAKE)
    advice = hint(position(RuleSet(ten_penny=True), **spot))
    assert advice == {
        "action": TAKE,
        "reason": "Take the 10 of diamonds: it is 8 points lower than your 9 at top row, column 1.",
    }
    assert choices(position(RuleSet(), **spot)) == dict.fromkeys(LEVELS, STOCK)


def test_a_one_eyed_jack_on_the_pile_is_taken_and_a_two_eyed_one_is_not():
    spot = dict(mine="9H 4C 5S 7D QS 3H", theirs="KH 8C 6S 2D JC QH", discard="5C JH", up=(0, 1, 2, 3))
    one_eyed = RuleSet(one_eyed_jacks=True)
    assert choices(position(one_eyed, **spot)) == dict.fromkeys(LEVELS, TAKE)
    assert hint(position(one_eyed, **spot))["reason"] == (
        "Take the jack of hearts: it is 9 points lower than your 9 at top row, column 1."
    )
    assert choices(position(RuleSet(), **spot)) == dict.fromkeys(LEVELS, STOCK)
    two_eyed = dict(spot, theirs="KH 8C 6S 2D JH QH", discard="5C JD")
    assert choices(position(one_eyed, **two_eyed)) == dict.fromkeys(LEVELS, STOCK)


def test_with_super_kings_a_king_is_kept_apart_from_the_other_king():
    """A king held over a 2 and a face-down card: paired with the king showing it saves
    what a pair saves; under Super Kings two loose kings are worth -4, so it goes elsewhere."""
    spot = dict(mine="KH 4C 4D 6S 2C 5H", theirs="QH 8C 6C 2D JS QD", discard="5C 9D", up=(0, 1, 2, 3, 5))
    spot.update(draw="stock", stock="KD 2S 3S 4S")
    spot_state = dict(spot)
    kept = choices(position(RuleSet(super_kings=True), **spot_state), ("medium", "hard", "expert"))
    assert kept == dict.fromkeys(("medium", "hard", "expert"), {"action": "swap", "position": 4})
    paired = choices(position(RuleSet(), **spot_state), ("medium", "hard", "expert"))
    assert paired == dict.fromkeys(("medium", "hard", "expert"), {"action": "swap", "position": 3})


def test_the_wolfpack_is_worth_a_second_pair_of_jacks():
    spot = dict(
        mine="JH JC 9S JD AC 5D", theirs="QH 8C 6C 2D KS QD", discard="5C JS", up=(0, 1, 2, 3, 4), draw="discard"
    )
    pack = RuleSet(jacks_zero=True, wolfpack=-20)
    assert choices(position(pack, **spot), ("medium", "hard", "expert")) == dict.fromkeys(
        ("medium", "hard", "expert"), {"action": "swap", "position": 4}
    )
    assert hint(position(pack, **spot))["reason"] == (
        "Swap the jack of spades for your ace at bottom row, column 2: it pairs your jack in column 2, "
        "and two pairs of jacks make a wolfpack (−20)."
    )
    no_pack = choices(position(RuleSet(jacks_zero=True), **spot), ("medium", "hard", "expert"))
    assert no_pack == dict.fromkeys(("medium", "hard", "expert"), {"action": "swap", "position": 2})


def test_blackjack_makes_a_grid_of_exactly_21_worth_finishing():
    spot = dict(
        mine="QH 9S AC QD 8C 7D", theirs="QS 8H 6C 2D KS TD", discard="5C 3D", up=(0, 1, 2, 3, 4), draw="discard"
    )
    levels = ("medium", "hard", "expert")
    assert choices(position(RuleSet(blackjack=True), **spot), levels) == dict.fromkeys(
        levels, {"action": "swap", "position": 5}
    )
    assert hint(position(RuleSet(blackjack=True), **spot))["reason"] == (
        "Swap the 3 of diamonds for your face-down card at bottom row, column 3: "
        "your grid then scores exactly 21, which Blackjack turns into 0."
    )
    assert choices(position(RuleSet(), **spot), levels) == dict.fromkeys(levels, {"action": "swap", "position": 1})


# ----------------------------------------------------------------- ending the hole


def knock_spot(rules: RuleSet) -> Advisor:
    seen = position(rules, "KH AC 2S KD AD 4H", "QH 8C 6C 9D JS QD", "5C QS", (0, 1, 2, 3, 4))
    return Advisor(read_table(seen), get_player("expert").style)


def test_the_going_out_bonus_makes_ending_the_hole_cheaper_by_exactly_the_bonus():
    knocking = RuleSet(ending="knock", cols=3)
    without, with_bonus = knock_spot(knocking), knock_spot(RuleSet(ending="knock", going_out_bonus=-5))
    assert with_bonus.knock_price() == pytest.approx(without.knock_price() - 5)
    assert with_bonus.closing_extra("Q") == pytest.approx(without.closing_extra("Q") - 5)


def test_the_underdog_bonus_makes_ending_the_hole_cheaper_when_ahead():
    without, with_bonus = knock_spot(RuleSet(ending="knock")), knock_spot(RuleSet(ending="knock", underdog_bonus=-3))
    ahead = with_bonus.odds.grid(with_bonus.me)
    assert with_bonus.chance_lowest(ahead) > 0.5
    gain = -3 * (with_bonus.chance_lowest(ahead) - 0.5)
    assert with_bonus.knock_price() == pytest.approx(without.knock_price() + gain)
    assert with_bonus.knock_price() < without.knock_price()


# ----------------------------------------------------------------- flip rules


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 120), players=st.integers(2, 4))
def test_a_player_knows_when_a_reveal_follows_a_throw_as_the_engine_does(seed, steps, players):
    rules = RuleSet(players=players, flip_after_reject="endgame", flip_as_action=True)
    state = walk(rules, seed, steps)
    for seat in range(players):
        assert read_table(view(state, seat)).reveal_follows_reject() == state.reveal_follows_reject(seat)


def test_a_flip_as_the_turn_is_priced_as_a_reveal_and_explained():
    rules = RuleSet(flip_as_action=True, flip_after_reject="never")
    seen = position(rules, "KH KD AC AD 2S 4H", "QH 8C 6C 9D JS QD", "5C QS", (0, 1, 2, 3))
    table = read_table(seen)
    advisor = Advisor(table, get_player("expert").style)
    flips = {a["position"]: price for price, a in advisor.ranked() if a["action"] == "flip"}
    reveals = {a["position"]: price for price, a in advisor.reveal_prices()}
    assert flips == reveals and set(flips) == {4, 5}
    words = Explainer(table, advisor)
    assert words.explain({"action": "flip", "position": 4}) == (
        "Turn up your card at bottom row, column 2 instead of drawing: neither the pile's card nor a fresh "
        "one is likely to help you more than knowing that card."
    )
    decision = judge(seen, {"action": "flip", "position": 4}, samples=16)
    assert decision.did == "Turned up the card at bottom row, column 2 instead of drawing"
    assert decision.best in seen["legal"]


def test_turning_up_the_last_card_as_the_turn_is_explained_as_ending_the_hole():
    rules = RuleSet(flip_as_action=True)
    seen = position(rules, "KH KD AC AD 2S 4H", "QH 8C 6C 9D JS QD", "5C QS", (0, 1, 2, 3, 4))
    table = read_table(seen)
    words = Explainer(table, Advisor(table))
    assert words.explain({"action": "flip", "position": 5}) == (
        "Turn up your last card, at bottom row, column 3, instead of drawing: ending the hole now suits you."
    )


# ----------------------------------------------------------------- the expected scores


def exact_column(rules: RuleSet, known: tuple, unseen: list[str]) -> float:
    """Every way to fill a column's unknown cells from the unseen cards, scored by the rules."""
    unknown = [i for i, card in enumerate(known) if card is None]
    total, count = Fraction(0), 0
    for picks in itertools.permutations(range(len(unseen)), len(unknown)):
        column = list(known)
        for i, pick in zip(unknown, picks):
            column[i] = unseen[pick]
        paired = all(card[0] == column[0][0] for card in column)
        total += rules.match_value if paired else sum(rules.points_of(card) for card in column)
        count += 1
    return float(total / count)


UNSEEN_CARDS = ["JH", "JC", "JD", "QS", "QC", "7H", "KD", "KS", "2C", "5D", "5H", "TC"]


@pytest.mark.parametrize("known", [("JS", None), (None, "JC"), (None, None), ("KH", None), ("TD", None)])
@pytest.mark.parametrize(
    "rules",
    [
        RuleSet(one_eyed_jacks=True),
        RuleSet(super_kings=True, ten_penny=True),
        RuleSet(one_eyed_jacks=True, match_value=-4),
    ],
)
def test_a_column_is_expected_exactly_under_the_value_rules(known, rules):
    odds = Odds(rules, Counter(rules.kinds[card] for card in UNSEEN_CARDS))
    kinds = tuple(rules.kinds[card] if card else None for card in known)
    assert odds.column(kinds) == pytest.approx(exact_column(rules, known, UNSEEN_CARDS))


@pytest.mark.parametrize(
    "rules",
    [
        RuleSet(one_eyed_jacks=True, wolfpack=-20, four_of_a_kind=-20),
        RuleSet(super_kings=True, ten_penny=True, blackjack=True),
        RuleSet(wolfpack=-20, cols=4, one_eyed_jacks=True, blackjack=True),
    ],
)
def test_a_known_grid_is_expected_as_the_rules_score_it_and_swaps_add_up(rules):
    odds = Odds(rules, Counter(rules.kinds[card] for card in UNSEEN_CARDS))
    grids = [
        "JH JC 5S 9D JD JS KH TC".split(),
        "QH 9S AC QD 8C 3D 2H 2D".split(),
        "JH 9S JC JS 5D JD KH KS".split(),
        "JS QS TH JD 4C KC 7H 7D".split(),
    ]
    for cards in grids:
        cards = cards[: rules.cells]
        kinds = [rules.kinds[card] for card in cards]
        # A grid alone, as the hole's end scores it: Blackjack included.
        assert odds.grid(kinds) == hole_scores([score_grid(cards, rules)], None, rules)[0]
        for place, card in itertools.product(range(rules.cells), ["JH", "JC", "KD", "TS", None]):
            after = list(kinds)
            after[place] = rules.kinds[card] if card else None
            assert odds.swap_change(kinds, place, after[place]) == pytest.approx(odds.grid(after) - odds.grid(kinds))


def test_the_unseen_cards_hold_lucky_swings_single_joker_once():
    rules = RuleSet(jokers=True, single_joker=True, joker_value=-5, decks=2)
    state = GolfState.new(3, rules)
    table = read_table(view(state, 0))
    seen = [card for grid in table.grids for card in grid if card] + table.discard
    assert Counter(seen) + Counter(table.unseen) == Counter(rules.deck())
    assert sum(1 for card in table.unseen + seen if card[0] == "X") == 1


# ----------------------------------------------------------------- whole holes and random positions


@pytest.mark.parametrize("rules_name", sorted(HOUSE_RULE_SETS))
def test_every_level_plays_whole_holes_under_house_rules(rules_name):
    """The arena refuses any illegal action, so finished holes mean every choice was legal."""
    rules = HOUSE_RULE_SETS[rules_name]
    levels = ["expert", "hard", "medium", "easy", "greedy", "random"]
    names = [levels[i % len(levels)] for i in range(rules.players)]
    result = play_match(names, rules, seed=12, number=0)
    assert all(len(scores) == rules.holes for scores in result.hole_scores)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules_name=st.sampled_from(sorted(HOUSE_RULE_SETS)),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 160),
    level=st.sampled_from([*LEVELS, "greedy"]),
)
def test_every_level_chooses_a_legal_action_under_house_rules(rules_name, seed, steps, level):
    _, _, seen = decision_views(HOUSE_RULE_SETS[rules_name], seed, steps)
    assert get_player(level, seed=seed).choose(seen) in seen["legal"]
    if level == "expert" and seen["legal"]:
        advice = hint(seen)
        assert advice["action"] in seen["legal"] and advice["reason"]
