"""What a table page's own event stream sends it of each change (:meth:`TablePushes.pushed`):
the table from the page's seat and the steps since the page drew it, as a refresh gives
them (:meth:`app.service.tables.reads.TableReading.refresh`), made here so that the page
need not ask.

Every stream of a process told of one change shares one read of it, and every page of
one seat (every spectator's page too) one outcome. When this process wrote the change
itself, the streams need not even read: the change's own transaction left its row, the
seats it found connected and every step it played (:class:`Written`), from which each
seat's table and steps are made without a read of the row or a replay of the log.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Protocol

from app.golf.engine import GolfState
from app.golf.events import Event
from app.service.play.match_state import TableOutcome
from app.service.play.table_record import moves_at, seat_of
from app.service.tables.notify import Change
from app.store.tables import TableRecord

# How many of this process's latest changes are kept for their streams. A change's
# streams take it within milliseconds; one no longer kept is read from the database,
# which is correct, only slower. Each kept change holds a few hundred objects the garbage
# collector tracks, and with 256 kept they outlived its youngest generation and made its
# pauses long (up to 170 ms at 100 tables); with 64 they are about half as long, and a
# late stream still rarely has to read.
CHANGE_READS_KEPT = 64  # the reads of this process's latest changes, shared by their streams
WRITES_KEPT = 64  # the changes this process wrote last, for the streams told of them


@dataclass(frozen=True)
class Written:
    """A change this process saved, as its transaction left it: the row as written, the
    seats it found connected, and each step it played from ``read_moves`` actions on (the
    engine's events and a copy of the match just after, which nothing changes)."""

    record: TableRecord
    connected: frozenset[int]
    read_moves: int
    steps: tuple[tuple[list[Event], GolfState], ...]


class TableReads(Protocol):
    """What the pushes ask of the table's service (:class:`app.service.tables.service.TableService`,
    which makes its pushes and hands itself to them: the service calls the pushes, and the
    pushes know the service only by these reads)."""

    def read_with_connected(self, code: str) -> tuple[TableRecord, set[int]]: ...

    def outcome_since(
        self, record: TableRecord, connected: set[int], browser_id: str, seen: int | None
    ) -> TableOutcome: ...

    def outcome_of_written(self, written: Written, browser_id: str) -> TableOutcome: ...


@dataclass
class SharedRead:
    """One read shared by the streams told of one change: the row and its connected seats,
    and the change as written when this process wrote it."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    value: tuple[TableRecord, set[int], Written | None] | None = None
    # What was made of it for a seat (None: a spectator) shown so many actions: every
    # page of that seat, every spectator's, is sent the same.
    made: dict[tuple[int | None, int | None], TableOutcome] = field(default_factory=dict)


@dataclass(frozen=True)
class Pushed:
    """What a page's stream sends of a change: the table to draw (None: the page has it
    already), drawn for a page that shows version ``drawn_from``; the version and the
    number of actions the page shows once it has it."""

    drawn_from: int
    version: int
    moves: int
    outcome: TableOutcome | None
    # The same for every page given this outcome (its seat's, or every spectator's) in
    # this process: the table, the change's number, the seat, the actions the page showed.
    shared_as: tuple = ()
    # The page's seat (None: a spectator's), and whether the change was its own move,
    # which its page has from the move's answer.
    seat: int | None = None
    own: bool = False


class TablePushes:
    """The changes of ``service``'s tables as this process's page streams send them."""

    def __init__(self, service: TableReads):
        self.service = service
        self._reads: OrderedDict[tuple[str, int], SharedRead] = OrderedDict()
        self._written: OrderedDict[tuple[str, int], Written] = OrderedDict()
        self._lock = threading.Lock()

    def wrote(self, written: Written) -> None:
        """Keep a change this process has just committed, before it is told to the streams
        (a version of a table is written once, by one process: the write names the
        version it read)."""
        with self._lock:
            self._written[(written.record.code, written.record.version)] = written
            while len(self._written) > WRITES_KEPT:
                self._written.popitem(last=False)

    def pushed(
        self,
        browser_id: str,
        code: str,
        change: Change,
        shown: int,
        seen: int | None,
        *,
        quick: bool = False,
        unread: bool = False,
    ) -> Pushed | None:
        """What a page's own event stream sends it of ``change``: the table from the
        page's seat and what happened since the page drew it (version ``shown``, ``seen``
        actions).

        The page of the seat that made the change already has it from its answer: nothing
        is drawn for it, unless the table has moved on since. Nothing either for a page
        that shows the table as it stands.

        ``quick``: None instead of anything more than a lookup, that is, when a table is to
        be made for the page, or the change is to be read first (it is not one this process
        wrote, and no stream has read it yet or one is reading it now). ``unread``: None
        unless the table is made from the change as this process wrote it, without a read,
        a replay or a wait for another stream."""
        shared = self._read_of(code, change, may_read=not (quick or unread))
        if shared is None:
            return None
        assert shared.value is not None
        record, connected, written = shared.value
        seat = seat_of(record, browser_id)
        if change.by is not None and change.by == seat:
            if record.version == change.version:
                return Pushed(shown, record.version, len(record.log), None, seat=seat, own=True)
            shown, seen = change.version, moves_at(record, change.version)
        if shown == record.version and not change.seats:
            return Pushed(shown, record.version, len(record.log), None, seat=seat)
        if quick or not shared.lock.acquire(blocking=not unread):
            return None
        try:
            outcome = shared.made.get((seat, seen))
            if outcome is None:
                if written is not None and seen == written.read_moves:
                    outcome = self.service.outcome_of_written(written, browser_id)
                elif unread:
                    return None
                else:
                    outcome = self.service.outcome_since(record, connected, browser_id, seen)
                shared.made[(seat, seen)] = outcome
        finally:
            shared.lock.release()
        return Pushed(shown, record.version, outcome.moves, outcome, (code, change.number, seat, seen), seat=seat)

    def _read_of(self, code: str, change: Change, *, may_read: bool = True) -> SharedRead | None:
        """The table and its connected seats as read once for ``change`` in this process:
        as written, when this process wrote it. Not ``may_read``: None if that would mean
        reading it, or waiting for another stream's read of it."""
        with self._lock:
            shared = self._reads.get((code, change.number))
            if shared is None:
                shared = self._reads[(code, change.number)] = SharedRead()
                while len(self._reads) > CHANGE_READS_KEPT:
                    self._reads.popitem(last=False)
            # Who is connected changed since any write: that change is read.
            written = None if change.seats else self._written.get((code, change.version))
        if not shared.lock.acquire(blocking=may_read):
            return None  # another stream is reading it
        try:
            if shared.value is None:
                if written is not None:
                    shared.value = (written.record, set(written.connected), written)
                elif not may_read:
                    return None
                else:
                    shared.value = (*self.service.read_with_connected(code), None)
            return shared
        finally:
            shared.lock.release()
