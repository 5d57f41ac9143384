"""golfgame's house rules, each as RuleSet data played through the one engine: card
values (Super Kings, Ten Penny, One-Eyed Jacks, Lucky Swing), the wolfpack, the hole's
end (Blackjack, the going-out bonus, the underdog bonus, tied shame), the Endgame flip
and Flip as Action. Each has a scoring example of a concrete grid or hole."""

from __future__ import annotations

from collections import Counter

import pytest

from app.golf.actions import DRAW_STOCK, REJECT, SKIP, Flip, Reveal, action_from_json, parse_code
from app.golf.engine import GolfState, IllegalAction, replay
from app.golf.events import Event, EventKind
from app.golf.phases import Phase
from app.golf.rules import PRESETS, RulesError, RuleSet, rules_from_dict
from app.golf.score_explained import explain_grid
from app.golf.scoring import hole_adjustments, hole_scores, score_grid
from app.golf.undo import undo_refusal
from app.golf.view import view

from .golfkit import cards_in_play, deal, grid, open_hole, play, play_out_hole


def refusal(**fields) -> str:
    with pytest.raises(RulesError) as caught:
        rules_from_dict(fields)
    return str(caught.value)


def refused(state: GolfState, seat: int, action, message: str) -> None:
    before = state.clone()
    with pytest.raises(IllegalAction) as caught:
        state.apply(seat, action)
    assert str(caught.value) == message
    assert state == before


HOUSE_DEFAULTS = {
    "super_kings": False,
    "ten_penny": False,
    "one_eyed_jacks": False,
    "single_joker": False,
    "wolfpack": 0,
    "flip_as_action": False,
    "going_out_bonus": 0,
    "blackjack": False,
    "underdog_bonus": 0,
    "tied_shame": 0,
}


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_plays_without_a_house_rule(name):
    summary = PRESETS[name].summary()
    assert {field: summary[field] for field in HOUSE_DEFAULTS} == HOUSE_DEFAULTS
    assert summary["flip_after_reject"] != "endgame"


# ----------------------------------------------------------------- card values


def test_super_kings_make_a_loose_king_minus_two_and_a_pair_of_kings_still_zero():
    rules = RuleSet(super_kings=True)
    assert rules.card_value("K") == -2
    # K over 9, K over K, 2 over 5: -2 + 9, 0, -2 + 5
    assert score_grid(grid("KH KS 2C / 9D KD 5C"), rules) == 7 + 0 + 3
    assert score_grid(grid("KH KS 2C / 9D KD 5C"), RuleSet()) == 9 + 0 + 3
    lines = explain_grid(grid("KH KS 2C / 9D KD 5C"), rules)["lines"]
    assert lines[0]["text"] == "king over 9 is −2 + 9 = 7: kings count −2 at this table (Super Kings)"
    assert lines[1]["text"] == "king over king is 0: a column pair (it cancels to 0: the cards alone would be −4)"


def test_ten_penny_makes_a_ten_worth_one():
    rules = RuleSet(ten_penny=True)
    assert rules.card_value("T") == 1
    assert score_grid(grid("TH 5S QC / 4D 6C TD"), rules) == 5 + 11 + 11
    assert explain_grid(grid("TH 5S QC / 4D 6C TD"), rules)["lines"][2]["text"] == (
        "queen over 10 is 10 + 1 = 11: 10s count 1 at this table (Ten Penny)"
    )


def test_one_eyed_jacks_are_worth_nothing_and_still_pair_with_any_jack():
    rules = RuleSet(one_eyed_jacks=True)
    assert [rules.points_of(card) for card in ("JH", "JS", "JC", "JD")] == [0, 0, 10, 10]
    # J♥ over Q: 0 + 10; J♠ over J♣: a pair; J♦ over 3: 10 + 3
    assert score_grid(grid("JH JS JD / QC JC 3D"), rules) == 10 + 0 + 13
    assert score_grid(grid("JH JS JD / QC JC 3D"), RuleSet()) == 20 + 0 + 13
    lines = explain_grid(grid("JH JS JD / QC JC 3D"), rules)["lines"]
    assert lines[0]["text"].startswith("jack of hearts over queen is 0 + 10 = 10")
    assert lines[1]["text"] == "jack over jack is 0: a column pair"


