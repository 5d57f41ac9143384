"""Tables of people: one match of Golf whose seats belong to different browsers.

A table is made by its host (seat 0) with its rules and seats: ``open`` seats wait for
a person with the invite code, the others are computer players. Once the host starts
it, every move goes through the same loop as a match against the computer
(:func:`app.service.play.turns.run_turn`): one transaction that loads the row, applies the
move of the caller's own seat, lets every computer seat answer, and writes the row back
naming the version it read; the notifier then tells every open event stream.

:class:`TableService` keeps that one loop (``_run``) and is made of parts of one concern
each, which change a table only through it: who sits where
(:class:`app.service.tables.room.TableRoom`), a seat's own moves
(:class:`app.service.tables.moves.TableMoves`), and the reads, the table as each seat sees
it (:class:`app.service.tables.reads.TableReading`). It makes its timeouts and its streams'
pushes and hands itself to them; they know it only by Protocols.

With a turn timer, a person who runs out of time has the turn played for them by a
computer player: by the next request that reads the table, or by a process's sweep,
through the same versioned write, so of several processes racing only one wins
(:mod:`app.service.tables.timeouts`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import replace

from sqlalchemy import Connection, Engine

from app.golf.actions import NextHole, parse_log_entry
from app.golf.engine import GolfState
from app.golf.events import Event, EventKind
from app.golf.phases import Phase
from app.golf.rules import RuleSet
from app.recent import Recent
from app.service import clock
from app.service.common import STALE_MESSAGE, StateCache, in_transaction
from app.service.errors import NotFound, Stale
from app.service.play.match_state import TableOutcome, last_seen
from app.service.play.table_record import (
    computer_levels,
    kept_snapshots,
    moves_at,
    seat_of,
    seated,
    waits_for_people,
)
from app.service.play.turn_process import TurnProcess
from app.service.play.turns import run_turn, told
from app.service.ratings.service import rate_table
from app.service.replays import replays
from app.service.stats.results import record_online_result
from app.service.tables.leaving import EVERYONE_LEFT, acted, end_where_it_stands, nobody_left
from app.service.tables.moves import TableMoves
from app.service.tables.notify import Notifier
from app.service.tables.pushes import TablePushes, Written
from app.service.tables.reads import TableReading, frame_of
from app.service.tables.room import TableRoom
from app.service.tables.streams import OpenStreams
from app.service.tables.timeouts import TableTimeouts
from app.store import repository
from app.store import tables as table_store
from app.store.tables import TableRecord

# Another seat's change saved between a change's read and its write: played again on the
# table as it now stands. Forty people joining at once lose up to 39 races in a row.
LOST_RACE_RETRIES = 60
NOTICES_KEPT = 20


class StaleAction(Stale):
    """The version a client named makes its own action stale: its seat acted since, or a
    new hole was dealt. (Other seats' moves since are no reason to refuse it.)"""


class TableService(TableRoom, TableMoves, TableReading):
    """Every table of people and the one loop that plays each change to it (who sits
    where: :class:`app.service.tables.room.TableRoom`; a seat's moves:
    :class:`app.service.tables.moves.TableMoves`; its reads:
    :class:`app.service.tables.reads.TableReading`)."""

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
        next_hole_seconds: float = 60,
    ):
        self.engine = engine
        self.deal_key = deal_key
        self.notifier = notifier
        self.now = now
        # Play again keeps each new seat this long for the person who sat there.
        self.hold_ms = int(hold_seconds * 1000)
        # The longest a hole's end waits for its people to press Next hole.
        self.next_hole_ms = int(next_hole_seconds * 1000)
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
        hole_was_over = False  # the table showed a hole's end before the change

        def load(connection: Connection):
            nonlocal connected, read_moves, replaced
            steps.clear()  # a transaction run again starts afresh
            if browser_id is not None:
                connected = self.streams.connected_seats(connection, code)
            record, state = self._load(connection, code)
            read_moves, replaced = len(state.log), False
            return record, state

        def checked(connection: Connection, record: TableRecord, state: GolfState):
            nonlocal replaced, hole_was_over
            hole_was_over = state.phase is Phase.HOLE_OVER
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
            seat = seat_of(record, browser_id) if browser_id is not None else None
            if seat is not None:
                record.seen_ms = now  # a person seated here is present: the table plays on
                record.away = False
                acted(record, seat)
            if nobody_left(record) and not state.is_over:
                # The last person left: nobody is there to play on for, and the match is
                # rated where it stands (its leavers last).
                end_where_it_stands(record)
                self._notice(record, None, EVERYONE_LEFT)
                if not record.recorded:
                    rate_table(connection, record, state, None, now)
                    record.recorded = True
            elif state.is_over:
                record.status = "over"
                record.deadline_ms = None
                if not record.recorded:
                    replay = replays.keep_game(
                        connection, self.deal_key, record, state, deal_seed=self._seed(record), now_ms=now
                    )
                    for seat, entry in enumerate(record.seats):
                        if entry.kind == "person" and entry.browser is not None:
                            record_online_result(connection, entry.browser, record.code, state, seat, replay_id=replay)
                    rate_table(connection, record, state, replay, now)
                    record.recorded = True
            elif record.status == "playing" and state.phase is Phase.HOLE_OVER and waits_for_people(record):
                # The hole's end waits for every person's Next hole, at most so long from
                # when it was shown (a press, a seat changing hands, does not start it again).
                if not own_deadline and (not hole_was_over or record.deadline_ms is None):
                    record.deadline_ms = now + self.next_hole_ms
            elif record.status == "playing" and record.timer_seconds and not own_deadline:
                people = [s for s in state.to_act() if record.seats[s].kind == "person"]
                hole_waits = state.phase is Phase.HOLE_OVER and any(e.kind == "person" for e in record.seats)
                record.deadline_ms = now + record.timer_seconds * 1000 if people or hole_waits else None
            elif record.status == "playing" and not own_deadline:
                record.deadline_ms = None  # no timer: only a hole's end at a table of people waits
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
        frames = [frame_of(*step, you, seats) for step in steps] if events is not None else []
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

    # ------------------------------------------------------------------ helpers of the changes

    def _fresh_state(self, record: TableRecord) -> GolfState:
        return GolfState.new(self._seed(record), RuleSet(**record.rules))

    def end(self, code: str, message: str) -> bool:
        """End a table where it stands, with ``message`` as a notice to its seats: its
        status over, nothing more played, recorded or rated. Written over the row alone,
        never through the one loop (whose playing may be what fails at this table).
        Whether it was ended; False for a table that is over already. NotFound for no
        such table."""
        now = self.now()

        def write(connection: Connection) -> int | None:
            record = table_store.load_table(connection, code)
            if record is None:
                raise NotFound("There is no table with that code.")
            if record.status == "over":
                return None
            read_version = record.version
            end_where_it_stands(record)
            record.recorded = True
            record.updated_ms = now
            self._notice(record, None, message)
            table_store.save_table(connection, record, read_version)
            self.notifier.stage(connection, code, record.version)
            return record.version

        version = in_transaction(self.engine, write)
        if version is None:
            return False
        self.notifier.publish(code, version)
        return True

    def _notice(self, record: TableRecord, seat: int | None, message: str) -> None:
        record.notices = [
            *record.notices,
            {"seat": seat, "message": message, "version": record.version + 1, "at_ms": self.now()},
        ][-NOTICES_KEPT:]
