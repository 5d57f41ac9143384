"""Fresh, empty databases for tests that need one of their own (a first migration, a
purge that must see only its own sessions), made apart from the session's shared one."""

from __future__ import annotations

import secrets
from contextlib import contextmanager

import pytest

from tests.conftest import REQUIRE_POSTGRES, _postgres_database


@contextmanager
def fresh_database(kind: str, tmp_path):
    """The URL of a new, empty database of ``kind`` ("sqlite" or "postgresql"), dropped afterwards."""
    if kind == "sqlite":
        yield f"sqlite:///{tmp_path / f'fresh-{secrets.token_hex(4)}.sqlite3'}"
        return
    try:
        url, drop = _postgres_database()
    except Exception as error:
        if REQUIRE_POSTGRES:
            pytest.fail(f"PostgreSQL required by GOLF_REQUIRE_POSTGRES=1 ({type(error).__name__})", pytrace=False)
        pytest.skip(f"PostgreSQL not reachable ({type(error).__name__})")
    try:
        yield url
    finally:
        drop()


@pytest.fixture
def own_database(database_url, tmp_path):
    """A fresh database of the same kind as ``database_url``, for a test that starts an
    app of its own: a second app on the suite's shared SQLite file would be a second
    writer beside the shared one, which SQLite (served by one process) never meets."""
    with fresh_database("sqlite" if database_url.startswith("sqlite") else "postgresql", tmp_path) as url:
        yield url
