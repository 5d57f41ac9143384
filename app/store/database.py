"""The database connection: an engine per URL, SQLite tuned for a small web server,
and Alembic migrations run at start-up."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import make_url

MIGRATIONS = Path(__file__).resolve().parent.parent.parent / "migrations"
# The key of the PostgreSQL advisory lock that every process holds while it migrates
# (any fixed number; this one is "golf" in ASCII).
MIGRATION_LOCK = 0x676F6C66


def make_engine(url: str) -> Engine:
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20)
    if parsed.database and parsed.database != ":memory:":
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"timeout": 15, "check_same_thread": False})

    @event.listens_for(engine, "connect")
    def _tune(dbapi_connection, _record):
        # WAL lets readers go on while one request writes; synchronous=NORMAL still keeps
        # every committed transaction when the server process is killed (only a power
        # cut may lose the last ones). Foreign keys are off by default in SQLite.
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return engine


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
