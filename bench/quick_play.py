"""Quick play under a crowd: people pressing Play now over a minute, against one server
process on SQLite.

    python -m bench.quick_play [--people 1000] [--seconds 60] [--wait 25] [--poll 1.0]

Starts the server as a subprocess on 127.0.0.1 (a throw-away SQLite file, quick play's
wait ``--wait`` seconds), then ``--people`` people (each its own cookie) arrive at random
moments over ``--seconds`` seconds (fewer seconds compress the minute for a quick run),
each asking for a table of 2, 3 or 4 players or any size at random, and asking for their
place every ``--poll`` seconds, as the waiting page does, until seated. Prints the time
from Play now to the answer that seats them (p50, p99, worst; the poll's interval is part
of it, as it is of a person's wait), how many sat with people only and how many with
computer players, and checks in the database that nobody was seated twice (it fails
if anyone was). Every wait is bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import tempfile
import time
from collections import Counter
from pathlib import Path

import httpx
from sqlalchemy import create_engine, select

from app.store.repository import GOLF_TABLES
from bench.servers import start_server, stop_server

SIZES = [2, 3, 4, "any"]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def one_person(
    base: str, transport: httpx.AsyncHTTPTransport, number: int, arrives: float, size, poll: float, bound: float
) -> tuple[float, str]:
    """Waits for its moment, presses Play now, asks until seated; (seconds to a seat, code).
    Its own cookies, over the connections all share (a client of its own would make its
    own TLS context, some milliseconds of the client's processor each)."""
    await asyncio.sleep(arrives)
    # Not closed as a with block would: that would close the connections all share.
    client = httpx.AsyncClient(base_url=base, timeout=30, transport=transport)
    started = time.perf_counter()
    answer = await client.post("/api/quick-play", json={"players": size, "name": f"P{number}"})
    answer.raise_for_status()
    told = answer.json()
    while told["status"] == "waiting":
        if time.perf_counter() - started > bound:
            raise AssertionError(f"person {number} was not seated within {bound:.0f} s: {told}")
        await asyncio.sleep(poll)
        told = (await client.get("/api/quick-play")).json()
    if told["status"] != "seated":
        raise AssertionError(f"person {number} left the queue unseated: {told}")
    return time.perf_counter() - started, told["code"]


async def crowd(base: str, people: int, seconds: float, wait: float, poll: float) -> list[tuple[float, str]]:
    chance = random.Random(2024)
    transport = httpx.AsyncHTTPTransport(limits=httpx.Limits(max_connections=200, max_keepalive_connections=200))
    async with transport:
        tasks = [
            one_person(base, transport, number, chance.uniform(0, seconds), chance.choice(SIZES), poll, wait + 30)
            for number in range(people)
        ]
        return list(await asyncio.gather(*tasks))


def seats_by_browser(url: str) -> tuple[Counter, list[int]]:
    """Each browser's seats over every quick-play table, and each table's count of computers."""
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            rows = [
                seats for (seats,) in connection.execute(select(GOLF_TABLES.c.seats).where(GOLF_TABLES.c.quick_play))
            ]
    finally:
        engine.dispose()
    seats = Counter(seat["browser"] for row in rows for seat in row if seat["kind"] == "person")
    return seats, [sum(seat["kind"] == "computer" for seat in row) for row in rows]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--people", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=60, help="over how long they arrive")
    parser.add_argument("--wait", type=float, default=25, help="GOLF_QUICK_PLAY_WAIT_SECONDS")
    parser.add_argument("--poll", type=float, default=1.0, help="seconds between a person's looks")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'golf.sqlite3'}"
        process, base = start_server(
            url,
            Path(folder) / "server.log",
            settings={"GOLF_QUICK_PLAY_WAIT_SECONDS": str(args.wait), "GOLF_REVIEWS_AHEAD": "false"},
        )
        try:
            started, client_cpu = time.perf_counter(), time.process_time()
            results = asyncio.run(crowd(base, args.people, args.seconds, args.wait, args.poll))
            took, client_cpu = time.perf_counter() - started, time.process_time() - client_cpu
        finally:
            stop_server(process)
        seats, computers = seats_by_browser(url)
    waits = [seconds * 1000 for seconds, _ in results]
    with_computers = sum(1 for count in computers if count)
    print(
        f"quick play: {args.people} people pressing Play now over {args.seconds:g} s (asking 2, 3, 4 or any at "
        f"random), one process on SQLite, a wait of {args.wait:g} s, each asking every {args.poll:g} s; {took:.1f} s"
    )
    print(
        f"time to a seat: p50 {percentile(waits, 0.5):,.0f} ms, p99 {percentile(waits, 0.99):,.0f} ms, "
        f"worst {max(waits):,.0f} ms"
    )
    print(
        f"the client's processor time: {client_cpu:.1f} s (the machine's load average at the end: {os.getloadavg()[0]:.1f})"
    )
    print(
        f"tables made: {len(computers)}, {len(computers) - with_computers} of people only, {with_computers} with computers"
    )
    twice = [browser for browser, count in seats.items() if count > 1]
    assert not twice, f"{len(twice)} people seated twice"
    assert len(seats) == args.people, f"{len(seats)} people seated, not {args.people}"
    assert len({code for _, code in results}) == len(computers), "a table made for nobody who was told of it"
    print(f"nobody seated twice: {sum(seats.values())} seats for {args.people} people")


if __name__ == "__main__":
    main()
