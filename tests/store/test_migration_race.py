"""Several server processes starting together on a fresh PostgreSQL database all
migrate it and start (the first to take the migration lock migrates, the others find
it done). SQLite is migrated by its one process and needs no lock."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect, text

from app.store.database import make_engine, migrate
from tests.databases import fresh_database

PROCESSES = 3
ROUNDS = 4
ROOT = Path(__file__).resolve().parent.parent.parent
# Each process imports everything first, then migrates the database each time it is
# told to go, so that the migrations really start at the same moment.
MIGRATE_ON_GO = """
import sys
from app.store.database import make_engine, migrate
print("ready", flush=True)
for line in sys.stdin:
    engine = make_engine(sys.argv[1])
    try:
        migrate(engine)
        print("migrated", flush=True)
    except Exception as error:
        print("failed:", type(error).__name__, str(error).replace("\\n", " ")[:300], flush=True)
    engine.dispose()
"""


def _empty(url: str) -> None:
    """Drop every table, so that the database is as fresh as a new one."""
    engine = create_engine(url)
    with engine.begin() as connection:
        for table in inspect(connection).get_table_names():
            connection.execute(text(f'DROP TABLE IF EXISTS "{table}" CASCADE'))
    engine.dispose()


@pytest.mark.slow
def test_processes_starting_together_on_a_fresh_postgresql_database_all_migrate_it(tmp_path):
    with fresh_database("postgresql", tmp_path) as url:
        workers = [
            subprocess.Popen(
                [sys.executable, "-c", MIGRATE_ON_GO, url],
                cwd=ROOT,
                text=True,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
            )
            for _ in range(PROCESSES)
        ]
        try:
            for worker in workers:
                assert worker.stdout.readline().strip() == "ready"
            for _ in range(ROUNDS):
                _empty(url)
                for worker in workers:
                    worker.stdin.write("go\n")
                    worker.stdin.flush()
                said = [worker.stdout.readline().strip() for worker in workers]
                assert said == ["migrated"] * PROCESSES, said
                engine = create_engine(url)
                with engine.connect() as connection:
                    versions = connection.execute(text("SELECT version_num FROM alembic_version")).scalars().all()
                engine.dispose()
                assert len(versions) == 1
        finally:
            for worker in workers:
                worker.stdin.close()
                worker.wait(timeout=30)


def test_a_fresh_sqlite_database_is_migrated_and_a_second_start_changes_nothing(tmp_path):
    with fresh_database("sqlite", tmp_path) as url:
        for _ in range(2):
            engine = make_engine(url)
            migrate(engine)
            assert {"browsers", "golf_tables", "solitaire_games", "server_keys"} <= set(
                inspect(engine).get_table_names()
            )
            engine.dispose()
