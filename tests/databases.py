"""Throw-away databases: the suite's shared one of each kind, and fresh ones for tests
that need their own.

Web tests run once on SQLite and once on PostgreSQL. PostgreSQL is found at
``GOLF_TEST_POSTGRES_URL`` (default: the local server, user postgres, database test);
each database made there has a random name and is dropped at the end, so test
processes running side by side (pytest-xdist) never share one. If no server answers,
the PostgreSQL tests are skipped and the run says so plainly, unless
``GOLF_REQUIRE_POSTGRES=1`` (CI), which turns that into a failure.

Loaded for the whole suite as a plugin (tests/conftest.py).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

POSTGRES_URL = os.environ.get("GOLF_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
REQUIRE_POSTGRES = os.environ.get("GOLF_REQUIRE_POSTGRES") == "1"
UNREACHABLE = "PostgreSQL not reachable"


def postgres_database() -> tuple[str, Callable[[], None]]:
    """Create a fresh database on the PostgreSQL server; returns (url, drop) or raises."""
    admin_url = make_url(POSTGRES_URL)
    name = f"golf_test_{secrets.token_hex(4)}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT", connect_args={"connect_timeout": 3})
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))

    def drop() -> None:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()

    return admin_url.set(database=name).render_as_string(hide_password=False), drop


def _unreachable(error: Exception) -> None:
    """Skip the test for want of PostgreSQL, or fail it where PostgreSQL is required."""
    message = f"{UNREACHABLE} at {POSTGRES_URL} ({type(error).__name__}): PostgreSQL tests skipped"
    if REQUIRE_POSTGRES:
        pytest.fail(message.replace("skipped", "required by GOLF_REQUIRE_POSTGRES=1"), pytrace=False)
    pytest.skip(message)


@contextmanager
def fresh_database(kind: str, folder: Path) -> Iterator[str]:
    """The URL of a new, empty database of ``kind`` ("sqlite" or "postgresql"), dropped
    afterwards; a SQLite file goes in ``folder``."""
    if kind == "sqlite":
        yield f"sqlite:///{folder / f'fresh-{secrets.token_hex(4)}.sqlite3'}"
        return
    try:
        url, drop = postgres_database()
    except Exception as error:  # no server, refused, no rights...
        _unreachable(error)
    try:
        yield url
    finally:
        drop()


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def database_url(request, tmp_path_factory):
    """A migrated-on-first-use database URL, of each kind in turn, shared by the session."""
    with fresh_database(request.param, tmp_path_factory.mktemp("db")) as url:
        yield url


@pytest.fixture
def own_database(database_url, tmp_path):
    """A fresh database of the same kind as ``database_url``, for a test that starts an
    app of its own: a second app on the suite's shared SQLite file would be a second
    writer beside the shared one, which SQLite (served by one process) never meets."""
    with fresh_database("sqlite" if database_url.startswith("sqlite") else "postgresql", tmp_path) as url:
        yield url


def pytest_terminal_summary(terminalreporter):
    # Read from the skip reports, which pytest-xdist's workers send back to the main process.
    for report in terminalreporter.stats.get("skipped", []):
        if UNREACHABLE in str(report.longrepr):
            terminalreporter.write_sep("=", "PostgreSQL tests were SKIPPED", yellow=True, bold=True)
            terminalreporter.write_line(
                report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
            )
            break
