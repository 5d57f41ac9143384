"""What every game of Golf answers with, seen from one seat: the API's match state
(:func:`match_state`), a table of people's state around it (:func:`table_state`) and,
for the pages, the steps that led to it (:class:`Outcome`; a table's seat gets a :class:`TableOutcome`).

A match against the computer and each seat of a table of people build it alike; only
their bookkeeping differs (a pause and hints alone, a table's seats named).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from app.golf.engine import GolfState
from app.golf.phases import Phase
from app.golf.view import Seat, spectator_view, view
from app.service.play.table_record import HOST, held, next_table, ready_seats, seated, waits_for_people
from app.store.tables import TableRecord


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
    # The seat whose move it was (pass and play: the state may be shown from the next
    # person's seat by then, and the move is told back only to the person who made it).
    mover: int | None = None


@dataclass
class TableOutcome:
    """What a call on a table gives its caller: the table state of shared/API.md from the
    caller's seat (or as a spectator), and for the page what happened since it was drawn
    (``events``, as the caller's seat is told them, its own moves left out, for it knows
    them) and each step of it (``frames``: its events, the caller's own move's too, and the
    table as the caller sees it after), made once, in the transaction that played them.
    ``moves`` is the log's length now, ``read_moves`` when the call read it."""

    table: dict
    moves: int = 0
    read_moves: int = 0
    events: list[dict] = field(default_factory=list)
    frames: list[Frame] = field(default_factory=list)


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
    seen: dict | None = None,
) -> dict:
    """The API's match state from ``seat``'s side: ``view(state, seat)`` and the record's
    bookkeeping. A table builds each seat's ``match`` with it too, its players named by
    ``seats``, and a spectator's (``seat`` None) from :func:`spectator_view`. A finished
    match names its ``replay``; an unfinished one has no such field.

    ``seen``: that view, already made (the last step of a move shows the state as it now
    stands, from the same seat): made again, it cost as much as the rest of the answer."""
    return {
        "version": version,
        "seed": seed,
        "level": level,
        **(seen if seen is not None else seen_by(state, seat, seats)),
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


def seen_by(state: GolfState, seat: int | None, seats: Sequence[Seat] | None = None) -> dict:
    """The match as ``seat`` sees it, or as a spectator (None) does."""
    return view(state, seat, seats) if seat is not None else spectator_view(state, seats)


def last_seen(frames: Sequence[Frame]) -> dict | None:
    """The state the last of these steps left, as its seat saw it: the state as it now
    stands, when the steps are those of the change that made it (None: no step)."""
    return frames[-1].seen if frames else None


def table_state(
    record: TableRecord,
    state: GolfState,
    you: int | None,
    events: list[dict],
    *,
    connected: set[int],
    now_ms: int,
    replay: str | None,
    can_undo: bool,
    seen: dict | None = None,
) -> dict:
    """The table state of shared/API.md from seat ``you`` (None: a spectator): its seats
    (``connected``: those with an open page), its timer and notices, and its match from
    that seat (``events`` in the API's terms), once it has begun; ``seen``, the match as
    that seat sees it, if it was made already (:func:`match_state`)."""
    seats = [
        {
            "seat": seat,
            "name": entry.name,
            "kind": entry.kind,
            "level": entry.level,
            "left": entry.left,
            "connected": entry.kind == "person" and seat in connected,
            "held_for": entry.held_name if held(entry, now_ms) else None,
        }
        for seat, entry in enumerate(record.seats)
    ]
    for seat in seats:
        if seat["held_for"] is not None:
            seat["name"] = f"Open seat, kept for {seat['held_for']}"
    match = None
    if record.status != "waiting":
        end = record.updated_ms if record.status == "over" else now_ms
        match = match_state(
            state,
            you,
            version=record.version,
            # Private until the end, and for ever for a match ended where it stood: its
            # deals to come were never seen.
            seed=record.seed if record.status == "over" and state.is_over else None,
            level=None,
            paused=False,
            elapsed_seconds=max(end - (record.started_ms or end), 0) // 1000,
            clock_running=record.status == "playing",
            actions_taken=state.actions[you] if you is not None else 0,
            hints_used=0,
            can_undo=can_undo,
            events=events,
            seats=seated(record),
            replay=replay,
            seen=seen,
        )
    if match is not None and record.status == "over" and not state.is_over:
        match = {**match, "legal": []}  # ended where it stood: nothing more is played
    elif match is not None and state.phase is Phase.HOLE_OVER and waits_for_people(record):
        # The hole's end waits for each person's Next hole: who has pressed it, and no
        # Next hole left to press for them.
        ready = ready_seats(record, state.hole)
        match = {**match, "ready": ready, "legal": [] if you in ready else match["legal"]}
    left = None
    if record.status == "playing" and record.deadline_ms is not None:
        left = -(-max(record.deadline_ms - now_ms, 0) // 1000)  # whole seconds, rounded up
    return {
        "code": record.code,
        "version": record.version,
        "name": record.name,
        "status": record.status,
        "host": HOST,
        "you": you,
        "seats": seats,
        "rules": state.rules.summary(),  # every field, those added since the table was made too
        "timer_seconds": record.timer_seconds,
        "seconds_left": left,
        "notices": record.notices,
        "away": record.away,
        "next": next_table(record),
        "quick_play": record.quick_play,
        "rated": record.rated,
        "ratings": None,  # what a finished rated match did to its ratings: TableReading._describe
        "you_left": None,  # the seat the caller left: TableReading._describe
        "match": match,
    }
