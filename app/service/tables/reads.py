"""A table of people as each caller reads it: from their own seat or as a spectator, and
what happened since their page last drew it.

:class:`TableReading` is the part of :class:`app.service.tables.service.TableService`
that reads. A read writes nothing and runs outside a transaction (``_read``). What a
read sets going happens before it answers, through the service's one loop (``_run``): a
turn whose time has run out is played, a person seated at a table that waits for its
people brings it back; else the read is noted (a seated person is present; a table read
is kept from the purge).

Each caller sees the table from their own seat (``view(state, seat)``), or as a
spectator (:func:`app.golf.view.spectator_view`). The seed stays private until the
match is over, so no one can replay the deals while they matter. A page is told the
steps since it drew the table (:class:`app.service.play.match_state.TableOutcome`),
played again from the snapshot kept then; the streams of a change this process wrote
are told them as the change played them (:mod:`app.service.tables.pushes`).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import OperationalError

from app.golf.actions import parse_log_entry
from app.golf.engine import GolfState
from app.golf.events import Event
from app.golf.view import spectator_view, view, view_event
from app.recent import Recent
from app.service.common import UNAVAILABLE_MESSAGE, StateCache, in_transaction
from app.service.errors import Stale, Unavailable
from app.service.play.match_state import Frame, TableOutcome, last_seen, table_state
from app.service.play.table_record import next_table, page_stamp, seat_of, seated, state_at
from app.service.play.turns import Change, deal_seed, told
from app.service.ratings.service import table_ratings
from app.service.replays import replays
from app.service.tables.pushes import Written
from app.service.tables.streams import OpenStreams, load_record
from app.store import tables as table_store
from app.store.tables import TableRecord

if TYPE_CHECKING:
    from app.service.tables.timeouts import TableTimeouts

log = logging.getLogger(__name__)
T = TypeVar("T")

FRAMES_KEPT = 60  # a page further behind than this many actions just draws the table as it is
READ_NOTE_MS = 60_000  # a table's reads are written down at most this often by each process


class TableReading:
    """The reads of a table and the table described from a seat (a mixin of
    :class:`app.service.tables.service.TableService`, whose loop and state it uses)."""

    if TYPE_CHECKING:  # what the service gives it
        engine: Engine
        deal_key: bytes
        now: Callable[[], int]
        cache: StateCache
        streams: OpenStreams
        timeouts: TableTimeouts
        _reads: Recent

        def expire(self, code: str) -> bool: ...

        def _run(
            self,
            browser_id: str | None,
            code: str,
            if_match: int | None,
            change: Change,
        ) -> TableOutcome: ...

        def _notice(self, record: TableRecord, seat: int | None, message: str) -> None: ...

        def _undo_refusal(self, record: TableRecord, state: GolfState, seat: int) -> str | None: ...

    def table(self, browser_id: str, code: str) -> dict:
        """The table as ``browser_id`` sees it; a turn whose time has run out is played first."""

        def read(connection: Connection):
            return *self._load(connection, code), self.streams.connected_seats(connection, code)

        record, state, connected = self._read(read)
        self._keep(record, state)
        if self._settle_on_read(browser_id, record):
            record, state, connected = self._read(read)
        described = self._describe(record, state, browser_id, [], connected)
        self._keep(record, state)  # only once described: a change taking it from the cache alters it
        return described

    def _settle_on_read(self, browser_id: str | None, record: TableRecord) -> bool:
        """What a read sets going before it answers: a turn whose time has run out is
        played; a person seated at a table that waits for its people brings it back;
        else the read is noted (a seated person is present; a table read is kept from
        the purge). Whether the table may have changed, to be read again."""
        if self.timeouts.due(record):
            self.expire(record.code)
            return True
        seat = seat_of(record, browser_id) if browser_id is not None else None
        if seat is not None and record.away and record.status == "playing":

            def back(connection, record, state):
                if not record.away:
                    return None
                self._notice(record, seat, f"{record.seats[seat].name} is back: the turn timer runs again.")
                return []

            with contextlib.suppress(Stale):  # another read brought it back first
                self._run(browser_id, record.code, None, back)
            return True
        self._note_read(record, present=seat is not None and record.status == "playing")
        return False

    def _note_read(self, record: TableRecord, present: bool) -> None:
        """Write down a read, at most once a minute a table (and kind of reader) in each
        process: a read of a finished or waiting table keeps it from the purge, a seated
        person's read of a table in play counts as being present."""
        if record.status == "playing" and not present:
            return  # a table in play is never purged
        now = self.now()
        key = (record.code, present)
        last = self._reads.take(key)
        if last is not None and now - last < READ_NOTE_MS:
            self._reads.put(key, last)
            return
        self._reads.put(key, now)
        with contextlib.suppress(Unavailable):  # the read is answered all the same
            in_transaction(self.engine, lambda connection: table_store.note_read(connection, record.code, now, present))

    def _read(self, work: Callable[[Connection], T]) -> T:
        """A read that writes nothing: outside a transaction, so that on PostgreSQL it
        costs no BEGIN and COMMIT round trips and on SQLite it does not queue behind the
        writers (its statements each see committed data; the table row alone decides
        what is shown, the connected marks are a hint)."""
        try:
            with self.engine.connect() as connection:
                return work(connection.execution_options(isolation_level="AUTOCOMMIT"))
        except OperationalError:
            log.exception("storage failed")
            raise Unavailable(UNAVAILABLE_MESSAGE) from None

    def version(self, code: str) -> int:
        return in_transaction(self.engine, lambda connection: self._record(connection, code)).version

    def seat(self, browser_id: str, code: str) -> int | None:
        return seat_of(in_transaction(self.engine, lambda connection: self._record(connection, code)), browser_id)

    def since(self, browser_id: str, code: str, seen: int | None) -> TableOutcome:
        """The table, and what happened since the page drew it: :meth:`refresh` unstamped."""
        outcome = self.refresh(browser_id, code, seen, None)
        assert outcome is not None  # only a stamped refresh can find nothing new
        return outcome

    def refresh(self, browser_id: str, code: str, seen: int | None, stamp: str | None) -> TableOutcome | None:
        """The table as :meth:`table` gives it, and what happened since the caller's page
        last drew it (``seen``: the number of actions in the log then), for the page to
        tell and show step by step (see :class:`TableOutcome`). The steps are played from
        the snapshot kept at ``seen`` (or just before it), never from the deal: a page
        further behind than the snapshots reach is drawn as the table stands.

        None when the page was drawn with ``stamp`` (:func:`page_stamp`) and the table
        still stands so: told from its row and its seats' marks, one read, before any
        state is had or drawn. What a read sets going (a turn out of time, a person coming
        back) happens first, as for any read."""

        record, connected = self.read_with_connected(code)
        if self._settle_on_read(browser_id, record):
            record, connected = self.read_with_connected(code)
        if stamp is not None and stamp == page_stamp(
            record.version,
            [entry.kind == "person" and seat in connected for seat, entry in enumerate(record.seats)],
            next_table(record),
        ):
            return None
        return self.outcome_since(record, connected, browser_id, seen)

    def read_with_connected(self, code: str) -> tuple[TableRecord, set[int]]:
        """The table's row and its connected seats, in one read."""

        def read(connection: Connection):
            return self._record(connection, code), self.streams.connected_seats(connection, code)

        return self._read(read)

    def outcome_since(
        self, record: TableRecord, connected: set[int], browser_id: str, seen: int | None
    ) -> TableOutcome:
        """The table from ``browser_id``'s seat and the steps since ``seen`` actions,
        played again from the snapshot kept at ``seen`` (or just before it)."""
        state = self.cache.take((record.code, record.version, record.seed)) or self._state_at(record, len(record.log))
        you = seat_of(record, browser_id)
        moves = len(record.log)
        outcome = TableOutcome({}, moves=moves, read_moves=moves)
        # No steps for a waiting room, a page that names none, or one further behind than
        # the kept frames or the snapshots reach: it is drawn as the table stands.
        if (
            record.status != "waiting"
            and seen is not None
            and 0 <= seen < moves
            and moves - seen <= FRAMES_KEPT
            and (not record.snapshots or any(s["moves"] <= seen for s in record.snapshots))
        ):
            before = self._state_at(record, seen)
            seats = seated(record)
            for entry in record.log[seen:]:
                happened = before.apply(*parse_log_entry(entry))
                _tell_step(outcome, happened, before, you, seats)
        # The same read as the steps; the last step shows the table as it stands.
        outcome.table = self._describe(record, state, browser_id, [], connected, last_seen(outcome.frames))
        self._keep(record, state)  # only once described: a change taking it from the cache alters it
        return outcome

    def outcome_of_written(self, written: Written, browser_id: str) -> TableOutcome:
        """:meth:`outcome_since` for a page that showed the table just before a change this
        process wrote: its steps as the change played them, with no read and no replay."""
        record = written.record
        moves = len(record.log)
        if not written.steps or written.read_moves + len(written.steps) != moves:
            return self.outcome_since(record, set(written.connected), browser_id, written.read_moves)
        state = written.steps[-1][1]
        you = seat_of(record, browser_id)
        outcome = TableOutcome({}, moves=moves, read_moves=moves)
        if len(written.steps) <= FRAMES_KEPT:
            seats = seated(record)
            for happened, after in written.steps:
                _tell_step(outcome, happened, after, you, seats)
        # The last step shows the table as it stands: its view is the table's.
        outcome.table = self._describe(record, state, browser_id, [], set(written.connected), last_seen(outcome.frames))
        return outcome

    # ------------------------------------------------------------------ a table's row and match

    def _record(self, connection: Connection, code: str) -> TableRecord:
        return load_record(connection, code)

    def _load(self, connection: Connection, code: str) -> tuple[TableRecord, GolfState]:
        record = self._record(connection, code)
        state = self.cache.take((record.code, record.version, record.seed))
        if state is None:
            state = self._state_at(record, len(record.log))
        return record, state

    def _state_at(self, record: TableRecord, moves: int) -> GolfState:
        return state_at(record, self._seed(record), moves)

    def _keep(self, record: TableRecord, state: GolfState) -> None:
        self.cache.put((record.code, record.version, record.seed), state)

    def _seed(self, record: TableRecord) -> int:
        return deal_seed(self.deal_key, record.seed)

    # ------------------------------------------------------------------ the table from a seat

    def _describe(
        self,
        record: TableRecord,
        state: GolfState,
        browser_id: str | None,
        events: list[Event],
        connected: set[int] | None = None,
        seen: dict | None = None,
    ) -> dict:
        """The table state of shared/API.md, from the caller's seat or as a spectator
        (``seen``: its match as that seat sees it, when already made)."""
        you = seat_of(record, browser_id) if browser_id is not None else None
        described = table_state(
            record,
            state,
            you,
            [view_event(e, you, len(record.seats)) for e in events],
            connected=self.streams.connected(record.code) if connected is None else connected,
            now_ms=self.now(),
            # A table the site's host ended (app/service/tables/ending.py) has no replay.
            replay=replays.link_of(self.deal_key, record) if record.status == "over" and state.is_over else None,
            can_undo=you is not None and self._undo_refusal(record, state, you) is None,
            seen=seen,
        )
        if you is None and browser_id is not None:  # the seat the caller left, if they did
            described["you_left"] = next((s for s, e in enumerate(record.seats) if e.left_by == browser_id), None)
        if record.rated and record.status == "over":  # written in the transaction that ended it
            described["ratings"] = self._read(lambda connection: table_ratings(connection, record))
        return described


def _tell_step(outcome: TableOutcome, happened: list[Event], after: GolfState, you: int | None, seats) -> None:
    """Add one step to what ``outcome`` tells seat ``you`` (None: a spectator): its events
    as the seat is told them, its own moves left out, and the step's frame, the events
    and the table just after as the seat sees it."""
    outcome.events += [view_event(e, you, after.rules.players) for e in told(happened, you)]
    outcome.frames.append(frame_of(happened, after, you, seats))


def frame_of(happened: list[Event], after: GolfState, you: int | None, seats) -> Frame:
    """One step as seat ``you`` (None: a spectator) is shown it: its events and the table just after."""
    players = after.rules.players
    return Frame(
        [view_event(e, you, players) for e in happened],
        view(after, you, seats) if you is not None else spectator_view(after, seats),
    )
