"""Online tables at scale: many open table pages on one or two server processes.

    python -m bench.tables_load [--idle 1000] [--tables 100] [--seats 4] [--think 1.0]
                                [--duration 60] [--database sqlite|postgresql] [--workers 1|2]
                                [--waves 3] [--wave-size 1000] [--gc-thresholds 700,10,10]

Starts the server(s) as subprocesses on 127.0.0.1 (one uvicorn process on a throw-away
SQLite file, or one or two on a throw-away PostgreSQL database, dropped after), then:

1. seats ``--idle`` people (each its own cookie) at waiting tables and opens each one's
   event stream: the server's resident memory before and after, per open stream;
2. starts ``--tables`` tables of ``--seats`` people (each its own cookie; with two
   processes the seats alternate between them), every seat listening on its own event
   stream and fetching its view of the table after each event, as a page does (but
   the event of its own move, whose answer was that view already); the
   seat whose turn it is thinks ``--think`` seconds (0.5x to 1.5x, at random) and plays
   the greedy player's move; each table sits down at a random moment within its first
   two rounds of thinking. For every accepted move: the time from sending it until
   each other seat's stream announces the new version (p50, p99, worst), while the idle
   streams stay open;
3. closes every stream, then opens and closes ``--wave-size`` streams ``--waves`` times
   (tabs that come and go): after each wave the server's memory, open file descriptors,
   event-stream subscribers and asyncio tasks, and the ``table_streams`` rows, which
   must all come back to where they were (and every seat must show away).

Beside each count: the objects the server's garbage collector tracks, and its full
collections (the first is the one the server makes as it starts) with the longest pause.

The client is asyncio over plain sockets (HTTP/1.1 keep-alive for requests, one socket
per event stream); its CPU time is printed beside the servers' so that it can be seen
not to be the bottleneck. Everything is bounded: the play phase ends after
``--duration`` seconds, and every wait has a timeout.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import secrets
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from app.players.greedy import GreedyPlayer
from app.web.golf.move_routes import PATHS
from bench.servers import ROOT, AsyncEventStream, free_port

HOST = "127.0.0.1"
ROUTES = PATHS
SETUP_CONCURRENCY = 50  # requests (and stream openings) in flight while setting up
WAIT_SECONDS = 20  # the longest any single step may take before the run gives up
LATE_SECONDS = 5  # an event not seen this long after its move counts as missed


# ---------------------------------------------------------------- the server side


def instrumented_app():
    """The app (settings from the environment) with one extra route for this benchmark:
    the notifier's subscriber count and the event loop's task count."""
    import gc

    from app import main as golf_main
    from app.main import create_app

    if os.environ.get("BENCH_GC_THRESHOLDS"):
        golf_main.GC_THRESHOLDS = tuple(int(n) for n in os.environ["BENCH_GC_THRESHOLDS"].split(","))

    app = create_app()
    pauses: list[float] = []  # the garbage collector's pauses of the oldest generation, in ms
    younger: list[float] = [0.0, 0.0]  # the longest pause of each younger generation, in ms
    started: list[float] = []

    def timed(phase: str, info: dict) -> None:
        if phase == "start":
            started[:] = [time.perf_counter()]
        elif started:
            pause = (time.perf_counter() - started[0]) * 1000
            if info["generation"] == 2:
                pauses.append(pause)
            else:
                younger[info["generation"]] = max(younger[info["generation"]], pause)

    gc.callbacks.append(timed)

    connections = [0]  # database connections opened since the first count was asked for

    def opened(*_) -> None:
        connections[0] += 1

    @app.get("/bench/streams", include_in_schema=False)
    async def streams() -> dict:
        from sqlalchemy import event

        if not event.contains(app.state.engine, "connect", opened):
            event.listen(app.state.engine, "connect", opened)
        return {
            "subscribers": app.state.notifier.subscriber_count(),
            "tasks": len(asyncio.all_tasks()),
            "full_collections": len(pauses),
            "longest_collection_ms": round(max(pauses, default=0), 1),
            "longest_young_ms": [round(ms, 1) for ms in younger],
            "tracked": len(gc.get_objects()),
            "connections": connections[0],
        }

    @app.get("/bench/heap", include_in_schema=False)
    async def heap() -> dict:
        from collections import Counter

        kinds = Counter(type(o).__qualname__ for o in gc.get_objects())
        return dict(kinds.most_common(12))

    return app


class Server:
    """One uvicorn process of the instrumented app on a free port."""

    def __init__(self, database_url: str, log_path: Path):
        self.port = free_port()
        # Rate limits and the cap on streams per address off: every simulated person
        # comes from this one address.
        env = {
            **os.environ,
            "GOLF_DATABASE_URL": database_url,
            "GOLF_DEAL_KEY": "bench-deal-key",
            "GOLF_RATE_LIMIT_ENABLED": "false",
            "GOLF_MAX_STREAMS_PER_ADDRESS": "0",
        }
        self.log_path = log_path
        with open(log_path, "wb") as log:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "uvicorn",
                    "bench.tables_load:instrumented_app",
                    "--factory",
                    "--host",
                    HOST,
                    "--port",
                    str(self.port),
                    "--log-level",
                    "warning",
                    "--no-access-log",
                    "--backlog",
                    "4096",
                ],
                # A session of its own, as a server started apart from its clients would have: on
                # a Linux with autogrouping the scheduler then shares the CPU between the server
                # and this client as between two programs, not as one.
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    @property
    def pid(self) -> int:
        return self.process.pid

    def rss_kb(self) -> int:
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        raise RuntimeError("no VmRSS")

    def open_files(self) -> int:
        return len(os.listdir(f"/proc/{self.pid}/fd"))

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.pid}/stat").read_text().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    async def wait_started(self) -> None:
        deadline = time.monotonic() + 60
        while True:
            with contextlib.suppress(OSError, ConnectionError, asyncio.IncompleteReadError, ValueError):
                status, _ = await Http(self.port).request("GET", "/healthz", close=True)
                if status == 200:
                    return
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start:\n{self.log_path.read_text(errors='replace')}")
            await asyncio.sleep(0.1)

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


# ---------------------------------------------------------------- the client side


class StaleConnection(Exception):
    """The server closed a keep-alive connection before this request's answer."""


