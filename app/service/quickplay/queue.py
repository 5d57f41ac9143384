"""Quick play: press Play now, wait a few seconds, play at a table of people.

A browser asks for a table of 2, 3 or 4 players, or any size, and waits in the queue (one
row per browser, :mod:`app.store.quick_play`). Matching (:meth:`QuickPlay.match`) is one
transaction: it locks the waiting rows (``SKIP LOCKED`` on PostgreSQL, so processes
matching at once take different people), makes an ordinary table for each group
(:mod:`app.service.quickplay.matching`, :mod:`app.service.quickplay.seating`) and writes
its code into its people's rows, so nobody is seated twice; the tables' service then
deals it. It runs on every join and every look at one's place, so that one process needs
no sweep's timing, and in each process's sweep (:mod:`app.service.quickplay.sweep`),
which also forgets the people whose page stopped asking (closed) and deals any table
whose process stopped before dealing it.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from sqlalchemy import Connection, Engine

from app.service import clock
from app.service.admin.guard import refuse_suspended
from app.service.common import in_transaction
from app.service.errors import Invalid, Stale, Unavailable
from app.service.failures import Failures
from app.service.play.table_record import display_name, seat_of
from app.service.quickplay.matching import SIZES, groups
from app.service.quickplay.seating import level_for, table_for
from app.service.ratings.service import skills_of
from app.store import accounts as accounts_store
from app.store import quick_play as queue_store
from app.store import repository
from app.store import tables as table_store
from app.store.quick_play import QueueEntry

log = logging.getLogger(__name__)

BEAT_LOST_MS = 10_000  # a waiting page asks every second or two: one silent this long was closed
SEATED_KEPT_MS = 600_000  # a seated row answers the person's next look for this long
UNDEALT_AFTER_MS = 5_000  # a table made but not dealt this long ago lost its process
MATCHED_AT_ONCE = 400  # waiting rows one matching reads
DEALS_BEFORE_ENDING = 8  # a table that cannot be dealt is tried for some eight minutes (app.service.failures)
NOT_DEALT = "This table could not be dealt after a fault on the server: press Play now to be seated again."


class Dealer(Protocol):
    """What quick play asks of the tables' service (:class:`app.service.tables.service.TableService`)."""

    def begin(self, code: str) -> None: ...

    def end(self, code: str, message: str) -> bool: ...


@dataclass(frozen=True)
class Standing:
    """A browser's place in quick play: ``idle`` (in no queue), ``waiting`` (for a table
    of ``players``, None for any size, with ``names`` of those who could sit with them,
    theirs first, until ``deadline_ms``; ``rated``: the match will be, the person having
    an account), or ``seated`` at the table ``code``."""

    status: str
    players: int | None = None
    names: tuple[str, ...] = ()
    deadline_ms: int | None = None
    code: str | None = None
    rated: bool = False


IDLE = Standing("idle")


def checked_players(players: object) -> int | None:
    """The size asked for: 2, 3 or 4, or None for any (asked as ``"any"``)."""
    if players == "any":
        return None
    if isinstance(players, int) and not isinstance(players, bool) and players in SIZES:
        return players
    raise Invalid('Ask for a table of 2, 3 or 4 players, or "any" size.')


