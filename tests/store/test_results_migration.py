"""Results recorded before rule sets were kept apart: the migration gives each its length
where the preset tells it, and counts no actions for it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, text

from app.resources import MIGRATIONS
from tests.databases import fresh_database


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_old_results_get_their_length_and_no_actions(kind, tmp_path):
    with fresh_database(kind, tmp_path) as url:
        engine = create_engine(url)
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "0004")
            connection.execute(
                text("INSERT INTO browsers (id, created_at, preferences) VALUES ('b', :now, '{}')"),
                {"now": datetime.now(UTC)},
            )
            for name in ("standard", "eighteen-holes", "custom"):
                connection.execute(
                    text(
                        "INSERT INTO golf_results (browser_id, finished_at, level, rules_name, outcome, abandoned, "
                        "total, holes_played, elapsed_seconds, hints_used) "
                        "VALUES ('b', :now, 'easy', :name, 'win', false, 10, 9, 60, 0)"
                    ),
                    {"now": datetime.now(UTC), "name": name},
                )
            command.upgrade(config, "head")
            rows = connection.execute(
                text("SELECT rules_name, holes, actions_taken FROM golf_results ORDER BY id")
            ).all()
        engine.dispose()
    assert [tuple(r) for r in rows] == [("standard", 9, 0), ("eighteen-holes", 18, 0), ("custom", None, 0)]