class Http:
    """One keep-alive HTTP/1.1 connection and one browser's session cookie."""

    def __init__(self, port: int, cookie: str | None = None):
        self.port = port
        self.cookie = cookie
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: dict | None = None, close: bool = False):
        """(status, JSON answer); the connection is made (again) when needed, and once
        more when the server had closed an idle keep-alive connection."""
        reused = self._writer is not None
        try:
            return await asyncio.wait_for(self._request(method, path, body, close), WAIT_SECONDS)
        except (ConnectionError, StaleConnection):
            if not reused:
                raise
            return await asyncio.wait_for(self._request(method, path, body, close), WAIT_SECONDS)

    async def _request(self, method: str, path: str, body: dict | None, close: bool):
        if self._reader is None or self._writer is None:
            self._reader, self._writer = await asyncio.open_connection(HOST, self.port)
        payload = b"" if body is None else json.dumps(body).encode()
        head = [f"{method} {path} HTTP/1.1", f"Host: {HOST}:{self.port}", f"Content-Length: {len(payload)}"]
        if body is not None:
            head.append("Content-Type: application/json")
        if self.cookie:
            head.append(f"Cookie: golf_session={self.cookie}")
        if close:
            head.append("Connection: close")
        self._writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + payload)
        try:
            status_line = await self._reader.readline()
            if not status_line:
                raise StaleConnection
            status = int(status_line.split()[1])
            length, keep = 0, not close
            while (line := await self._reader.readline()) not in (b"\r\n", b""):
                name, _, value = line.decode("latin-1").partition(":")
                name, value = name.strip().lower(), value.strip()
                if name == "content-length":
                    length = int(value)
                elif name == "set-cookie" and value.startswith("golf_session="):
                    self.cookie = value.partition("=")[2].partition(";")[0]
                elif name == "connection" and value.lower() == "close":
                    keep = False
            data = await self._reader.readexactly(length)
        except BaseException:
            self.close()
            raise
        if not keep:
            self.close()
        return status, (json.loads(data) if data else None)

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
            self._writer = None


