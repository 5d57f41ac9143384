"""Tables of people: one match of Golf whose seats belong to different browsers.

A table is made by its host (seat 0) with its rules and seats: ``open`` seats wait for
a person with the invite code, the others are computer players. Once the host starts
it, every move goes through the same loop as a match against the computer
(:func:`app.service.play.turns.run_turn`): one transaction that loads the row, applies the
move of the caller's own seat, lets every computer seat answer, and writes the row back
naming the version it read; the notifier then tells every open event stream.

Each caller sees the table from their own seat (``view(state, seat)``), or as a
spectator (:func:`app.golf.view.spectator_view`). The seed stays private until the
match is over, so no one can replay the deals while they matter.

With a turn timer, a person who runs out of time has the turn played for them by a
computer player: by the next request that reads the table, or by a process's sweep,
through the same versioned write, so of several processes racing only one wins
(:mod:`app.service.tables.timeouts`).
"""

from __future__ import annotations

import contextlib
import logging
import random
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import OperationalError

from app.golf.actions import (
    Action,
    MalformedAction,
    NextHole,
    Reveal,
    Swap,
    action_from_json,
    parse_log_entry,
)
from app.golf.engine import GolfState, IllegalAction, replay
from app.golf.events import Event, EventKind
from app.golf.phases import Phase
from app.golf.rules import RuleSet
from app.golf.undo import undo_refusal
from app.golf.view import spectator_view, view, view_event
from app.recent import Recent
from app.service import clock
from app.service.common import STALE_MESSAGE, UNAVAILABLE_MESSAGE, StateCache, in_transaction
from app.service.errors import Conflict, Forbidden, Invalid, Stale, Unavailable
from app.service.play.match_state import Frame, TableOutcome, last_seen, table_state
from app.service.play.table_record import (
    computer_levels,
    kept_snapshots,
    moves_at,
    next_table,
    page_stamp,
    seat_of,
    seated,
    state_at,
)
from app.service.play.turn_process import TurnProcess
from app.service.play.turns import deal_seed, run_turn, told
from app.service.replays import replays
from app.service.stats.results import record_online_result
from app.service.tables.notify import Notifier
from app.service.tables.pushes import TablePushes, Written
from app.service.tables.room import TableRoom
from app.service.tables.streams import STREAM_REFRESH_SECONDS, OpenStreams, load_record
from app.service.tables.timeouts import TableTimeouts
from app.store import repository
from app.store import tables as table_store
from app.store.tables import TableRecord

log = logging.getLogger(__name__)
T = TypeVar("T")

# Another seat's change saved between a change's read and its write: played again on the
# table as it now stands. Forty people joining at once lose up to 39 races in a row.
LOST_RACE_RETRIES = 60
NOTICES_KEPT = 20
FRAMES_KEPT = 60  # a page further behind than this many actions just draws the table as it is
READ_NOTE_MS = 60_000  # a table's reads are written down at most this often by each process


class StaleAction(Stale):
    """The version a client named makes its own action stale: its seat acted since, or a
    new hole was dealt. (Other seats' moves since are no reason to refuse it.)"""


