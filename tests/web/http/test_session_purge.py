"""Idle sessions are purged: one that never acted a day after it was made, one with a
match or statistics only after a long time without an action. Each test has a
database of its own, so that the purge sees only its sessions."""

from __future__ import annotations

import re
import time
from datetime import UTC, datetime, timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event, func, select

from app.main import create_app
from app.service.browsers import browser_id_for, purge_sessions
from app.settings import Settings
from app.store.repository import BROWSERS, GOLF_RESULTS, GOLF_TABLES, SOLITAIRE_GAMES
from app.web.http.session import COOKIE_NAME
from tests.databases import fresh_database

DAY = timedelta(days=1)
KEEP = timedelta(days=400)


@pytest.fixture(params=["sqlite", "postgresql"])
def own_database(request, tmp_path):
    with fresh_database(request.param, tmp_path) as url:
        yield url


def _session(client: TestClient) -> str:
    client.cookies.clear()
    client.get("/healthz")
    return client.cookies[COOKIE_NAME]


def _rows(engine, table, token: str) -> int:
    key = table.c.id if table is BROWSERS else table.c.owner if table is GOLF_TABLES else table.c.browser_id
    with engine.connect() as connection:
        return connection.execute(select(func.count()).select_from(table).where(key == browser_id_for(token))).scalar()


def test_the_purge_removes_empty_sessions_after_a_day_and_keeps_the_ones_that_played(own_database):
    app = create_app(Settings(database_url=own_database, deal_key="purge"))
    with TestClient(app) as client:
        engine = app.state.engine
        empty = _session(client)
        client.get("/api/match")  # looked at the table, never played
        client.get("/api/solitaire")

        golfer = _session(client)
        client.get("/api/match")
        golfer_match = client.post("/api/match/reveal", json={"position": 0}).json()

        finished = _session(client)  # a match begun and replaced: a loss in the statistics
        client.post("/api/match/reveal", json={"position": 0})
        client.post("/api/match/new", json={"seed": 77})
        assert _rows(engine, GOLF_RESULTS, finished) == 1

        solitaire = _session(client)
        client.post("/api/solitaire/new", json={"seed": 5})

        now = datetime.now(UTC)
        assert purge_sessions(engine, empty_for=DAY, keep_for=KEEP, now=now + timedelta(hours=23)) == 0
        assert _rows(engine, BROWSERS, empty) == 1

        assert purge_sessions(engine, empty_for=DAY, keep_for=KEEP, now=now + timedelta(hours=25)) == 1
        assert _rows(engine, BROWSERS, empty) == 0
        assert _rows(engine, GOLF_TABLES, empty) == 0 and _rows(engine, SOLITAIRE_GAMES, empty) == 0
        for token in (golfer, finished, solitaire):
            assert _rows(engine, BROWSERS, token) == 1
        assert _rows(engine, GOLF_RESULTS, finished) == 1
        client.cookies.clear()
        kept = client.get("/api/match", headers={"cookie": f"{COOKIE_NAME}={golfer}"}).json()
        assert (kept["seed"], kept["version"], kept["actions_taken"]) == (
            golfer_match["seed"],
            golfer_match["version"],
            1,
        )

        # Long after the last action, those go too, statistics and all.
        assert purge_sessions(engine, empty_for=DAY, keep_for=KEEP, now=now + KEEP - DAY) == 0
        assert purge_sessions(engine, empty_for=DAY, keep_for=KEEP, now=now + KEEP + DAY) == 3
        with engine.connect() as connection:
            for table in (BROWSERS, GOLF_TABLES, GOLF_RESULTS, SOLITAIRE_GAMES):
                assert connection.execute(select(func.count()).select_from(table)).scalar() == 0