@dataclass
class Person:
    server: Server
    http: Http
    code: str = ""
    stream: AsyncEventStream | None = None


@dataclass
class Move:
    seat: int
    version: int
    sent: float
    answered: float


@dataclass
class PlayedTable:
    code: str
    people: list[Person]
    moves: list[Move] = field(default_factory=list)
    refusals: dict = field(default_factory=dict)  # (status, message): how many


async def gather_bounded(coroutines, limit: int = SETUP_CONCURRENCY) -> list:
    gate = asyncio.Semaphore(limit)

    async def one(coroutine):
        async with gate:
            return await asyncio.wait_for(coroutine, WAIT_SECONDS)

    return await asyncio.gather(*(one(c) for c in coroutines))


async def seat_people(servers: list[Server], tables: int, seats: int) -> list[list[Person]]:
    """``tables`` waiting tables, each with ``seats`` people (seat i on server i mod the
    number of servers), every person with a cookie of its own."""

    async def one_table(index: int) -> list[Person]:
        people = [Person(servers[i % len(servers)], Http(servers[i % len(servers)].port)) for i in range(seats)]
        status, table = await people[0].http.request(
            "POST", "/api/tables", {"name": f"Bench {index}", "seats": ["host"] + ["open"] * (seats - 1)}
        )
        assert status == 201, table
        for i, guest in enumerate(people[1:], 1):
            status, answer = await guest.http.request(
                "POST", f"/api/tables/{table['code']}/join", {"name": f"Guest {i}"}
            )
            assert status == 200, answer
        for person in people:
            person.code = table["code"]
        return people

    return await gather_bounded(one_table(i) for i in range(tables))


async def open_streams(people: list[Person]) -> None:
    async def one(person: Person) -> None:
        assert person.http.cookie is not None  # every person has a session by the time it sits down
        person.stream = AsyncEventStream(person.server.port, person.http.cookie, person.code, wait_seconds=WAIT_SECONDS)
        await person.stream.open()

    await gather_bounded(one(p) for p in people)


async def close_streams(people: list[Person]) -> None:
    await asyncio.gather(*(p.stream.close() for p in people if p.stream is not None))
    for person in people:
        person.http.close()  # a closed tab's keep-alive connection goes too


# ---------------------------------------------------------------- playing


async def play_seat(
    table: PlayedTable, seat: int, think: float, until: float, rng: random.Random, sit_down: float
) -> None:
    """One person: after each event, fetch the view (unless the answer to their own
    move already was that version's view); on their turn, think and move. The table's
    people sit down ``sit_down`` seconds into the run (tables do not all begin at once)."""
    person, player = table.people[seat], GreedyPlayer()
    stream = person.stream
    assert stream is not None  # opened before play begins
    seen, view = -1, None
    await asyncio.sleep(sit_down)
    while time.perf_counter() < until:
        if view is None:
            if stream.latest <= seen:
                stream.changed.clear()
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(stream.changed.wait(), max(until - time.perf_counter(), 0.01))
                continue
            seen = stream.latest
            status, view = await person.http.request("GET", f"/api/tables/{table.code}")
            if status != 200:
                return
        if view["status"] == "over":
            return
        match, view = view["match"], None
        if not match or not match["legal"]:
            continue
        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
        if time.perf_counter() >= until:
            return
        action = player.choose(match)
        body = {k: v for k, v in action.items() if k != "action"} or None
        sent = time.perf_counter()
        status, answer = await person.http.request(
            "POST", f"/api/tables/{table.code}/{ROUTES.get(action['action'], action['action'])}", body
        )
        if status == 200:
            table.moves.append(Move(seat, answer["version"], sent, time.perf_counter()))
            view, seen = answer, max(seen, answer["version"])
        else:
            # Another seat moved first (the next hole's deal), or the server refused: look again.
            key = (status, (answer or {}).get("detail", "")[:60])
            table.refusals[key] = table.refusals.get(key, 0) + 1
            seen = -1


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(int(len(ordered) * fraction), len(ordered) - 1)]