class TableService(TableRoom):
    """Every table of people: its reads, its moves and the one loop that plays them
    (who sits where, and the table's making: :class:`app.service.tables.room.TableRoom`)."""

    def __init__(
        self,
        engine: Engine,
        deal_key: bytes,
        notifier: Notifier,
        now: Callable[[], int] = clock.now_ms,
        stand_in_level: str = "medium",
        away_seconds: float = 120,
        hold_seconds: float = 300,
        thinker: TurnProcess | None = None,
    ):
        self.engine = engine
        self.deal_key = deal_key
        self.notifier = notifier
        self.now = now
        # Play again keeps each new seat this long for the person who sat there.
        self.hold_ms = int(hold_seconds * 1000)
        self._reads = Recent(size=4096)  # (code, present) -> when this process last noted such a read
        # What is played when time runs out; its process is where the Experts think.
        self.timeouts = TableTimeouts(self, stand_in_level, away_seconds, thinker or TurnProcess())
        self.cache = StateCache(size=1024)
        self.pushes = TablePushes(self)  # what this process's page streams send of each change
        # This process's open event streams of seated people (their seats show connected).
        self.streams = OpenStreams(engine, notifier, lambda: self.now())
        # Told (record, state) after a commit that scored a hole: the reviews hang here.
        self.on_hole_scored: Callable[[TableRecord, GolfState], None] | None = None

    def close(self) -> None:
        self.timeouts.close()

    def expire(self, code: str) -> bool:
        """Play what is due at a table whose time has run out: :meth:`app.service.tables.timeouts.TableTimeouts.expire`."""
        return self.timeouts.expire(code)

    def sweep(self) -> int:
        """Play every timed-out turn of every table (a process's background sweep)."""
        return self.timeouts.sweep()

    # ------------------------------------------------------------------ reads

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

    # ------------------------------------------------------------------ play

    def act(self, browser_id: str, code: str, action: Action | dict, if_match: int | None = None) -> TableOutcome:
        """A move of the caller's own seat. ``if_match`` refuses it only when it is stale
        for this seat (:meth:`_check_version`): people moving at once are all played."""
        if isinstance(action, dict):
            try:
                action = action_from_json(action)
            except MalformedAction as error:
                raise Invalid(str(error)) from None

        def move(connection, record, state):
            seat = self._playing_seat(record, browser_id)
            if isinstance(action, (Reveal, Swap)) and not 0 <= action.position < state.rules.cells:
                raise Invalid(
                    f"There is no position {action.position}: positions run from 0 to {state.rules.cells - 1}."
                )
            if not state.legal_actions(seat):
                raise Conflict(f"It is not your move: {self._waiting_for(record, state)}.")
            try:
                return state.apply(seat, action)  # every event: the frame of the move shows it all
            except IllegalAction as error:
                raise Conflict(str(error)) from None

        return self._run(browser_id, code, if_match, move)

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

    # ------------------------------------------------------------------ the one loop

    def _run(
        self,
        browser_id: str | None,
        code: str,
        if_match: int | None,
        change,
        *,
        computers: bool = True,
        own_deadline: bool = False,
        strict: bool = False,
    ) -> TableOutcome:
        """The one loop: load, check the version, ``change``, let the computer seats move
        (unless ``computers`` is false: a timeout plays one seat a transaction), settle,
        save, tell. ``own_deadline``: ``change`` has set the turn timer's deadline itself.

        ``if_match``, the version the caller last saw, refuses the change (:class:`Stale`)
        only when it makes the caller's own action stale (:meth:`_check_version`), or,
        ``strict``, when anything changed at all (an undo; a timeout's turn, chosen from the
        table as read). The answer's frames are made from the steps played here, each as the
        caller sees it."""
        now = self.now()
        connected: set[int] | None = None  # read in the same transaction: no second one to describe
        steps: list[tuple[list[Event], GolfState]] = []  # each step: the caller's frames, the other seats' streams
        read_moves = 0  # the log's length as read
        replaced = False  # the change put a new state in place (a deal, an undo): the snapshots start again

        def load(connection: Connection):
            nonlocal connected, read_moves, replaced
            steps.clear()  # a transaction run again starts afresh
            if browser_id is not None:
                connected = self.streams.connected_seats(connection, code)
            record, state = self._load(connection, code)
            read_moves, replaced = len(state.log), False
            return record, state

        def checked(connection: Connection, record: TableRecord, state: GolfState):
            nonlocal replaced
            if if_match is not None and if_match != record.version:
                self._check_version(record, state, if_match, browser_id, strict)
            result = change(connection, record, state)
            replaced = isinstance(result, GolfState)
            return result

        def step(state: GolfState, events: list[Event]) -> None:
            if browser_id is None:
                return  # a timeout's write: no one to answer
            steps.append((list(events), state.clone()))

        def settle(connection: Connection, record: TableRecord, state: GolfState) -> None:
            record.updated_ms = now
            if browser_id is not None and seat_of(record, browser_id) is not None:
                record.seen_ms = now  # a person seated here is present: the table plays on
                record.away = False
            if state.is_over:
                record.status = "over"
                record.deadline_ms = None
                if not record.recorded:
                    for seat, entry in enumerate(record.seats):
                        if entry.kind == "person" and entry.browser is not None:
                            record_online_result(connection, entry.browser, record.code, state, seat)
                    replays.keep_game(
                        connection, self.deal_key, record, state, deal_seed=self._seed(record), now_ms=now
                    )
                    record.recorded = True
            elif record.status == "playing" and record.timer_seconds and not own_deadline:
                people = [s for s in state.to_act() if record.seats[s].kind == "person"]
                hole_waits = state.phase is Phase.HOLE_OVER and any(e.kind == "person" for e in record.seats)
                record.deadline_ms = now + record.timer_seconds * 1000 if people or hole_waits else None
            record.snapshots = kept_snapshots(record, state, replaced=replaced)

        def save(connection: Connection, record: TableRecord, read_version: int) -> None:
            table_store.save_table(connection, record, read_version)
            if browser_id is not None:  # a person's accepted change keeps their session from the purge
                repository.note_action(connection, browser_id)
            self.notifier.stage(connection, record.code, record.version, by=mover(record))

        def mover(record: TableRecord) -> int | None:
            """The seat whose page is answered with this change (it is not sent it again)."""
            return seat_of(record, browser_id) if browser_id is not None else None

        for attempt in range(LOST_RACE_RETRIES + 1):
            try:
                record, state, events = run_turn(
                    self.engine,
                    load,
                    None,
                    checked,
                    level_of=computer_levels if computers else self._no_computers,
                    seed_of=self._seed,
                    settle=settle,
                    save=save,
                    on_step=step,
                    think=self.timeouts.thinker.think_ahead,
                )
                break
            except StaleAction:
                raise
            except Stale:
                # Another seat's change was saved between this one's read and write (people
                # reveal at once when a hole starts): played on the table as it now stands,
                # checked afresh, rather than refused.
                if attempt == LOST_RACE_RETRIES:
                    raise
                if attempt >= 2:  # many at once: spread them out a little
                    time.sleep(random.uniform(0, min(0.001 * attempt, 0.02)))
        if events is not None:
            if connected is not None and not replaced:
                # Kept before it is told: this process's streams make the other seats'
                # tables from it, with no read of the row and no replay of the log.
                self.pushes.wrote(Written(replace(record), frozenset(connected), read_moves, tuple(steps)))
            self.notifier.publish(record.code, record.version, by=mover(record))
        if self.on_hole_scored is not None and any(e.kind is EventKind.HOLE_SCORED for e in events or []):
            self.on_hole_scored(record, state)
        if browser_id is None:
            self._keep(record, state)
            return TableOutcome({})
        you, seats = seat_of(record, browser_id), seated(record)
        shown = told(events or [], you)  # the caller knows its own moves
        frames = [_frame_of(*step, you, seats) for step in steps] if events is not None else []
        # The last step shows the table as it stands: its view is the table's.
        table = self._describe(record, state, browser_id, shown, connected, last_seen(frames))
        self._keep(record, state)  # only once described: a change taking it from the cache alters it
        return TableOutcome(
            table,
            moves=len(state.log),
            read_moves=read_moves,
            events=table["match"]["events"] if table["match"] else [],
            frames=frames,
        )

    @staticmethod
    def _check_version(
        record: TableRecord, state: GolfState, if_match: int, browser_id: str | None, strict: bool
    ) -> None:
        """Refuse a change made from version ``if_match`` (older than the table's) when
        that makes it stale: ``strict``, or the caller's seat acted since, or a hole was
        dealt, or what happened since is not known (the table's snapshots do not reach
        back that far, or were started again by an undo or a deal). Moves of other seats
        since (people revealing at once) leave it standing: it is checked afresh by the
        rules against the table as it now stands."""
        moves = None if strict or if_match > record.version else moves_at(record, if_match)
        seat = seat_of(record, browser_id) if browser_id is not None else None
        if moves is None or seat is None or moves > len(state.log):
            raise StaleAction(STALE_MESSAGE)
        for entry in state.log[moves:]:
            logged = parse_log_entry(entry)
            if logged.seat == seat or isinstance(logged.action, NextHole):
                raise StaleAction(STALE_MESSAGE)

    @staticmethod
    def _no_computers(record: TableRecord) -> Callable[[int], str | None]:
        return lambda seat: None

    # ------------------------------------------------------------------ helpers

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

    def _fresh_state(self, record: TableRecord) -> GolfState:
        return GolfState.new(self._seed(record), RuleSet(**record.rules))

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

    def _notice(self, record: TableRecord, seat: int | None, message: str) -> None:
        record.notices = [
            *record.notices,
            {"seat": seat, "message": message, "version": record.version + 1, "at_ms": self.now()},
        ][-NOTICES_KEPT:]

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
        return table_state(
            record,
            state,
            you,
            [view_event(e, you, len(record.seats)) for e in events],
            connected=self.streams.connected(record.code) if connected is None else connected,
            now_ms=self.now(),
            replay=replays.link_of(self.deal_key, record) if record.status == "over" else None,
            can_undo=you is not None and self._undo_refusal(record, state, you) is None,
            seen=seen,
        )

    def _undo_refusal(self, record: TableRecord, state: GolfState, seat: int) -> str | None:
        """Why ``seat`` cannot take back its last action now (:func:`app.golf.undo.undo_refusal`)."""
        if record.status != "playing":
            return "There is nothing to undo."
        return undo_refusal(state, seat, lambda: self._state_at(record, len(state.log) - 1))


