"""One client against the server: 1,000 event streams, then 1,000 idle sockets, while a
person plays at a table; and how long opening streams on one table takes.

    python -m bench.abuse [--phase-seconds 10]

Starts ``python -m app`` as it is served (default settings, a fresh SQLite database)
with an open-file limit of 1,024 (as ``ulimit -n 1024``), with ``FORWARDED_ALLOW_IPS``
elsewhere so that the attacker is not taken for a proxy. The person (Ann, 127.0.0.1, her
table's page open on its event stream) plays against a computer player and times each
move from request to answer; the attacker connects from 127.0.0.2, with no cookie:

1. nobody else: the person's move p50/p99, ``/livez``'s worst;
2. 1,000 event streams on her table, opened as fast as it can: how many opened, how
   many were refused with 429 and why, and the person's figures meanwhile;
3. 1,000 sockets that send nothing: how many the server took, how many it refused,
   and the person's figures meanwhile.

Then, on a second server with the caps off (and 4,096 open files), the time to open
1,000 spectators' streams on one table, one after another, and the first 250, 500 and
750 of them: it grows as their number does (it grew as its square).
Every run ends within a minute.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import httpx

from app.players.greedy import GreedyPlayer
from app.web.golf.move_routes import PATHS
from bench.servers import ROOT, EventReader, free_port

ATTACKER = "127.0.0.2"
ROUTES = PATHS


@contextlib.contextmanager
def served(open_files: int, **settings: str):
    """``python -m app`` on a free port with ``open_files`` as its limit; yields its URL."""
    port = free_port()
    data = tempfile.mkdtemp(prefix="golf-abuse-")
    env = {**os.environ, "GOLF_DATA_DIR": data, "GOLF_PORT": str(port), "FORWARDED_ALLOW_IPS": "192.0.2.1", **settings}

    def limit_files():
        resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))

    with open(Path(data) / "server.log", "wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "app"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            preexec_fn=limit_files,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{base}/livez", timeout=1).status_code == 200:
                    break
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"the server did not start: {(Path(data) / 'server.log').read_text()}")
            time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


class Person:
    """Ann at a table with a computer player, her page's stream open, playing on."""

    def __init__(self, base: str):
        self.client = httpx.Client(base_url=base, timeout=10)
        self.player = GreedyPlayer()
        self.code = ""
        self._new_table()

    def _new_table(self) -> None:
        made = self.client.post("/api/tables", json={"name": "Ann's", "seats": ["host", "easy"], "host_name": "Ann"})
        self.code = made.json()["code"]
        self.client.post(f"/api/tables/{self.code}/start")

    def play_for(self, seconds: float) -> tuple[list[float], list[float], Counter]:
        """Moves for ``seconds``: (move times in ms, /livez times in ms, answers by status)."""
        moves: list[float] = []
        probes: list[float] = []
        answers: Counter[int | str] = Counter()  # by status, or by the error of a request that got none
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            table = self.client.get(f"/api/tables/{self.code}").json()
            if table["status"] == "over":
                self._new_table()
                continue
            match = table["match"]
            if not match["legal"]:
                time.sleep(0.05)
                continue
            action = self.player.choose(match)
            body = {k: v for k, v in action.items() if k != "action"} or None
            start = time.perf_counter()
            try:
                answer = self.client.post(
                    f"/api/tables/{self.code}/{ROUTES.get(action['action'], action['action'])}", json=body
                )
                answers[answer.status_code] += 1
            except httpx.HTTPError as error:
                answers[type(error).__name__] += 1
            moves.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            try:
                answers[f"livez {self.client.get('/livez').status_code}"] += 1
            except httpx.HTTPError as error:
                answers[f"livez {type(error).__name__}"] += 1
            probes.append((time.perf_counter() - start) * 1000)
            time.sleep(0.1)  # faster than a person, slow enough to leave the attacker the processor
        return moves, probes, answers


def figures(name: str, moves: list[float], probes: list[float], answers: Counter) -> str:
    moves, probes = sorted(moves), sorted(probes)
    p99 = moves[min(len(moves) - 1, int(len(moves) * 0.99))]
    said = ", ".join(f"{k}: {v}" for k, v in sorted(answers.items(), key=str))
    return (
        f"{name:<28} {len(moves):>4} moves  p50 {statistics.median(moves):6.1f} ms  p99 {p99:6.1f} ms  "
        f"/livez worst {probes[-1]:6.1f} ms  ({said})"
    )