class QuickPlay:
    """The quick-play queue, and the tables made from it."""

    def __init__(
        self,
        engine: Engine,
        tables: Dealer,
        wait_seconds: float = 25,
        now: Callable[[], int] = clock.now_ms,
    ):
        self.engine = engine
        self.tables = tables
        self.wait_ms = int(wait_seconds * 1000)
        self.now = now
        self.failures = Failures()  # tables whose deal failed: tried again later, ended in the end
        # One sweep at a time in a process: two at once (the app's own and one asked for
        # besides) would each deal the same undealt table, and count its failures apart.
        self._sweeping = threading.Lock()

    # ------------------------------------------------------------------ a person

    def join(self, browser_id: str, players: object, name: object) -> Standing:
        """Wait for a table of ``players`` (2, 3, 4 or "any") under ``name``. A person
        already waiting keeps their place (with the size and name asked now); one seated
        at a quick-play table still in play is answered that table, never seated at a
        second (whether or not the queue still remembers seating them: a person plays
        one quick match at a time, so a losing one cannot be dodged by starting another).
        A person with an account waits to be seated with other accounts (a rated match),
        a guest with other guests."""
        size = checked_players(players)
        shown = display_name(name)
        now = self.now()
        playing: str | None = None

        def enter(connection: Connection) -> None:
            nonlocal shown, playing
            refuse_suspended(connection, browser_id)
            account_name = accounts_store.name_of_principal(connection, browser_id)
            shown = account_name or shown  # an account's own name
            rated = account_name is not None
            repository.ensure_browser(connection, browser_id)
            repository.note_action(connection, browser_id)
            entry = queue_store.entry_of(connection, browser_id, for_update=True)
            playing = quick_table_of(connection, browser_id)
            if playing is not None:
                if entry is None or entry.table_code != playing:
                    queue_store.remove(connection, browser_id)
                    queue_store.insert_entry(
                        connection,
                        QueueEntry(browser_id, size, shown, now, now, now, table_code=playing, seated_ms=now),
                    )
                return
            if entry is not None and entry.table_code is None:
                queue_store.change_wish(connection, browser_id, size, shown, rated, now)
                return
            fresh = QueueEntry(browser_id, size, shown, now, now + self.wait_ms, now, rated=rated)
            if entry is None:
                queue_store.insert_entry(connection, fresh)
            else:
                queue_store.rejoin(connection, fresh)

        in_transaction(self.engine, enter)
        if playing is None:
            self.match()
        return self._read(browser_id)

    def standing(self, browser_id: str) -> Standing:
        """The browser's place now. A look keeps a waiting person in the queue, and seats
        them if their table can be made."""
        now = self.now()

        def look(connection: Connection) -> QueueEntry | None:
            queue_store.beat(connection, browser_id, now)
            return queue_store.entry_of(connection, browser_id)

        entry = in_transaction(self.engine, look)
        if entry is None:
            return IDLE
        if entry.table_code is None:
            self.match()
        return self._read(browser_id)

    def leave(self, browser_id: str) -> Standing:
        """Leave the queue. Someone already seated is answered their table (and the
        queue forgets them: their next look answers idle)."""

        def go(connection: Connection) -> Standing:
            entry = queue_store.entry_of(connection, browser_id, for_update=True)
            if entry is None:
                return IDLE
            queue_store.remove(connection, browser_id)
            return Standing("seated", code=entry.table_code) if entry.table_code is not None else IDLE

        return in_transaction(self.engine, go)

    def _read(self, browser_id: str) -> Standing:
        def read(connection: Connection) -> Standing:
            entry = queue_store.entry_of(connection, browser_id)
            if entry is None:
                return IDLE
            if entry.table_code is not None:
                return Standing("seated", code=entry.table_code)
            cap = entry.players or max(SIZES)
            others = [
                name
                for browser, name in queue_store.waiting_names(connection, entry.players, entry.rated, cap)
                if browser != browser_id
            ]
            return Standing(
                "waiting", entry.players, (entry.name, *others[: cap - 1]), entry.deadline_ms, rated=entry.rated
            )

        with self.engine.connect() as connection:
            return read(connection)

    # ------------------------------------------------------------------ the queue

    def match(self) -> list[str]:
        """Seat every group that can sit now (full, or past its deadline with computers);
        the codes of the tables made, each dealt once made."""
        made: list[str] = []

        def seat(connection: Connection) -> None:
            made.clear()  # a transaction run again starts afresh
            now = self.now()
            waiting = queue_store.waiting_to_match(connection, now - BEAT_LOST_MS, MATCHED_AT_ONCE)
            # Whether each still has an account (one deleted or suspended since it asked is
            # a guest now): the rated and the unrated are matched apart.
            accounts = accounts_store.principals_among(connection, [entry.browser_id for entry in waiting])
            pools = {rated: [e for e in waiting if (e.browser_id in accounts) is rated] for rated in (True, False)}
            for rated, pool in pools.items():
                for group in groups(pool, now):
                    level = level_for(skills_of(connection, [entry.browser_id for entry in group.people]))
                    record = table_for(group, now, level, rated=rated)
                    table_store.insert_table(connection, record)
                    queue_store.mark_seated(connection, [entry.browser_id for entry in group.people], record.code, now)
                    made.append(record.code)

        in_transaction(self.engine, seat)
        for code in made:
            self._deal(code)
        return made

    def sweep(self) -> int:
        """Forget the people whose page stopped asking and the seated rows long found,
        seat whoever can sit, and deal the tables made but never dealt; how many rows and
        tables that was."""
        with self._sweeping:
            return self._sweep()

    def _sweep(self) -> int:
        now = self.now()
        dropped = in_transaction(
            self.engine,
            lambda connection: queue_store.drop_stale(
                connection, beat_before_ms=now - BEAT_LOST_MS, seated_before_ms=now - SEATED_KEPT_MS
            ),
        )
        made = self.match()
        with self.engine.connect() as connection:
            undealt = queue_store.undealt_tables(connection, now - UNDEALT_AFTER_MS)
        undealt = [code for code in undealt if not self.failures.waiting(code)]
        for code in undealt:
            self._deal(code)
        return dropped + len(made) + len(undealt)

    def _deal(self, code: str) -> None:
        """Deal a table quick play made. A failure is the table's own: logged once, the
        table dealt again by a later sweep after a growing wait, and ended after
        :data:`DEALS_BEFORE_ENDING` failures (its people find it over, and may press Play
        now again)."""
        try:
            self.tables.begin(code)
        except Unavailable:  # the store unreachable: the sweep deals it later
            log.warning("dealing quick play's table %s waits for the store", code)
            return
        except Stale:  # another process dealt it first
            return
        except Exception:
            count = self.failures.failed(code)
            if count == 1:
                log.exception("dealing quick play's table %s failed; the sweep tries again, with a growing wait", code)
            if count >= DEALS_BEFORE_ENDING:
                self._end_undealt(code, count)
            return
        self.failures.recovered(code)

    def _end_undealt(self, code: str, count: int) -> None:
        try:
            self.tables.end(code, NOT_DEALT)
        except Exception:
            log.exception("ending quick play's table %s after %d failed deals failed too", code, count)
            return
        self.failures.recovered(code)
        log.error("quick play's table %s: ended after %d failed deals", code, count)


def quick_table_of(connection: Connection, browser_id: str) -> str | None:
    """The quick-play table still in play (or about to be dealt) where the browser sits
    (not one it left: a computer plays that seat now), if any."""
    for code in queue_store.quick_tables_seating(connection, browser_id):
        record = table_store.load_table(connection, code)
        if record is not None and record.status != "over" and seat_of(record, browser_id) is not None:
            return code
    return None