def test_a_session_that_plays_on_writes_its_time_once_an_hour_not_at_every_move(own_database, monkeypatch):
    """The time of a session's last action is kept to the hour. Once this server has found
    it current, the session's next moves of the hour do not even ask: one statement less
    a move. The purge still finds the session current, and after the hour it is asked again."""
    from app.players.greedy import GreedyPlayer
    from app.store import repository
    from app.web.golf.move_routes import PATHS

    app = create_app(Settings(database_url=own_database, deal_key="purge"))
    with TestClient(app) as client:
        engine = app.state.engine
        player = _session(client)
        asked: list[str] = []

        def count(connection, cursor, statement, parameters, context, executemany):
            if re.match(r"\s*UPDATE browsers SET last_action_at", statement):
                asked.append(statement)

        event.listen(engine, "before_cursor_execute", count)

        def move() -> None:
            state = client.get("/api/match").json()
            action = GreedyPlayer().choose(state)
            body = {k: v for k, v in action.items() if k != "action"} or None
            assert client.post(f"/api/match/{PATHS[action['action']]}", json=body).status_code == 200

        for _ in range(8):
            move()
        # The first move writes the time; the second finds it current; the others skip it.
        assert len(asked) == 2
        with engine.connect() as connection:
            noted = connection.execute(
                select(BROWSERS.c.last_action_at).where(BROWSERS.c.id == browser_id_for(player))
            ).scalar_one()
        assert noted is not None
        now = datetime.now(UTC)
        assert purge_sessions(engine, empty_for=DAY, keep_for=KEEP, now=now + DAY) == 0
        assert _rows(engine, BROWSERS, player) == 1

        an_hour_on = time.monotonic() + repository.ACTION_TIME_GRAIN.total_seconds() + 1
        monkeypatch.setattr(repository, "_clock", lambda: an_hour_on)
        move()
        assert len(asked) == 3  # asked again once the hour is over
        event.remove(engine, "before_cursor_execute", count)


def test_a_purged_empty_session_that_comes_back_gets_a_new_table(own_database):
    app = create_app(Settings(database_url=own_database, deal_key="purge"))
    with TestClient(app) as client:
        token = _session(client)
        assert client.get("/api/match").status_code == 200
        purge_sessions(app.state.engine, empty_for=DAY, keep_for=KEEP, now=datetime.now(UTC) + 2 * DAY)
        assert _rows(app.state.engine, BROWSERS, token) == 0
        again = client.get("/api/match")
        assert again.status_code == 200 and again.json()["actions_taken"] == 0
        assert COOKIE_NAME not in again.cookies  # the signed token is still good


def test_the_server_purges_by_its_settings_on_its_own(own_database):
    with TestClient(create_app(Settings(database_url=own_database, deal_key="purge"))) as client:
        token = _session(client)
        client.get("/api/match")
        player = _session(client)
        client.post("/api/match/reveal", json={"position": 0})

    # Started again with empty sessions kept no time at all: its purge at start-up removes
    # the empty one and keeps the one that played.
    app = create_app(Settings(database_url=own_database, deal_key="purge", empty_session_hours=0))
    with TestClient(app):
        for _ in range(200):
            if _rows(app.state.engine, BROWSERS, token) == 0:
                break
            time.sleep(0.05)
        assert _rows(app.state.engine, BROWSERS, token) == 0
        assert _rows(app.state.engine, BROWSERS, player) == 1


