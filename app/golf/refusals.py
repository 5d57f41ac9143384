"""The sentence a person reads when a move is refused.

The engine decides what may be done (:meth:`app.golf.engine.GolfState.allows`, checked
for every move of every search and playout); these words are needed only once a move
has been refused, and they change for people's sake, never the rules'. Their own module
so the rules and their wording each read on their own; they know a match's state only
by the :class:`Refused` protocol, the fields they read.
"""

from __future__ import annotations

from typing import Protocol

from app.golf.actions import PLACED, Action, Draw, Flip, Knock, NextHole, Reject, Reveal, Skip
from app.golf.phases import Phase
from app.golf.rules import RuleSet


class Refused(Protocol):
    """What the refusals read of a match's state (:class:`app.golf.engine.GolfState`)."""

    rules: RuleSet
    phase: Phase
    turn: int | None
    opening_left: list[int]


def refusal(state: Refused, seat: int, action: Action) -> str:
    """A sentence for a person saying why ``action`` is refused now."""
    if not 0 <= seat < state.rules.players:
        return f"There is no seat {seat} at this table."
    phase = state.phase
    if isinstance(action, PLACED) and not 0 <= action.position < state.rules.cells:
        return f"There is no position {action.position}: positions run from 0 to {state.rules.cells - 1}."
    if phase is Phase.MATCH_OVER:
        return "The match is over: start a new game or restart the match."
    if phase is Phase.HOLE_OVER:
        return "The hole is over: deal the next hole."
    if isinstance(action, NextHole):
        return "The hole is still being played."
    if phase is Phase.OPENING:
        if not state.opening_left[seat]:
            return "You have revealed your opening cards; the others are still choosing theirs."
        if isinstance(action, Reveal):
            return "That card is already face up: choose a face-down card."
        return f"First reveal {state.opening_left[seat]} of your face-down cards."
    if seat != state.turn:
        return "It is not your turn."
    if isinstance(action, Flip):
        if not state.rules.flip_as_action:
            return "Turning a card up instead of drawing is not part of these rules."
        if phase is Phase.DRAW:
            return "That card is already face up: choose a face-down card."
        return "You can turn a card up instead of drawing only at the start of your turn."
    if isinstance(action, Knock):
        if state.rules.ending != "knock":
            return "Knocking is not part of these rules."
        if phase is Phase.DRAW:
            return "The hole is already closing: take your final turn."
        return "You can knock only at the start of your turn, instead of drawing."
    if phase is Phase.DRAW:
        if isinstance(action, Draw):
            return "The stock is empty and there are no discards under the top card to shuffle into a new one."
        return "Draw a card first, from the stock or the discard pile."
    if phase is Phase.PLACE:
        if isinstance(action, Reject):
            return "A card taken from the discard pile must be swapped into your grid."
        if isinstance(action, Draw):
            return "You already hold a card: swap it into your grid or throw it away."
        return "You hold a card: swap it into your grid or throw it away."
    if phase is Phase.FLIP:
        if isinstance(action, Reveal):
            return "That card is already face up: choose a face-down card."
        if isinstance(action, Skip):
            return "You must reveal one of your face-down cards."
        return "Reveal one of your face-down cards to finish your turn."
    return "That move is not allowed now."