def test_lucky_swing_has_a_single_joker_in_the_whole_deck_worth_minus_five():
    rules = RuleSet(jokers=True, single_joker=True, joker_value=-5)
    assert Counter(card for card in rules.deck() if card[0] == "X") == {"X1": 1}
    assert rules.deck_size == 53 and len(RuleSet(jokers=True, single_joker=True, decks=2).deck()) == 105
    state = GolfState.new(seed=5, rules=rules)
    assert cards_in_play(state) == Counter(rules.deck())
    assert score_grid(grid("X1 5S KC / 4D 6C KD"), rules) == -5 + 4 + 11 + 0


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"single_joker": True}, "a single joker (Lucky Swing) needs jokers in the deck"),
        (
            {"jokers": True, "single_joker": True, "joker_pair_value": -4},
            "with a single joker in the deck no two jokers can pair: leave their pair value unset",
        ),
        (
            {"super_kings": True, "jacks_zero": True},
            "super kings make a king -2 and jacks worth 0 make it 10: choose one of the two rules",
        ),
        (
            {"one_eyed_jacks": True, "jacks_zero": True},
            "with every jack worth 0, one-eyed jacks change nothing: choose one of the two rules",
        ),
        ({"wolfpack": -20, "rows": 3}, "the wolfpack needs a grid of two rows (two column pairs of jacks)"),
        ({"going_out_bonus": 5}, "going_out_bonus: Input should be less than or equal to 0"),
        ({"underdog_bonus": -11}, "underdog_bonus: Input should be greater than or equal to -10"),
        ({"tied_shame": -5}, "tied_shame: Input should be greater than or equal to 0"),
        ({"wolfpack": -40}, "wolfpack: Input should be greater than or equal to -20"),
    ],
)
def test_house_rules_that_cannot_be_played_together_are_refused_with_a_sentence(fields, reason):
    assert refusal(**fields) == reason


# ----------------------------------------------------------------- the wolfpack


def test_two_column_pairs_of_jacks_score_the_wolfpack_on_top_of_the_pairs():
    rules = RuleSet(wolfpack=-20)
    cards = grid("JH 5S JC / JD 9C JS")
    assert score_grid(cards, rules) == 0 + 14 + 0 - 20
    assert score_grid(cards, RuleSet()) == 14
    result = explain_grid(cards, rules)
    assert result["lines"][-1] == {
        "line": "wolfpack",
        "positions": [0, 3, 2, 5],
        "points": -20,
        "text": "two pairs of jacks, in the left and right columns: the wolfpack scores −20 more",
    }
    # One pair of jacks is no wolfpack.
    assert score_grid(grid("JH 5S JC / JD 9C 4S"), rules) == 0 + 14 + 14


def test_the_wolfpack_stacks_with_four_of_a_kind():
    cards = grid("JH JC 5S / JD JS 9C")
    assert score_grid(cards, RuleSet(four_of_a_kind=-20)) == -20 + 14
    assert score_grid(cards, RuleSet(four_of_a_kind=-20, wolfpack=-20)) == -20 - 20 + 14
    assert (
        sum(line["points"] for line in explain_grid(cards, RuleSet(four_of_a_kind=-20, wolfpack=-20))["lines"]) == -26
    )


# ----------------------------------------------------------------- the hole's end


def scored(rules: RuleSet, grids: list[str], closer_first: bool = True) -> GolfState:
    """A two- or three-seat hole dealt as ``grids`` and played out without changing a
    grid: seat 0 moves first and goes out first."""
    state = deal(rules, grids)
    play_out_hole(state)
    assert state.phase is Phase.MATCH_OVER
    return state