def test_upgrading_an_installation_keeps_every_browser_that_played(own_database):
    """Browsers stored before last actions were kept: the migration counts those that
    played as active, so the first purge after the upgrade removes only empty ones."""
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import JSON, column, insert, table

    from app.store.database import MIGRATIONS, make_engine, migrate

    engine = make_engine(own_database)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
    made = datetime.now(UTC) - 3 * DAY
    golf_matches = table(  # as revision 0001 made it
        "golf_matches",
        *(column(name) for name in ("browser_id", "version", "seed", "level", "actions_taken", "hints_used")),
        *(column(name) for name in ("elapsed_ms", "running_since_ms", "last_active_ms")),
        *(column(name, JSON) for name in ("rules", "log")),
    )
    match = {
        "seed": 1,
        "rules": {},
        "level": "easy",
        "log": [],
        "actions_taken": 0,
        "hints_used": 0,
        "elapsed_ms": 0,
        "running_since_ms": None,
        "last_active_ms": 0,
    }
    result = {
        "finished_at": made,
        "level": "easy",
        "rules_name": "standard",
        "outcome": "loss",
        "holes_played": 1,
        "elapsed_seconds": 9,
        "hints_used": 0,
    }
    with engine.begin() as connection:
        for name in ("viewer", "player", "hinted", "loser"):
            connection.execute(insert(BROWSERS).values(id=browser_id_for(name), created_at=made, preferences={}))
        connection.execute(
            insert(golf_matches),
            [
                {**match, "browser_id": browser_id_for("viewer"), "version": 1},
                {**match, "browser_id": browser_id_for("player"), "version": 4, "actions_taken": 3},
                {**match, "browser_id": browser_id_for("hinted"), "version": 1, "hints_used": 1},
                {**match, "browser_id": browser_id_for("loser"), "version": 1},
            ],
        )
        connection.execute(insert(GOLF_RESULTS).values(browser_id=browser_id_for("loser"), **result))

    migrate(engine)
    assert purge_sessions(engine, empty_for=DAY, keep_for=KEEP) == 1
    assert _rows(engine, BROWSERS, "viewer") == 0
    for name in ("player", "hinted", "loser"):
        assert _rows(engine, BROWSERS, name) == 1
    engine.dispose()


def test_a_browser_purged_in_the_middle_of_its_request_is_made_again(tmp_path, monkeypatch):
    """The purge can delete an empty browser between a request reading its row and
    inserting its first match under it (PostgreSQL; SQLite runs one writer at a time, so
    the purge cannot come between). The request runs once more and deals afresh."""
    import threading

    from app.store import repository

    with fresh_database("postgresql", tmp_path) as url:
        app = create_app(Settings(database_url=url, deal_key="purge"))
        with TestClient(app) as client:
            token = _session(client)
            client.get("/api/solitaire")  # an empty browser, with no match yet
            original = repository.ensure_browser
            purged: list[int] = []

            def purge_meanwhile(connection, browser_id):
                row = original(connection, browser_id)
                if not purged:  # another request's purge, on its own connection
                    worker = threading.Thread(
                        target=lambda: purged.append(
                            purge_sessions(
                                app.state.engine, empty_for=DAY, keep_for=KEEP, now=datetime.now(UTC) + 2 * DAY
                            )
                        )
                    )
                    worker.start()
                    worker.join()
                return row

            monkeypatch.setattr(repository, "ensure_browser", purge_meanwhile)
            response = client.get("/api/match")
            assert purged == [1]
            assert response.status_code == 200 and response.json()["actions_taken"] == 0
            assert _rows(app.state.engine, BROWSERS, token) == 1
            assert _rows(app.state.engine, GOLF_TABLES, token) == 1


def test_a_score_sheet_or_an_online_table_keeps_its_session_from_the_purge(own_database):
    """Keeping score of a game with real cards, or playing at a table with other people,
    is playing: those sessions stay past the first day like a match against the computer."""
    app = create_app(Settings(database_url=own_database, deal_key="purge"))
    with TestClient(app) as client:
        engine = app.state.engine
        keeper = _session(client)
        made = client.post(
            "/scorekeeper", data={"player-0": "Alice", "player-1": "Ben", "holes": "9"}, follow_redirects=False
        )
        assert made.status_code == 303

        host = _session(client)
        table = client.post("/api/tables", json={"seats": ["host", "medium"], "name": "Friday golf"})
        assert table.status_code == 201

        now = datetime.now(UTC)
        assert purge_sessions(engine, empty_for=DAY, keep_for=KEEP, now=now + 2 * DAY) == 0
        assert _rows(engine, BROWSERS, keeper) == 1 and _rows(engine, BROWSERS, host) == 1