def summary(values: list[float]) -> str:
    if not values:
        return "none"
    return f"p50 {percentile(values, 0.5):.1f} ms, p99 {percentile(values, 0.99):.1f} ms, worst {max(values):.1f} ms"


async def play(servers: list[Server], played: list[PlayedTable], think: float, duration: float) -> None:
    rng = random.Random(1)
    until = time.perf_counter() + duration
    cpu_before = [s.cpu_seconds() for s in servers]
    client_before = resource.getrusage(resource.RUSAGE_SELF)
    started = time.perf_counter()
    load_before = os.getloadavg()[0]
    # Each table sits down at its own moment within the first few turns' time, as tables
    # of people do; all at once, their openings (every seat turns two cards up) came as
    # one burst of hundreds of moves.
    sit_down = {t.code: rng.uniform(0, 2 * think * len(t.people)) for t in played}
    await asyncio.gather(
        *(
            play_seat(t, seat, think, until, random.Random(rng.random()), sit_down[t.code])
            for t in played
            for seat in range(len(t.people))
        )
    )
    wall = time.perf_counter() - started
    client_after = resource.getrusage(resource.RUSAGE_SELF)
    cpu_after = [s.cpu_seconds() for s in servers]
    await asyncio.sleep(LATE_SECONDS)  # the last moves' events

    deliveries, all_seats, answers, missed = [], [], [], 0
    for table in played:
        for move in table.moves:
            answers.append((move.answered - move.sent) * 1000)
            arrivals = []
            for seat, person in enumerate(table.people):
                if seat == move.seat:
                    continue
                assert person.stream is not None
                at = person.stream.announced_at(move.version)
                if at is None or at - move.sent > LATE_SECONDS:
                    missed += 1
                else:
                    arrivals.append((at - move.sent) * 1000)
            deliveries.extend(arrivals)
            if len(arrivals) == len(table.people) - 1:
                all_seats.append(max(arrivals))
    moves = sum(len(t.moves) for t in played)
    client_cpu = (client_after.ru_utime + client_after.ru_stime) - (client_before.ru_utime + client_before.ru_stime)
    refused: dict = {}
    for table in played:
        for key, count in table.refusals.items():
            refused[key] = refused.get(key, 0) + count
    print(
        f"  played {moves} moves in {wall:.0f} s ({moves / wall:.0f} a second); refused: "
        + ("; ".join(f"{n} x {status} {detail!r}" for (status, detail), n in refused.items()) or "none")
    )
    print(f"  move answered (sent to response):       {summary(answers)}")
    print(
        f"  move sent to one other seat's event:    {summary(deliveries)} ({len(deliveries)} events, {missed} missed)"
    )
    print(f"  move sent to every other seat's event:  {summary(all_seats)}")
    load = ", ".join(f"{(a - b) / wall * 100:.0f}%" for a, b in zip(cpu_after, cpu_before))
    per_move = sum(a - b for a, b in zip(cpu_after, cpu_before)) / max(moves, 1) * 1000
    print(f"  server CPU per accepted move (its request, the events, the others' fetches): {per_move:.1f} ms")
    print(
        f"  CPU (of one core): server{'s' if len(servers) > 1 else ''} {load}; "
        f"this client {client_cpu / wall * 100:.0f}%; the machine's load average "
        f"{load_before:.1f} before, {os.getloadavg()[0]:.1f} after ({os.cpu_count()} cores)"
    )


# ---------------------------------------------------------------- the whole run


class Rows:
    """The database's view: open-stream rows."""

    def __init__(self, database_url: str):
        self.engine = create_engine(database_url)

    def streams(self) -> int:
        with self.engine.connect() as connection:
            return connection.execute(text("SELECT count(*) FROM table_streams")).scalar_one()


