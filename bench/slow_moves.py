"""Whether one person's slow move holds up everyone else's requests.

    python -m bench.slow_moves [--moves 40]

Starts the real server (``python -m uvicorn app.main:app``, one process, a throw-away
SQLite file, rate limits off) and plays a match of eight seats, the person against
seven Experts, from the page: each move is a POST of the table form's command
(``/play/<command>``, with ``HX-Request`` as HTMX sends it), the greedy player's choice,
so that each of the person's moves waits for seven Experts to think out their turns.
Meanwhile another client asks ``/livez`` (a route that does nothing) every 10 ms, one
request at a time, and a second person plays a match of their own through the JSON API
(the greedy player's choices against the default level, a move every 10 ms): moves
that write, as every other player's do. Prints how long the moves took, and how long
``/livez`` and the other person's moves waited meanwhile: what every other player of
the server waits while one person's move is worked out. Figures only: no test asserts
them.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

from app.players.greedy import GreedyPlayer
from bench.play_cost import ROUTES, Browser, next_json_move
from bench.servers import start_server, stop_server
from bench.tables_load import percentile

ASK_EVERY_SECONDS = 0.01


async def play(port: int, moves: int) -> tuple[list[float], list[float], list[float]]:
    person, other = Browser(port), Browser(port)
    status, state = await person.json(
        "POST", "/api/match/new", {"level": "expert", "seed": 3, "rules": {"players": 8, "holes": 9}}
    )
    assert status == 200, state
    await other.request("GET", "/livez")
    second = Browser(port)
    status, theirs = await second.json("GET", "/api/match")
    assert status == 200, theirs
    moved: list[float] = []
    waited: list[float] = []
    their_moves: list[float] = []
    playing = True

    async def ask() -> None:
        while playing:
            started = time.perf_counter()
            await other.request("GET", "/livez")
            waited.append((time.perf_counter() - started) * 1000)
            await asyncio.sleep(ASK_EVERY_SECONDS)

    async def play_beside() -> None:
        nonlocal theirs
        chooser = GreedyPlayer()
        while playing:
            path, payload = next_json_move(theirs, chooser)
            started = time.perf_counter()
            status, theirs = await second.json("POST", path, payload)
            their_moves.append((time.perf_counter() - started) * 1000)
            assert status == 200, theirs
            await asyncio.sleep(ASK_EVERY_SECONDS)

    asking = asyncio.create_task(ask())
    beside = asyncio.create_task(play_beside())
    player = GreedyPlayer()
    for _ in range(moves):
        if state["phase"] == "match_over":
            break
        action = player.choose(state)
        command = ROUTES.get(action["action"], action["action"])
        form = urlencode({k: str(v) for k, v in action.items() if k != "action"}).encode()
        started = time.perf_counter()
        answer = await person.request(
            "POST",
            f"/play/{command}",
            headers={"HX-Request": "true"},
            body=form,
            content_type="application/x-www-form-urlencoded",
        )
        moved.append((time.perf_counter() - started) * 1000)
        assert answer.status == 200, (answer.status, answer.body[:300])
        status, state = await person.json("GET", "/api/match")
    playing = False
    await asking
    await beside
    person.close()
    other.close()
    second.close()
    return moved, waited, their_moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40, help="the person's moves from the page")
    args = parser.parse_args()
    logs = Path(tempfile.mkdtemp(prefix="golf-slow-moves-"))
    server, base = start_server(f"sqlite:///{logs / 'golf.sqlite3'}", logs / "server.log", "bench-deal-key")
    try:
        moved, waited, their_moves = asyncio.run(play(int(base.rpartition(":")[2]), args.moves))
    finally:
        stop_server(server)
    print(
        f"{len(moved)} page moves against seven Experts: p50 {percentile(moved, 0.5):.0f} ms, "
        f"p99 {percentile(moved, 0.99):.0f} ms, longest {max(moved):.0f} ms"
    )
    print(
        f"/livez asked meanwhile {len(waited)} times: p50 {percentile(waited, 0.5):.1f} ms, "
        f"p99 {percentile(waited, 0.99):.1f} ms, longest {max(waited):.0f} ms"
    )
    print(
        f"another person's JSON moves meanwhile {len(their_moves)}: p50 {percentile(their_moves, 0.5):.1f} ms, "
        f"p99 {percentile(their_moves, 0.99):.1f} ms, longest {max(their_moves):.0f} ms"
    )


if __name__ == "__main__":
    main()
