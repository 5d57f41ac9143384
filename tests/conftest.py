"""Shared fixtures: the databases the web tests run against (tests/databases.py), the
real server and browser of the browser tests (tests/browser/fixtures.py), and API clients."""

from __future__ import annotations

import pytest

pytest_plugins = ["tests.databases", "tests.browser.fixtures"]


def pytest_collection_modifyitems(items):
    # A test that drives Chromium is a browser test wherever it lives (the table's, the
    # solitaire page's, the scorekeeper's): `-m "not browser"` leaves them all out.
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def golf_app(database_url):
    from app.main import create_app
    from app.settings import Settings

    # Tests play far faster than a person: rate limits are off but in their own tests.
    # A hole is reviewed when its review is asked for (the tests of reviews made as the
    # hole ends make their own app), not for each of the thousands of holes played here.
    return create_app(
        Settings(database_url=database_url, deal_key="test-deal-key", rate_limit_enabled=False, reviews_ahead=False)
    )


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
