"""The RuleSet: the standard game as the default, the presets, and refusals that say why."""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from app.golf.rules import PRESETS, RulesError, RuleSet, rules_from_dict


def refusal(**fields) -> str:
    with pytest.raises(RulesError) as caught:
        rules_from_dict(fields)
    return str(caught.value)


def test_the_default_rules_are_the_standard_game():
    rules = RuleSet()
    assert rules == PRESETS["standard"]
    assert (rules.players, rules.rows, rules.cols, rules.cells) == (2, 2, 3, 6)
    assert (rules.deck_count, rules.deck_size, rules.jokers) == (1, 52, False)
    assert rules.opening_reveals == 2
    assert rules.peek_near_row is False
    assert rules.flip_after_reject == "must"
    assert rules.ending == "all_face_up"
    assert rules.final_turn is True
    assert rules.going_out_penalty == "none"
    assert (rules.match_value, rules.match_rows, rules.match_diagonals, rules.four_of_a_kind) == (0, False, False, None)
    assert rules.holes == 9
    assert rules.columns == ((0, 3), (1, 4), (2, 5))
    assert rules.lines == rules.columns  # rows and diagonals never match


def test_four_card_preset_is_a_square_of_four_with_a_peek_no_flip_and_a_knock():
    rules = PRESETS["four-card"]
    assert (rules.rows, rules.cols) == (2, 2)
    assert rules.opening_reveals == 0
    assert rules.peek_near_row is True and rules.near_row == (2, 3)
    assert rules.flip_after_reject == "never"
    assert rules.ending == "knock"


def test_eight_card_preset_is_two_rows_of_four_with_two_opening_reveals():
    rules = PRESETS["eight-card"]
    assert (rules.rows, rules.cols, rules.opening_reveals, rules.ending) == (2, 4, 2, "all_face_up")


def test_nine_card_preset_is_three_by_three_with_three_reveals_and_rows_matching():
    rules = PRESETS["nine-card"]
    assert (rules.rows, rules.cols, rules.opening_reveals) == (3, 3, 3)
    assert rules.match_rows is True and rules.match_diagonals is False
    assert set(rules.lines) == {(0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 1, 2), (3, 4, 5), (6, 7, 8)}


def test_nine_card_can_count_diagonals_as_an_option():
    rules = rules_from_dict({"name": "nine-card", "match_diagonals": True})
    assert (0, 4, 8) in rules.lines and (2, 4, 6) in rules.lines


@pytest.mark.parametrize(
    ("name", "field", "value"),
    [
        ("jokers", "jokers", True),
        ("no-final-turn", "final_turn", False),
        ("optional-flip", "flip_after_reject", "may"),
        ("knocking", "ending", "knock"),
        ("eighteen-holes", "holes", 18),
    ],
)
def test_each_single_change_preset_differs_from_standard_in_its_one_field(name, field, value):
    preset = PRESETS[name]
    assert getattr(preset, field) == value
    changed = {k for k, v in preset.model_dump().items() if v != RuleSet().model_dump()[k]}
    assert changed == {"name", field}


@pytest.mark.parametrize(("players", "decks"), [(2, 1), (3, 1), (4, 1), (5, 1), (6, 2), (7, 2), (8, 2)])
def test_six_or_more_players_use_two_decks_unless_set_otherwise(players, decks):
    rules = RuleSet(players=players)
    assert rules.deck_count == decks
    assert rules.deck_size == 52 * decks


def test_the_number_of_decks_can_be_set():
    assert RuleSet(players=6, decks=1).deck_count == 1
    assert RuleSet(players=2, decks=2).deck_size == 104
    assert RuleSet(players=2, decks=2, jokers=True).deck_size == 108


def test_two_to_eight_seats_are_allowed():
    for players in range(2, 9):
        assert RuleSet(players=players).players == players
    assert refusal(players=1) == "players: Input should be greater than or equal to 2"
    assert refusal(players=9) == "players: Input should be less than or equal to 8"


def test_a_table_the_deck_cannot_deal_is_refused_with_the_card_count():
    assert refusal(players=8, rows=3, cols=4, decks=1) == (
        "8 players with 12 cards each need at least 98 cards, but 1 pack holds only 52: use more decks or fewer players"
    )
    assert refusal(players=6, rows=3, cols=4, decks=1) == (
        "6 players with 12 cards each need at least 74 cards, but 1 pack holds only 52: use more decks or fewer players"
    )
    # the same tables are fine with two packs, the default for six or more
    assert RuleSet(players=8, rows=3, cols=4).deck_count == 2
    assert RuleSet(players=8, decks=1).deck_count == 1  # 48 dealt, one discard, one stock card


def test_diagonals_are_refused_on_a_grid_that_is_not_square():
    assert refusal(match_diagonals=True) == "diagonals can only match on a square grid"
    assert RuleSet(rows=3, cols=3, opening_reveals=3, match_diagonals=True).match_diagonals
    assert RuleSet(cols=2, match_diagonals=True).lines[-2:] == ((0, 3), (1, 2))


