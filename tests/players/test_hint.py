"""The hint: the Expert's move for the viewer, legal, in one sentence naming the card and place."""

from __future__ import annotations

import re

import pytest

from app.cards import card_name
from app.golf.actions import action_from_json
from app.golf.engine import GolfState
from app.golf.layouts import from_deal
from app.golf.phases import Phase
from app.golf.rules import PRESETS, RuleSet
from app.golf.view import view
from app.players import hint
from app.players.advice import place_name
from tests.players.positions import RULE_SETS, walk

PLACE = re.compile(r"(top|middle|bottom) row, column \d")


def dealt(grid: list[str], discard: list[str], rules: RuleSet = PRESETS["standard"]) -> GolfState:
    """A standard hole where seat 0 holds ``grid`` with its first two cards up, and is to play."""
    other = ["9S", "9D", "QC", "QH", "JS", "JD"]
    used = set(grid) | set(other) | set(discard)
    stock = [c for c in ("5C", "6C", "8C", "TC", "4D", "3S", "5H", "6H", "8H") if c not in used]
    state = from_deal(rules, [grid, other], discard, stock)
    for seat in (0, 1):
        for position in (0, 1):
            state.apply(seat, action_from_json({"action": "reveal", "position": position}))
    return state


def test_taking_a_pairing_card_says_which_card_and_which_column():
    state = dealt(["KS", "7C", "QD", "9H", "5S", "8D"], ["7H"])
    advice = hint(view(state, 0))
    assert advice == {
        "action": {"action": "draw", "source": "discard"},
        "reason": "Take the 7 of hearts: it pairs your 7 in column 2.",
    }
    state.apply(0, action_from_json(advice["action"]))
    advice = hint(view(state, 0))
    assert advice["action"] == {"action": "swap", "position": 4}
    assert advice["reason"] == (
        "Swap the 7 of hearts for your face-down card at bottom row, column 2: it pairs your 7 in column 2."
    )


def test_a_useless_pile_card_is_left_and_named():
    state = dealt(["KS", "AC", "QD", "9H", "5S", "8D"], ["JH"])
    advice = hint(view(state, 0))
    assert advice["action"] == {"action": "draw", "source": "stock"}
    assert advice["reason"] == "Draw from the stock: the jack of hearts on the pile would not help you."


def test_a_high_stock_card_is_thrown_away_and_a_card_turned_up():
    state = dealt(["KS", "AC", "QD", "9H", "5S", "8D"], ["JH"])
    state.stock.append("QS")  # the next stock card
    state.apply(0, action_from_json({"action": "draw", "source": "stock"}))
    advice = hint(view(state, 0))
    assert advice["action"] == {"action": "reject"}
    assert advice["reason"].startswith("Throw the queen of spades away and turn up a card")
    state.apply(0, action_from_json(advice["action"]))
    advice = hint(view(state, 0))
    assert advice["action"]["action"] == "reveal"
    assert place_name(advice["action"]["position"], 2, 3) in advice["reason"]


def test_rows_and_columns_are_named_for_people():
    assert place_name(0, 2, 3) == "top row, column 1"
    assert place_name(5, 2, 3) == "bottom row, column 3"
    assert place_name(4, 3, 3) == "middle row, column 2"
    assert place_name(11, 3, 4) == "bottom row, column 4"


def test_there_is_nothing_to_advise_while_another_seat_plays():
    state = dealt(["KS", "AC", "QD", "9H", "5S", "8D"], ["JH"])
    assert hint(view(state, 1)) == {"action": None, "reason": "Nothing to do now: wait for the other players."}