async def server_counts(server: Server) -> dict:
    status, counts = await Http(server.port).request("GET", "/bench/streams", close=True)
    assert status == 200
    return counts


async def settle(servers: list[Server], rows: Rows, subscribers: int, streams: int) -> tuple[list[dict], float]:
    """Wait until the servers have noticed every open and close (bounded); their counts."""
    started = time.perf_counter()
    while True:
        counts = [await server_counts(s) for s in servers]
        if (
            sum(c["subscribers"] for c in counts) == subscribers and rows.streams() == streams
        ) or time.perf_counter() - started > WAIT_SECONDS:
            return counts, time.perf_counter() - started
        await asyncio.sleep(0.1)


def describe(servers: list[Server], counts: list[dict]) -> str:
    return "; ".join(
        f"RSS {s.rss_kb() / 1024:.1f} MB, {s.open_files()} fds, {c['subscribers']} subscribers, "
        f"{c['tasks']} tasks, {c['tracked']} objects tracked, {c['full_collections']} full garbage collections "
        f"(longest {c['longest_collection_ms']} ms; of the younger generations "
        f"{' and '.join(str(ms) for ms in c['longest_young_ms'])} ms), "
        f"{c['connections']} database connections opened"
        for s, c in zip(servers, counts)
    )


async def run(args, database_url: str, logs: Path) -> bool:
    servers = [Server(database_url, logs / f"server{i}.log") for i in range(args.workers)]
    rows = Rows(database_url)
    try:
        await asyncio.gather(*(s.wait_started() for s in servers))
        print(
            f"{args.workers} server process{'es' if args.workers > 1 else ''} on {args.database} "
            f"(pids {', '.join(str(s.pid) for s in servers)})"
        )

        print(f"setting up {args.idle} idle people and {args.tables} tables of {args.seats} ...")
        idle_tables = await seat_people(servers, -(-args.idle // args.seats), args.seats)
        idle = [p for table in idle_tables for p in table][: args.idle]
        for person in idle:
            person.http.close()  # an idle page asks nothing more
        played = [PlayedTable(t[0].code, t) for t in await seat_people(servers, args.tables, args.seats)]
        for table in played:
            status, answer = await table.people[0].http.request("POST", f"/api/tables/{table.code}/start")
            assert status == 200, answer
        counts, _ = await settle(servers, rows, 0, 0)
        before = [s.rss_kb() for s in servers]
        print(f"  before any stream: {describe(servers, counts)}")

        print(f"opening {len(idle)} idle event streams ...")
        started = time.perf_counter()
        await open_streams(idle)
        opened = time.perf_counter() - started
        await asyncio.sleep(1)
        counts, _ = await settle(servers, rows, len(idle), len(idle))
        after = [s.rss_kb() for s in servers]
        print(f"  opened in {opened:.1f} s: {describe(servers, counts)}")
        per = [(a - b) / max(len(idle) / len(servers), 1) for a, b in zip(after, before)]
        print(f"  memory per idle stream: {', '.join(f'{kb:.1f} KB' for kb in per)}")

        players = [p for t in played for p in t.people]
        print(
            f"playing: {args.tables} tables of {args.seats}, think {args.think} s, {args.duration} s, "
            f"{len(idle)} idle streams open ..."
        )
        await open_streams(players)
        await play(servers, played, args.think, args.duration)
        for server in servers:
            status, kinds = await Http(server.port).request("GET", "/bench/heap", close=True)
            print(f"  the objects the collector tracks, most common kinds: {kinds}")

        await close_streams(idle + players)
        counts, waited = await settle(servers, rows, 0, 0)
        print(f"all streams closed (noticed within {waited:.1f} s): {describe(servers, counts)}")

        ok = True
        flat = []
        print(f"tabs that come and go: {args.waves} waves of {args.wave_size} streams opened, then closed")
        # The idle people's tabs again (several tabs of one person when the wave is larger).
        wave_people = [
            Person(p.server, Http(p.server.port, p.http.cookie), p.code)
            for p in (idle * (-(-args.wave_size // max(len(idle), 1))))[: args.wave_size]
        ]
        for wave in range(1, args.waves + 1):
            await open_streams(wave_people)
            open_counts, _ = await settle(servers, rows, len(wave_people), len(wave_people))
            open_rss = [s.rss_kb() for s in servers]
            await close_streams(wave_people)
            counts, waited = await settle(servers, rows, 0, 0)
            left = rows.streams()
            flat.append([s.rss_kb() for s in servers])
            ok &= left == 0 and all(c["subscribers"] == 0 for c in counts)
            print(
                f"  wave {wave}: open {', '.join(f'{kb / 1024:.1f} MB' for kb in open_rss)} RSS, "
                f"{sum(c['subscribers'] for c in open_counts)} subscribers; closed (noticed within "
                f"{waited:.1f} s): {describe(servers, counts)}, {left} table_streams rows"
            )

        # Every seat shows away once its stream is gone.
        sample = idle_tables[:5] + [t.people for t in played[:5]]
        for people in sample:
            person = people[0]
            person.http = Http(person.server.port, person.http.cookie)
            status, view = await person.http.request("GET", f"/api/tables/{person.code}", close=True)
            ok &= status == 200 and not any(seat["connected"] for seat in view["seats"])
        print(
            f"  seats shown connected after every stream closed: "
            f"{'none' if ok else 'SOME (or streams left behind)'} (checked {len(sample)} tables)"
        )
        growth = [(last - first) / 1024 for first, last in zip(flat[0], flat[-1])] if flat else []
        print(f"  RSS from the first wave's end to the last's: {', '.join(f'{mb:+.1f} MB' for mb in growth)}")
        return ok
    finally:
        for server in servers:
            server.stop()
        rows.engine.dispose()


def raise_file_limit(needed: int) -> None:
    """Each stream is a socket here and one in the server (which inherits this limit)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < needed:
        wanted = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if soft < needed:
        raise SystemExit(f"{needed} open files are needed, and the limit is {soft} (raise it with ulimit -n)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--idle", type=int, default=1000, help="idle event streams (waiting tables' people)")
    parser.add_argument("--tables", type=int, default=100, help="tables being played")
    parser.add_argument("--seats", type=int, default=4, help="people at each table (2 to 8)")
    parser.add_argument("--think", type=float, default=1.0, help="seconds a person thinks before a move (mean)")
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of play")
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--workers", type=int, choices=(1, 2), default=1, help="server processes")
    parser.add_argument("--waves", type=int, default=3, help="waves of streams opened and closed")
    parser.add_argument("--wave-size", type=int, default=1000, help="streams in each wave")
    parser.add_argument(
        "--gc-thresholds",
        help="the servers' garbage collector thresholds while serving, "
        "e.g. 700,10,10 (Python's own) to compare with app.main's",
    )
    parser.add_argument(
        "--postgres",
        default="postgresql+psycopg://postgres@127.0.0.1:5432/test",
        help="a PostgreSQL server to make the throw-away database on",
    )
    args = parser.parse_args()
    if args.workers == 2 and args.database == "sqlite":
        parser.error("two server processes need --database postgresql (on SQLite, run one process)")
    if args.gc_thresholds:
        os.environ["BENCH_GC_THRESHOLDS"] = args.gc_thresholds  # read by instrumented_app in each server
    people = args.idle + args.tables * args.seats
    raise_file_limit(3 * max(people, args.wave_size) + 1024)  # a stream and a request socket each, and slack

    logs = Path(tempfile.mkdtemp(prefix="golf-bench-"))
    if args.database == "sqlite":
        ok = asyncio.run(run(args, f"sqlite:///{logs / 'golf.sqlite3'}", logs))
    else:
        name = f"golf_bench_{secrets.token_hex(4)}"
        admin = create_engine(make_url(args.postgres), isolation_level="AUTOCOMMIT")
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        try:
            url = make_url(args.postgres).set(database=name).render_as_string(hide_password=False)
            ok = asyncio.run(run(args, url, logs))
        finally:
            with admin.connect() as connection:
                connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            admin.dispose()
    print(f"(server logs in {logs})")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
