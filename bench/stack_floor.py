"""The least a stored move costs on this stack, beside a single-player JSON action.

A single-player action is measured against a bare FastAPI route (``bench.play_cost``,
figure 2). Between the two lies what any stored move must do, whatever its game: a POST
with a JSON body read into a model, a sync route in the thread pool (a move waits for
the database), one row read and written back under a version check in a SQLite
transaction (the app's own engine: WAL, ``synchronous=NORMAL``), and an answer of the size of a
match's state. ``floor_app`` does only that, with no game in it. This script times the
app's action, that floor, the floor with its row in memory and the bare route side by
side, in rounds taken in turn, the app and the floor each in its own uvicorn process
served as the app is (on a CPU of their own where ``taskset`` is at hand, this client on
another), and prints the server's CPU per request from ``/proc``.

    python -m bench.stack_floor [--requests 200] [--rounds 5]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict

from app.players.greedy import GreedyPlayer
from bench.floor_rows import floor_engine, put_row, write_back
from bench.play_cost import Browser, Meter, bare_gets, next_json_move
from bench.servers import pinning, start_server, stop_server

# ---------------------------------------------------------------- the floor's app

floor_app = FastAPI()
_engine = floor_engine(os.environ.get("GOLF_DATABASE_URL", "sqlite://")) if __name__ != "__main__" else None


class Move(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    position: int | None = None
    source: str | None = None


@floor_app.get("/healthz")
def healthz() -> dict:
    return {"ok": True}


@floor_app.put("/game/{browser_id}")
def put_game(browser_id: str, state: dict) -> dict:
    assert _engine is not None
    put_row(_engine, browser_id, json.dumps(state))
    return {"ok": True}


@floor_app.post("/game/{browser_id}/move")
def move(browser_id: str, body: Move | None = None) -> JSONResponse:
    """Read the row, change it, write it back if no one else did first, answer it."""
    assert _engine is not None
    state: dict = {}

    def moved(stored: str, version: int) -> str:
        state.update(json.loads(stored), version=version)
        return json.dumps(state)

    write_back(_engine, browser_id, moved)
    return JSONResponse(state, headers={"ETag": f'"{state["version"]}"'})


_held: dict[str, dict] = {}  # the no-database move's games, in this process's memory


@floor_app.post("/held/{browser_id}/move")
def move_held(browser_id: str, body: Move | None = None) -> JSONResponse:
    """The same move with the row kept in memory: the floor less its database."""
    state = _held.setdefault(browser_id, {"version": 0})
    state["version"] += 1
    return JSONResponse(state, headers={"ETag": f'"{state["version"]}"'})


@floor_app.put("/held/{browser_id}")
def put_held(browser_id: str, state: dict) -> dict:
    _held[browser_id] = state
    return {"ok": True}


# ---------------------------------------------------------------- the runs


async def app_actions(port: int, pid: int, requests: int, browser: Browser, state: dict) -> tuple[float, dict]:
    player, meter = GreedyPlayer(), Meter(pid)
    for _ in range(requests):
        path, payload = next_json_move(state, player)
        status, state = await browser.json("POST", path, payload)
        if status != 200:
            raise RuntimeError(f"{path} answered {status}: {state}")
    return meter.read()["server"] / requests * 1000, state


async def floor_moves(pid: int, requests: int, browser: Browser, kept: str = "game") -> float:
    meter = Meter(pid)
    for i in range(requests):
        status, _ = await browser.json("POST", f"/{kept}/one/move", {"position": i % 6})
        assert status == 200
    return meter.read()["server"] / requests * 1000


async def rounds(
    app_port: int, app_pid: int, floor_port: int, floor_pid: int, args
) -> list[tuple[float, float, float, float]]:
    player_browser, floor_browser = Browser(app_port), Browser(floor_port)
    status, state = await player_browser.json("GET", "/api/match")
    assert status == 200
    size = len(json.dumps(state))
    for kept in ("game", "held"):
        status, _ = await floor_browser.json("PUT", f"/{kept}/one", state)
        assert status == 200
    # A round of each first, unmeasured: imports, caches and the first holes' reviews.
    _, state = await app_actions(app_port, app_pid, 50, player_browser, state)
    await floor_moves(floor_pid, 50, floor_browser)
    await floor_moves(floor_pid, 50, floor_browser, "held")
    await bare_gets(floor_pid, 50, floor_browser)
    figures = []
    for _ in range(args.rounds):
        action, state = await app_actions(app_port, app_pid, args.requests, player_browser, state)
        floor = await floor_moves(floor_pid, args.requests, floor_browser)
        held = await floor_moves(floor_pid, args.requests, floor_browser, "held")
        bare = await bare_gets(floor_pid, args.requests, floor_browser)
        figures.append((action, floor, held, bare))
    player_browser.close()
    floor_browser.close()
    print(f"a match's state as answered: {size:,} bytes of JSON, stored and answered by the floor's move as well")
    return figures


async def flat_out(
    clients: int, request: Callable[[int], Awaitable[None]], seconds: float, pid: int, busy: list[tuple[float, float]]
) -> float:
    """Requests answered a second with ``clients`` each making ``request(its number)``
    again as soon as the last is answered, for ``seconds``; appended to ``busy``: the
    server's (``pid``) and this client's CPU meanwhile, as shares of a core."""
    meter = Meter(pid)
    deadline = time.perf_counter() + seconds
    answered = 0

    async def client(number: int) -> None:
        nonlocal answered
        while time.perf_counter() < deadline:
            await request(number)
            answered += 1

    started = time.perf_counter()
    await asyncio.gather(*(client(number) for number in range(clients)))
    used = meter.read()
    busy.append((used["server"] / used["wall"], used["client"] / used["wall"]))
    return answered / (time.perf_counter() - started)


async def flat_out_rounds(
    app_port: int, app_pid: int, floor_port: int, floor_pid: int, args
) -> tuple[list[tuple[float, float, float]], dict[str, list[tuple[float, float]]]]:
    """Each round: the app's single-player actions, the floor's moves and the bare route's
    GETs, ``args.players`` clients flat out for ``args.seconds`` each, in turn; and for
    each kind, the server's and this client's share of a core in each round."""
    players = [Browser(app_port) for _ in range(args.players)]
    floor_clients = [Browser(floor_port) for _ in range(args.players)]
    greedy = GreedyPlayer()
    states = []
    for browser in players:
        status, state = await browser.json("GET", "/api/match")
        assert status == 200
        states.append(state)
    for number, browser in enumerate(floor_clients):
        status, _ = await browser.json("PUT", f"/game/p{number}", states[number])
        assert status == 200

    async def action(number: int) -> None:
        path, payload = next_json_move(states[number], greedy)
        status, states[number] = await players[number].json("POST", path, payload)
        if status != 200:
            raise RuntimeError(f"{path} answered {status}: {states[number]}")

    async def floor_move(number: int) -> None:
        status, _ = await floor_clients[number].json("POST", f"/game/p{number}/move", {"position": number % 6})
        assert status == 200

    async def bare_get(number: int) -> None:
        answer = await floor_clients[number].request("GET", "/healthz")
        assert answer.status == 200

    busy: dict[str, list[tuple[float, float]]] = {"app action": [], "floor move": [], "bare GET": []}
    await flat_out(args.players, action, 2, app_pid, [])  # unmeasured: the first holes' reviews, the caches
    figures = []
    for _ in range(args.rounds):
        figures.append(
            (
                await flat_out(args.players, action, args.seconds, app_pid, busy["app action"]),
                await flat_out(args.players, floor_move, args.seconds, floor_pid, busy["floor move"]),
                await flat_out(args.players, bare_get, args.seconds, floor_pid, busy["bare GET"]),
            )
        )
    for browser in players + floor_clients:
        browser.close()
    return figures, busy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=200, help="requests of each kind a round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds, each kind in turn")
    parser.add_argument("--players", type=int, default=50, help="clients at once flat out (0: none)")
    parser.add_argument("--seconds", type=float, default=10.0, help="each kind's stretch flat out")
    args = parser.parse_args()
    logs = Path(tempfile.mkdtemp(prefix="golf-stack-floor-"))
    print(f"the machine's load average at the start: {', '.join(f'{n:.1f}' for n in os.getloadavg())}")
    pinned = pinning()
    server, base = start_server(
        f"sqlite:///{logs / 'golf.sqlite3'}", logs / "server.log", "bench-deal-key", wrapper=pinned
    )
    floor, floor_base = start_server(
        f"sqlite:///{logs / 'floor.sqlite3'}", logs / "floor.log", target="bench.stack_floor:floor_app", wrapper=pinned
    )
    if pinned:
        os.sched_setaffinity(0, {0})
        print(f"the servers on CPU {pinned[-1]}, this client on CPU 0")
    try:
        app_port, floor_port = int(base.rpartition(":")[2]), int(floor_base.rpartition(":")[2])
        figures = asyncio.run(rounds(app_port, server.pid, floor_port, floor.pid, args))
        flat, busy = (
            asyncio.run(flat_out_rounds(app_port, server.pid, floor_port, floor.pid, args))
            if args.players
            else ([], {})
        )
    finally:
        stop_server(server)
        stop_server(floor)
    print()
    print("server CPU per request, ms (the clock's tick: 10 ms over a round of 200, so 0.05 ms)")
    print("  app action: a single-player JSON action of the app (/api/match/...)")
    print("  floor move: a POST with a JSON body, its row read and written back in SQLite, the state answered")
    print("  no database: the same POST, its row in memory")
    print("  bare GET: a bare FastAPI route (bench.play_cost's)")
    names = ("app action", "floor move", "no database", "bare GET")
    print(f"{'round':>5}  " + "  ".join(f"{name:>11}" for name in names) + "  action/bare  floor/bare")
    rows = [(str(i), figure) for i, figure in enumerate(figures, 1)]
    rows.append(("all", tuple(sum(column) / len(figures) for column in zip(*figures))))
    for name, (action, floor_ms, held, bare) in rows:
        ratios = f"{action / bare:>10.1f}x  {floor_ms / bare:>9.1f}x" if bare else "  (bare below the tick)"
        print(f"{name:>5}  {action:>11.2f}  {floor_ms:>11.2f}  {held:>11.2f}  {bare:>11.2f}  {ratios}")
    if flat:
        print()
        print(
            f"{args.players} clients at once flat out, {args.seconds:g} s each kind a round: "
            "requests answered a second (each against the bare route's)"
        )
        kinds = ("app action", "floor move", "bare GET")
        print(f"{'round':>5}  " + "  ".join(f"{kind:>11}" for kind in kinds) + "  action/bare  floor/bare")
        flat_rows = [(str(i), figure) for i, figure in enumerate(flat, 1)]
        flat_rows.append(("all", tuple(sum(column) / len(flat) for column in zip(*flat))))
        for name, (action, floor_rate, bare) in flat_rows:
            print(
                f"{name:>5}  {action:>11.0f}  {floor_rate:>11.0f}  {bare:>11.0f}  "
                f"{action / bare:>11.2f}  {floor_rate / bare:>10.2f}"
            )
        # A server short of its core while flat out was held back by something else: this
        # client (its own core full), or the machine's other work.
        for name, shares in busy.items():
            server_share, client_share = (sum(column) / len(shares) for column in zip(*shares))
            print(f"  {name}: the server {server_share:.0%} of a core, this client {client_share:.0%}")
    print(f"the machine's load average at the end: {', '.join(f'{n:.1f}' for n in os.getloadavg())}; logs in {logs}")


if __name__ == "__main__":
    main()
