"""Live tables of four at a person's pace: the server's CPU per move and how soon the others see it.

    python -m bench.live_tables [--tables 10,25,50] [--seconds 30] [--pace 1,2]
                                [--database sqlite|postgresql] [--postgres URL]

The work of a side-by-side run against another Golf server, in figures comparable with
its own: tables of four people, each person a browser of their own with the table's page
live on its event stream (``/t/{code}/events``, as the page's ``sse-connect`` opens it:
the page keeps what the stream sends, and fetches its table only when an event brings
none it can show, as ``static/tables.js`` does), and at every table a move every
``--pace`` seconds (at random between the two), for ``--seconds`` at each number of
tables in ``--tables`` (fresh tables each step, their opening reveals made before). The
moves are the clicks of a page's own buttons: a draw from the stock, then the card swapped
into a place already face up, so that no hole ends and every move is alike.

On SQLite one server process serves every page; on PostgreSQL (``--database
postgresql``, a throw-away database made on the server ``--postgres`` names and dropped
after) two processes do, the seats of each table alternating between them, so that three
of a move's four pages hear of it through ``LISTEN/NOTIFY`` half the time.

For each step it prints: the moves made; the server's CPU per move (the processes' user
and system time from ``/proc``, summed over them, divided by the moves: the mover's
request, every page's event and any fetch included), and on PostgreSQL the CPU of the
database's own backends for this run's database beside it; the other seats' update, from
the move's sending until each other seat's page shows it (p50, p99, worst, one figure per
seat and move), and until the last of the three shows it; and how many tables of four one
core would carry at that pace (the pace's mean over the CPU per move). Last, the floor
beside them: the same server's CPU for a request that does nothing (``GET /livez``).
Figures only: no test asserts them.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import secrets
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from bench.play_cost import LATE_SECONDS, TICK, Browser, Page, Table, _descendants, _stat
from bench.servers import start_server, stop_server
from bench.tables_load import gather_bounded, percentile, raise_file_limit

SEATS = 4


def process_cpu(pids: list[int]) -> float:
    """The user and system seconds of ``pids`` and of their live children (the computers'
    thinking, the reviews: none at these tables, counted all the same)."""
    total = 0.0
    for pid in pids:
        for one in [pid, *_descendants(pid)]:
            try:
                fields = _stat(one)
            except OSError:
                continue
            total += (int(fields[11]) + int(fields[12])) / TICK
    return total


class DatabaseCpu:
    """The CPU of PostgreSQL's backends serving this run's database (they live as long
    as the servers' pooled connections do); nothing on SQLite, which runs inside the server."""

    def __init__(self, url: str | None):
        self.engine = create_engine(url, isolation_level="AUTOCOMMIT") if url else None
        self.name = make_url(url).database if url else None

    def seconds(self) -> float:
        if self.engine is None:
            return 0.0
        with self.engine.connect() as connection:
            pids = connection.execute(
                text("SELECT pid FROM pg_stat_activity WHERE datname = :name AND pid <> pg_backend_pid()"),
                {"name": self.name},
            ).scalars()
            return process_cpu(list(pids))

    def close(self) -> None:
        if self.engine is not None:
            self.engine.dispose()


async def new_table(ports: list[int], index: int) -> Table:
    """A table of four people, seat ``i`` served by ``ports[i % len(ports)]``, the match
    started and every seat's two opening reveals made (through the JSON API), no page open."""
    browsers = [Browser(ports[seat % len(ports)]) for seat in range(SEATS)]
    status, table = await browsers[0].json(
        "POST", "/api/tables", {"name": f"Bench {index}", "seats": ["host"] + ["open"] * (SEATS - 1)}
    )
    assert status == 201, table
    code = table["code"]
    for seat, guest in enumerate(browsers[1:], 1):
        status, answer = await guest.json("POST", f"/api/tables/{code}/join", {"name": f"Guest {seat}"})
        assert status == 200, answer
    status, answer = await browsers[0].json("POST", f"/api/tables/{code}/start")
    assert status == 200, answer
    for browser in browsers:
        for position in (0, 1):
            status, answer = await browser.json("POST", f"/api/tables/{code}/reveal", {"position": position})
            assert status == 200, answer
    return Table(code, [Page(b, code, fetch_every_event=False) for b in browsers])


def updates(tables: list[Table]) -> tuple[list[float], list[float], list[float], int]:
    """From each move's sending: to each other seat's page showing it, to the last of them
    showing it, and to each other seat's event; and the pages that never showed it."""
    each, last, events, missed = [], [], [], 0
    for table in tables:
        for sent, version, seat in table.moves:
            shown = []
            for other, page in enumerate(table.pages):
                if other == seat:
                    continue
                at = min((t for v, t in page.drawn_at.items() if v >= version), default=None)
                told = page.stream.announced_at(version) if page.stream is not None else None
                if told is not None and told - sent <= LATE_SECONDS:
                    events.append((told - sent) * 1000)
                if at is None or at - sent > LATE_SECONDS:
                    missed += 1
                else:
                    shown.append((at - sent) * 1000)
            each += shown
            if len(shown) == SEATS - 1:
                last.append(max(shown))
    return each, last, events, missed


def spread(values: list[float]) -> str:
    if not values:
        return "none"
    return f"p50 {percentile(values, 0.5):.1f} ms, p99 {percentile(values, 0.99):.1f} ms, worst {max(values):.1f} ms"


async def step(
    ports: list[int], pids: list[int], database: DatabaseCpu, count: int, args, watch=contextlib.nullcontext
) -> float:
    """One step of ``count`` tables; ``watch()`` is entered around the play alone (set-up
    and the last events left out): :mod:`bench.move_breakdown` profiles the servers there.
    The server CPU per move, in ms."""
    started = time.perf_counter()
    tables = await gather_bounded(new_table(ports, 1000 * count + i) for i in range(count))
    await gather_bounded(page.open() for table in tables for page in table.pages)
    setup = time.perf_counter() - started
    await asyncio.sleep(1)  # the streams' openings told to every page
    low, high = args.pace
    rng = random.Random(count)
    until = time.perf_counter() + args.seconds

    async def play(table: Table, rng: random.Random) -> None:
        await asyncio.sleep(rng.uniform(0, high))  # each table at its own moment
        while time.perf_counter() < until:
            try:
                await table.move(rng)
            except (TimeoutError, OSError, asyncio.IncompleteReadError):
                table.refused[0] = table.refused.get(0, 0) + 1  # no answer in time
            await asyncio.sleep(rng.uniform(low, high))

    load_before = os.getloadavg()[0]
    client_before = time.process_time()
    server_before, database_before = process_cpu(pids), database.seconds()
    wall_started = time.perf_counter()
    with watch():
        await asyncio.gather(*(play(t, random.Random(rng.random())) for t in tables))
    wall = time.perf_counter() - wall_started
    server = process_cpu(pids) - server_before
    database_cpu = database.seconds() - database_before
    client = time.process_time() - client_before
    await asyncio.sleep(LATE_SECONDS)  # the last moves' events
    each, last, events, missed = updates(tables)
    moves = sum(len(t.moves) for t in tables)
    refused: dict[int, int] = {}
    for table in tables:
        for status, n in table.refused.items():
            refused[status] = refused.get(status, 0) + n
    pages = [p for t in tables for p in t.pages]
    sent = sum(p.counts["sent"] for p in pages)
    fetched = sum(p.counts["fetched"] for p in pages)
    await asyncio.gather(*(p.close() for p in pages))
    per_move = server / max(moves, 1) * 1000
    print(f"{count} tables of {SEATS}, a move every {low:g}-{high:g} s at each, {args.seconds:g} s:")
    print(
        f"  moves {moves} ({moves / wall:.1f} a second); refused {refused or 'none'}; set up in {setup:.0f} s; "
        f"pages shown the table their stream sent {sent} times, fetched it {fetched} times"
    )
    print(f"  server CPU per move: {per_move:.2f} ms ({server / wall * 100:.0f}% of a core over the step)")
    if database.engine is not None:
        print(f"  database CPU per move: {database_cpu / max(moves, 1) * 1000:.2f} ms (its backends for this database)")
    print(f"  other seats' update, each seat: {spread(each)} ({len(each)} updates, {missed} missed)")
    print(f"  other seats' update, the last of the three: {spread(last)}")
    print(f"  other seats' event, each seat: {spread(events)}")
    mean_pace = (low + high) / 2
    print(f"  tables of {SEATS} one core carries at that pace: about {mean_pace / max(per_move / 1000, 1e-9):,.0f}")
    print(
        f"  this client's CPU {client / wall * 100:.0f}% of a core; the machine's load average "
        f"{load_before:.1f} before, {os.getloadavg()[0]:.1f} after ({os.cpu_count()} cores)"
    )
    return per_move


async def floor(port: int, pid: int, requests: int = 500) -> None:
    """The same server's CPU for a request that does nothing (``/livez``): this stack's floor, beside the moves."""
    browser = Browser(port)
    await browser.request("GET", "/livez")
    before = process_cpu([pid])
    for _ in range(requests):
        answer = await browser.request("GET", "/livez")
        assert answer.status == 200
    cpu = (process_cpu([pid]) - before) / requests * 1000
    browser.close()
    print(f"the floor: server CPU per GET /livez of the same server, {requests} one after another: {cpu:.2f} ms")


def start_servers(database_url: str, processes: int, logs: Path) -> list[tuple[subprocess.Popen, int]]:
    """``processes`` servers on one database, and the port of each."""
    servers: list[tuple[subprocess.Popen, int]] = []
    try:
        for number in range(processes):  # one after another: the first migrates the database
            process, base = start_server(
                database_url,
                logs / f"server{number}.log",
                "bench-deal-key",
                settings={"GOLF_MAX_STREAMS_PER_ADDRESS": "0", "GOLF_MAX_STREAMS_PER_SESSION": "0"},
            )
            servers.append((process, int(base.rpartition(":")[2])))
    except BaseException:
        for process, _ in servers:
            stop_server(process)
        raise
    return servers


def run(args, database_url: str, logs: Path, postgres: str | None) -> None:
    processes = 2 if postgres else 1
    servers = start_servers(database_url, processes, logs)
    database = DatabaseCpu(database_url if postgres else None)
    try:
        ports = [port for _, port in servers]
        pids = [process.pid for process, _ in servers]
        print(
            f"{processes} server process{'es' if processes > 1 else ''} on {'PostgreSQL' if postgres else 'SQLite'}; "
            f"the machine's load average at the start {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores)"
        )
        for count in args.tables:
            asyncio.run(step(ports, pids, database, count, args))
        asyncio.run(floor(ports[0], pids[0]))
    finally:
        database.close()
        for process, _ in servers:
            stop_server(process)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="10,25,50", help="the numbers of tables, one step each")
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds of play at each step")
    parser.add_argument("--pace", default="1,2", help="seconds between two moves at a table: at random between these")
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--postgres", default="postgresql+psycopg://postgres@127.0.0.1:5432/test")
    args = parser.parse_args()
    args.tables = [int(n) for n in args.tables.split(",")]
    args.pace = tuple(float(s) for s in args.pace.split(","))
    raise_file_limit(3 * SEATS * max(args.tables) + 1024)
    logs = Path(tempfile.mkdtemp(prefix="golf-live-tables-"))
    if args.database == "sqlite":
        run(args, f"sqlite:///{logs / 'golf.sqlite3'}", logs, None)
    else:
        with throwaway_database(args.postgres) as url:
            run(args, url, logs, args.postgres)
    print(f"(server logs in {logs})")


@contextlib.contextmanager
def throwaway_database(server_url: str) -> Iterator[str]:
    """The URL of a new database on the PostgreSQL server ``server_url`` names, dropped after."""
    name = f"golf_bench_{secrets.token_hex(4)}"
    admin = create_engine(make_url(server_url), isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(server_url).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


if __name__ == "__main__":
    main()
