"""Anything legal_actions does not offer is refused with a sentence a person understands,
and the state is left exactly as it was."""

import pytest

from app.golf.actions import (
    DRAW_DISCARD,
    DRAW_STOCK,
    KNOCK,
    NEXT_HOLE,
    REJECT,
    SKIP,
    Reveal,
    Swap,
)
from app.golf.engine import GolfState, IllegalAction
from app.golf.rules import PRESETS, RuleSet

from .golfkit import STANDARD, deal, open_hole, play, play_out_hole

ALICE = "5H KS 2C / 5D 9C JD"
BEN = "7C KH 2D / 7D 3S AH"


def opening() -> GolfState:
    state = deal(STANDARD, [ALICE, BEN])
    play(state, "0r0", "0r1")
    return state


def drawing(rules: RuleSet = STANDARD, **kwargs) -> GolfState:
    state = deal(rules, [ALICE, BEN], **kwargs)
    open_hole(state)
    return state


def holding_stock() -> GolfState:
    state = drawing()
    play(state, "0ds")
    return state


def holding_discard() -> GolfState:
    state = drawing()
    play(state, "0dd")
    return state


def flipping() -> GolfState:
    state = drawing()
    play(state, "0ds", "0x")
    return state


def hole_over() -> GolfState:
    state = deal(STANDARD, [ALICE, BEN])
    play_out_hole(state)
    return state


def match_over() -> GolfState:
    state = deal(RuleSet(holes=1), [ALICE, BEN])
    play_out_hole(state)
    return state


def knocked() -> GolfState:
    state = drawing(PRESETS["knocking"])
    play(state, "0k")
    return state


def knocking_and_holding() -> GolfState:
    state = drawing(PRESETS["knocking"])
    play(state, "0ds")
    return state


def empty_stock() -> GolfState:
    return drawing(discard="8H", stock=[], whole_deck=False)


CASES = [
    # (situation, seat, action, message)
    (opening, 2, Reveal(0), "There is no seat 2 at this table."),
    (drawing, -1, DRAW_STOCK, "There is no seat -1 at this table."),
    (opening, 1, Reveal(6), "There is no position 6: positions run from 0 to 5."),
    (holding_stock, 0, Swap(11), "There is no position 11: positions run from 0 to 5."),
    (opening, 0, Reveal(2), "You have revealed your opening cards; the others are still choosing theirs."),
    (opening, 1, DRAW_STOCK, "First reveal 2 of your face-down cards."),
    (opening, 1, Swap(0), "First reveal 2 of your face-down cards."),
    (opening, 1, NEXT_HOLE, "The hole is still being played."),
    (drawing, 1, DRAW_STOCK, "It is not your turn."),
    (drawing, 1, Reveal(3), "It is not your turn."),
    (drawing, 0, Reveal(3), "Draw a card first, from the stock or the discard pile."),
    (drawing, 0, Swap(3), "Draw a card first, from the stock or the discard pile."),
    (drawing, 0, REJECT, "Draw a card first, from the stock or the discard pile."),
    (drawing, 0, SKIP, "Draw a card first, from the stock or the discard pile."),
    (drawing, 0, KNOCK, "Knocking is not part of these rules."),
    (
        empty_stock,
        0,
        DRAW_STOCK,
        "The stock is empty and there are no discards under the top card to shuffle into a new one.",
    ),
    (holding_stock, 0, DRAW_STOCK, "You already hold a card: swap it into your grid or throw it away."),
    (holding_stock, 0, Reveal(4), "You hold a card: swap it into your grid or throw it away."),
    (holding_stock, 0, SKIP, "You hold a card: swap it into your grid or throw it away."),
    (holding_stock, 1, Swap(0), "It is not your turn."),
    (holding_discard, 0, REJECT, "A card taken from the discard pile must be swapped into your grid."),
    (holding_discard, 0, DRAW_DISCARD, "You already hold a card: swap it into your grid or throw it away."),
    (flipping, 0, Reveal(1), "That card is already face up: choose a face-down card."),
    (flipping, 0, SKIP, "You must reveal one of your face-down cards."),
    (flipping, 0, Swap(2), "Reveal one of your face-down cards to finish your turn."),
    (flipping, 0, DRAW_STOCK, "Reveal one of your face-down cards to finish your turn."),
    (knocked, 1, KNOCK, "The hole is already closing: take your final turn."),
    (knocked, 0, DRAW_STOCK, "It is not your turn."),
    (knocking_and_holding, 0, KNOCK, "You can knock only at the start of your turn, instead of drawing."),
    (hole_over, 0, DRAW_STOCK, "The hole is over: deal the next hole."),
    (hole_over, 1, Reveal(0), "The hole is over: deal the next hole."),
    (match_over, 0, NEXT_HOLE, "The match is over: start a new game or restart the match."),
    (match_over, 1, DRAW_STOCK, "The match is over: start a new game or restart the match."),
]


@pytest.mark.parametrize(
    ("situation", "seat", "action", "message"),
    CASES,
    ids=[f"{case[0].__name__}-seat{case[1]}-{case[2].code}" for case in CASES],
)
def test_an_action_not_offered_is_refused_with_a_reason_and_changes_nothing(situation, seat, action, message):
    state = situation()
    assert action not in state.legal_actions(seat)
    before = state.clone()
    with pytest.raises(IllegalAction) as caught:
        state.apply(seat, action)
    assert str(caught.value) == message
    assert state == before


@pytest.mark.parametrize(
    "situation",
    [opening, drawing, holding_stock, holding_discard, flipping, knocked, knocking_and_holding, empty_stock, hole_over],
)
def test_every_offered_action_is_accepted(situation):
    state = situation()
    for seat in range(state.rules.players):
        for action in state.legal_actions(seat):
            state.clone().apply(seat, action)


def test_an_illegal_action_does_not_enter_the_log():
    state = drawing()
    with pytest.raises(IllegalAction):
        state.apply(1, DRAW_STOCK)
    assert state.log == ["0r0", "0r1", "1r0", "1r1"]
