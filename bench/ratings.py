"""How long the leaderboard and a player's profile take with many rated players.

    .venv/bin/python -m bench.ratings [--players 10000] [--matches 40]

Fills the database with ``--players`` accounts, each rated, and ``--matches`` rated
matches for every one of them on average over ninety days (and what each week did to
their ratings), then times ``GET /api/leaderboard`` and ``/leaderboard`` as a player
ranked in the middle (the top, your place and the players around you, the week's board) and
``GET /api/players/{name}`` and ``/players/{name}`` (the rating's history and the rated
matches); ``/livez`` through the same client is the floor. SQLite in a throw-away folder;
the wall clock, median and worst.
"""

from __future__ import annotations

import argparse
import random
import secrets
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import insert

from app.main import create_app
from app.names import name_key
from app.service import clock
from app.service.browsers import browser_id_for
from app.service.ratings.service import week_of
from app.settings import Settings
from app.store.models import Account, AccountSession, Browser, RatedMatch, Rating, RatingEntry, RatingWeek
from app.web.http.session import COOKIE_NAME
from bench.replays import timed

DAY_MS = 24 * 3600 * 1000


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.ratings", description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10_000, help="rated accounts")
    parser.add_argument("--matches", type=int, default=40, help="rated matches a player, on average")
    parser.add_argument("--repeat", type=int, default=30, help="timed requests of each kind")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="golf-bench-"))
    app = create_app(
        Settings(database_url=f"sqlite:///{folder / 'golf.sqlite3'}", deal_key="bench", rate_limit_enabled=False)
    )
    chance = random.Random(7)
    now = clock.now_ms()
    with TestClient(app) as client:
        client.get("/api/leaderboard")  # a session
        session = browser_id_for(client.cookies[COOKIE_NAME])
        browsers = [f"{index:064d}" for index in range(args.players)]  # yours first
        accounts = [secrets.token_hex(8) for _ in browsers]
        names = ["Me", *(f"Golfer {index}" for index in range(1, args.players))]
        with app.state.engine.begin() as connection:
            connection.execute(
                insert(Browser.__table__),
                [{"id": b, "created_at": datetime.now(UTC), "preferences": {}} for b in browsers],
            )
            connection.execute(
                insert(Account.__table__),
                [
                    {"id": a, "name": n, "name_key": name_key(n), "principal": b, "created_ms": 0}
                    for a, n, b in zip(accounts, names, browsers, strict=True)
                ],
            )
            # Your session signed in to the first account, as a passkey's sign-in leaves it.
            connection.execute(
                insert(AccountSession.__table__),
                {"session_id": session, "account_id": accounts[0], "device": "bench", "created_ms": now},
            )
            shown = {a: 600 + chance.randrange(1200) for a in accounts}
            shown[accounts[0]] = sorted(shown.values())[len(shown) // 2]  # you, in the middle
            connection.execute(
                insert(Rating.__table__),
                [
                    {
                        "account_id": a,
                        "mu": 25.0,
                        "sigma": 3.0,
                        "shown": shown[a],
                        "games": args.matches,
                        "updated_ms": now,
                    }
                    for a in accounts
                ],
            )
            # Matches of four: each player's share of them, spread over the last ninety days.
            count = args.players * args.matches // 4
            matches: list[dict] = []
            entries: list[dict[str, Any]] = []
            for index in range(count):
                code, finished = f"q{index:09d}", now - chance.randrange(90 * DAY_MS)
                matches.append(
                    {
                        "code": code,
                        "finished_ms": finished,
                        "replay_id": f"r{index:015d}",
                        "seats": [{"kind": "person", "level": None, "total": 10 + seat} for seat in range(4)],
                    }
                )
                for seat, account in enumerate(chance.sample(accounts, 4)):
                    before = shown[account] - chance.randrange(-30, 30)
                    entries.append(
                        {
                            "account_id": account,
                            "code": code,
                            "seat": seat,
                            "finished_ms": finished,
                            "total": 10 + seat,
                            "place": seat + 1,
                            "shown_before": before,
                            "shown_after": shown[account],
                        }
                    )
            connection.execute(insert(RatedMatch.__table__), matches)
            connection.execute(insert(RatingEntry.__table__), entries)
            weeks: dict[tuple[str, str], dict] = {}
            for entry in entries:
                key = (week_of(entry["finished_ms"]), entry["account_id"])
                row = weeks.setdefault(key, {"week": key[0], "account_id": key[1], "gained": 0, "games": 0})
                row["gained"] += entry["shown_after"] - entry["shown_before"]
                row["games"] += 1
            connection.execute(insert(RatingWeek.__table__), list(weeks.values()))
        client.get("/leaderboard")  # templates compiled before timing
        client.get("/players/Me")
        bare = timed(lambda: client.get("/livez"), args.repeat)
        board = timed(lambda: client.get("/api/leaderboard"), args.repeat)
        board_page = timed(lambda: client.get("/leaderboard"), args.repeat)
        profile = timed(lambda: client.get("/api/players/Me"), args.repeat)
        profile_page = timed(lambda: client.get("/players/Me"), args.repeat)
        you = client.get("/api/leaderboard").json()["you"]
    print(f"for scale, /livez through the same client: median {bare[0]:.2f} ms, worst {bare[1]:.2f} ms")
    print(f"{args.players:,} rated players, {len(entries):,} rated seats (you: rank {you['rank']}):")
    print(f"  /api/leaderboard          median {board[0]:6.2f} ms, worst {board[1]:6.2f} ms")
    print(f"  page /leaderboard         median {board_page[0]:6.2f} ms, worst {board_page[1]:6.2f} ms")
    print(f"  /api/players/{{name}}      median {profile[0]:6.2f} ms, worst {profile[1]:6.2f} ms")
    print(f"  page /players/{{name}}     median {profile_page[0]:6.2f} ms, worst {profile_page[1]:6.2f} ms")


if __name__ == "__main__":
    main()
