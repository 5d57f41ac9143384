"""The database connection: an engine per URL, SQLite tuned for a small web server,
and Alembic migrations run at start-up."""

from __future__ import annotations

import asyncio
import errno
import logging
import os
import tempfile
from pathlib import Path

import orjson
from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import make_url

from app.resources import MIGRATIONS

log = logging.getLogger(__name__)

# The key of the PostgreSQL advisory lock that every process holds while it migrates
# (any fixed number; this one is "golf" in ASCII).
MIGRATION_LOCK = 0x676F6C66


def _json_text(value) -> str:
    """A JSON column's text, by orjson (a table's row holds its whole log, written at
    every move); keys that are not strings become strings, as json.dumps made them."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


# What every engine reads and writes its JSON columns with.
JSON_CODEC = {"json_serializer": _json_text, "json_deserializer": orjson.loads}


def make_engine(url: str) -> Engine:
    parsed = make_url(url)
    # The pools keep open as many connections as requests commonly run at once (the
    # server runs up to 40 on threads): a connection made and closed around each request
    # beyond the pool cost a new PostgreSQL session (or SQLite's set-up) every time.
    # At most 30 per process on PostgreSQL, to leave room for several processes.
    if parsed.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True, pool_size=20, max_overflow=10, **JSON_CODEC)
    prepare_sqlite_folder(url)
    engine = create_engine(
        url, connect_args={"timeout": 15, "check_same_thread": False}, pool_size=20, max_overflow=20, **JSON_CODEC
    )

    @event.listens_for(engine, "connect")
    def _tune(dbapi_connection, _record):
        # WAL lets readers go on while one request writes; synchronous=NORMAL still keeps
        # every committed transaction when the server process is killed (only a power
        # cut may lose the last ones). Foreign keys are off by default in SQLite.
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        # The write-ahead log is copied into the database by checkpoint_forever, off the
        # requests' path. SQLite's own checkpoint runs in the commit that fills the log
        # (every 1,000 pages), syncing the file while every other writer waits: up to
        # 100 ms here. Left on at a larger size, it bounds the log should the
        # background checkpoints stop.
        cursor.execute(f"PRAGMA wal_autocheckpoint={WAL_PAGES_BOUND}")
        cursor.close()

    return engine


WAL_PAGES_BOUND = 20_000  # 80 MB of 4 KB pages
CHECKPOINT_SECONDS = 1.0


async def checkpoint_forever(engine: Engine, every_seconds: float = CHECKPOINT_SECONDS) -> None:
    """SQLite: copy the write-ahead log into the database file every ``every_seconds``
    (a passive checkpoint: it waits for no reader or writer, and syncs the file on a
    thread of its own). Nothing to do on other databases."""
    if engine.dialect.name != "sqlite":
        return
    while True:
        await asyncio.sleep(every_seconds)
        try:
            await asyncio.to_thread(_checkpoint, engine)
        except Exception:  # the file busy or out of reach: the next one catches up
            log.exception("the background checkpoint of the SQLite log failed")


def _checkpoint(engine: Engine) -> None:
    with engine.connect() as connection:
        connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")


class DatabaseFolderError(RuntimeError):
    """The SQLite database's folder cannot be made or written; the message is one
    sentence for the person starting the server."""


def prepare_sqlite_folder(url: str) -> None:
    """Make the folder of an SQLite database file and prove this process can write in it
    (SQLite writes its journal files beside the database), or raise DatabaseFolderError."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or not parsed.database or parsed.database == ":memory:":
        return
    database = Path(parsed.database)
    folder = database.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
        # Asked of the system, never by opening the file: closing any descriptor of a
        # database file drops every lock this process's SQLite connections hold on it.
        if database.exists() and not os.access(database, os.R_OK | os.W_OK):
            raise PermissionError(errno.EACCES, "Permission denied", str(database))
    except OSError as error:
        raise DatabaseFolderError(
            f"Cannot write the database folder {folder.resolve()} ({error.strerror or error}): "
            + _folder_remedy(folder.resolve(), error)
        ) from error


def _folder_remedy(folder: Path, error: OSError) -> str:
    """What to do about a folder the server may not write. In the Docker image (which sets
    GOLF_IN_IMAGE) the folder is usually a host folder mounted over the image's: another
    GOLF_DATA_DIR would only move the database out of the mount, so say whom to give it to."""
    if os.environ.get("GOLF_IN_IMAGE") and isinstance(error, PermissionError):
        uid, gid = os.getuid(), os.getgid()
        return (
            f"the server runs as uid {uid} in this image, so give that user the folder mounted there "
            f"(on the host: chown {uid}:{gid} /path/of/the/folder), or mount a named volume there "
            f"instead (-v golf-data:{folder}), or set GOLF_DATABASE_URL to another database."
        )
    return "set GOLF_DATA_DIR to a folder this user can write, or GOLF_DATABASE_URL to another database."


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration (creates it on a fresh database).

    Several workers may start at once: on PostgreSQL each takes the migration lock
    first, in the transaction that migrates, so the first migrates and the others wait
    for its commit and find nothing left to do. SQLite is served by one process and
    needs no lock."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # Released by the commit or rollback; every later statement of this
            # transaction sees what the previous holder committed (read committed).
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
