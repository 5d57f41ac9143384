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
    the version needs nothing more, unless the seats changed."""

    version: int
    seats: bool = False


class Notifier:
    """The fan-out to this process's subscribers, shared by both implementations."""

    def __init__(self):
        self._subscribers: dict[str, set[asyncio.Queue]] = defaultdict(set)
        self._loop: asyncio.AbstractEventLoop | None = None

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()

    async def stop(self) -> None:
        self._loop = None

    def stage(self, connection: Connection, code: str, version: int, seats: bool = False) -> None:
        """Inside the writing transaction."""

    def publish(self, code: str, version: int, seats: bool = False) -> None:
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
        for queue in list(self._subscribers.get(code, ())):
            if queue.full():
                dropped = queue.get_nowait()  # a stream far behind needs only the newest versions
                if dropped.seats and not change.seats:
                    change = Change(change.version, True)  # ... and to know the seats changed
            queue.put_nowait(change)

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

    def publish(self, code: str, version: int, seats: bool = False) -> None:
        self._fan_out_from_any_thread(code, Change(version, seats))


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

    def stage(self, connection: Connection, code: str, version: int, seats: bool = False) -> None:
        # Delivered by PostgreSQL when this transaction commits, never if it rolls back.
        connection.execute(
            text("SELECT pg_notify(:channel, :payload)"),
            {"channel": CHANNEL, "payload": f"{code} {version}{' seats' if seats else ''}"},
        )

    async def _listen(self) -> None:
        import psycopg

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self._conninfo, autocommit=True) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    self._listening.set()
                    async for notification in connection.notifies():
                        code, _, version = notification.payload.partition(" ")
                        version, _, seats = version.partition(" ")
                        if version.isdecimal():
                            self._fan_out(code, Change(int(version), seats == "seats"))
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("listening for table changes failed; trying again")
                self._listening.clear()
                await asyncio.sleep(self._retry_seconds)


def notifier_for(database_url: str) -> Notifier:
    if make_url(database_url).get_backend_name() == "postgresql":
        return PostgresNotifier(database_url)
    return InProcessNotifier()
