"""Quick play served by two server processes on one PostgreSQL database: forty people
press Play now at once, half of them on each process, and every one of them is seated
exactly once (matching locks the rows it seats, and passes over those the other process
holds)."""

from __future__ import annotations

import random
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import httpx
from sqlalchemy import create_engine, select

from app.store.repository import GOLF_TABLES
from bench.servers import start_server, stop_server
from tests.databases import fresh_database

PEOPLE = 40
SIZES = [2, 3, 4, "any"]


def test_forty_people_on_two_processes_are_each_seated_once(tmp_path):
    with fresh_database("postgresql", tmp_path) as url:
        servers = []
        try:
            for number in range(2):
                servers.append(
                    start_server(
                        url,
                        tmp_path / f"server-{number}.log",
                        deal_key="quick-play-processes",
                        settings={"GOLF_QUICK_PLAY_WAIT_SECONDS": "6", "GOLF_REVIEWS_AHEAD": "false"},
                    )
                )
            bases = [base for _, base in servers]
            arrive = threading.Barrier(PEOPLE)
            sizes = random.Random(7).choices(SIZES, k=PEOPLE)

            def one_person(number: int) -> tuple[str, int | None]:
                with httpx.Client(base_url=bases[number % 2], timeout=30) as client:
                    client.get("/healthz")
                    arrive.wait(timeout=60)
                    answer = client.post("/api/quick-play", json={"players": sizes[number], "name": f"P{number}"})
                    assert answer.status_code == 200, answer.text
                    told = answer.json()
                    deadline = time.monotonic() + 60
                    while told["status"] == "waiting" and time.monotonic() < deadline:
                        time.sleep(0.5)
                        told = client.get("/api/quick-play").json()
                    assert told["status"] == "seated", told
                    table = client.get(f"/api/tables/{told['code']}").json()
                    return told["code"], table["you"]

            with ThreadPoolExecutor(PEOPLE) as pool:
                seated = list(pool.map(one_person, range(PEOPLE)))
        finally:
            for process, _ in servers:
                stop_server(process)
        assert all(you is not None for _, you in seated)  # each one's table has them at a seat
        engine = create_engine(url)
        try:
            with engine.connect() as connection:
                tables = list(connection.execute(select(GOLF_TABLES.c.seats).where(GOLF_TABLES.c.quick_play.is_(True))))
        finally:
            engine.dispose()
        seats = Counter(seat["browser"] for (row,) in tables for seat in row if seat["kind"] == "person")
        assert len(seats) == PEOPLE and set(seats.values()) == {1}, seats
        assert len({code for code, _ in seated}) == len(tables)  # no table made but for them
