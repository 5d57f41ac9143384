"""Tables stored before their snapshots were kept (migration 0009), on SQLite and
PostgreSQL: upgraded, a table in play is read exactly as its log replays, and its person's
next move gets the answer it would have had before."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from app.golf.actions import action_from_json, parse_log_entry
from app.golf.engine import GolfState, replay
from app.golf.rules import RuleSet
from app.golf.snapshots import restore
from app.golf.view import Seat, view
from app.players.greedy import GreedyPlayer
from app.resources import MIGRATIONS
from app.service.play.turns import deal_seed
from tests.databases import fresh_database

DEAL_KEY = "test-deal-key"
SEED = 4242


def played_log(rules: RuleSet, actions: int) -> list[str]:
    state = GolfState.new(deal_seed(DEAL_KEY.encode(), SEED), rules)
    player = GreedyPlayer()
    while len(state.log) < actions:
        seat = state.to_act()[0]
        state.apply(seat, action_from_json(player.choose(view(state, seat))))
    return state.log


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_table_in_play_before_the_upgrade_plays_on_as_it_would_have(kind, tmp_path):
    rules = RuleSet(players=2, holes=2)
    log = played_log(rules, 9)
    seats = [
        {"kind": "person", "browser": "ann", "name": "Ann", "level": None},
        {"kind": "person", "browser": "bea", "name": "Bea", "level": None},
    ]
    with fresh_database(kind, tmp_path) as url:
        engine = create_engine(url)
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "0008")
            for browser in ("ann", "bea"):
                connection.execute(
                    text("INSERT INTO browsers (id, created_at, preferences) VALUES (:id, :now, '{}')"),
                    {"id": browser, "now": datetime.now(UTC)},
                )
            connection.execute(
                text(
                    "INSERT INTO online_tables (code, version, name, status, rules, seed, seats, log, notices, "
                    "timer_seconds, deadline_ms, recorded, created_ms, started_ms, updated_ms, seen_ms, away, read_ms) "
                    "VALUES ('oldtable', 12, 'Old', 'playing', :rules, :seed, :seats, :log, '[]', NULL, NULL, false, "
                    "1, 1, 1, 1, false, NULL)"
                ),
                {
                    "rules": json.dumps(rules.model_dump()),
                    "seed": SEED,
                    "seats": json.dumps(seats),
                    "log": json.dumps(log),
                },
            )
            command.upgrade(config, "head")
        engine.dispose()

        from app.main import create_app
        from app.settings import Settings

        app = create_app(Settings(database_url=url, deal_key=DEAL_KEY, rate_limit_enabled=False))
        with TestClient(app):
            service = app.state.tables
            before = replay(deal_seed(DEAL_KEY.encode(), SEED), rules, log)
            mover = before.to_act()[0]
            browser = seats[mover]["browser"]
            shown = service.table(browser, "oldtable")
            assert shown["version"] == 12
            expected_view = view(before, mover, [Seat("Ann", "person"), Seat("Bea", "person")])
            assert {key: shown["match"][key] for key in expected_view} == expected_view
            choice = action_from_json(GreedyPlayer().choose(view(before, mover)))
            expected = before.clone()
            expected.apply(mover, choice)
            answer = service.act(browser, "oldtable", choice, if_match=12)
            assert answer.table["version"] == 13
            with app.state.engine.connect() as connection:
                row = connection.execute(text("SELECT log, snapshots FROM golf_tables WHERE code = 'oldtable'")).one()
            stored_log = row[0] if isinstance(row[0], list) else json.loads(row[0])
            snapshots = row[1] if isinstance(row[1], list) else json.loads(row[1])
            assert stored_log == expected.log
            assert snapshots[-1]["moves"] == len(expected.log)
            assert restore(rules, snapshots[-1]["state"], stored_log) == expected
            assert [parse_log_entry(entry) for entry in stored_log[len(log) :]] == [(mover, choice)]
