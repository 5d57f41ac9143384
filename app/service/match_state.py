"""What every game of Golf answers with, seen from one seat: the API's match state
(:func:`match_state`) and, for the pages, the steps that led to it (:class:`Outcome`).

A match against the computer and each seat of a table of people build it alike; only
their bookkeeping differs (a pause and hints alone, a table's seats named).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from app.golf.engine import GolfState
from app.golf.view import Seat, spectator_view, view


class Frame(NamedTuple):
    """One step of a move as a seat saw it: what happened (the API's events, from that
    seat's side) and the match state just after. The pages show a move step by step."""

    events: list[dict]
    seen: dict


@dataclass
class Outcome:
    """What a call produced: the API's match state, and for the page the steps of the
    person's move and of the computer's replies (each step's events, the person's own
    move's too, and the table as the person sees it after), so that they can be shown
    one step at a time."""

    state: dict
    frames: list[Frame] = field(default_factory=list)
    undone: list[tuple[int, dict]] = field(default_factory=list)  # (seat, action) taken back by an undo


def match_state(
    state: GolfState,
    seat: int | None,
    *,
    version: int,
    seed: int | None,
    level: str | None,
    paused: bool,
    elapsed_seconds: int,
    clock_running: bool,
    actions_taken: int,
    hints_used: int,
    can_undo: bool,
    events: list[dict],
    seats: Sequence[Seat] | None = None,
    replay: str | None = None,
    daily: str | None = None,
    practice: bool = False,
) -> dict:
    """The API's match state from ``seat``'s side: ``view(state, seat)`` and the record's
    bookkeeping. A table builds each seat's ``match`` with it too, its players named by
    ``seats``, and a spectator's (``seat`` None) from :func:`spectator_view`. A finished
    match names its ``replay``; an unfinished one has no such field."""
    return {
        "version": version,
        "seed": seed,
        "level": level,
        **(view(state, seat, seats) if seat is not None else spectator_view(state, seats)),
        "paused": paused,
        "elapsed_seconds": elapsed_seconds,
        "clock_running": clock_running,
        "actions_taken": actions_taken,
        "hints_used": hints_used,
        "can_undo": can_undo,
        "events": events,
        "daily": daily,
        "practice": practice,
        **({"replay": replay} if replay else {}),
    }
