"""Telling open event streams that a table changed: publish a version, subscribe to a table.

Two implementations behind one small interface:

- :class:`InProcessNotifier` (SQLite: one server process) hands each published version
  to the process's own subscribers.
- :class:`PostgresNotifier` sends ``NOTIFY`` inside the writing transaction (so it is
  delivered when, and only if, the write commits) and keeps ONE listening connection
  per process, whose notifications are fanned out to that process's subscribers.

The service calls :meth:`Notifier.stage` inside its transaction and
:meth:`Notifier.publish` right after the commit; each implementation uses the one it
needs. Subscribers are the SSE streams: :meth:`Notifier.subscribe` gives an async
iterator of :class:`Change` values, which the stream closes when it ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from collections import defaultdict
from typing import NamedTuple

from sqlalchemy import Connection, text
from sqlalchemy.engine import make_url

log = logging.getLogger(__name__)
CHANNEL = "golf_tables"
QUEUE_SIZE = 16  # versions a slow stream may fall behind before the oldest are dropped


class Change(NamedTuple):
    """What a table's open pages are told: its version now, and whether a seat's
    connection changed (``seats``; the version stays then). A page that already shows
    the version needs nothing more, unless the seats changed.

    ``by``: the seat whose person made the change (None for a seat's connection, a
    turn timer, a table made), whose own page has it already from its answer. ``number``:
    this process's count of the changes it has handed out, one per change, the same for
    every stream told of it (so that what one change needs read is read once)."""

    version: int
    seats: bool = False
    by: int | None = None
    number: int = 0


class Notifier:
    """The fan-out to this process's subscribers, shared by both implementations."""

    def __init__(self):
        self._subscribers: dict[str, set[asyncio.Queue]] = defaultdict(set)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._handed_out = itertools.count(1)

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()

    async def stop(self) -> None:
        self._loop = None

    def stage(
        self, connection: Connection, code: str, version: int, seats: bool = False, by: int | None = None
    ) -> None:
        """Inside the writing transaction."""

    def publish(self, code: str, version: int, seats: bool = False, by: int | None = None) -> None:
        """Right after the commit (from any thread)."""

    def subscribe(self, code: str) -> Subscription:
        """The table's changes from now on, as an async iterator; close it when done."""
        subscription = Subscription(self, code)
        self._subscribers[code].add(subscription.queue)
        return subscription

    def _unsubscribe(self, code: str, queue: asyncio.Queue) -> None:
        subscribers = self._subscribers.get(code)
        if subscribers is not None:
            subscribers.discard(queue)
            if not subscribers:
                del self._subscribers[code]

    def subscriber_count(self, code: str | None = None) -> int:
        if code is not None:
            return len(self._subscribers.get(code, ()))
        return sum(len(queues) for queues in self._subscribers.values())

    def _fan_out(self, code: str, change: Change) -> None:
        """On the event loop: hand ``change`` to every subscriber of ``code``."""
        change = change._replace(number=next(self._handed_out))
        for queue in list(self._subscribers.get(code, ())):
            told = change
            if queue.full():
                dropped = queue.get_nowait()  # a stream far behind needs only the newest versions
                if dropped.seats and not told.seats:
                    told = told._replace(seats=True)  # ... and to know the seats changed
            queue.put_nowait(told)

    def _fan_out_from_any_thread(self, code: str, change: Change) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            self._fan_out(code, change)
        else:
            loop.call_soon_threadsafe(self._fan_out, code, change)


class Subscription:
    """One subscriber's changes of one table: registered when made (so nothing
    published after is missed), an async iterator, closed with :meth:`close`."""

    def __init__(self, notifier: Notifier, code: str):
        self.notifier = notifier
        self.code = code
        self.queue: asyncio.Queue[Change] = asyncio.Queue(QUEUE_SIZE)
        self.closed = False

    def __aiter__(self) -> Subscription:
        return self

    async def __anext__(self) -> Change:
        if self.closed:
            raise StopAsyncIteration
        return await self.queue.get()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.notifier._unsubscribe(self.code, self.queue)

    def __enter__(self) -> Subscription:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class InProcessNotifier(Notifier):
    """One server process (SQLite): a published version goes straight to the subscribers."""

    def publish(self, code: str, version: int, seats: bool = False, by: int | None = None) -> None:
        self._fan_out_from_any_thread(code, Change(version, seats, by))


