from __future__ import annotations

import pytest

from tests.admin.adminkit import site_on


@pytest.fixture
def site(own_database):
    """A site of its own on a fresh database (SQLite, then PostgreSQL)."""
    with site_on(own_database) as made:
        yield made