def test_blackjack_turns_a_hole_of_exactly_21_into_zero_after_the_pairs():
    rules = RuleSet(blackjack=True, holes=1)
    # Q over Q is a pair (0), 9 over 8 is 17, ace over 3 is 4: 21, where the cards alone are 41.
    twenty_one = "QH 9S AC / QD 8C 3D"
    assert score_grid(grid(twenty_one), rules) == 21
    state = scored(rules, [twenty_one, "KH 2S 5C / KD 4C 7D"])
    assert state.hole_scores == [[0, 14]]
    assert scored(RuleSet(holes=1), [twenty_one, "KH 2S 5C / KD 4C 7D"]).hole_scores == [[21, 14]]
    assert hole_scores([22, 20], None, rules) == [22, 20]


def test_the_going_out_bonus_goes_to_whoever_closed_the_hole_whatever_their_score():
    rules = RuleSet(going_out_bonus=-5, holes=1)
    state = scored(rules, ["QH 9S 8C / JD 8D 7H", "KH 2S 5C / KD 4C 7D"])
    assert state.closed_by == 0
    assert state.hole_scores == [[52 - 5, 14]]


def test_the_penalty_is_judged_before_the_bonus_and_both_count():
    rules = RuleSet(going_out_penalty="plus10", going_out_bonus=-5)
    assert hole_scores([20, 14], 0, rules) == [20 + 10 - 5, 14]
    steps = hole_adjustments([20, 14], 0, rules)[0]
    assert [step["line"] for step in steps] == ["going-out penalty", "going-out bonus"]


def test_every_seat_tied_on_the_lowest_score_gets_the_underdog_bonus():
    rules = RuleSet(players=3, underdog_bonus=-3, holes=1)
    state = scored(rules, ["KH 2S 5C / KD 4C 7D", "KS 2H 5D / KC 4D 7C", "QH 9S 8C / JD 8D 7H"])
    assert state.hole_scores == [[14 - 3, 14 - 3, 52]]


def test_tied_shame_charges_every_seat_sharing_a_score_after_the_underdog_bonus():
    rules = RuleSet(players=3, tied_shame=5, holes=1)
    state = scored(rules, ["KH 2S 5C / KD 4C 7D", "QH 9S 8C / JD 8D 7H", "KS 2H 5D / KC 4D 7C"])
    assert state.hole_scores == [[19, 52, 19]]
    # The underdog bonus comes first: two lowest on 4 both get it, and are still tied.
    both = RuleSet(players=3, underdog_bonus=-3, tied_shame=5)
    assert hole_scores([4, 4, 9], None, both) == [4 - 3 + 5, 4 - 3 + 5, 9]
    # The going-out bonus can make a tie of its own: 10 - 5 = 5, then both lowest, then both shamed.
    all_three = RuleSet(going_out_bonus=-5, underdog_bonus=-3, tied_shame=5)
    assert hole_scores([10, 5], 0, all_three) == [10 - 5 - 3 + 5, 5 - 3 + 5]


# ----------------------------------------------------------------- the endgame flip


def test_the_endgame_flip_comes_only_once_a_player_has_one_face_down_card_and_may_be_left_out():
    rules = RuleSet(flip_after_reject="endgame")
    state = deal(rules, ["KH 2S 5C / KD 4C 7D", "QH 9S 8C / JD 8D 7H"])
    open_hole(state)
    events = play(state, "0ds", "0x")
    assert [e.kind for e in events] == [EventKind.DRAW, EventKind.REJECT]
    assert state.turn == 1 and state.phase is Phase.DRAW  # no reveal: everyone has four cards down
    # Seat 1 swaps over three face-down cards; then it has one left.
    play(state, "1ds", "1s2", "0ds", "0x", "1ds", "1s3", "0ds", "0x", "1ds", "1s4")
    assert state.face_up[1].count(False) == 1
    play(state, "0ds", "0x")
    assert state.phase is Phase.FLIP and state.turn == 0
    assert SKIP in state.legal_actions(0)
    play(state, "0p")
    assert state.turn == 1 and state.face_up[0].count(False) == 4


