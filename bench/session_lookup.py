"""What looking up a session's account costs a request, kept for a second or not.

    .venv/bin/python -m bench.session_lookup [--requests 400] [--rounds 5] [--database-url URL]

Times ``GET /api/match`` (a cheap read) through the whole app in process, in rounds that
alternate three ways of reading what the session stands for: kept for a second (as
served), looked up in the database on every request, and not at all (the floor: every
session a guest). SQLite in a throw-away folder, or the (empty) database at
``--database-url``; the median of each round, then the median of the rounds.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from fastapi.testclient import TestClient

from app.main import create_app
from app.service.accounts import sessions
from app.service.accounts.sessions import Signed
from app.settings import Settings


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.session_lookup", description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=400, help="requests a round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of each way")
    parser.add_argument("--database-url", help="an empty database to use (SQLAlchemy URL); a new SQLite file without")
    args = parser.parse_args()
    url = args.database_url or f"sqlite:///{Path(tempfile.mkdtemp(prefix='golf-bench-')) / 'golf.sqlite3'}"
    app = create_app(Settings(database_url=url, deal_key="bench", rate_limit_enabled=False))
    with TestClient(app) as client:
        client.get("/api/match")  # a session, and its match
        accounts = app.state.session_accounts
        served = accounts.signed

        async def guest(session_id: str) -> Signed:
            return Signed(session_id)

        def kept() -> None:
            sessions.KEPT_SECONDS = 1.0
            accounts.signed = served

        def every_time() -> None:
            sessions.KEPT_SECONDS = 0.0
            accounts.signed = served

        def never() -> None:
            accounts.signed = guest

        ways = {"kept for a second (as served)": kept, "looked up every request": every_time, "not looked up": never}
        medians: dict[str, list[float]] = {name: [] for name in ways}
        for _ in range(args.rounds):
            for name, way in ways.items():
                way()
                times = []
                for _ in range(args.requests):
                    start = time.perf_counter()
                    client.get("/api/match")
                    times.append((time.perf_counter() - start) * 1000)
                medians[name].append(statistics.median(times))
    floor = statistics.median(medians["not looked up"])
    print(f"GET /api/match, {args.rounds} rounds of {args.requests} requests each way, alternated:")
    for name, values in medians.items():
        median = statistics.median(values)
        print(f"  {name:32} median {median:6.3f} ms  ({median / floor:.2f}x the floor)")


if __name__ == "__main__":
    main()
