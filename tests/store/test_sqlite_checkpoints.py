"""SQLite's write-ahead log reaches the database file in the background, not in the
commit of a move that happens to fill the log."""

from __future__ import annotations

import asyncio
import os

from sqlalchemy import text

from app.store.database import WAL_PAGES_BOUND, checkpoint_forever, make_engine


def _fill(engine, rows: int) -> None:
    with engine.begin() as connection:
        connection.execute(text("CREATE TABLE IF NOT EXISTS filler (id INTEGER PRIMARY KEY, body TEXT)"))
    for n in range(rows):
        with engine.begin() as connection:
            connection.execute(text("INSERT INTO filler (body) VALUES (:body)"), {"body": f"{n:06d}" + "x" * 4000})


def test_the_log_is_copied_into_the_database_file_by_the_background_checkpoint(tmp_path):
    path = tmp_path / "golf.sqlite3"
    engine = make_engine(f"sqlite:///{path}")
    try:
        with engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar_one() == WAL_PAGES_BOUND
        # 1,200 pages: past SQLite's own checkpoint size (1,000), and no commit copied them.
        _fill(engine, 1200)
        before = path.stat().st_size
        assert os.path.getsize(f"{path}-wal") > 1200 * 4096 and before < 1024 * 1024

        async def one_checkpoint():
            task = asyncio.create_task(checkpoint_forever(engine, every_seconds=0.05))
            try:
                for _ in range(200):
                    await asyncio.sleep(0.05)
                    if path.stat().st_size > 1200 * 4000:
                        return
            finally:
                task.cancel()

        asyncio.run(one_checkpoint())
        assert path.stat().st_size > 1200 * 4000, "the background checkpoint did not copy the log"
        with engine.connect() as connection:
            assert connection.execute(text("SELECT count(*) FROM filler")).scalar_one() == 1200
    finally:
        engine.dispose()


def test_nothing_to_checkpoint_on_postgresql():
    class PostgresEngine:
        class dialect:
            name = "postgresql"

    # Returns at once rather than looping: PostgreSQL keeps its own log.
    asyncio.run(asyncio.wait_for(checkpoint_forever(PostgresEngine(), every_seconds=0.01), 1))