def test_under_the_endgame_flip_the_reveal_is_refused_before_it_is_due():
    state = deal(RuleSet(flip_after_reject="endgame"), ["KH 2S 5C / KD 4C 7D", "QH 9S 8C / JD 8D 7H"])
    open_hole(state)
    play(state, "0ds", "0x")
    refused(state, 0, Reveal(2), "It is not your turn.")


# ----------------------------------------------------------------- flip as action


def test_flip_as_action_turns_a_card_up_as_the_whole_turn():
    rules = RuleSet(flip_as_action=True)
    state = deal(rules, ["KH 2S 5C / KD 4C 7D", "QH 9S 8C / JD 8D 7H"])
    open_hole(state)
    legal = state.legal_actions(0)
    assert [a for a in legal if isinstance(a, Flip)] == [Flip(2), Flip(3), Flip(4), Flip(5)]
    stock, discard = list(state.stock), list(state.discard)
    events = state.apply(0, Flip(4))
    assert events == [Event(EventKind.REVEAL, 0, position=4, card="4C")]
    assert state.face_up[0][4] and state.turn == 1 and state.phase is Phase.DRAW
    assert (state.stock, state.discard) == (stock, discard)
    assert state.turns == [1, 0] and state.log[-1] == "0f4"
    assert view(state, 0)["hole_turns"] == 1


def test_flip_as_action_is_refused_where_the_rules_or_the_moment_do_not_allow_it():
    standard = deal(RuleSet(), ["KH 2S 5C / KD 4C 7D", "QH 9S 8C / JD 8D 7H"])
    open_hole(standard)
    refused(standard, 0, Flip(3), "Turning a card up instead of drawing is not part of these rules.")
    state = deal(RuleSet(flip_as_action=True), ["KH 2S 5C / KD 4C 7D", "QH 9S 8C / JD 8D 7H"])
    open_hole(state)
    refused(state, 0, Flip(0), "That card is already face up: choose a face-down card.")
    refused(state, 1, Flip(3), "It is not your turn.")
    state.apply(0, DRAW_STOCK)
    refused(state, 0, Flip(3), "You can turn a card up instead of drawing only at the start of your turn.")


def test_turning_up_the_last_card_as_a_turn_closes_the_hole():
    state = deal(RuleSet(flip_as_action=True, holes=1), ["KH 2S 5C / KD 4C 7D", "QH 9S 8C / JD 8D 7H"])
    open_hole(state)
    for position in (2, 3, 4):
        play(state, f"0f{position}", "1ds", "1x", f"1r{state.face_up[1].index(False)}")
    events = play(state, "0f5")
    assert Event(EventKind.CLOSING, 0) in events and state.closed_by == 0
    play(state, "1ds", "1x", "1r5")
    assert state.hole_scores == [[14, 52]]


def test_a_flip_as_a_turn_is_a_logged_action_replayed_and_never_taken_back():
    assert parse_code("f3") == Flip(3) and action_from_json({"action": "flip", "position": 3}) == Flip(3)
    rules = RuleSet(flip_as_action=True)
    state = deal(rules, ["KH 2S 5C / KD 4C 7D", "QH 9S 8C / JD 8D 7H"])
    open_hole(state)
    before = state.clone()
    play(state, "0f3")
    assert undo_refusal(state, 0, lambda: before) == "A card turned face up cannot be turned down again."
    dealt = GolfState.new(seed=11, rules=rules)
    open_hole(dealt)
    first = dealt.turn
    play(dealt, f"{first}f{dealt.face_up[first].index(False)}")
    assert replay(11, rules, dealt.log) == dealt


def test_reject_without_the_flip_rule_still_works_with_flip_as_action():
    state = deal(
        RuleSet(flip_as_action=True, flip_after_reject="never"), ["KH 2S 5C / KD 4C 7D", "QH 9S 8C / JD 8D 7H"]
    )
    open_hole(state)
    state.apply(0, DRAW_STOCK)
    state.apply(0, REJECT)
    assert state.turn == 1 and Flip(2) in state.legal_actions(1)
