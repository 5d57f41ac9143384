"""The purge of online tables nobody needs any more: finished tables some while after
their end, and tables nobody joined some while after they were made.

A table someone still looks at is kept: one read within the bound (a read is written
down at most once a minute, see :meth:`app.service.tables.reads.TableReading._note_read`),
a seated person's open event stream in any process, or any open event stream of this
process. Its reviews go with it; the people's results stay in their statistics. Like the
purge of sessions, every process purges now and then, in small transactions; deleting
twice is harmless.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import timedelta

from sqlalchemy import Engine

from app.service import clock
from app.service.common import in_transaction, purge_every
from app.service.review.reviews import table_key
from app.service.tables.streams import CONNECTED_WITHIN_MS
from app.store import tables as table_store

log = logging.getLogger(__name__)

PURGE_BATCH = 500  # tables looked at a transaction, so that no purge holds the database long


def purge_tables(
    engine: Engine,
    *,
    finished_for: timedelta,
    unjoined_for: timedelta,
    watched: Callable[[str], bool] = lambda code: False,
    now_ms: int | None = None,
) -> int:
    """Delete the finished tables untouched and unread for ``finished_for`` and the
    tables nobody joined untouched and unread for ``unjoined_for`` (``watched``: whether
    this process has an open stream of a table, which keeps it); how many were deleted.
    ``now_ms`` is for tests."""
    now = clock.now_ms() if now_ms is None else now_ms
    removed, after = 0, ""
    bounds = {
        "finished_before_ms": now - int(finished_for.total_seconds() * 1000),
        "unjoined_before_ms": now - int(unjoined_for.total_seconds() * 1000),
        "streams_since_ms": now - CONNECTED_WITHIN_MS,
    }
    while after is not None:

        def batch(connection, after=after):
            codes, last = table_store.purgeable_tables(connection, after=after, limit=PURGE_BATCH, **bounds)
            codes = [code for code in codes if not watched(code)]
            return table_store.delete_tables(connection, codes, table_key, **bounds), last

        deleted, after = in_transaction(engine, batch)
        removed += deleted
    return removed


def start_purging_tables(engine: Engine, settings, watched: Callable[[str], bool]) -> asyncio.Task:
    """Purge now and then every ``settings.session_purge_minutes`` in the background,
    until the returned task is cancelled."""
    return purge_every(
        settings.session_purge_minutes,
        lambda: purge_tables(
            engine,
            finished_for=timedelta(days=settings.finished_table_keep_days),
            unjoined_for=timedelta(hours=settings.unjoined_table_keep_hours),
            watched=watched,
        ),
        "finished or unjoined tables",
    )
