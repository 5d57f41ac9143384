"""A browser's first requests arriving all at once (a page that loads the match, the
solitaire deal and a new match in parallel) all succeed and make one browser."""

from __future__ import annotations

import threading

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from app.service.browsers import browser_id_for
from app.store.repository import BROWSERS, GOLF_TABLES, SOLITAIRE_GAMES
from app.web.http.session import COOKIE_NAME

REQUESTS = [("POST", "/api/match/new"), ("GET", "/api/match"), ("POST", "/api/solitaire/new")]
THREADS = 21
ROUNDS = 5


def _new_session_token(golf_app) -> str:
    """A cookie the server issued, for a browser that has no stored rows yet."""
    response = TestClient(golf_app).get("/healthz")
    return response.cookies[COOKIE_NAME]


def _all_at_once(golf_app, token: str) -> list[int]:
    statuses: list[int] = []
    start = threading.Barrier(THREADS)

    def send(method: str, path: str):
        client = TestClient(golf_app, raise_server_exceptions=False)
        start.wait()
        response = client.request(method, path, headers={"cookie": f"{COOKIE_NAME}={token}"})
        statuses.append(response.status_code)

    threads = [threading.Thread(target=send, args=REQUESTS[i % len(REQUESTS)]) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


def test_many_first_requests_with_one_new_cookie_all_succeed_and_make_one_browser(golf_app, api):
    engine = golf_app.state.engine
    for _ in range(ROUNDS):
        token = _new_session_token(golf_app)
        statuses = _all_at_once(golf_app, token)
        assert len(statuses) == THREADS
        assert all(status < 500 for status in statuses), statuses
        browser_id = browser_id_for(token)
        with engine.connect() as connection:
            for table in (BROWSERS, GOLF_TABLES, SOLITAIRE_GAMES):
                key = table.c.id if table is BROWSERS else table.c.owner if table is GOLF_TABLES else table.c.browser_id
                assert connection.execute(select(func.count()).where(key == browser_id)).scalar() == 1
        # And the browser goes on with the match it was left with.
        after = TestClient(golf_app).get("/api/match", headers={"cookie": f"{COOKIE_NAME}={token}"})
        assert after.status_code == 200


def test_a_begun_match_replaced_by_many_requests_at_once_is_counted_once(golf_app, api):
    """Every request that replaces a begun match records it as a loss; when many arrive
    at once, one replaces it and the others are refused, so the loss counts once."""
    token = _new_session_token(golf_app)
    client = TestClient(golf_app)
    cookie = {"cookie": f"{COOKIE_NAME}={token}"}
    assert client.post("/api/match/reveal", json={"position": 0}, headers=cookie).status_code == 200
    statuses: list[int] = []
    start = threading.Barrier(THREADS)

    def replace():
        own = TestClient(golf_app, raise_server_exceptions=False)
        start.wait()
        statuses.append(own.post("/api/match/new", headers=cookie).status_code)

    threads = [threading.Thread(target=replace) for _ in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(status in (200, 412) for status in statuses), statuses
    stats = client.get("/api/stats", headers=cookie).json()
    assert stats["golf"]["played"] == 1, stats["golf"]


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_workers_starting_together_agree_on_one_secret_of_each_kind(tmp_path, kind):
    from app.service.browsers import server_secret
    from app.store.database import make_engine, migrate
    from tests.databases import fresh_database

    for _ in range(3):
        with fresh_database(kind, tmp_path) as url:
            engine = make_engine(url)
            migrate(engine)
            found: list[tuple[bytes, bytes]] = []
            start = threading.Barrier(8)

            def start_worker(start=start, found=found, engine=engine):
                start.wait()
                found.append((server_secret(engine, "deal"), server_secret(engine, "session")))

            threads = [threading.Thread(target=start_worker) for _ in range(8)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert len(found) == 8 and len(set(found)) == 1
            deal, session = found[0]
            assert deal != session
            engine.dispose()