class Attacker:
    """Connections from 127.0.0.2, on an event loop of its own thread."""

    def __init__(self, base: str):
        url = httpx.URL(base)
        self.host, self.port = url.host, url.port
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.held: list[asyncio.StreamWriter] = []

    def run(self, coroutine):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop)

    async def _connect(self):
        return await asyncio.open_connection(self.host, self.port, local_addr=(ATTACKER, 0))

    async def open_streams(self, code: str, count: int, marks=()) -> tuple[Counter, float, dict]:
        """Opens ``count`` streams one after another; the answers by kind, the time taken,
        and the time taken by the first of them at each of ``marks``."""
        outcomes: Counter = Counter()
        at: dict[int, float] = {}
        start = time.perf_counter()
        for opened in range(1, count + 1):
            if opened - 1 in marks:
                at[opened - 1] = time.perf_counter() - start
            try:
                reader, writer = await self._connect()
                writer.write(
                    f"GET /api/tables/{code}/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n".encode()
                )
                head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
            except (TimeoutError, OSError, asyncio.IncompleteReadError) as error:
                outcomes[f"failed ({type(error).__name__})"] += 1
                continue
            status = head.split(b" ", 2)[1].decode()
            if status == "200":
                outcomes["opened"] += 1
                self.held.append(writer)
                continue
            body = await asyncio.wait_for(reader.read(400), 5)
            if b"at most" in body and b"connections from your address" in body:
                outcomes[f"{status}: connections per address"] += 1
            elif b"at most" in body:
                outcomes[f"{status}: streams per address"] += 1
            elif b"wait" in body:
                outcomes[f"{status}: stream openings per minute"] += 1
            else:
                outcomes[status] += 1
            writer.close()
        taken = time.perf_counter() - start
        if count in marks:
            at[count] = taken
        return outcomes, taken, at

    async def open_idle(self, count: int) -> Counter:
        """Opens ``count`` sockets that send nothing; how many the server kept or refused."""
        outcomes: Counter = Counter()
        pairs = []
        for _ in range(count):
            try:
                pairs.append(await self._connect())
            except OSError as error:
                outcomes[f"failed ({type(error).__name__})"] += 1
        await asyncio.sleep(0.5)

        async def fate(reader, writer):
            try:
                said = await asyncio.wait_for(reader.read(100), 0.5)
            except TimeoutError:
                self.held.append(writer)
                return "kept open"
            writer.close()
            return "refused: " + said.split(b"\r\n", 1)[0].decode() if said else "closed"

        for outcome in await asyncio.gather(*(fate(r, w) for r, w in pairs)):
            outcomes[outcome] += 1
        return outcomes

    async def _close_all(self):
        for writer in self.held:
            writer.close()
        self.held = []

    def close(self):
        self.run(self._close_all()).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phase-seconds", type=float, default=6)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(max(soft, 8192), hard), hard))  # this client's own sockets

    with served(1024) as base:
        ann = Person(base)
        attacker = Attacker(base)
        with EventReader(ann.client, f"/api/tables/{ann.code}/events"):
            print("python -m app, ulimit -n 1024, default settings; the person at 127.0.0.1, one client at 127.0.0.2")
            print(figures("nobody else", *ann.play_for(args.phase_seconds)))

            attack = attacker.run(attacker.open_streams(ann.code, 1000))
            played = ann.play_for(args.phase_seconds)
            outcomes, taken, _ = attack.result(60)
            print(figures("1,000 streams opened", *played))
            print(f"{'':<28} the streams, in {taken:.1f} s: " + ", ".join(f"{k}: {v}" for k, v in outcomes.items()))
            attacker.run(attacker._close_all()).result(10)
            time.sleep(1)

            attack = attacker.run(attacker.open_idle(1000))
            played = ann.play_for(args.phase_seconds)
            print(figures("1,000 idle sockets", *played))
            print(f"{'':<28} the sockets: " + ", ".join(f"{k}: {v}" for k, v in attack.result(60).items()))
        attacker.close()

    print("opening spectators' streams on one table, the caps off (ulimit -n 4096):")
    with served(
        4096, GOLF_MAX_STREAMS_PER_ADDRESS="0", GOLF_MAX_CONNECTIONS_PER_ADDRESS="0", GOLF_RATE_LIMIT_ENABLED="false"
    ) as base:
        host, attacker = Person(base), Attacker(base)
        opening = attacker.open_streams(host.code, 1000, marks=(250, 500, 750, 1000))
        outcomes, _, at = attacker.run(opening).result(60)
        attacker.close()
        print(
            "  "
            + ", ".join(f"the first {count:,} in {seconds:.2f} s" for count, seconds in at.items())
            + f" ({', '.join(f'{k}: {v}' for k, v in outcomes.items())})"
        )


if __name__ == "__main__":
    main()