@pytest.mark.parametrize("rules_name", ["standard", "nine-card", "four-card", "optional-flip", "knocking", "big-table"])
def test_every_hint_is_legal_and_names_its_card_and_place(rules_name):
    rules = RULE_SETS[rules_name]
    advised = 0
    for seed in range(8):
        state = walk(rules, seed, steps=5 + 6 * seed)
        if state.turn is None or state.phase not in (Phase.DRAW, Phase.PLACE, Phase.FLIP):
            continue
        seen = view(state, state.turn)
        advice = hint(seen)
        assert advice["action"] in seen["legal"]
        reason = advice["reason"]
        assert reason[0].isupper() and reason.endswith(".") and reason.count(". ") == 0
        kind = advice["action"]["action"]
        if seen["phase"] == "place":
            assert card_name(seen["held"]["card"]) in reason
        if kind in ("swap", "reveal"):
            assert place_name(advice["action"]["position"], rules.rows, rules.cols) in reason
        if kind == "draw" and {"action": "draw", "source": "discard"} in seen["legal"]:
            assert card_name(seen["discard"]["top"]) in reason
        if kind == "draw" and advice["action"]["source"] == "discard":
            assert PLACE.search(reason) or "column" in reason
        advised += 1
    assert advised >= 3


def test_the_same_position_always_gets_the_same_hint():
    state = walk(PRESETS["standard"], 21, steps=14)
    seen = view(state, (state.to_act() or (0,))[0])
    assert hint(seen) == hint(seen)


def test_a_hint_late_in_a_long_hole_says_the_hole_has_gone_on_long():
    # Knocking rules, a poor grid, and a hole that has lasted nearly to its bound: the
    # Expert knocks, and the reason is the length of the hole, not a good score.
    rules = PRESETS["knocking"]
    state = dealt(["QS", "QC", "JD", "9H", "JS", "TH"], ["7H"], rules)
    state.log += [f"{turn % 2}ds" for turn in range(58)]  # 58 turns begun this hole
    state.turns = [29, 29]
    advice = hint(view(state, 0))
    assert advice == {
        "action": {"action": "knock"},
        "reason": "Knock: this hole has gone on long, and it is time it ended.",
    }


# --------------------------------------------------------------------------- the reason is what decided


def holding(
    grid: list[str],
    other: list[str],
    discard: list[str],
    stock: list[str],
    turned: tuple[int, ...] = (),
    source: str = "stock",
) -> GolfState:
    """A standard hole (first two cards up on both sides) where seat 0 has also turned up
    ``turned`` (each by drawing and throwing a stock card), and has just drawn from ``source``."""
    state = from_deal(PRESETS["standard"], [grid, other], discard, stock)
    for seat in (0, 1):
        for position in (0, 1):
            state.apply(seat, action_from_json({"action": "reveal", "position": position}))
    for position in turned:
        for seat, flip in ((0, position), (1, 2 + turned.index(position))):
            state.apply(seat, action_from_json({"action": "draw", "source": "stock"}))
            state.apply(seat, action_from_json({"action": "reject"}))
            state.apply(seat, action_from_json({"action": "reveal", "position": flip}))
    state.apply(0, action_from_json({"action": "draw", "source": source}))
    return state


OTHER = ["9S", "9D", "QC", "QH", "JS", "JD"]


def test_a_king_goes_on_the_highest_card_and_the_saving_is_said():
    # 5, 5 and 7 face up, a king drawn: swapping the 7 saves 7, more than either 5.
    state = holding(["5S", "5H", "7C", "9H", "QD", "8D"], OTHER, ["4C"], ["TC", "TD", "KS", "3S"], turned=(2,))
    assert state.held == "KS"
    advice = hint(view(state, 0))
    assert advice == {
        "action": {"action": "swap", "position": 2},
        "reason": "Swap the king of spades for your 7 at top row, column 3: it is 7 points lower, "
        "more than swapping your 5 would save.",
    }


def test_one_point_is_one_point():
    state = holding(["7S", "AH", "3C", "9H", "QD", "8D"], OTHER, ["4C"], ["TC", "TD", "6S", "3S"], turned=(2,))
    advice = hint(view(state, 0))
    assert advice["action"] == {"action": "swap", "position": 0}
    assert advice["reason"] == "Swap the 6 of spades for your 7 at top row, column 1: it is 1 point lower."


