"""A seat's own moves at a table of people: a move (:meth:`TableMoves.act`), and taking
back the seat's last action (:meth:`TableMoves.undo`) while no other seat has acted
since and only when it showed no card that was hidden. :class:`TableMoves` is the part
of :class:`app.service.tables.service.TableService` that plays them; each goes through
the service's one loop (``_run``), as every change does.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from app.golf.actions import Action, NextHole
from app.golf.engine import GolfState, IllegalAction, replay
from app.golf.phases import Phase
from app.golf.undo import undo_refusal
from app.service.errors import Conflict, Forbidden
from app.service.play.match_state import TableOutcome
from app.service.play.table_record import people, ready_seats, seat_of, waits_for_people
from app.service.play.turns import Change, action_of, check_position
from app.store.tables import TableRecord

if TYPE_CHECKING:
    from app.golf.events import Event


class TableMoves:
    """A seat's moves and its undo (a mixin of :class:`app.service.tables.service.TableService`,
    whose loop and state it uses)."""

    if TYPE_CHECKING:  # what the service gives it

        def _run(
            self,
            browser_id: str | None,
            code: str,
            if_match: int | None,
            change: Change,
            *,
            strict: bool = False,
        ) -> TableOutcome: ...

        def _seed(self, record: TableRecord) -> int: ...

        def _state_at(self, record: TableRecord, moves: int) -> GolfState: ...

    def act(self, browser_id: str, code: str, action: Action | dict, if_match: int | None = None) -> TableOutcome:
        """A move of the caller's own seat. ``if_match`` refuses it only when it is stale
        for this seat (:meth:`app.service.tables.service.TableService._check_version`):
        people moving at once are all played."""
        action = action_of(action)

        def move(connection, record, state):
            seat = self._playing_seat(record, browser_id)
            check_position(action, state.rules.cells)
            if not state.legal_actions(seat):
                raise Conflict(f"It is not your move: {self._waiting_for(record, state)}.")
            if isinstance(action, NextHole) and state.phase is Phase.HOLE_OVER and waits_for_people(record):
                return self._ready(record, state, seat)
            try:
                return state.apply(seat, action)  # every event: the frame of the move shows it all
            except IllegalAction as error:
                raise Conflict(str(error)) from None

        return self._run(browser_id, code, if_match, move)

    @staticmethod
    def _ready(record: TableRecord, state: GolfState, seat: int) -> list[Event] | None:
        """Next hole at a table of several people: ``seat`` has seen the hole's end; the
        next hole is dealt once every person has (the computers always have), or by the
        bound on the wait (:mod:`app.service.tables.timeouts`). Pressed again, it changes
        nothing more."""
        if record.seats[seat].ready_hole == state.hole:
            return None  # a second press (a double click, another tab): nothing to write
        ready = replace(record.seats[seat], ready_hole=state.hole)
        record.seats = [*record.seats[:seat], ready, *record.seats[seat + 1 :]]
        if ready_seats(record, state.hole) == people(record):
            return state.apply(seat, NextHole())
        return []

    def undo(self, browser_id: str, code: str, if_match: int | None = None) -> TableOutcome:
        """Take back the caller's own last action, only while no other seat has acted
        since, and only an action that showed no card that was hidden (a face-down card
        or a stock card): taking that back would let a person know a hidden card."""

        def take_back(connection, record, state):
            seat = self._playing_seat(record, browser_id)
            refusal = self._undo_refusal(record, state, seat)
            if refusal:
                raise Conflict(refusal)
            return replay(self._seed(record), state.rules, state.log[:-1])

        return self._run(browser_id, code, if_match, take_back, strict=True)

    def _undo_refusal(self, record: TableRecord, state: GolfState, seat: int) -> str | None:
        """Why ``seat`` cannot take back its last action now (:func:`app.golf.undo.undo_refusal`)."""
        if record.status != "playing":
            return "There is nothing to undo."
        return undo_refusal(state, seat, lambda: self._state_at(record, len(state.log) - 1))

    @staticmethod
    def _playing_seat(record: TableRecord, browser_id: str) -> int:
        seat = seat_of(record, browser_id)
        if seat is None:
            raise Forbidden("You are watching this table: only the people seated at it can play.")
        if record.status == "waiting":
            raise Conflict("The match has not started yet: the host starts it.")
        if record.status == "over":
            raise Conflict("The match is over.")
        return seat

    @staticmethod
    def _waiting_for(record: TableRecord, state: GolfState) -> str:
        names = [record.seats[s].name for s in state.to_act()]
        return f"waiting for {', '.join(names)}" if names else "waiting"
