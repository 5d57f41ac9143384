"""Table events across server processes: how soon a move made on one reaches a stream on another.

    python -m bench.table_events [--postgres postgresql+psycopg://postgres@127.0.0.1:5432/test] [--holes 3]

Makes a throw-away database on that PostgreSQL server, runs two uvicorn processes on
it, seats one person on each at a table, and has them play it out (a greedy player
choosing). For every move it times from sending the move to one process until the
other person's event stream, on the other process, announces the new version; it
prints the median, the 95th percentile and the worst. The database is dropped after.
"""

from __future__ import annotations

import argparse
import secrets
import statistics
import tempfile
import time
from pathlib import Path

import httpx
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from app.players.greedy import GreedyPlayer
from app.web.golf.move_routes import PATHS
from bench.servers import EventReader, server_process

ROUTES = PATHS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--postgres", default="postgresql+psycopg://postgres@127.0.0.1:5432/test")
    parser.add_argument("--holes", type=int, default=3)
    args = parser.parse_args()
    name = f"golf_bench_{secrets.token_hex(4)}"
    admin = create_engine(make_url(args.postgres), isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        print(measure(make_url(args.postgres).set(database=name).render_as_string(hide_password=False), args.holes))
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def measure(database_url: str, holes: int) -> str:
    logs = Path(tempfile.mkdtemp())
    with server_process(database_url, logs / "one.log") as one, server_process(database_url, logs / "two.log") as two:
        ann, bea = httpx.Client(base_url=one), httpx.Client(base_url=two)
        code = ann.post(
            "/api/tables", json={"name": "Bench", "seats": ["host", "open"], "rules": {"holes": holes}}
        ).json()["code"]
        bea.post(f"/api/tables/{code}/join", json={"name": "Bea"})
        ann.post(f"/api/tables/{code}/start")
        player, times = GreedyPlayer(), []
        with (
            EventReader(ann, f"/api/tables/{code}/events") as ann_events,
            EventReader(bea, f"/api/tables/{code}/events") as bea_events,
        ):
            ann_events.next_version(2)
            bea_events.next_version(2)
            pairs = ((ann, bea_events), (bea, ann_events))
            while True:
                table = ann.get(f"/api/tables/{code}").json()
                if table["status"] == "over":
                    break
                for client, others_stream in pairs:
                    match = client.get(f"/api/tables/{code}").json()["match"]
                    if match["legal"]:
                        action = player.choose(match)
                        body = {k: v for k, v in action.items() if k != "action"} or None
                        start = time.perf_counter()
                        answer = client.post(
                            f"/api/tables/{code}/{ROUTES.get(action['action'], action['action'])}", json=body
                        )
                        others_stream.wait_for(answer.json()["version"], timeout=5)
                        times.append((time.perf_counter() - start) * 1000)
                        break
        ann.close()
        bea.close()
    times.sort()
    return (
        f"{len(times)} moves, each from its request on one process to the event on the other: "
        f"p50 {statistics.median(times):.1f} ms, p95 {times[int(len(times) * 0.95)]:.1f} ms, "
        f"worst {times[-1]:.1f} ms"
    )


if __name__ == "__main__":
    main()
