"""Nothing accepted is ever lost: a storage failure refuses the action whole, and a
server killed mid-request keeps every action it acknowledged."""

from __future__ import annotations

import signal
import threading
import time

import httpx
import pytest
from sqlalchemy import Connection
from sqlalchemy.exc import OperationalError

from app.players.greedy import GreedyPlayer
from bench.servers import start_server, stop_server
from tests.web.golf.matchkit import ROUTES, open_hole


def test_a_storage_failure_refuses_the_action_and_changes_nothing(api, monkeypatch):
    state = open_hole(api)

    def disk_gone(self):
        raise OperationalError("COMMIT", {}, Exception("disk I/O error"))

    monkeypatch.setattr(Connection, "_commit_impl", disk_gone)  # where the database commits
    response = api.post("/api/match/draw", json={"source": "stock"})
    assert response.status_code == 503 and "nothing was changed" in response.json()["detail"]
    monkeypatch.undo()
    after = api.get("/api/match").json()
    assert after == state


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/table",
        "/new",
        "/scorecard",
        "/statistics",
        "/api/stats",
        "/solitaire",
        "/solitaire/table",
        "/solitaire/new",
    ],
)
def test_every_page_says_plainly_when_the_storage_cannot_be_reached(api, monkeypatch, path):
    open_hole(api)

    def database_gone(self, *args, **kwargs):
        raise OperationalError("SELECT", {}, Exception("unable to open database file"))

    monkeypatch.setattr(Connection, "_execute_context", database_gone)
    response = api.get(path)
    assert response.status_code == 503
    assert "storage cannot be reached" in response.text and "nothing was changed" in response.text


@pytest.mark.slow
@pytest.mark.parametrize("kill_after", [0.6])
def test_a_killed_server_keeps_every_acknowledged_action(database_url, kill_after, tmp_path):
    server, base = start_server(database_url, tmp_path / "server.log", deal_key="durability")
    acknowledged: list[dict] = []
    stop = threading.Event()

    client = httpx.Client(base_url=base, timeout=5)
    client.get("/api/match")
    cookies = dict(client.cookies)

    def play():
        player = GreedyPlayer()
        state = client.get("/api/match").json()
        while not stop.is_set() and state["phase"] != "match_over":
            action = player.choose(state)
            body = {k: v for k, v in action.items() if k != "action"}
            try:
                response = client.post(f"/api/match/{ROUTES[action['action']]}", json=body or None)
            except httpx.HTTPError:
                return  # the server died under this request: it was never acknowledged
            if response.status_code != 200:
                return
            state = response.json()
            acknowledged.append(state)

    worker = threading.Thread(target=play)
    worker.start()
    time.sleep(kill_after)
    server.send_signal(signal.SIGKILL)
    server.wait()
    stop.set()
    worker.join()
    assert acknowledged, "no action was acknowledged before the kill"

    # On the same port: the client's cookie is for that address.
    server, _ = start_server(
        database_url, tmp_path / "server-again.log", deal_key="durability", port=int(base.rsplit(":", 1)[1])
    )
    try:
        with httpx.Client(base_url=base, cookies=cookies, timeout=5) as again:
            stored = again.get("/api/match").json()
    finally:
        stop_server(server)
    last = acknowledged[-1]
    # Everything acknowledged is there; at most the one request in flight was also stored.
    assert stored["version"] >= last["version"]
    assert stored["actions_taken"] >= last["actions_taken"]
    if stored["version"] == last["version"]:
        assert stored["players"] == last["players"] and stored["discard"] == last["discard"]