def test_a_card_taken_from_the_pile_goes_where_it_costs_least_and_says_that_it_costs():
    # The 8 was taken from the pile: it must go into the grid; on the 6 it costs 2 points,
    # and no one shows an 8, so "the next player could use an 8" would be untrue.
    state = holding(["6S", "AH", "3C", "2H", "KD", "4D"], OTHER, ["8H"], ["TC", "TD", "5S"], source="discard")
    advice = hint(view(state, 0))
    assert advice == {
        "action": {"action": "swap", "position": 0},
        "reason": "Swap the 8 of hearts for your 6 at top row, column 1: a card taken from the pile must go "
        "into your grid, and here it costs least (2 points more).",
    }


def test_a_high_card_kept_from_the_opponent_says_what_they_would_do_with_it():
    # The opponent shows a queen over a face-down card: a queen thrown away would pair it.
    other = ["QS", "9D", "QC", "5H", "JS", "JD"]
    state = holding(["6S", "AH", "3C", "9H", "TD", "8D"], other, ["4C"], ["QH", "3S"])
    advice = hint(view(state, 0))
    assert advice == {
        "action": {"action": "swap", "position": 0},
        "reason": "Swap the queen of hearts for your 6 at top row, column 1: thrown away, your opponent could "
        "pair it with their queen, and keeping it costs you only 4 points.",
    }


def test_taking_the_pile_card_says_how_much_lower_it_is():
    state = from_deal(PRESETS["standard"], [["QS", "AH", "3C", "9H", "TD", "8D"], OTHER], ["KH"], ["5C", "6C"])
    for seat in (0, 1):
        for position in (0, 1):
            state.apply(seat, action_from_json({"action": "reveal", "position": position}))
    advice = hint(view(state, 0))
    assert advice == {
        "action": {"action": "draw", "source": "discard"},
        "reason": "Take the king of hearts: it is 10 points lower than your queen at top row, column 1.",
    }


@pytest.mark.parametrize("rules_name", ["standard", "nine-card", "four-card", "joker-pairs", "big-table"])
def test_no_reason_says_one_points_or_claims_a_saving_another_place_beats(rules_name):
    rules = RULE_SETS[rules_name]
    for seed in range(12):
        state = walk(rules, seed, steps=8 + seed)
        if state.turn is None or state.phase is not Phase.PLACE:
            continue
        seen = view(state, state.turn)
        reason = hint(seen)["reason"]
        assert " 1 points" not in reason
        said = re.search(r"it is (\d+) points? lower\.$", reason)
        if said:  # a plain saving is only claimed when no face-up card would give more
            held = seen["held"]["card"]
            values = rules.values
            grid = [cell["card"] for cell in seen["players"][0]["grid"]]
            best = max(values[c[0]] - values[held[0]] for c in grid if c)
            assert int(said.group(1)) == best, reason


def test_a_reason_says_sampled_play_decided_exactly_when_it_did():
    """The priced choice is explained by its parts; when sampled playouts overturned it,
    the reason says that instead (and never claims a saving that did not decide)."""
    from app.players.advice import HINT_SWITCH_Z, Explainer
    from app.players.expert import ExpertPlayer
    from app.players.knowledge import read_table

    checked = 0
    for seed in range(40):
        state = walk(PRESETS["standard"], seed, steps=12 + seed % 20)
        if state.turn is None or state.phase is not Phase.PLACE:
            continue
        seen = view(state, state.turn)
        table = read_table(seen)
        expert = ExpertPlayer(seed=0)
        expert.switch_z = HINT_SWITCH_Z
        action, advisor = expert.decide(table)
        reason = hint(seen)["reason"]
        if action["action"] != "swap":
            continue
        _, favourite = Explainer(table, advisor).rival(table.held[0], action)
        assert ("played out over many sampled deals" in reason) == (action != favourite), reason
        checked += 1
    assert checked >= 5
