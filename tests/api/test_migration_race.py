"""Several server processes starting together on a fresh PostgreSQL database all
migrate it and start (the first to take the migration lock migrates, the others find
it done). SQLite is migrated by its one process and needs no lock."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from sqlalchemy import create_engine, inspect, text

from app.store.database import make_engine, migrate
from tests.api.databases import fresh_database

PROCESSES = 4
ROUNDS = 4
ROOT = Path(__file__).resolve().parent.parent.parent
# Each process imports everything first, says it is ready, and migrates only when told
# to go, so that the migrations really start at the same moment.
MIGRATE_ON_GO = """
import sys
from app.store.database import make_engine, migrate
engine = make_engine(sys.argv[1])
print("ready", flush=True)
sys.stdin.readline()
migrate(engine)
print("migrated", flush=True)
"""


def test_processes_starting_together_on_a_fresh_postgresql_database_all_migrate_it(tmp_path):
    for _ in range(ROUNDS):
        with fresh_database("postgresql", tmp_path) as url:
            workers = [subprocess.Popen([sys.executable, "-c", MIGRATE_ON_GO, url], cwd=ROOT, text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                       for _ in range(PROCESSES)]
            for worker in workers:
                assert worker.stdout.readline().strip() == "ready"
            for worker in workers:
                worker.stdin.write("go\n")
                worker.stdin.flush()
            results = [worker.communicate(timeout=60) for worker in workers]
            for worker, (out, err) in zip(workers, results):
                assert worker.returncode == 0 and "migrated" in out, err[-2000:]
            engine = create_engine(url)
            with engine.connect() as connection:
                versions = connection.execute(text("SELECT version_num FROM alembic_version")).scalars().all()
            assert len(versions) == 1
            engine.dispose()


def test_a_fresh_sqlite_database_is_migrated_and_a_second_start_changes_nothing(tmp_path):
    with fresh_database("sqlite", tmp_path) as url:
        for _ in range(2):
            engine = make_engine(url)
            migrate(engine)
            assert {"browsers", "golf_matches", "solitaire_games", "server_keys"} <= set(inspect(engine).get_table_names())
            engine.dispose()