def test_four_of_a_kind_is_refused_on_three_rows():
    assert (
        refusal(rows=3, four_of_a_kind=-10) == "four of a kind needs a grid of two rows (two column pairs side by side)"
    )


def test_four_of_a_kind_is_a_bonus_of_minus_ten_or_minus_twenty():
    assert RuleSet(four_of_a_kind=-10).four_of_a_kind == -10
    assert RuleSet(four_of_a_kind=-20).four_of_a_kind == -20
    for other in (-5, -15, -25):
        assert refusal(four_of_a_kind=other) == "four_of_a_kind: Input should be -10 or -20"


def test_a_joker_pair_value_without_jokers_is_refused():
    assert refusal(joker_pair_value=-4) == "a value for a pair of jokers needs jokers in the deck"
    assert RuleSet(jokers=True, joker_pair_value=-4).joker_pair_value == -4


def test_a_match_value_must_be_between_minus_four_and_zero():
    assert RuleSet(match_value=-4).match_value == -4
    assert refusal(match_value=2) == "match_value: Input should be less than or equal to 0"


def test_unknown_choices_and_fields_are_refused_by_name():
    assert refusal(flip_after_reject="sometimes") == (
        "flip_after_reject: Input should be 'must', 'may', 'never' or 'endgame'"
    )
    assert refusal(ending="sudden_death") == "ending: Input should be 'all_face_up' or 'knock'"
    assert refusal(going_out_penalty="triple") == "going_out_penalty: Input should be 'none', 'double' or 'plus10'"
    assert refusal(colour="red") == "colour: Extra inputs are not permitted"


def test_holes_run_from_one_to_eighteen():
    assert RuleSet(holes=18).holes == 18
    assert refusal(holes=0) == "holes: Input should be greater than or equal to 1"
    assert refusal(holes=19) == "holes: Input should be less than or equal to 18"


def test_several_problems_are_all_named_in_one_message():
    assert refusal(players=9, holes=0) == (
        "players: Input should be less than or equal to 8; holes: Input should be greater than or equal to 1"
    )


def test_rules_that_are_not_an_object_are_refused():
    with pytest.raises(RulesError, match="rules must be an object of rule fields"):
        rules_from_dict(["standard"])


def test_no_rules_means_the_standard_game():
    assert rules_from_dict(None) == RuleSet()
    assert rules_from_dict({}) == RuleSet()


def test_a_preset_name_starts_from_that_preset():
    assert rules_from_dict({"name": "four-card"}) == PRESETS["four-card"]
    changed = rules_from_dict({"name": "four-card", "holes": 18})
    assert changed.ending == "knock" and changed.holes == 18


def test_changed_fields_without_a_name_are_called_custom():
    rules = rules_from_dict({"holes": 18, "jacks_zero": True})
    assert rules.name == "custom" and rules.holes == 18


def test_other_players_or_holes_alone_are_still_the_standard_game():
    rules = rules_from_dict({"players": 4, "holes": 2})
    assert rules.name == "standard" and (rules.players, rules.holes) == (4, 2)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_survives_a_trip_through_json(name):
    assert rules_from_dict(PRESETS[name].summary()) == PRESETS[name]


def test_rules_are_a_frozen_value():
    with pytest.raises(ValidationError):
        RuleSet().holes = 18  # type: ignore[misc]
    assert hash(RuleSet()) == hash(RuleSet())


@pytest.mark.parametrize("name", [["four-card"], {"preset": "four-card"}, 5, None])
def test_a_name_that_is_not_text_is_refused_with_a_reason(name):
    assert refusal(name=name) == "name: Input should be a valid string"


DERIVED = (
    "deck_count",
    "joker_count",
    "deck_size",
    "cells",
    "values",
    "kinds",
    "pairs_as",
    "columns",
    "lines",
    "near_row",
)


@given(
    name=st.sampled_from(sorted(PRESETS)),
    changes=st.fixed_dictionaries(
        {},
        optional={
            "rows": st.sampled_from([2, 3]),
            "cols": st.sampled_from([2, 3, 4]),
            "players": st.integers(2, 8),
            "jokers": st.booleans(),
            "twos_face_value": st.booleans(),
            "holes": st.integers(1, 18),
        },
    ),
)
def test_a_copy_with_other_fields_works_its_derived_values_out_afresh(name, changes):
    """A preset whose derived values were used, copied with other fields (as the kit's
    grids and the arena's variants are), has the copy's own grid, deck and card values."""
    original = PRESETS[name]
    for derived in DERIVED:
        getattr(original, derived)
    original.summary()
    copy = original.model_copy(update=changes)
    fresh = RuleSet.model_construct(**{**original.model_dump(), **changes})
    assert {derived: getattr(copy, derived) for derived in DERIVED} == {
        derived: getattr(fresh, derived) for derived in DERIVED
    }
    assert copy.summary() == copy.model_dump() == {**original.model_dump(), **changes}