def _tell_step(outcome: TableOutcome, happened: list[Event], after: GolfState, you: int | None, seats) -> None:
    """Add one step to what ``outcome`` tells seat ``you`` (None: a spectator): its events
    as the seat is told them, its own moves left out, and the step's frame, the events
    and the table just after as the seat sees it."""
    outcome.events += [view_event(e, you, after.rules.players) for e in told(happened, you)]
    outcome.frames.append(_frame_of(happened, after, you, seats))


def _frame_of(happened: list[Event], after: GolfState, you: int | None, seats) -> Frame:
    """One step as seat ``you`` (None: a spectator) is shown it: its events and the table just after."""
    players = after.rules.players
    return Frame(
        [view_event(e, you, players) for e in happened],
        view(after, you, seats) if you is not None else spectator_view(after, seats),
    )


async def sweep_forever(service: TableService, every_seconds: float = 2.0) -> None:
    """A process's background sweep: every few seconds, play the timed-out turns of
    every table (each through the versioned write, so processes sweeping at once do
    not play a turn twice); every STREAM_REFRESH_SECONDS, mark this process's open
    event streams connected."""
    import asyncio

    refreshed = time.monotonic()
    while True:
        await asyncio.sleep(every_seconds)
        try:
            await asyncio.to_thread(service.sweep)
        except Exception:  # the store unreachable for a moment: try again next time
            log.exception("sweeping timed-out turns failed")
        if time.monotonic() - refreshed >= STREAM_REFRESH_SECONDS:
            refreshed = time.monotonic()
            try:
                await asyncio.to_thread(service.streams.refresh)
            except Exception:
                log.exception("marking open event streams connected failed")