class PostgresNotifier(Notifier):
    """Every server process on one PostgreSQL database: ``NOTIFY`` in the writing
    transaction, one ``LISTEN`` connection per process (psycopg 3, autocommit, not one of
    SQLAlchemy's pooled connections) fanned out to the process's subscribers."""

    def __init__(self, database_url: str, retry_seconds: float = 1.0):
        super().__init__()
        url = make_url(database_url).set(drivername="postgresql")
        self._conninfo = url.render_as_string(hide_password=False)
        self._retry_seconds = retry_seconds
        self._task: asyncio.Task | None = None
        self._listening = asyncio.Event()

    async def start(self) -> None:
        await super().start()
        self._listening = asyncio.Event()
        self._task = asyncio.create_task(self._listen(), name="golf-table-listener")
        # Serve once listening, so that no change made from now on is missed.
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self._listening.wait(), timeout=5)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        await super().stop()

    def stage(
        self, connection: Connection, code: str, version: int, seats: bool = False, by: int | None = None
    ) -> None:
        # Delivered by PostgreSQL when this transaction commits, never if it rolls back.
        connection.execute(
            text("SELECT pg_notify(:channel, :payload)"),
            {"channel": CHANNEL, "payload": payload_of(code, Change(version, seats, by))},
        )

    async def _listen(self) -> None:
        import psycopg

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self._conninfo, autocommit=True) as connection:
                    # Any that come with the answer to LISTEN are read by psycopg: handed on here.
                    connection.add_notify_handler(lambda notice: self._heard(notice.payload))
                    await connection.execute(f"LISTEN {CHANNEL}")
                    await self._hear(connection.pgconn)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("listening for table changes failed; trying again")
                self._listening.clear()
                await asyncio.sleep(self._retry_seconds)

    def _heard(self, payload: str) -> None:
        told = change_of(payload)
        if told is not None:
            self._fan_out(*told)

    async def _hear(self, pgconn) -> None:
        """Hand on the notifications of the listening connection ``pgconn`` as they come,
        until it is lost (raised). Read when its socket has something to read, and only
        then: psycopg's ``notifies()`` woke ten times a second, and registered its socket
        with the loop again at every wake and every notification, some 5% of the CPU of
        a move at live tables (``bench.live_tables --database postgresql``)."""
        loop = asyncio.get_running_loop()
        lost: asyncio.Future[None] = loop.create_future()
        socket = pgconn.socket

        def read() -> None:
            try:
                pgconn.consume_input()
                while (notice := pgconn.notifies()) is not None:
                    self._heard(notice.extra.decode())
            except Exception as error:  # the connection is gone (psycopg.OperationalError)
                if not lost.done():
                    lost.set_exception(error)

        loop.add_reader(socket, read)
        try:
            read()  # any read from the socket with the answer to LISTEN, not yet handed on
            self._listening.set()
            await lost
        finally:
            loop.remove_reader(socket)


def payload_of(code: str, change: Change) -> str:
    """A change as a NOTIFY payload: ``"<code> <version>"``, then ``seats`` when a seat's
    connection changed and ``by=<seat>`` when a seat's person made it.

    >>> payload_of("abc", Change(7)), payload_of("abc", Change(7, seats=True)), payload_of("abc", Change(8, by=2))
    ('abc 7', 'abc 7 seats', 'abc 8 by=2')
    """
    flags = ["seats"] * change.seats + ([f"by={change.by}"] if change.by is not None else [])
    return " ".join([code, str(change.version), *flags])


def change_of(payload: str) -> tuple[str, Change] | None:
    """The table and change of a NOTIFY payload (:func:`payload_of`); None for one that
    is not (an older process's words it does not know are left out).

    >>> change_of("abc 8 by=2"), change_of("abc 7 seats"), change_of("abc x")
    (('abc', Change(version=8, seats=False, by=2, number=0)), ('abc', Change(version=7, seats=True, by=None, number=0)), None)
    """
    code, _, rest = payload.partition(" ")
    version, *flags = rest.split(" ")
    if not version.isdecimal():
        return None
    by = next((int(f[3:]) for f in flags if f.startswith("by=") and f[3:].isdecimal()), None)
    return code, Change(int(version), "seats" in flags, by)


def notifier_for(database_url: str) -> Notifier:
    if make_url(database_url).get_backend_name() == "postgresql":
        return PostgresNotifier(database_url)
    return InProcessNotifier()
