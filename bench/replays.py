"""How long a replay's page and the daily leaderboard take to make.

    .venv/bin/python -m bench.replays [--entries 10000] [--steps 60]

Plays a nine-hole match between greedy players, keeps its replay as the server does at a
match's end, then times the replay page (``GET /r/{id}?step=N`` through the whole app,
in process) at steps spread over the match, and the JSON export; then fills a date's
leaderboard with ``--entries`` finished attempts and times ``GET /api/daily`` (the first
rows, everyone's own rank). SQLite in a throw-away folder; the wall clock, median and
worst.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from fastapi.testclient import TestClient
from sqlalchemy import insert

from app.golf.actions import action_from_json
from app.golf.engine import GolfState
from app.golf.phases import Phase
from app.golf.view import Seat, view
from app.main import create_app
from app.players.greedy import GreedyPlayer
from app.service.browsers import browser_id_for
from app.service.replays import daily, replays
from app.settings import Settings
from app.store.models import Browser, DailyEntry
from app.web.http.session import COOKIE_NAME


def greedy_match(seed: int) -> GolfState:
    state = GolfState.new(seed)
    player = GreedyPlayer()
    while not state.is_over:
        if state.phase is Phase.HOLE_OVER:
            state.apply(0, action_from_json({"action": "next_hole"}))
            continue
        seat = state.to_act()[0]
        state.apply(seat, action_from_json(player.choose(view(state, seat))))
    return state


def timed(call, repeat: int) -> tuple[float, float]:
    """Median and worst of ``repeat`` calls, after one not timed (the database's first read warms its cache)."""
    call()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), max(times)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.replays", description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=10_000, help="finished attempts on the leaderboard")
    parser.add_argument("--steps", type=int, default=60, help="replay pages made, spread over the match")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="golf-bench-"))
    app = create_app(
        Settings(database_url=f"sqlite:///{folder / 'golf.sqlite3'}", deal_key="bench", rate_limit_enabled=False)
    )
    with TestClient(app) as client:
        client.get("/api/match")  # a session, and its row
        engine = app.state.engine
        state = greedy_match(11)
        with engine.begin() as connection:
            identifier = replays.keep(
                connection,
                app.state.golf.deal_key,
                source="match bench",
                kind="match",
                seed=11,
                deal_seed=11,
                rules=state.rules.model_dump(),
                seats=[Seat("Player", "person"), Seat("Computer", "computer", "greedy")],
                state=state,
                now_ms=0,
            )
        count = len(state.log)
        steps = [round(i * count / max(args.steps - 1, 1)) for i in range(args.steps)]
        pages = iter(steps * 3)
        client.get(f"/r/{identifier}?step=0")  # templates compiled before timing
        page = timed(lambda: client.get(f"/r/{identifier}?step={next(pages)}"), len(steps))
        step = timed(
            lambda: client.get(f"/r/{identifier}?step={next(pages)}", headers={"HX-Request": "true"}), len(steps)
        )
        export = timed(lambda: client.get(f"/api/replays/{identifier}"), 30)
        bare = timed(lambda: client.get("/livez"), 30)

        day = daily.today(app.state.daily.now())
        mine = browser_id_for(client.cookies[COOKIE_NAME])
        browsers = [f"{index:064d}" for index in range(args.entries)]
        with engine.begin() as connection:
            connection.execute(
                insert(Browser.__table__),
                [{"id": b, "created_at": datetime.now(UTC), "preferences": {}} for b in browsers],
            )
            rows = [
                {
                    "date": day,
                    "browser_id": b,
                    "name": f"Golfer {index}",
                    "match_id": f"m{index}",
                    "status": "finished",
                    "total": 10 + index % 60,
                    "expert_total": 30,
                    "hole_scores": [[1, 2]] * 9,
                    "started_ms": 0,
                    "finished_ms": index,
                }
                for index, b in enumerate(browsers)
            ]
            rows.append({**rows[0], "browser_id": mine, "name": "Me", "total": 41, "match_id": "mine"})
            connection.execute(insert(DailyEntry.__table__), rows)
        board = timed(lambda: client.get("/api/daily"), 30)
        service_board = timed(lambda: app.state.daily.board(mine), 30)
        page_board = timed(lambda: client.get("/daily"), 30)
        answer = client.get("/api/daily").json()
    print(f"for scale, /livez through the same client: median {bare[0]:.2f} ms, worst {bare[1]:.2f} ms")
    print(f"replay of a nine-hole match ({count} steps):")
    print(f"  page /r/{{id}}?step=N      median {page[0]:6.2f} ms, worst {page[1]:6.2f} ms")
    print(f"  one step (the page's)     median {step[0]:6.2f} ms, worst {step[1]:6.2f} ms")
    print(f"  export /api/replays/{{id}} median {export[0]:6.2f} ms, worst {export[1]:6.2f} ms")
    print(f"daily leaderboard with {args.entries:,} finished attempts (your rank {answer['yours']['rank']}):")
    print(f"  /api/daily                median {board[0]:6.2f} ms, worst {board[1]:6.2f} ms")
    print(f"  page /daily               median {page_board[0]:6.2f} ms, worst {page_board[1]:6.2f} ms")
    print(f"  the service's read alone  median {service_board[0]:6.2f} ms, worst {service_board[1]:6.2f} ms")


if __name__ == "__main__":
    main()
