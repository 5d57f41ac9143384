"""A table's timeouts: what is played when its time runs out.

With a turn timer, a person who runs out of time has the turn played for them by a
computer player of the stand-in level, then every computer seat's turn that follows; a
scored hole left waiting too long is dealt on; a table of friends whose people have all
been away stops and waits for them. A quick-play table never waits: it gives up on a
person whose time runs out a few times in a row, and a computer takes their seat as if
they had left (:mod:`app.service.tables.leaving`), so that a match among strangers always
ends, and a losing player cannot stall it unrated. It is played by the next request that
reads the table or by a process's sweep, one seat's turn a transaction through the
table's own versioned write (:meth:`app.service.tables.service.TableService._run`), so of
several processes racing only one wins. A computer's turn is thought out beforehand in a
process of its own.

One table's failure is its own (:class:`app.service.failures.Failures`): a table whose due turn fails is
logged once, tried again after a wait that doubles each time, and, after
:data:`FAILURES_BEFORE_ENDING` failures, ended where it stands with a notice, so that it
is never tried for ever; the sweep goes on with every other table meanwhile.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Protocol, TypeVar

from sqlalchemy import Connection, Engine

from app.golf.actions import NextHole, log_entry, parse_log_entry
from app.golf.engine import GolfState
from app.golf.events import Event
from app.golf.phases import Phase
from app.service.common import in_transaction
from app.service.errors import Stale, Unavailable
from app.service.failures import Failures
from app.service.play.match_state import TableOutcome
from app.service.play.table_record import ready_seats, waits_for_people
from app.service.play.turn_process import TurnProcess, computer_turn
from app.service.play.turns import Change
from app.service.tables.leaving import GIVE_UP_AFTER, give_seat_to_computer, timed_out
from app.service.tables.streams import OpenStreams
from app.service.worker_process import WorkerClosed
from app.store import tables as table_store
from app.store.tables import TableRecord

log = logging.getLogger(__name__)

MAX_STEPS_A_TIMEOUT = 20  # a person's turn, seven computers', a hole dealt and its openings, with room to spare
FAILURES_BEFORE_ENDING = 8  # about eight and a half minutes of trying (app.service.failures), then it is ended
ENDED_AFTER_FAILURES = "This table could not go on after a fault on the server: it has been ended where it stood."


T = TypeVar("T")


class TablePlay(Protocol):
    """What a timeout asks of the table's service (:class:`app.service.tables.service.TableService`,
    which makes its timeouts and hands itself to them: the service calls the timeouts, and
    the timeouts know the service only by these parts of its loop)."""

    engine: Engine
    streams: OpenStreams
    now: Callable[[], int]
    next_hole_ms: int

    def _read(self, work: Callable[[Connection], T]) -> T: ...

    def _load(self, connection: Connection, code: str) -> tuple[TableRecord, GolfState]: ...

    def _keep(self, record: TableRecord, state: GolfState) -> None: ...

    def _seed(self, record: TableRecord) -> int: ...

    def _notice(self, record: TableRecord, seat: int | None, message: str) -> None: ...

    def end(self, code: str, message: str) -> bool: ...

    def _run(
        self,
        browser_id: str | None,
        code: str,
        if_match: int | None,
        change: Change,
        *,
        computers: bool = True,
        own_deadline: bool = False,
        strict: bool = False,
    ) -> TableOutcome: ...


class TableTimeouts:
    def __init__(self, tables: TablePlay, stand_in_level: str, away_seconds: float, thinker: TurnProcess):
        self.tables = tables
        self.stand_in_level = stand_in_level  # plays for a person who left or ran out of time
        # Every person away this long: the turn timer stops and the table waits for them.
        self.away_ms = int(away_seconds * 1000)
        self.thinker = thinker  # where a timeout's computer turns are thought out
        self.failures = Failures()

    def close(self) -> None:
        self.thinker.close()

    def due(self, record: TableRecord) -> bool:
        """Whether the table's deadline has passed: a turn, or a scored hole, waits too long."""
        return record.status == "playing" and record.deadline_ms is not None and self.tables.now() >= record.deadline_ms

    def expire(self, code: str) -> bool:
        """Play what is due at a table whose time has run out, one seat's turn a
        transaction: the turn of each person out of time, by a computer player (they are
        told in the table's notices), then each computer seat's turn that follows; or
        deal the next hole if the scored hole waited too long. A table whose people have
        all been away for ``away_ms`` plays nothing: its timer stops until one is back.
        Each step is chosen from the table as read, outside any transaction (a computer
        thinking holds no writer), and written over the version it read: of several
        processes racing, one wins. Returns whether this call played anything.

        A table whose turn fails (a fault of its own, not the store's) is logged once,
        left alone for a while (:class:`app.service.failures.Failures`) and in the end ended; the failure is
        never the caller's: a read of the table still answers, the sweep goes on."""
        if self.failures.waiting(code):
            return False
        played = False
        try:
            for _ in range(MAX_STEPS_A_TIMEOUT):
                try:
                    if not self._step(code):
                        break
                except Stale:
                    break  # another request or process played it first
                played = True
        except Unavailable:
            raise  # the store, not the table: every table waits for it alike
        except Exception:
            self._failed(code)
            return played
        self.failures.recovered(code)
        return played

    def _failed(self, code: str) -> None:
        count = self.failures.failed(code)
        if count == 1:
            log.exception("table %s: playing its due turn failed; tried again later, with a growing wait", code)
        if count < FAILURES_BEFORE_ENDING:
            return
        try:
            self.tables.end(code, ENDED_AFTER_FAILURES)
        except Exception:
            log.exception("table %s: ending it after %d failures failed too", code, count)
            return
        self.failures.recovered(code)
        log.error("table %s: ended after %d failures of its due turn", code, count)

    def _step(self, code: str) -> bool:
        """One seat's turn (or the next hole, or the wait for people away) at a table whose
        deadline has passed, in one transaction; whether one was played."""
        tables = self.tables

        def read(connection: Connection):
            return *tables._load(connection, code), tables.streams.connected_seats(connection, code)

        record, state, connected = tables._read(read)
        tables._keep(record, state)
        if not self.due(record):
            return False
        now = tables.now()
        people = {s for s, entry in enumerate(record.seats) if entry.kind == "person"}
        if not people:
            # Nobody left at a table in play (a table from before such tables were ended
            # as their last person left): the loop's settling ends it.
            tables._run(None, code, record.version, lambda *_: [], computers=False, own_deadline=True, strict=True)
            return True
        computers = [s for s in state.to_act() if record.seats[s].kind == "computer"]
        persons = [s for s in state.to_act() if s in people]
        present = bool(people & connected)
        seen = now - (record.seen_ms or record.started_ms or now)
        if not computers and not present and seen >= self.away_ms and not record.quick_play:

            def wait(connection, record, state):
                record.away = True
                record.deadline_ms = None
                tables._notice(record, None, "Everyone at the table is away: the match waits until someone is back.")
                return []

            tables._run(None, code, record.version, wait, computers=False, own_deadline=True, strict=True)
            return True
        if state.phase is Phase.MATCH_OVER:
            return False
        # Thought out before the transaction, in a process of its own: neither the writer
        # nor this interpreter waits for a computer.
        if computers:
            seat, level = computers[0], record.seats[computers[0]].level
        elif state.phase is Phase.HOLE_OVER:
            seat, level = next(iter(sorted(people)), None), None
        else:
            seat, level = (persons[0] if persons else None), self.stand_in_level
        if seat is None:
            return False
        moves = [log_entry(seat, NextHole())] if level is None else self._turn(record, state, seat, level)

        def play(connection, record, state):
            before = set(state.to_act())
            hole_shown = state.hole
            events: list[Event] = []
            for entry in moves:
                events += state.apply(*parse_log_entry(entry))
            if present:
                record.seen_ms = now
            if level is None and waits_for_people(record):
                ready = ready_seats(record, hole_shown)
                waited_for = " and ".join(record.seats[s].name for s in sorted(people) if s not in ready)
                tables._notice(record, None, f"The next hole was dealt without waiting longer for {waited_for}.")
            elif level is None:
                tables._notice(record, None, "The scored hole waited too long: the next hole was dealt.")
            elif not computers:
                name = record.seats[seat].name
                tables._notice(record, seat, f"{name} ran out of time: a computer player made that move.")
                if timed_out(record, seat):
                    give_seat_to_computer(connection, record, state, seat, self.stand_in_level)
                    tables._notice(
                        record,
                        seat,
                        f"{name} ran out of time {GIVE_UP_AFTER} turns in a row: a computer player takes the seat "
                        "for the rest of the match, as if they had left.",
                    )
            # What is due next: the computers' turns at once; people who were out of
            # time already (all reveal together at a hole's start) at once; a person
            # whose turn has just come, after their own time.
            to_act = state.to_act()
            if state.is_over:
                record.deadline_ms = None
            elif any(record.seats[s].kind == "computer" for s in to_act):
                record.deadline_ms = now
            elif not computers and level is not None and any(s in before and s in people and s != seat for s in to_act):
                pass  # the deadline that has passed stands
            elif state.phase is Phase.HOLE_OVER and waits_for_people(record):
                record.deadline_ms = now + tables.next_hole_ms  # the hole's end waits for its people
            elif record.timer_seconds and (any(s in people for s in to_act) or state.phase is Phase.HOLE_OVER):
                record.deadline_ms = now + record.timer_seconds * 1000
            else:
                record.deadline_ms = None
            return events

        tables._run(None, code, record.version, play, computers=False, own_deadline=True, strict=True)
        return True

    def sweep(self) -> int:
        """Play every timed-out turn of every table (a process's background sweep), but
        those of the tables whose turn failed lately (they wait their turn)."""
        tables = self.tables
        waiting = self.failures.waiting_codes()
        codes = in_transaction(
            tables.engine, lambda connection: table_store.tables_past_deadline(connection, tables.now(), but=waiting)
        )
        return sum(self.expire(code) for code in codes)

    def _turn(self, record: TableRecord, state: GolfState, seat: int, level: str) -> list[str]:
        """The log entries of ``seat``'s turn played by a computer of ``level``: in the
        thinker's process, or on this thread when that cannot be had (the server
        stopping, the process failing)."""
        try:
            return self.thinker.turn(record.rules, self.tables._seed(record), tuple(state.log), seat, level)
        except WorkerClosed:
            pass  # the server is stopping: its last sweep plays here
        except Exception:
            log.exception("a timeout's turn was played on the server's thread")
        trial = state.clone()
        computer_turn(trial, seat, level, self.tables._seed(record))
        return trial.log[len(state.log) :]
