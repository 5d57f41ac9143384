"""The browser tests' own collection rule: the whole layout matrix (``layout_matrix``) runs
only when asked for by name (``-m layout_matrix``); the suite runs its slice. And the
visitor whose page watches cards move (``watched``), for the motion tests of every file."""

from __future__ import annotations

import pytest

from tests.browser.tablekit import WATCH_MOTION


def pytest_collection_modifyitems(config, items):
    if "layout_matrix" in (config.getoption("markexpr") or ""):
        return
    kept, left = [], []
    for item in items:
        (left if item.get_closest_marker("layout_matrix") else kept).append(item)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept


@pytest.fixture
def watched(browser, server):
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
