"""Card values and grid scores: the standard table, the worked examples, every scoring variant."""

import pytest

from app.golf.rules import PRESETS, RuleSet
from app.golf.scoring import apply_going_out_penalty, matched_lines, score_grid, showing_score

from .golfkit import STANDARD, grid


def score(text: str, rules: RuleSet = STANDARD) -> int:
    return score_grid(grid(text), rules)


# --------------------------------------------------------------- the standard table


@pytest.mark.parametrize(
    ("rank", "value"),
    [
        ("A", 1),
        ("2", -2),
        ("3", 3),
        ("4", 4),
        ("5", 5),
        ("6", 6),
        ("7", 7),
        ("8", 8),
        ("9", 9),
        ("T", 10),
        ("J", 10),
        ("Q", 10),
        ("K", 0),
    ],
)
def test_each_rank_scores_its_standard_value(rank, value):
    assert STANDARD.card_value(rank) == value


def test_suits_do_not_change_a_cards_value():
    assert score("AH 3C 4D / 6S 7H 9C") == score("AS 3D 4H / 6C 7S 9D") == 1 + 3 + 4 + 6 + 7 + 9


def test_a_grid_without_pairs_scores_the_sum_of_its_cards():
    assert score("AH 2C 3D / 4S JH KC") == 1 - 2 + 3 + 4 + 10 + 0


# --------------------------------------------------------------- the worked examples


def test_eight_over_eight_is_zero():
    assert score("8H KC QD / 8D KS QH") == 0  # the other columns are pairs too


def test_eight_over_three_is_eleven():
    assert score("8H KC KD / 3D KS KH") == 11


def test_jack_over_queen_is_twenty_not_a_pair():
    assert score("JH KC KD / QD KS KH") == 20


def test_two_over_two_is_zero_not_minus_four():
    assert score("2H KC KD / 2D KS KH") == 0


def test_a_pair_of_queens_scores_nothing():
    assert score("QH 5C 6D / QD 7S 9H") == 5 + 6 + 7 + 9


def test_alices_worked_hole_scores_seventeen():
    # five, king, two over five, nine, jack: 0 + 9 + 8
    assert score("5H KS 2C / 5D 9C JD") == 17


def test_bens_worked_hole_scores_two():
    # a pair of sevens, a king over a three and a two over an ace
    assert score("7C KH 2D / 7D 3S AH") == 2


def test_a_hole_can_score_below_zero():
    assert score("2H 2S KC / KD AD KH") == -3  # a two beside kings and a pair


def test_two_equal_cards_side_by_side_in_a_row_do_not_pair():
    assert score("5H 5S 3C / 4D 6D 7D") == 5 + 5 + 3 + 4 + 6 + 7


def test_a_full_row_of_one_rank_does_not_pair_in_the_standard_game():
    assert score("5H 5S 5C / 4D 6D 7D") == 15 + 17


def test_diagonals_never_pair_in_the_standard_game():
    assert score("5H 3C 4C / 6D 5D 7D") == 5 + 3 + 4 + 6 + 5 + 7
    assert score("9H 3C 5C / 6D 5D 7D") == 9 + 3 + 5 + 6 + 5 + 7


def test_only_face_up_cards_count_towards_what_is_showing():
    cards = grid("8H KC 9D / 8D QS QH")
    assert showing_score(cards, [True, False, True, False, False, True], STANDARD) == 8 + 9 + 10
    # a column pairs only when both its cards are up
    assert showing_score(cards, [True, False, False, True, False, False], STANDARD) == 0


# --------------------------------------------------------------- variants


def test_jokers_score_minus_two_each_by_default():
    rules = PRESETS["jokers"]
    assert rules.card_value("X") == -2
    assert score("X1 KC KD / 5D KS KH", rules) == -2 + 5


def test_a_joker_can_be_worth_minus_five():
    rules = RuleSet(jokers=True, joker_value=-5)
    assert score("X1 KC KD / 5D KS KH", rules) == 0


def test_a_joker_over_a_joker_pairs_to_zero():
    assert score("X1 KC KD / X2 KS KH", PRESETS["jokers"]) == 0


def test_a_joker_pair_can_score_minus_four():
    rules = RuleSet(jokers=True, joker_pair_value=-4)
    assert score("X1 KC KD / X2 KS KH", rules) == -4
    # other pairs still score the usual match value
    assert score("X1 5C KD / X2 5S KH", rules) == -4 + 0 + 0


def test_a_joker_over_a_two_does_not_pair():
    rules = PRESETS["jokers"]
    assert score("X1 KC KD / 2D KS KH", rules) == -4


def test_twos_can_count_their_face_value():
    rules = RuleSet(jokers=True, twos_face_value=True)
    assert rules.card_value("2") == 2
    assert score("2H KC KD / 3D KS KH", rules) == 5
    assert score("2H KC KD / 2D KS KH", rules) == 0  # still a pair
    assert score("X1 KC KD / 2D KS KH", rules) == -2 + 2


