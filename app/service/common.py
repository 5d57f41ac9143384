"""What every game service shares: one transaction per call, and a cache of states."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable
from typing import TypeVar

from anyio import to_thread
from sqlalchemy import Connection, Engine
from sqlalchemy.exc import IntegrityError, OperationalError

from app.recent import Recent
from app.service.errors import Stale, Unavailable
from app.store.repository import LostRace

STALE_MESSAGE = (
    "This game has moved on since that page was shown (another tab, or a second click); here it is as it stands now."
)
UNAVAILABLE_MESSAGE = "The game's storage cannot be reached right now; nothing was changed. Try again in a moment."
log = logging.getLogger(__name__)
T = TypeVar("T")


def in_transaction(engine: Engine, work: Callable[[Connection], T]) -> T:
    """Run ``work`` in one transaction, committed only if it returns.

    A lost race for a row becomes :class:`Stale`; a storage failure becomes
    :class:`Unavailable`; nothing is saved in either case.

    First rows are inserted with ON CONFLICT DO NOTHING and read back, so parallel
    first requests never fail on them. An IntegrityError can still come from the purge
    of idle sessions: it may delete an empty browser between this work reading the row
    and inserting a game or result under it (a missing foreign key). That work runs
    once more, and makes the browser afresh."""
    for attempt in range(2):
        try:
            with _turn_to_write(engine), engine.begin() as connection:
                return work(connection)
        except LostRace:
            raise Stale(STALE_MESSAGE) from None
        except IntegrityError:
            if attempt:
                raise
        except OperationalError:
            log.exception("storage failed")
            raise Unavailable(UNAVAILABLE_MESSAGE) from None
    raise AssertionError("unreachable")


_SQLITE_WRITER = threading.Lock()


def _turn_to_write(engine: Engine):
    """SQLite lets one transaction write at a time, and a thread that finds the write
    lock taken waits in SQLite's busy handler, which sleeps up to 100 ms between
    tries: under load most of the waiting was sleeping. The threads of this process
    queue here instead and each goes on the moment the one before it commits. (The
    work in a transaction is Python holding the GIL, so the queue costs no
    parallelism.) PostgreSQL has row locks and needs no queue."""
    return _SQLITE_WRITER if engine.dialect.name == "sqlite" else contextlib.nullcontext()


class StateCache(Recent):
    """Recently used game states by (browser, version, seed), so most requests skip the replay.

    A state is taken out while a request works on it (the engine changes it in
    place) and put back under its new version only after the commit; the stored log
    stays the truth."""


def purge_every(minutes: float, purge: Callable[[], int], what: str) -> asyncio.Task:
    """Run ``purge`` (a sync function that deletes and counts ``what``) now, then every
    ``minutes``, in a worker thread, until the returned task is cancelled. A failure is
    logged and tried again next time. Every server process purges; deleting twice is harmless."""

    async def purge_forever() -> None:
        while True:
            try:
                removed = await to_thread.run_sync(purge)
                if removed:
                    log.info("purged %d %s", removed, what)
            except Exception:
                log.exception("the purge of %s failed; trying again later", what)
            await asyncio.sleep(minutes * 60)

    return asyncio.create_task(purge_forever())
