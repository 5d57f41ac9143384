"""The phases of a hole and the passing of turns: who moves first, who moves next, the
final turns once a seat goes out or knocks, and the scoring that ends the hole.

Its own module so that the order of play reads in one place, apart from what each move
does to the cards (:mod:`app.golf.engine`), and so that the refusals
(:mod:`app.golf.refusals`), which speak of the phase, import it without importing the
engine. The functions change a match's state in place; they know it only by the
:class:`Turns` protocol, the fields the passing of turns reads and sets.
"""

from __future__ import annotations

from enum import Enum
from typing import Protocol

from app.golf.events import Event, EventKind
from app.golf.rules import RuleSet
from app.golf.scoring import hole_scores, score_grid


class Phase(str, Enum):
    OPENING = "opening"  # players turn up their opening cards, in any order
    DRAW = "draw"  # the player to move takes a card (or knocks)
    PLACE = "place"  # the player to move holds a card: swap it in, or throw a stock card away
    FLIP = "flip"  # the player threw a stock card away and reveals a card
    HOLE_OVER = "hole_over"  # every card is up and the hole is scored
    MATCH_OVER = "match_over"


class Turns(Protocol):
    """What the passing of turns reads and changes of a match's state
    (:class:`app.golf.engine.GolfState`)."""

    rules: RuleSet
    hole: int
    phase: Phase
    turn: int | None
    grids: list[list[str]]
    face_up: list[list[bool]]
    closed_by: int | None
    final_turns: list[int]
    hole_scores: list[list[int]]


def first_to_move(hole: int, players: int) -> int:
    """Who moves first on ``hole``: the deal passes round, seat 0 first on hole 1.

    >>> [first_to_move(hole, 3) for hole in (1, 2, 3, 4)]
    [0, 1, 2, 0]
    """
    return (hole - 1) % players


def start_play(state: Turns) -> None:
    """The opening is over: the first player draws."""
    state.phase = Phase.DRAW
    state.turn = first_to_move(state.hole, state.rules.players)


def end_turn(state: Turns, seat: int, events: list[Event]) -> None:
    """``seat`` finished its turn: the hole closes, ends, or passes to the next seat."""
    if state.closed_by is not None:
        if seat in state.final_turns:
            state.final_turns.remove(seat)
        if not state.final_turns:
            score_hole(state, events)
            return
    elif state.rules.ending == "all_face_up" and all(state.face_up[seat]):
        close(state, seat, events)
        if state.phase in (Phase.HOLE_OVER, Phase.MATCH_OVER):
            return
    next_turn(state, seat)


def close(state: Turns, seat: int, events: list[Event]) -> None:
    """``seat`` went out (or knocked): the others take their final turn, or the hole ends."""
    state.closed_by = seat
    events.append(Event(EventKind.CLOSING, seat))
    players = state.rules.players
    state.final_turns = [(seat + i) % players for i in range(1, players)] if state.rules.final_turn else []
    if not state.final_turns:
        score_hole(state, events)


def next_turn(state: Turns, seat: int) -> None:
    """The seat after ``seat`` draws."""
    state.turn = (seat + 1) % state.rules.players
    state.phase = Phase.DRAW


def score_hole(state: Turns, events: list[Event]) -> None:
    """Every card up and every grid scored: the hole is over, or the match."""
    for face_up in state.face_up:
        face_up[:] = [True] * len(face_up)
    events.append(Event(EventKind.REVEAL_ALL))
    scores = hole_scores([score_grid(grid, state.rules) for grid in state.grids], state.closed_by, state.rules)
    state.hole_scores.append(scores)
    state.turn = None
    state.phase = Phase.MATCH_OVER if state.hole >= state.rules.holes else Phase.HOLE_OVER
    events.append(Event(EventKind.HOLE_SCORED, hole=state.hole, scores=tuple(scores)))
