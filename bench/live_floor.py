"""The least a move at a live table of four costs on this stack, beside the app's, in turn.

    python -m bench.live_floor [--tables 25] [--seconds 30] [--rounds 2] [--pace 1,2]

Whatever game a server-drawn live table plays, a move on this stack (uvicorn, FastAPI,
sse-starlette, SQLite as the app keeps it) is at least this: the mover's page posts a
form; the server reads the table's row and writes it back under a version check, in a
transaction in the thread pool (as a route that waits for its database runs); it tells
the table's four event streams; the mover is answered a table's HTML; each other page's
stream sends one event carrying a table's HTML, the mover's stream the version alone.
``floor_app`` does that and nothing more: no game, no session, no middleware of its own,
no drawing (the HTML it sends is made once, of the sizes the app sends, which
``bench.move_costs`` prints).

In ``--rounds`` rounds, this plays ``bench.live_tables``' step on the app (``--tables``
tables of four, every seat's page live, a move every ``--pace`` seconds at each), then
the same number of tables at the same pace on the floor, each server on a CPU of its own
where ``taskset`` is at hand (this client on another), and prints the server's CPU per
move of both (user and system time from ``/proc``) and how many times the floor the app
costs. What lies between the two is the app's own: its sessions and middleware, the
game, the views, the drawing; what the floor costs, any server-drawn table on this stack
pays. Figures only: no test asserts them.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse
from sse_starlette import EventSourceResponse
from starlette.concurrency import run_in_threadpool

from app.web.tables.stream import table_event
from bench.floor_rows import floor_engine, put_row, write_back
from bench.live_tables import SEATS, DatabaseCpu, process_cpu, spread, step
from bench.play_cost import Browser
from bench.servers import AsyncEventStream, pinning, start_server, stop_server
from bench.tables_load import gather_bounded, raise_file_limit

# The sizes of what the app sends a move at a table of four (bench.move_costs: the
# mover's answer 8.2 KB, each other page's table 6.2 KB), and of a table's stored row.
MOVER_HTML_BYTES = 8_400
OTHER_HTML_BYTES = 6_350
ROW_BYTES = 2_000
SEND_SECONDS = 10.0  # a stream whose page stopped reading ends, as the app's do


def html_of(size: int) -> str:
    """HTML of ``size`` characters, in lines as a table's are."""
    line = '<div class="card face-down" role="img" aria-label="Guest 1, top row, column 2, face down"></div>\n'
    return (line * (size // len(line) + 1))[:size]


MOVER_HTML, OTHER_HTML = html_of(MOVER_HTML_BYTES), html_of(OTHER_HTML_BYTES)

# ---------------------------------------------------------------- the floor's app

floor_app = FastAPI()
_engine = floor_engine(os.environ.get("GOLF_DATABASE_URL", "sqlite://")) if __name__ != "__main__" else None
_listening: collections.defaultdict[str, set[asyncio.Queue]] = collections.defaultdict(set)


@floor_app.get("/healthz")
def healthz() -> dict:
    return {"ok": True}


@floor_app.put("/floor/{code}")
def put_table(code: str) -> dict:
    assert _engine is not None
    put_row(_engine, code, "x" * ROW_BYTES)
    return {"version": 0}


def _write(code: str) -> int:
    """The table's row written back one version on (its state turned by a character)."""
    assert _engine is not None
    version, _ = write_back(_engine, code, lambda state, version: state[1:] + state[:1])
    return version


@floor_app.post("/t/{code}/move")
async def move(request: Request, code: str) -> HTMLResponse:
    form = await request.form()
    mover = int(str(form["seat"]))
    version = await run_in_threadpool(_write, code)
    for queue in _listening[code]:
        queue.put_nowait((version, mover))
    return HTMLResponse(MOVER_HTML, headers={"Golf-Version": str(version)})


@floor_app.get("/t/{code}/events")
async def events(code: str, seat: int) -> EventSourceResponse:
    queue: asyncio.Queue = asyncio.Queue()
    _listening[code].add(queue)

    async def announce():
        try:
            yield table_event({"version": 0})
            while True:
                version, mover = await queue.get()
                yield table_event({"version": version}, None if mover == seat else OTHER_HTML)
        finally:
            _listening[code].discard(queue)

    return EventSourceResponse(announce(), ping=15, send_timeout=SEND_SECONDS)


# ---------------------------------------------------------------- the floor's tables


class FloorTable:
    """A table of four on the floor: each seat a connection for its moves and a stream."""

    def __init__(self, port: int, code: str):
        self.port, self.code = port, code
        self.browsers = [Browser(port) for _ in range(SEATS)]
        self.streams = [AsyncEventStream(port, "", code, path=f"/t/{code}/events?seat={seat}") for seat in range(SEATS)]
        self.moves: list[tuple[float, int, int]] = []  # (sent, version, seat)

    async def open(self) -> None:
        answer = await self.browsers[0].request("PUT", f"/floor/{self.code}")
        assert answer.status == 200, answer
        for stream in self.streams:
            await stream.open()

    async def move(self) -> None:
        seat = len(self.moves) % SEATS
        sent = time.perf_counter()
        answer = await self.browsers[seat].request(
            "POST",
            f"/t/{self.code}/move",
            {"HX-Request": "true"},
            f"seat={seat}&version={len(self.moves)}".encode(),
            "application/x-www-form-urlencoded",
        )
        assert answer.status == 200 and len(answer.body) == MOVER_HTML_BYTES, answer.status
        self.moves.append((sent, int(answer.headers["golf-version"]), seat))

    def updates(self) -> list[float]:
        """From each move's sending to each other seat's event, in ms."""
        shown = []
        for sent, version, seat in self.moves:
            for other, stream in enumerate(self.streams):
                at = stream.announced_at(version) if other != seat else None
                if at is not None:
                    shown.append((at - sent) * 1000)
        return shown

    async def close(self) -> None:
        for stream in self.streams:
            await stream.close()
        for browser in self.browsers:
            browser.close()


async def floor_step(port: int, pid: int, count: int, args, round_number: int) -> float:
    """``count`` tables on the floor at the pace of ``bench.live_tables``; the server's CPU per move, in ms."""
    floor_tables = [FloorTable(port, f"r{round_number}t{count}n{i}") for i in range(count)]
    await gather_bounded(table.open() for table in floor_tables)
    low, high = args.pace
    rng = random.Random(count)
    until = time.perf_counter() + args.seconds

    async def play(table: FloorTable, rng: random.Random) -> None:
        await asyncio.sleep(rng.uniform(0, high))
        while time.perf_counter() < until:
            await table.move()
            await asyncio.sleep(rng.uniform(low, high))

    before, started = process_cpu([pid]), time.perf_counter()
    await asyncio.gather(*(play(t, random.Random(rng.random())) for t in floor_tables))
    server, wall = process_cpu([pid]) - before, time.perf_counter() - started
    await asyncio.sleep(1)  # the last moves' events
    moves = sum(len(t.moves) for t in floor_tables)
    each = [ms for t in floor_tables for ms in t.updates()]
    await asyncio.gather(*(t.close() for t in floor_tables))
    per_move = server / max(moves, 1) * 1000
    print(f"the floor, {count} tables of {SEATS}, a move every {low:g}-{high:g} s at each, {args.seconds:g} s:")
    print(f"  moves {moves} ({moves / wall:.1f} a second)")
    print(f"  server CPU per move: {per_move:.2f} ms ({server / wall * 100:.0f}% of a core over the step)")
    print(f"  other seats' event, each seat: {spread(each)} ({len(each)} events)")
    return per_move


# ---------------------------------------------------------------- the runs


async def rounds(app_port: int, app_pid: int, floor_port: int, floor_pid: int, args) -> None:
    figures: dict[str, list[float]] = {"app": [], "floor": []}
    for number in range(1, args.rounds + 1):
        print(f"round {number}:")
        figures["app"].append(await step([app_port], [app_pid], DatabaseCpu(None), args.tables, args))
        figures["floor"].append(await floor_step(floor_port, floor_pid, args.tables, args, number))
    app, floor = statistics.mean(figures["app"]), statistics.mean(figures["floor"])
    print(f"server CPU per move, {args.tables} tables of {SEATS}, the mean of {args.rounds} rounds (ms):")
    print(f"  the app {app:.2f}, the floor {floor:.2f}: the app {app / floor:.1f}x the floor")
    print(
        f"  each round: the app {', '.join(f'{v:.2f}' for v in figures['app'])}; "
        f"the floor {', '.join(f'{v:.2f}' for v in figures['floor'])}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=25)
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds of play at each step")
    parser.add_argument("--rounds", type=int, default=2, help="rounds, the app and the floor in turn")
    parser.add_argument("--pace", default="1,2", help="seconds between two moves at a table: at random between these")
    args = parser.parse_args()
    args.pace = tuple(float(s) for s in args.pace.split(","))
    raise_file_limit(3 * SEATS * args.tables + 1024)
    logs = Path(tempfile.mkdtemp(prefix="golf-live-floor-"))
    print(f"the machine's load average at the start: {', '.join(f'{n:.1f}' for n in os.getloadavg())}")
    pinned = pinning()
    app, app_base = start_server(
        f"sqlite:///{logs / 'golf.sqlite3'}",
        logs / "server.log",
        "bench-deal-key",
        settings={"GOLF_MAX_STREAMS_PER_ADDRESS": "0", "GOLF_MAX_STREAMS_PER_SESSION": "0"},
        wrapper=pinned,
    )
    floor, floor_base = start_server(
        f"sqlite:///{logs / 'floor.sqlite3'}", logs / "floor.log", target="bench.live_floor:floor_app", wrapper=pinned
    )
    if pinned:
        os.sched_setaffinity(0, {0})
        print(f"the servers on CPU {pinned[-1]}, this client on CPU 0")
    try:
        asyncio.run(
            rounds(int(app_base.rpartition(":")[2]), app.pid, int(floor_base.rpartition(":")[2]), floor.pid, args)
        )
    finally:
        stop_server(app)
        stop_server(floor)
    print(f"(server logs in {logs})")


if __name__ == "__main__":
    main()