def test_jacks_can_be_worth_nothing_and_kings_ten():
    rules = RuleSet(jacks_zero=True)
    assert (rules.card_value("J"), rules.card_value("K"), rules.card_value("Q")) == (0, 10, 10)
    assert score("JH KC 5D / 3D 4S 6H", rules) == 0 + 10 + 5 + 3 + 4 + 6


def test_a_column_pair_can_be_worth_minus_four():
    rules = RuleSet(match_value=-4)
    assert score("5H 9C QD / 5D 9S QH", rules) == -12  # three pairs
    assert score("2H 7C 8D / 2D 3S 4H", rules) == -4 + 10 + 12


@pytest.mark.parametrize("bonus", [-10, -20])
def test_four_of_a_kind_in_two_adjacent_columns_scores_the_bonus(bonus):
    rules = RuleSet(four_of_a_kind=bonus)
    assert score("5H 5S 3C / 5D 5C 4D", rules) == bonus + 7
    assert score("3C 5H 5S / 4D 5D 5C", rules) == bonus + 7


def test_four_of_a_kind_in_columns_that_are_not_adjacent_is_two_plain_pairs():
    rules = RuleSet(four_of_a_kind=-10)
    assert score("5H 3C 5S / 5D 4D 5C", rules) == 7


def test_two_adjacent_pairs_of_different_ranks_are_not_four_of_a_kind():
    rules = RuleSet(four_of_a_kind=-10)
    assert score("5H 6S 3C / 5D 6C 4D", rules) == 7


def test_four_of_a_kind_replaces_the_two_pair_values():
    rules = RuleSet(four_of_a_kind=-10, match_value=-4)
    assert score("5H 5S 3C / 5D 5C 4D", rules) == -10 + 7  # not -10 - 8


def test_three_matching_columns_make_one_four_of_a_kind_and_one_pair():
    rules = RuleSet(four_of_a_kind=-10, decks=2)
    assert score("5H 5S 5C / 5D 5C 5H", rules) == -10


def test_eight_card_columns_run_down_the_four_columns():
    rules = PRESETS["eight-card"]
    assert rules.columns == ((0, 4), (1, 5), (2, 6), (3, 7))
    assert score("5H 6H 7H 8H / 5D 6D 7D 9D", rules) == 17


def test_nine_card_three_of_a_kind_in_a_row_scores_zero():
    rules = PRESETS["nine-card"]
    assert score("7H 7S 7C / 3D 4D 5D / 6C 8C 9C", rules) == 3 + 4 + 5 + 6 + 8 + 9


def test_nine_card_three_of_a_kind_in_a_column_scores_zero():
    rules = PRESETS["nine-card"]
    assert score("7H 3D 4D / 7S 5D 6C / 7C 8C 9C", rules) == 3 + 4 + 5 + 6 + 8 + 9


def test_nine_card_two_of_a_kind_in_a_column_of_three_does_not_cancel():
    rules = PRESETS["nine-card"]
    assert score("7H 3D 4D / 7S 5D 6C / AC 8C 9C", rules) == 14 + 3 + 4 + 5 + 6 + 1 + 8 + 9


def test_nine_card_diagonals_match_only_when_the_rules_say_so():
    cards = "7H 3D 4D / 5D 7S 6C / AC 8C 7C"
    assert score(cards, PRESETS["nine-card"]) == 21 + 3 + 4 + 5 + 6 + 1 + 8
    with_diagonals = RuleSet(rows=3, opening_reveals=3, match_rows=True, match_diagonals=True)
    assert score(cards, with_diagonals) == 3 + 4 + 5 + 6 + 1 + 8
    assert (0, 4, 8) in matched_lines(grid(cards), with_diagonals)


# --------------------------------------------------------------- the going-out penalty


def test_no_going_out_penalty_in_the_standard_game():
    assert apply_going_out_penalty([20, 5], 0, STANDARD) == [20, 5]


@pytest.mark.parametrize(
    ("scores", "closer", "charged"),
    [
        ([12, 5], 0, [24, 5]),  # not the lowest: doubled
        ([5, 5], 0, [10, 5]),  # equal is not strictly lowest: doubled
        ([4, 5], 0, [4, 5]),  # strictly lowest: no penalty
        ([0, -3], 0, [0, -3]),  # doubling nothing is no penalty: stands
        ([-1, -3], 0, [-1, -3]),  # a negative score is not doubled
        ([9, 3, 12], 2, [9, 3, 24]),
    ],
)
def test_going_out_penalty_doubles_a_positive_score_of_a_closer_who_is_not_strictly_lowest(scores, closer, charged):
    assert apply_going_out_penalty(scores, closer, RuleSet(going_out_penalty="double")) == charged


@pytest.mark.parametrize(
    ("scores", "closer", "charged"),
    [([12, 5], 0, [22, 5]), ([5, 5], 1, [5, 15]), ([-2, 5], 0, [-2, 5]), ([-2, -2], 0, [8, -2])],
)
def test_going_out_penalty_can_be_a_flat_ten(scores, closer, charged):
    assert apply_going_out_penalty(scores, closer, RuleSet(going_out_penalty="plus10")) == charged
