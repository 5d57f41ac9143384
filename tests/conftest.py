"""Shared fixtures: the databases the web tests run against, and API clients.

Web tests run once on SQLite and once on PostgreSQL. PostgreSQL is found at
``GOLF_TEST_POSTGRES_URL`` (default: the local server, user postgres, database test);
each test run makes its own throw-away database there and drops it at the end. If no
server answers, the PostgreSQL tests are skipped and the run says so plainly, unless
``GOLF_REQUIRE_POSTGRES=1`` (CI), which turns that into a failure.
"""

from __future__ import annotations

import os
import secrets

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

pytest_plugins = ["tests.browser.fixtures"]

POSTGRES_URL = os.environ.get("GOLF_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
REQUIRE_POSTGRES = os.environ.get("GOLF_REQUIRE_POSTGRES") == "1"
_postgres_problem: list[str] = []


def _postgres_database():
    """Create a fresh database on the PostgreSQL server; returns (url, drop) or raises."""
    admin_url = make_url(POSTGRES_URL)
    name = f"golf_test_{secrets.token_hex(4)}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT", connect_args={"connect_timeout": 3})
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))

    def drop():
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()

    return admin_url.set(database=name).render_as_string(hide_password=False), drop


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def database_url(request, tmp_path_factory):
    """A migrated-on-first-use database URL, of each kind in turn."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('db') / 'golf.sqlite3'}"
        return
    try:
        url, drop = _postgres_database()
    except Exception as error:  # no server, refused, no rights...
        message = f"PostgreSQL not reachable at {POSTGRES_URL} ({type(error).__name__}): PostgreSQL tests skipped"
        if REQUIRE_POSTGRES:
            pytest.fail(message.replace("skipped", "required by GOLF_REQUIRE_POSTGRES=1"), pytrace=False)
        _postgres_problem.append(message)
        pytest.skip(message)
    yield url
    drop()


@pytest.fixture(scope="session")
def golf_app(database_url):
    from app.main import create_app
    from app.settings import Settings

    # Tests play far faster than a person: rate limits are off but in their own tests.
    return create_app(Settings(database_url=database_url, deal_key="test-deal-key", rate_limit_enabled=False))


@pytest.fixture(scope="session")
def _shared_client(golf_app):
    from fastapi.testclient import TestClient

    with TestClient(golf_app) as client:
        yield client


@pytest.fixture
def api(_shared_client):
    """An HTTP client that is a new browser (no cookie yet) in each test."""
    _shared_client.cookies.clear()
    yield _shared_client
    _shared_client.cookies.clear()


def pytest_terminal_summary(terminalreporter):
    if _postgres_problem:
        terminalreporter.write_sep("=", "PostgreSQL tests were SKIPPED", yellow=True, bold=True)
        terminalreporter.write_line(_postgres_problem[0])
