"""The browser tests' own collection rule: the whole layout matrix (``layout_matrix``) runs
only when asked for by name (``-m layout_matrix``); the suite runs its slice."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(config, items):
    if "layout_matrix" in (config.getoption("markexpr") or ""):
        return
    kept, left = [], []
    for item in items:
        (left if item.get_closest_marker("layout_matrix") else kept).append(item)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept
