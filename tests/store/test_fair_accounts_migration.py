"""Migration 0015 on accounts made before it: each account's name gets its look-alike
key, the oldest first; an account whose name looks like an older one's keeps its name
without a key, and the migration does not fail over it. On SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, text
from sqlalchemy.exc import IntegrityError

from app.confusables import look_alike_key
from app.resources import MIGRATIONS
from tests.databases import fresh_database


def config_for(connection) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def add_account(connection, account_id: str, name: str, created_ms: int) -> None:
    connection.execute(
        text("INSERT INTO browsers (id, created_at, preferences) VALUES (:id, CURRENT_TIMESTAMP, '{}')"),
        {"id": f"browser-{account_id}"},
    )
    connection.execute(
        text(
            "INSERT INTO accounts (id, name, name_key, principal, created_ms) "
            "VALUES (:id, :name, :key, :principal, :created)"
        ),
        {
            "id": account_id,
            "name": name,
            "key": name.casefold(),
            "principal": f"browser-{account_id}",
            "created": created_ms,
        },
    )


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_accounts_get_their_look_alike_keys_the_oldest_first(kind, tmp_path):
    with fresh_database(kind, tmp_path) as url:
        engine = create_engine(url)
        with engine.begin() as connection:
            command.upgrade(config_for(connection), "0014")
            add_account(connection, "cyrillic", "Аnn", 2)  # a Cyrillic "А", made after the Latin one
            add_account(connection, "latin", "Ann", 1)
            add_account(connection, "other", "Bob", 3)
            command.upgrade(config_for(connection), "head")
            keys = dict(connection.execute(text("SELECT id, name_skeleton FROM accounts")).all())
        assert keys == {"latin": look_alike_key("Ann"), "cyrillic": None, "other": look_alike_key("Bob")}
        with pytest.raises(IntegrityError), engine.begin() as connection:
            connection.execute(
                text("UPDATE accounts SET name_skeleton = :key WHERE id = 'other'"), {"key": keys["latin"]}
            )
        engine.dispose()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_codes_of_no_known_session_go_and_the_migration_goes_back(kind, tmp_path):
    with fresh_database(kind, tmp_path) as url:
        engine = create_engine(url)
        with engine.begin() as connection:
            command.upgrade(config_for(connection), "0014")
            add_account(connection, "ann", "Ann", 1)
            connection.execute(
                text(
                    "INSERT INTO account_sessions (session_id, account_id, device, created_ms) "
                    "VALUES ('s', 'ann', 'Chrome on Linux', 1)"
                )
            )
            connection.execute(
                text("INSERT INTO device_codes (code, account_id, expires_ms) VALUES ('ABCDEFGH', 'ann', 99)")
            )
            command.upgrade(config_for(connection), "head")
            assert connection.execute(text("SELECT count(*) FROM device_codes")).scalar() == 0
            session = connection.execute(text("SELECT code_made_on, code_address FROM account_sessions")).one()
            assert tuple(session) == (None, None)
            command.downgrade(config_for(connection), "0014")
            assert connection.execute(text("SELECT name FROM accounts")).scalar() == "Ann"
        engine.dispose()
