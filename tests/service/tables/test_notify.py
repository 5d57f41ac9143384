"""Every process hears every table's change through PostgreSQL's LISTEN: a change
committed is handed to the streams of the table that listen, and a listening connection
lost (PostgreSQL restarted, the connection cut) is made again, after which changes are
heard as before."""

from __future__ import annotations

import asyncio

from sqlalchemy import create_engine, text

from app.service.tables.notify import PostgresNotifier
from tests.databases import fresh_database

LISTENERS = "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'"


def test_a_change_is_heard_and_heard_again_once_the_listening_connection_was_cut(tmp_path):
    with fresh_database("postgresql", tmp_path) as url:
        engine = create_engine(url)
        try:
            asyncio.run(_heard_across_a_cut(engine, url))
        finally:
            engine.dispose()


async def _heard_across_a_cut(engine, url: str) -> None:
    notifier = PostgresNotifier(url, retry_seconds=0.05)
    await notifier.start()
    try:
        with notifier.subscribe("abc") as changes, notifier.subscribe("other") as others:
            await asyncio.to_thread(_commit_change, notifier, engine, "abc", 5, 2)
            change = await asyncio.wait_for(anext(changes), 5)
            assert (change.version, change.by) == (5, 2)

            (listener,) = await asyncio.to_thread(_listeners, engine)
            await asyncio.to_thread(_cut, engine, listener)
            for _ in range(200):  # made again within a few tries
                await asyncio.sleep(0.05)
                now = await asyncio.to_thread(_listeners, engine)
                if now and listener not in now:
                    break
            else:
                raise AssertionError("the listening connection was not made again")

            await asyncio.to_thread(_commit_change, notifier, engine, "abc", 6, None)
            change = await asyncio.wait_for(anext(changes), 5)
            assert (change.version, change.by) == (6, None)
            assert others.queue.empty(), "another table's streams hear nothing of it"
    finally:
        await notifier.stop()


def _commit_change(notifier: PostgresNotifier, engine, code: str, version: int, by: int | None) -> None:
    with engine.begin() as connection:
        notifier.stage(connection, code, version, by=by)


def _listeners(engine) -> list[int]:
    with engine.connect() as connection:
        return list(connection.execute(text(LISTENERS)).scalars())


def _cut(engine, pid: int) -> None:
    with engine.connect() as connection:
        connection.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
