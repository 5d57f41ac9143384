"""Shared fixtures: the databases the web tests run against (tests/databases.py), the
real server and browser of the browser tests (tests/browser/fixtures.py), API clients,
and the visitor whose page watches cards move (``watched``)."""

from __future__ import annotations

import pytest

from tests.browser.tablekit import WATCH_MOTION

pytest_plugins = ["tests.databases", "tests.browser.fixtures"]


def pytest_collection_modifyitems(config, items):
    # A test that drives Chromium is a browser test wherever it lives (the table's, the
    # solitaire page's, the scorekeeper's): `-m "not browser"` leaves them all out.
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
    # The whole layout matrix (``layout_matrix``) runs only when asked for by name
    # (``-m layout_matrix``); the suite runs its slice.
    if "layout_matrix" in (config.getoption("markexpr") or ""):
        return
    kept, left = [], []
    for item in items:
        (left if item.get_closest_marker("layout_matrix") else kept).append(item)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept


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


@pytest.fixture
def watched(browser, server):
    """A visitor whose page watches cards move (for the motion tests of every file)."""
    contexts = []

    def make(reduced: bool, speed: str = "fast"):
        context = browser.new_context(
            base_url=server,
            viewport={"width": 1280, "height": 720},
            reduced_motion="reduce" if reduced else "no-preference",
        )
        context.add_cookies([{"name": "golf_speed", "value": speed, "url": server}])
        context.add_init_script(WATCH_MOTION)
        context.set_default_timeout(10_000)
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        pages.append((page, errors))
        return page

    pages: list = []
    yield make
    for _page, errors in pages:
        assert not errors, f"script errors on the page: {errors}"
    for context in contexts:
        context.close()
