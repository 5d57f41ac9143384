"""Load benchmark: N simulated players over HTTP against one running server.

    python -m bench.load --start [--players 50] [--seconds 15] [--level medium] [--think 1 --think 0]
    python -m bench.load --url http://127.0.0.1:8000 [--players 50] ...

Each simulated player is a browser of its own (its own cookie) playing whole matches
through the JSON API (a greedy player chooses its moves from the state it gets back).
With ``--think 1.0`` each player waits about a second between moves, as a person does:
that measures the latency people would see with that many at the table at once. With
``--think 0`` every player acts again as soon as it has an answer, so the server, not
the players, sets the pace: that measures its capacity. By default it measures both.
In the same run, at the same pace, the same number of clients call ``/livez``, a
trivial endpoint of the same server, and the script prints both side by side:
requests per second and p50/p99 latency. ``--start`` runs the server itself: uvicorn,
one worker, no access log, on a fresh SQLite file, its rate limits off (every simulated
player comes from one address); a server given with ``--url`` needs
``GOLF_RATE_LIMIT_ENABLED=false`` for the same.

The HTTP client is a few lines over asyncio streams (keep-alive HTTP/1.1) rather
than a full client library, so that on a 2-core machine the clients cost the server
as little CPU as possible.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from urllib.parse import urlsplit

from app.players.greedy import GreedyPlayer
from app.web.golf.move_routes import PATHS

ROUTES = PATHS


class Connection:
    """One keep-alive HTTP/1.1 connection with a cookie, enough for this API."""

    def __init__(self, host: str, port: int):
        self.host, self.port = host, port
        self.cookie: str | None = None
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def open(self):
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)

    async def request(self, method: str, path: str, body: dict | None = None) -> tuple[int, bytes]:
        if self.reader is None or self.writer is None:
            raise RuntimeError("open() the connection first")
        payload = json.dumps(body).encode() if body is not None else b""
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}", "Connection: keep-alive"]
        if self.cookie:
            head.append(f"Cookie: {self.cookie}")
        if method == "POST":
            head += ["Content-Type: application/json", f"Content-Length: {len(payload)}"]
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + payload)
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        length = 0
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            name = name.lower()
            if name == "content-length":
                length = int(value)
            elif name == "set-cookie":
                self.cookie = value.strip().split(";")[0]
        return status, await self.reader.readexactly(length)

    def close(self):
        if self.writer:
            self.writer.close()


async def pause(think: float, rng) -> None:
    if think:
        await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))


async def player_loop(host, port, deadline, latencies, errors, think, rng):
    connection = Connection(host, port)
    await connection.open()
    player = GreedyPlayer()
    status, body = await connection.request("GET", "/api/match")
    state = json.loads(body)
    while time.perf_counter() < deadline:
        await pause(think, rng)
        if state["phase"] == "match_over":
            path, payload = "/api/match/new", None
        else:
            action = player.choose(state)
            path = f"/api/match/{ROUTES[action['action']]}"
            payload = {k: v for k, v in action.items() if k != "action"} or None
        started = time.perf_counter()
        status, body = await connection.request("POST", path, payload)
        latencies.append(time.perf_counter() - started)
        if status != 200:
            errors.append((status, body[:200]))
            status, body = await connection.request("GET", "/api/match")
        state = json.loads(body)
    connection.close()


async def trivial_loop(host, port, deadline, latencies, errors, think, rng):
    connection = Connection(host, port)
    await connection.open()
    while time.perf_counter() < deadline:
        await pause(think, rng)
        started = time.perf_counter()
        status, _ = await connection.request("GET", "/livez")
        latencies.append(time.perf_counter() - started)
        if status != 200:
            errors.append(status)
    connection.close()


async def measure(loop, host, port, clients, seconds, think=0.0):
    latencies: list[float] = []
    errors: list[object] = []  # a refusal's status, with the start of its body where it was read
    deadline = time.perf_counter() + seconds
    started = time.perf_counter()
    await asyncio.gather(
        *(loop(host, port, deadline, latencies, errors, think, random.Random(n)) for n in range(clients))
    )
    elapsed = time.perf_counter() - started
    return latencies, errors, elapsed


def summary(name, latencies, elapsed, errors):
    ordered = sorted(latencies)
    p = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000  # noqa: E731
    rate = len(ordered) / elapsed
    print(
        f"{name:<22} {rate:>9,.0f} req/s   p50 {p(0.50):6.1f} ms   p99 {p(0.99):6.1f} ms   "
        f"requests {len(ordered):,}   errors {len(errors)}"
    )
    return rate, p(0.99)


def start_server(port: int, level: str) -> tuple[subprocess.Popen, str]:
    folder = tempfile.mkdtemp(prefix="golf-load-")
    env = {
        **os.environ,
        "GOLF_DATABASE_URL": f"sqlite:///{folder}/golf.sqlite3",
        "GOLF_DEFAULT_LEVEL": level,
        "GOLF_RATE_LIMIT_ENABLED": "false",
    }  # every simulated player comes from the one address
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "app.main:app",
            "--port",
            str(port),
            "--workers",
            "1",
            "--no-access-log",
            "--log-level",
            "warning",
        ],
        env=env,
    )
    import urllib.request

    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
            return server, folder
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start")


def main(argv=None):
    parser = argparse.ArgumentParser(description="N simulated players against one Golf server.")
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--start", action="store_true", help="start a one-worker server on SQLite for the run")
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--level", default="medium", help="the computer's level (with --start)")
    parser.add_argument(
        "--think",
        type=float,
        action="append",
        help="mean seconds each player waits between moves, 0 for as fast as answered; "
        "may be given more than once (default: 1 then 0)",
    )
    args = parser.parse_args(argv)
    parts = urlsplit(args.url)
    host, port = parts.hostname, parts.port or 80
    server = None
    if args.start:
        server, _ = start_server(port, args.level)
    try:
        print(
            f"{args.players} concurrent clients, {args.seconds:g} s each phase, server {args.url}"
            + (f", one worker, SQLite, level {args.level}" if args.start else "")
        )
        asyncio.run(measure(trivial_loop, host, port, args.players, 2))  # warm up
        asyncio.run(measure(player_loop, host, port, args.players, 2))
        for think in args.think or [1.0, 0.0]:
            print()
            print(
                f"about {think:g} s between each player's moves (people at the table)"
                if think
                else "no pause between moves (the server's capacity)"
            )
            trivial = asyncio.run(measure(trivial_loop, host, port, args.players, args.seconds, think))
            actions = asyncio.run(measure(player_loop, host, port, args.players, args.seconds, think))
            trivial_rate, _ = summary("GET /livez", trivial[0], trivial[2], trivial[1])
            action_rate, _ = summary("game actions (POST)", actions[0], actions[2], actions[1])
            print(f"actions / trivial throughput: {action_rate / trivial_rate:.2f}")
            if actions[1]:
                print("first errors:", actions[1][:3])
    finally:
        if server:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
