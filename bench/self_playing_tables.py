"""Tables that play themselves: a normal table's moves beside 30 tables whose one person never moves.

    python -m bench.self_playing_tables [--tables 30] [--duration 30] [--think 0.1] [--database sqlite|postgresql]

Starts one server process on a throw-away database. First a normal table of two people
plays at a brisk pace (``--think`` seconds between moves) for ``--duration``
seconds alone. Then ``--tables`` tables of one person and seven Expert computer players
with a 10 s turn timer are made and started, a few a second; each person keeps the
table's page open (its event stream: present, so the timer keeps playing for them) and
never moves, so every 10 s each table's timeout plays her turn and the seven
computers'. The normal table plays again for ``--duration`` seconds meanwhile. Prints
the normal table's moves (from sending one to its answer) p50, p99 and worst, and the
server's share of a core, side by side for the two runs. Everything stops and the
database goes afterwards.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import tempfile
import time
from pathlib import Path

import httpx

from app.players.greedy import GreedyPlayer
from app.web.golf.move_routes import PATHS
from bench.live_tables import throwaway_database
from bench.servers import EventReader, server_process

ROUTES = PATHS
POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
TIMER = 10


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=30, help="tables that play themselves (at most 60)")
    parser.add_argument("--duration", type=float, default=30.0, help="seconds the normal table plays, each run")
    parser.add_argument("--think", type=float, default=0.1, help="seconds between the normal table's moves")
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    args = parser.parse_args()
    args.tables = max(0, min(args.tables, 60))
    args.duration = max(5.0, min(args.duration, 120.0))
    with database(args.database) as url:
        print(measure(url, args.tables, args.duration, args.think))


@contextlib.contextmanager
def database(kind: str):
    if kind == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            yield f"sqlite:///{Path(folder) / 'golf.sqlite3'}"
        return
    with throwaway_database(POSTGRES) as url:
        yield url


def cpu_seconds(port: int) -> tuple[float, float]:
    """User and system time of the server process listening on ``port``, and of the
    processes it started (the judge's, the timeouts' thinker), from Linux's /proc."""
    processes = {}  # pid -> (parent, cpu seconds, whether it is the server)
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            command = (entry / "cmdline").read_bytes().split(b"\0")
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            server = b"uvicorn" in b" ".join(command) and str(port).encode() in command
            processes[int(entry.name)] = (
                int(fields[1]),
                (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"),
                server,
            )
    servers = [pid for pid, (_, _, server) in processes.items() if server]
    if not servers:
        return float("nan"), float("nan")

    def descends(pid: int) -> bool:
        while pid in processes and pid != servers[0]:
            pid = processes[pid][0]
        return pid == servers[0]

    children = sum(cpu for pid, (_, cpu, _) in processes.items() if pid != servers[0] and descends(pid))
    return processes[servers[0]][1], children


def play_normal_table(base: str, duration: float, think: float) -> list[float]:
    """Two people play a table (a fresh one each time the last ends); each move's time in ms."""
    player, times = GreedyPlayer(), []
    ends = time.monotonic() + duration
    while time.monotonic() < ends:
        ann, bea = httpx.Client(base_url=base, timeout=30), httpx.Client(base_url=base, timeout=30)
        code = ann.post(
            "/api/tables", json={"name": "Normal", "seats": ["host", "open"], "rules": {"holes": 9}, "host_name": "Ann"}
        ).json()["code"]
        bea.post(f"/api/tables/{code}/join", json={"name": "Bea"})
        ann.post(f"/api/tables/{code}/start")
        while time.monotonic() < ends:
            mover = next(
                ((c, m) for c in (ann, bea) if (m := c.get(f"/api/tables/{code}").json()["match"])["legal"]), None
            )
            if mover is None:
                break  # the match is over
            client, match = mover
            action = player.choose(match)
            body = {k: v for k, v in action.items() if k != "action"} or None
            start = time.perf_counter()
            answer = client.post(f"/api/tables/{code}/{ROUTES.get(action['action'], action['action'])}", json=body)
            times.append((time.perf_counter() - start) * 1000)
            assert answer.status_code == 200, answer.text
            time.sleep(think)
        ann.close()
        bea.close()
    return times


def self_playing_tables(base: str, count: int, stack: contextlib.ExitStack) -> None:
    """``count`` tables of one person and seven Experts, 10 s a turn, each person's page open."""
    for _ in range(count):
        alone = httpx.Client(base_url=base, timeout=30)
        stack.callback(alone.close)
        code = alone.post(
            "/api/tables", json={"name": "Alone", "seats": ["host"] + ["expert"] * 7, "timer_seconds": TIMER}
        ).json()["code"]
        alone.post(f"/api/tables/{code}/start")
        stack.enter_context(EventReader(alone, f"/api/tables/{code}/events"))
        time.sleep(TIMER / max(count, 1))  # their timeouts spread over the timer, not all at once


def figures(times: list[float], before: tuple[float, float], after: tuple[float, float], seconds: float) -> str:
    times = sorted(times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    server, children = ((a - b) * 100 / seconds for a, b in zip(after, before))
    return (
        f"{len(times)} moves, p50 {statistics.median(times):.1f} ms, p99 {p99:.1f} ms, "
        f"worst {times[-1]:.1f} ms; server at {server:.0f}% of a core, its own processes at {children:.0f}%"
    )


def measure(database_url: str, tables: int, duration: float, think: float) -> str:
    logs = Path(tempfile.mkdtemp())
    with server_process(database_url, logs / "server.log") as base:
        port = httpx.URL(base).port
        assert port is not None  # the test server's URL names its port
        lines = []
        cpu, began = cpu_seconds(port), time.monotonic()
        alone = play_normal_table(base, duration, think)
        lines.append("normal table alone:          " + figures(alone, cpu, cpu_seconds(port), time.monotonic() - began))
        with contextlib.ExitStack() as stack:
            self_playing_tables(base, tables, stack)
            cpu, began = cpu_seconds(port), time.monotonic()
            beside = play_normal_table(base, duration, think)
            lines.append(
                f"beside {tables} self-playing tables: "
                + figures(beside, cpu, cpu_seconds(port), time.monotonic() - began)
            )
    return "\n".join(lines)


if __name__ == "__main__":
    main()
