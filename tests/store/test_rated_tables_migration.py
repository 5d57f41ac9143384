"""The migration to rated tables: a quick-play table in play keeps the rule it was made
under (it is rated when it ends), a finished or friends' table is not rated, and a table in
play that everyone had left (it waited for ever) is made due, so that the sweep ends it."""

from __future__ import annotations

import json

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, text

from app.resources import MIGRATIONS
from tests.databases import fresh_database

PERSON = {"kind": "person", "name": "Ann", "browser": "a" * 64, "level": None}
COMPUTER = {"kind": "computer", "name": "Computer (easy)", "browser": None, "level": "easy"}
LEFT = {"kind": "computer", "name": "Bea (computer)", "browser": None, "level": "medium", "left": True}


def insert_table(connection, code: str, status: str, quick_play: bool, seats: list) -> None:
    connection.execute(
        text(
            "INSERT INTO golf_tables (code, version, name, status, rules, seed, seats, log, notices, recorded, "
            "created_ms, updated_ms, quick_play, deadline_ms) VALUES (:code, 1, 'T', :status, '{}', 1, :seats, "
            "'[]', '[]', false, 0, 0, :quick, NULL)"
        ),
        {"code": code, "status": status, "seats": json.dumps(seats), "quick": quick_play},
    )


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_quick_tables_in_play_stay_rated_and_deserted_ones_fall_due(kind, tmp_path):
    with fresh_database(kind, tmp_path) as url:
        engine = create_engine(url)
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "0014")
            insert_table(connection, "quick-playing", "playing", True, [PERSON, COMPUTER])
            insert_table(connection, "quick-over", "over", True, [PERSON, COMPUTER])
            insert_table(connection, "friends", "playing", False, [PERSON, COMPUTER])
            insert_table(connection, "deserted", "playing", True, [LEFT, COMPUTER])
            command.upgrade(config, "head")
            rows = connection.execute(text("SELECT code, rated, deadline_ms FROM golf_tables ORDER BY code")).all()
        engine.dispose()
    assert {code: (bool(rated), deadline) for code, rated, deadline in rows} == {
        "deserted": (True, 0),
        "friends": (False, None),
        "quick-over": (False, None),
        "quick-playing": (True, None),
    }
