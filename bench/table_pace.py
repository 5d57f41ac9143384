"""How long a player waits between turns while the others' replies are shown.

    python -m bench.table_pace [--turns 6]

Plays the opening and a few turns against the computers (2, 4, 6 and 8 seats) through
the table's page routes, in process on a throw-away SQLite database, at each computer
speed; each reply's wait is its steps times the delay between them (the page shows one
step per delay, then the live board). Prints the longest and the median wait for each
seat count and speed, in seconds. No clock is timed: the figures are what the pages are
told to show.
"""

from __future__ import annotations

import argparse
import re
import statistics
import tempfile
from pathlib import Path

from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings

HX = {"HX-Request": "true"}


def waits(client: TestClient, players: int, speed: str, turns: int) -> list[float]:
    client.cookies.set("golf_speed", speed)
    client.post("/api/match/new", json={"seed": 7, "level": "easy", "rules": {"players": players}})
    html = client.get("/?t=1").text
    found: list[float] = []
    for _ in range(turns + 2):
        state = client.get("/api/match").json()
        down = [i for i, cell in enumerate(state["players"][0]["grid"]) if not cell["face_up"]]
        found_version = re.search(r'data-version="(\d+)"', html)
        assert found_version, "the page carries the version it was drawn from"
        version = found_version.group(1)
        if state["phase"] in ("opening", "flip"):
            command, fields = "reveal", {"position": str(down[0])}
        elif state["phase"] == "draw":
            command, fields = "draw", {"source": "stock"}
        elif state["phase"] == "place":
            command, fields = "swap", {"position": str(down[0] if down else 0)}
        else:
            break
        html = client.post(f"/play/{command}", data={"version": version, **fields}, headers=HX).text
        frames = re.search(r'<div id="frames" hidden data-delay="(\d+)"', html)
        if frames:
            found.append(html.count("<template data-say=") * int(frames.group(1)) / 1000)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=6)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            database_url=f"sqlite:///{Path(folder) / 'golf.sqlite3'}", deal_key="bench", rate_limit_enabled=False
        )
        with TestClient(create_app(settings)) as client:
            print(f"{'seats':>5} {'speed':>7} {'longest s':>10} {'median s':>9}")
            for players in (2, 4, 6, 8):
                for speed in ("slow", "normal", "fast"):
                    found = waits(client, players, speed, args.turns) or [0.0]
                    print(f"{players:>5} {speed:>7} {max(found):>10.2f} {statistics.median(found):>9.2f}")


if __name__ == "__main__":
    main()
