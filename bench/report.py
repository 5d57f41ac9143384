"""The benchmarks' current figures in one table: ``python -m bench.report`` remakes docs/performance.md.

    python -m bench.report                        # every benchmark of the report, some 30 minutes on 2 cores
    python -m bench.report --only engine --only review   # a few of them; the other rows are kept
    python -m bench.report --list                 # the benchmarks, what each measures, its command
    python -m bench.report --output -             # print the page instead of writing it

Each benchmark runs as a subprocess (``python -m bench.<name> <arguments>``, with short
arguments so that the whole report stays within minutes), one after another, never
imported: this module reads only what each one prints. A figure is taken from the
benchmark's output by a pattern; a benchmark that fails, times out or prints nothing the
pattern knows leaves its rows out and is named under the table with the reason, rather
than a figure guessed. With ``--only``, the rows of the benchmarks not run are carried
over from the page as it was, each benchmark's date and machine kept beside it.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shlex
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "performance.md"
KEPT = re.compile(r"<!-- bench\.report: (\{.*\}) -->")  # what a later --only run carries over
HEADER = "| benchmark | figure | value | command |"

Rows = list[tuple[str, str]]  # (figure, value) pairs, in the table's order


@dataclass(frozen=True)
class Figure:
    """One row: ``pattern`` is searched in the benchmark's output (its ``occurrence``-th
    match), and the figure's name and value are ``label`` and ``value`` formatted with the
    match's groups (``{0}``, ``{1}``, ...)."""

    label: str
    pattern: str
    value: str
    occurrence: int = 0

    def read(self, output: str) -> tuple[str, str] | None:
        found = list(re.finditer(self.pattern, output, re.MULTILINE))
        if len(found) <= self.occurrence:
            return None
        groups = found[self.occurrence].groups()
        return self.label.format(*groups), self.value.format(*groups)


@dataclass(frozen=True)
class Benchmark:
    name: str  # the key of --only, and the table's first column
    module: str  # run as ``python -m <module>``
    arguments: tuple[str, ...]  # shown in the table's command and run
    measures: str  # one line for the list of benchmarks
    figures: tuple[Figure, ...] = ()
    parse: Callable[[str], Rows] | None = None  # instead of figures, for output not read by patterns
    hidden_arguments: Callable[[], tuple[str, ...]] = lambda: ()  # run but not shown (a free port)
    timeout: float = 180.0
    in_report: bool = True  # False: only listed, with its usual command

    def command(self) -> str:
        return shlex.join(["python", "-m", self.module, *self.arguments])

    def rows(self, output: str) -> Rows:
        if self.parse is not None:
            return self.parse(output)
        return [row for figure in self.figures if (row := figure.read(output)) is not None]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def arena_rows(output: str) -> Rows:
    """``python -m app.arena --json``: the first entrant's wins against the second, with
    their 95% interval, and its decision times."""
    summary = json.loads(output)
    first, second = summary["entrants"][0], summary["entrants"][1]
    win = first["results"]["win"]
    versus = f"{first['player']} against {second['player']}"
    return [
        (
            f"{versus}: matches won ({summary['matches']} matches, seed {summary['seed']})",
            f"{win['rate']:.0%} (95% interval {win['low']:.0%}-{win['high']:.0%})",
        ),
        (f"{first['player']}'s decision time", f"median {first['median_ms']:.1f} ms, p99 {first['p99_ms']:.0f} ms"),
        (f"mean hole score, {versus}", f"{first['mean_hole_score']:.1f} against {second['mean_hole_score']:.1f}"),
    ]


def move_costs_rows(output: str) -> Rows:
    """``python -m bench.move_costs``: each part of a move's CPU, the whole, and what the pages are sent."""
    rows = [
        (f"a move's CPU at a table of 4, {found.group(2)}", f"{found.group(1)} ms")
        for found in re.finditer(r"^\s+([\d.]+)\s+((?:mover|others): .*)$", output, re.MULTILINE)
    ]
    whole = re.search(r"^\s+([\d.]+)\s+in all, the web server's own share left out$", output, re.MULTILINE)
    sent = re.search(r"^sent: the mover's answer ([\d.]+) KB, each other page ([\d.]+) KB a move", output, re.MULTILINE)
    if whole is not None:
        rows.append(
            ("a move's CPU at a table of 4, in all (the web server's own share left out)", f"{whole.group(1)} ms")
        )
    if sent is not None:
        rows.append(("sent a move: the mover's answer, each other page", f"{sent.group(1)} KB, {sent.group(2)} KB"))
    return rows


def move_breakdown_rows(output: str) -> Rows:
    """``python -m bench.move_breakdown``: the server's CPU per move at live tables, and each part of it."""
    whole = re.search(
        r"^where a move's ([\d.]+) ms of server CPU goes, (\d+) tables of 4 \((\w+); (\d+) samples", output, re.M
    )
    if whole is None:
        return []
    tables, database = whole.group(2), whole.group(3)
    rows = [
        (f"a move's server CPU at {tables} live tables of 4 ({database}), taken apart below", f"{whole.group(1)} ms")
    ]
    rows += [
        (f"of which: {found.group(3)}", f"{found.group(1)} ms ({found.group(2)}%)")
        for found in re.finditer(r"^\s+([\d.]+) ms\s+([\d.]+)%\s+(.+)$", output, re.M)
    ]
    return rows


MS = r"([\d.,]+) ms"
# bench.stack_floor's mean over its rounds: action, floor move, no database, bare GET, and two ratios.
ALL_ROUNDS = r"^\s+all\s+([\d.]+)\s+([\d.]+)\s+[\d.]+\s+([\d.]+)\s+([\d.]+)x\s+([\d.]+)x"
# Its clients flat out: how many, then the mean over its rounds of the requests answered a
# second (action, floor move, bare GET) and the two against the bare route's.
ALL_FLAT_OUT = r"^(\d+) clients at once flat out.*\n(?:.*\n)*?\s+all\s+(\d+)\s+(\d+)\s+(\d+)\s+([\d.]+)\s+([\d.]+)$"

BENCHMARKS: tuple[Benchmark, ...] = (
    Benchmark(
        "engine",
        "bench.engine",
        ("--matches", "100"),
        "the engine alone: whole matches replayed from their seeds, as a stored match is rebuilt",
        (
            Figure("applied actions a second (replay)", r"applied actions per second \(replay\): ([\d,]+)", "{0}"),
            Figure(
                "replay of a whole 9-hole match",
                rf"replay of a whole match: median {MS}, p99 {MS}",
                "median {0} ms, p99 {1} ms",
            ),
        ),
    ),
    Benchmark(
        "play_cost",
        "bench.play_cost",
        ("--moves", "20", "--long-actions", "300", "--requests", "200", "--tables", "100", "--seconds", "20"),
        "what a move costs: the server's CPU per move at a table of four open pages, early and late in a "
        "long hole; a single-player JSON action against a bare FastAPI route; from a move to every other "
        "seat's event at one table and at many tables at a person's pace",
        (
            Figure(
                "server CPU per move, table of 4 open pages, early in a hole",
                rf"^1a\. server CPU per move, table of 4, early in a hole \(log [\d-]+ actions\)\s+{MS}",
                "{0} ms",
            ),
            Figure(
                "server CPU per move, table of 4 open pages, late in a hole (log {0} actions)",
                rf"^1b\. server CPU per move, table of 4, late in a long hole \(log ([\d-]+)\)\s+{MS}",
                "{1} ms",
            ),
            Figure(
                "server CPU per single-player JSON action",
                rf"^2\.\s+server CPU per single-player JSON action \(/api/match\)\s+{MS}",
                "{0} ms",
            ),
            Figure(
                "server CPU per request of a bare FastAPI route",
                rf"server CPU per request of a bare FastAPI route\s+{MS}\s+ratio ([\d.]+)x",
                "{0} ms (the action {1}x)",
            ),
            Figure(
                "move to every other seat's event, 1 table of 4, early in a hole",
                rf"move to every other seat's event, 1 table of 4, early\s+p50 {MS}\s+p99 {MS}",
                "p50 {0} ms, p99 {1} ms",
            ),
            Figure(
                "move to every other seat's event, 1 table of 4, late in a hole",
                rf"move to every other seat's event, 1 table of 4, late\s+p50 {MS}\s+p99 {MS}",
                "p50 {0} ms, p99 {1} ms",
            ),
            Figure(
                "move to every other seat's event, {0} tables of 4, a move each 2-3 s",
                rf"move to every other seat's event, (\d+) tables of 4, a move each 2-3 s\s+p50 {MS}\s+p99 {MS}",
                "p50 {1} ms, p99 {2} ms",
            ),
            Figure(
                "the server's share of a core at {0} tables of 4",
                r"^\s+3:\s+(\d+) tables:.*\n\s+server at (\d+)% of a core",
                "{1}%",
            ),
        ),
        timeout=300,
    ),
    Benchmark(
        "load",
        "bench.load",
        ("--start", "--players", "20", "--seconds", "10", "--think", "1", "--think", "0"),
        "single-player matches over HTTP: simulated players against one server process, beside /livez, "
        "at a person's pace and flat out",
        (
            Figure(
                "game action, {0} players at a person's pace ({1} s between moves)",
                rf"^(\d+) concurrent clients[\s\S]*?^about ([\d.]+) s between each player's moves[\s\S]*?"
                rf"^game actions \(POST\)\s+[\d,]+ req/s\s+p50\s+{MS}\s+p99\s+{MS}",
                "p50 {2} ms, p99 {3} ms",
            ),
            Figure(
                "game actions a second, {0} players flat out",
                rf"^(\d+) concurrent clients[\s\S]*?^no pause between moves[\s\S]*?"
                rf"^game actions \(POST\)\s+([\d,]+) req/s\s+p50\s+{MS}\s+p99\s+{MS}",
                "{1} (p99 {3} ms)",
            ),
            Figure(
                "/livez requests a second, {0} clients flat out",
                r"^(\d+) concurrent clients[\s\S]*?^no pause between moves.*\nGET /livez\s+([\d,]+) req/s",
                "{1}",
            ),
        ),
        hidden_arguments=lambda: ("--url", f"http://127.0.0.1:{free_port()}"),
    ),
    Benchmark(
        "tables_load",
        "bench.tables_load",
        ("--idle", "300", "--tables", "25", "--duration", "20", "--waves", "1", "--wave-size", "300"),
        "online tables at scale: idle open table pages, tables of 4 people at a person's pace on one "
        "process (SQLite; --database postgresql --workers 2 for two on PostgreSQL), pages that come and go",
        (
            Figure(
                "memory per idle open table page",
                r"memory per idle stream: ([\d.]+) KB",
                "{0} KB",
            ),
            Figure(
                "move to every other seat's event, {0} tables of {1} at {2} s a decision, {3} idle pages open",
                r"^playing: (\d+) tables of (\d+), think ([\d.]+) s, [\d.]+ s, (\d+) idle streams open[\s\S]*?"
                rf"move sent to every other seat's event:\s+p50\s+{MS},\s+p99\s+{MS}",
                "p50 {4} ms, p99 {5} ms",
            ),
            Figure(
                "server CPU per move at those tables",
                rf"server CPU per accepted move \(its request, the events, the others' fetches\): {MS}",
                "{0} ms",
            ),
        ),
        timeout=240,
    ),
    Benchmark(
        "live_tables",
        "bench.live_tables",
        ("--tables", "10,25,50", "--seconds", "30"),
        "tables of four people, every seat's page live on its event stream, a move every 1-2 s at each, at 10, "
        "25 and 50 tables, one process on SQLite: the server's CPU per move, the other seats' update, and the "
        "floor (a bare request to the same server)",
        (
            *(
                Figure(
                    "server CPU per move, {0} tables of 4 live pages, a move every {1} s at each (SQLite)",
                    rf"^(\d+) tables of 4, a move every ([\d.-]+) s at each.*\n.*\n  server CPU per move: {MS}",
                    "{2} ms",
                    occurrence=step,
                )
                for step in range(3)
            ),
            *(
                Figure(
                    "other seats' update, {0} tables of 4 (SQLite)",
                    rf"^(\d+) tables of 4, a move every[\s\S]*?other seats' update, each seat: p50 {MS}, p99 {MS}",
                    "p50 {1} ms, p99 {2} ms",
                    occurrence=step,
                )
                for step in (1, 2)
            ),
            Figure(
                "tables of 4 one core carries at that pace, 50 tables (SQLite)",
                r"^50 tables of 4[\s\S]*?one core carries at that pace: about ([\d,]+)",
                "{0}",
            ),
            Figure(
                "the floor: server CPU per GET /livez of the same server (SQLite)",
                rf"^the floor: server CPU per GET /livez of the same server.*: {MS}",
                "{0} ms",
            ),
        ),
        timeout=420,
    ),
    Benchmark(
        "live_floor",
        "bench.live_floor",
        ("--tables", "25", "--seconds", "30", "--rounds", "2"),
        "the least a move at live tables of four costs on this stack (a form POST, one row read and written "
        "back, four event streams told, HTML of the app's sizes, no game and no drawing), beside the app's "
        "live tables, in turn",
        (
            Figure(
                "server CPU per move, 25 tables of 4 live pages: the app beside the stack's floor for such a move",
                rf"^  the app {MS[:-3]}, the floor {MS[:-3]}: the app ([\d.]+)x the floor",
                "{0} ms, the floor {1} ms (the app {2}x the floor)",
            ),
            Figure(
                "other seats' event, 25 tables of 4, on the stack's floor",
                rf"^the floor, 25 tables[\s\S]*?other seats' event, each seat: p50 {MS}, p99 {MS}",
                "p50 {0} ms, p99 {1} ms",
            ),
        ),
        timeout=600.0,
    ),
    Benchmark(
        "live_tables_postgresql",
        "bench.live_tables",
        ("--tables", "10,25,50", "--seconds", "30", "--database", "postgresql"),
        "the same on PostgreSQL, two server processes, the seats of a table on both (needs a PostgreSQL server, --postgres URL)",
        (
            *(
                Figure(
                    "server CPU per move, {0} tables of 4 live pages, a move every {1} s at each (PostgreSQL, two processes)",
                    rf"^(\d+) tables of 4, a move every ([\d.-]+) s at each.*\n.*\n  server CPU per move: {MS}",
                    "{2} ms",
                    occurrence=step,
                )
                for step in range(3)
            ),
            *(
                Figure(
                    "PostgreSQL's own CPU per move, {0} tables of 4",
                    rf"^(\d+) tables of 4, a move every[\s\S]*?database CPU per move: {MS}",
                    "{1} ms",
                    occurrence=step,
                )
                for step in range(3)
            ),
            *(
                Figure(
                    "other seats' update, {0} tables of 4 (PostgreSQL, two processes)",
                    rf"^(\d+) tables of 4, a move every[\s\S]*?other seats' update, each seat: p50 {MS}, p99 {MS}",
                    "p50 {1} ms, p99 {2} ms",
                    occurrence=step,
                )
                for step in (1, 2)
            ),
            Figure(
                "tables of 4 one core carries at that pace, 50 tables (PostgreSQL, two processes)",
                r"^50 tables of 4[\s\S]*?one core carries at that pace: about ([\d,]+)",
                "{0}",
            ),
            Figure(
                "the floor: server CPU per GET /livez of the same server (PostgreSQL, two processes)",
                rf"^the floor: server CPU per GET /livez of the same server.*: {MS}",
                "{0} ms",
            ),
        ),
        timeout=420,
    ),
    Benchmark(
        "slow_moves",
        "bench.slow_moves",
        ("--moves", "20"),
        "whether one person's slow move holds up the others: page moves against seven Experts, beside "
        "/livez and a second person playing through the JSON API",
        (
            Figure(
                "a page move against seven Experts",
                rf"page moves against seven Experts: p50 {MS}, p99 {MS}",
                "p50 {0} ms, p99 {1} ms",
            ),
            Figure(
                "/livez meanwhile",
                rf"/livez asked meanwhile \d+ times: p50 {MS}, p99 {MS}",
                "p50 {0} ms, p99 {1} ms",
            ),
            Figure(
                "another person's JSON moves meanwhile",
                rf"another person's JSON moves meanwhile \d+: p50 {MS}, p99 {MS}",
                "p50 {0} ms, p99 {1} ms",
            ),
        ),
    ),
    Benchmark(
        "self_playing_tables",
        "bench.self_playing_tables",
        ("--tables", "10", "--duration", "10"),
        "tables that play themselves: a normal table's moves alone, then beside tables of one person "
        "who never moves and seven Experts on a 10 s turn timer",
        (
            Figure(
                "a normal table's move, alone",
                rf"normal table alone:\s+\d+ moves, p50 {MS}, p99 {MS}",
                "p50 {0} ms, p99 {1} ms",
            ),
            Figure(
                "a normal table's move, beside {0} self-playing tables",
                rf"beside (\d+) self-playing tables: \d+ moves, p50 {MS}, p99 {MS}",
                "p50 {1} ms, p99 {2} ms",
            ),
        ),
    ),
    Benchmark(
        "quick_play",
        "bench.quick_play",
        ("--people", "300", "--seconds", "15", "--wait", "5"),
        "quick play under a crowd: people pressing Play now at random moments (2, 3, 4 or any), one "
        "process on SQLite, each asking every second as the waiting page does; nobody seated twice "
        "(--people 1000 --seconds 60 --wait 25 for the full minute)",
        (
            Figure(
                "Play now to a seat, {0} people over {1} s (wait {2} s, asking every {3} s)",
                rf"^quick play: (\d+) people pressing Play now over ([\d.]+) s .*? a wait of ([\d.]+) s, "
                rf"each asking every ([\d.]+) s[\s\S]*?^time to a seat: p50 {MS}, p99 {MS}",
                "p50 {4} ms, p99 {5} ms",
            ),
        ),
    ),
    Benchmark(
        "table_events",
        "bench.table_events",
        ("--holes", "1"),
        "two server processes on one PostgreSQL database: from a move sent to one to the event on the "
        "other's stream (needs a PostgreSQL server, --postgres URL)",
        (
            Figure(
                "move on one process to the event on another (PostgreSQL)",
                rf"from its request on one process to the event on the other: p50 {MS}, p95 {MS}",
                "p50 {0} ms, p95 {1} ms",
            ),
        ),
    ),
    Benchmark(
        "stack_floor",
        "bench.stack_floor",
        ("--requests", "1000", "--rounds", "2", "--players", "50", "--seconds", "10"),
        "the least a stored move costs on this stack (a JSON POST, one SQLite row read and written back) "
        "beside a single-player action and a bare route, in rounds taken in turn; then the three with "
        "many clients at once flat out, in turn",
        (
            Figure(
                "server CPU of the least stored move on this stack (a JSON POST, one SQLite row)",
                ALL_ROUNDS,
                "{1} ms, {4}x the bare route",
            ),
            Figure(
                "server CPU of a single-player JSON action, in the same rounds",
                ALL_ROUNDS,
                "{0} ms, {3}x the bare route ({2} ms)",
            ),
            Figure(
                "single-player JSON actions a second, {0} players flat out, against the bare route's",
                ALL_FLAT_OUT,
                "{1} ({4} of the bare route's {3}; the floor's move {2}, {5})",
            ),
        ),
    ),
    Benchmark(
        "table_pace",
        "bench.table_pace",
        ("--turns", "6"),
        "how long a player waits between turns while the others' replies are shown (what the pages are "
        "told to show, no clock)",
        (
            Figure(
                "longest wait between your turns, 8 seats, Normal speed",
                r"^\s+8\s+normal\s+([\d.]+)\s+([\d.]+)",
                "{0} s",
            ),
        ),
    ),
    Benchmark(
        "review",
        "bench.review",
        ("--holes", "30"),
        "the review of a hole (Medium's decisions judged by the Expert's sampled playouts), wall clock; "
        "--rules nine-card for another preset, --agreement 50 for how often the Expert's own decisions are "
        "judged best or good",
        (
            Figure(
                "review of a standard hole ({0} judged decisions), wall clock",
                rf"([\d.]+) judged decisions a hole\nreview of a hole, wall clock: median {MS}, 90th percentile {MS}, "
                rf"worst {MS}",
                "median {1} ms, p90 {2} ms, worst {3} ms",
            ),
        ),
    ),
    Benchmark(
        "win_chance",
        "bench.win_chance",
        ("--matches", "300", "--jobs", "2"),
        "a finished match's chance to win after every step: its Brier score at the holes' starts over "
        'matches between the levels, beside 1/players and "the leader by totals wins", its calibration by '
        "deciles, and the time to work out a match of two and of eight",
        (
            Figure(
                "chance to win at each hole's start, Brier score ({0} matches, {1} chances)",
                r"^win chance: (\d+) matches.*; (\d+) chances at the holes' starts\n"
                r"Brier score: chance ([\d.]+), 1/players ([\d.]+), the leader by totals ([\d.]+)",
                "{2} (1/players {3}, the leader by totals {4})",
            ),
            Figure(
                "chance to win: each decile's share of wins within 10 points of its chance",
                r"^every decile within 10 points: (\w+) \(the largest difference ([\d.]+) points\)",
                "{0} (the largest difference {1} points)",
            ),
            Figure(
                "time to work out a standard 9-hole match of two",
                r"^time to work out a standard 9-hole match of two \(\d+ matches\): median ([\d.]+) s, worst ([\d.]+) s",
                "median {0} s, worst {1} s",
            ),
            Figure(
                "time to work out a 9-hole match of eight, standard grids",
                r"^time to work out a 9-hole match of eight, standard grids: ([\d.]+) s \((\d+) steps\)",
                "{0} s ({1} steps)",
            ),
            Figure(
                "time to work out a 9-hole match of eight, 3x4 grids, two decks",
                r"^time to work out a 9-hole match of eight, 3x4 grids, two decks: ([\d.]+) s \((\d+) steps\)",
                "{0} s ({1} steps)",
            ),
        ),
        timeout=3600,
    ),
    Benchmark(
        "replays",
        "bench.replays",
        ("--entries", "10000", "--steps", "30"),
        "a nine-hole match's replay page, one step of it and its export, and the daily leaderboard with "
        "10,000 finished attempts (the whole app in process)",
        (
            Figure("replay page of a 9-hole match", rf"page /r/\{{id\}}\?step=N\s+median\s+{MS}", "median {0} ms"),
            Figure("one step of a replay", rf"one step \(the page's\)\s+median\s+{MS}", "median {0} ms"),
            Figure("a replay's JSON export", rf"export /api/replays/\{{id\}}\s+median\s+{MS}", "median {0} ms"),
            Figure("daily leaderboard of 10,000, /api/daily", rf"/api/daily\s+median\s+{MS}", "median {0} ms"),
            Figure("daily leaderboard of 10,000, the /daily page", rf"page /daily\s+median\s+{MS}", "median {0} ms"),
        ),
    ),
    Benchmark(
        "ratings",
        "bench.ratings",
        ("--players", "10000", "--matches", "40"),
        "the leaderboard and a player's profile with 10,000 rated players and 400,000 rated seats "
        "(the whole app in process, beside /livez)",
        (
            Figure(
                "/livez through the same client (the floor)",
                rf"/livez through the same client: median {MS}",
                "median {0} ms",
            ),
            Figure(
                "leaderboard of 10,000 rated players, /api/leaderboard",
                rf"/api/leaderboard\s+median\s+{MS}",
                "median {0} ms",
            ),
            Figure(
                "leaderboard of 10,000, the /leaderboard page", rf"page /leaderboard\s+median\s+{MS}", "median {0} ms"
            ),
            Figure(
                "a player's profile, /api/players/{{name}}",
                rf"/api/players/\{{name\}}\s+median\s+{MS}",
                "median {0} ms",
            ),
        ),
    ),
    Benchmark(
        "session_lookup",
        "bench.session_lookup",
        ("--requests", "300", "--rounds", "5"),
        "what reading a session's account costs a cheap read (GET /api/match), kept for a second as served, "
        "looked up on every request, and not at all (SQLite; --database-url for PostgreSQL)",
        tuple(
            Figure(
                f"GET /api/match, the session's account {label}",
                rf"{re.escape(label)}\s+median\s+{MS}\s+\(([\d.]+)x",
                "median {0} ms, {1}x the floor",
            )
            for label in ("kept for a second (as served)", "looked up every request", "not looked up")
        ),
    ),
    Benchmark(
        "solitaire",
        "bench.solitaire",
        ("--deals", "1000", "--variants", "strict,any-time"),
        "the Golf solitaire solver over the first numbered deals, per variant: the share winnable and the solve times",
        tuple(
            Figure(
                f"solitaire deals 1-1000 ({variant}): winnable, solve time",
                rf"^{re.escape(variant)}\s+([\d.]+%)\s+([\d.]+)ms\s+([\d.]+)ms",
                "{0} winnable; median {1} ms, p99 {2} ms",
            )
            for variant in ("strict", "any-time")
        ),
    ),
    Benchmark(
        "arena",
        "app.arena",
        ("--players", "expert,greedy", "--matches", "20", "--seed", "1", "--json"),
        "the computer players' strength and decision time, matches played against each other",
        parse=arena_rows,
    ),
    Benchmark(
        "move_costs",
        "bench.move_costs",
        ("--moves", "300"),
        "where a move at a live table of four spends the server's CPU, part by part, in process: the mover's "
        "answer (the move, the page's model, the drawing, the parts sent) and the other pages' (the change "
        "read, the model, the drawing, the parts sent), and what each page is sent",
        parse=move_costs_rows,
    ),
    Benchmark(
        "move_breakdown",
        "bench.move_breakdown",
        ("--tables", "25", "--seconds", "30"),
        "where a move at live tables of four spends the server's CPU, the web server's own share included: "
        "live_tables' step profiled by py-spy, each part's share of the samples (needs ptrace)",
        parse=move_breakdown_rows,
        timeout=400.0,
    ),
    Benchmark(
        "move_instructions",
        "bench.move_instructions",
        ("--moves", "30"),
        "the same moves as move_costs counted in CPU instructions by Valgrind's callgrind (the mover's "
        "answer and the other pages', the web server's own share left out): a figure the machine's load "
        "does not move (needs valgrind, its headers and a C compiler)",
        (
            Figure(
                "a move's CPU instructions at a table of 4, every page live (callgrind; the web server's own "
                "share left out)",
                r"^([\d.]+)M instructions a move",
                "{0} million",
            ),
        ),
        timeout=600.0,
    ),
    Benchmark(
        "move_cpu",
        "bench.move_cpu",
        ("--rounds", "2"),
        "the server's CPU for a move at one live table of four, the moves made one at a time, each page "
        "showing a move before the next (uvicorn, SQLite, the web server's share included; the lower of "
        "two fresh servers)",
        (
            Figure(
                "server CPU per move at one live table of 4, moves one at a time (the whole server)",
                r"^server CPU per move: ([\d.]+) ms",
                "{0} ms",
            ),
        ),
    ),
    Benchmark(
        "move_cpu_instructions",
        "bench.move_cpu",
        ("--callgrind",),
        "the same moves as move_cpu counted in CPU instructions by Valgrind's callgrind, every thread of the "
        "server counted (needs valgrind)",
        (
            Figure(
                "a move's CPU instructions at one live table of 4 (callgrind; the whole server)",
                r"^([\d.]+)M instructions a move",
                "{0} million",
            ),
        ),
        timeout=600.0,
    ),
    # Listed with their usual commands, not run by the report: long, heavy or needing a browser.
    Benchmark(
        "move_parts",
        "bench.move_parts",
        (),
        "a move at a table of four taken apart, in rounds taken in turn: the whole move, the mover's "
        "answer alone, the same move through the JSON API, a bare FastAPI route",
        in_report=False,
    ),
    Benchmark(
        "fragment_parts",
        "bench.fragment_parts",
        (),
        "where one table page's refresh spends its CPU: the read, the table described, the page's model, "
        "the templates, the middleware and routing",
        in_report=False,
    ),
    Benchmark(
        "abuse",
        "bench.abuse",
        (),
        "one client against python -m app under ulimit -n 1024: 1,000 event streams, then 1,000 idle "
        "sockets, beside a person playing; then the time to open 1,000 streams on one table",
        in_report=False,
    ),
    Benchmark(
        "big_requests",
        "bench.big_requests",
        (),
        "four 100 MB bodies at once and a 1 MB header: the answers, and the server's memory",
        in_report=False,
    ),
    Benchmark(
        "table_pages",
        "bench.table_pages",
        (),
        "two headless Chromium pages at one table: from a click on one to the other page showing it",
        in_report=False,
    ),
)


@dataclass
class Outcome:
    benchmark: Benchmark
    rows: Rows = field(default_factory=list)
    problem: str = ""  # why it has no rows, or fewer than its figures
    seconds: float = 0.0
    measured: str = ""  # when, and on what machine


def run(benchmark: Benchmark) -> Outcome:
    command = [sys.executable, "-m", benchmark.module, *benchmark.arguments, *benchmark.hidden_arguments()]
    started = time.monotonic()
    try:
        done = subprocess.run(
            command, cwd=ROOT, capture_output=True, text=True, timeout=benchmark.timeout, stdin=subprocess.DEVNULL
        )
    except subprocess.TimeoutExpired:
        return Outcome(benchmark, problem=f"no answer within {benchmark.timeout:.0f} s", seconds=benchmark.timeout)
    seconds = time.monotonic() - started
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["(nothing on stderr)"])[-1]
        return Outcome(benchmark, problem=f"exit status {done.returncode}: {last}", seconds=seconds)
    try:
        rows = benchmark.rows(done.stdout)
    except (ValueError, KeyError, IndexError, TypeError) as error:
        return Outcome(benchmark, problem=f"its output could not be read ({error})", seconds=seconds)
    expected = len(benchmark.figures)
    problem = ""
    if not rows:
        problem = "none of its figures was found in its output"
    elif expected and len(rows) < expected:
        problem = f"{expected - len(rows)} of its {expected} figures not found in its output"
    return Outcome(benchmark, rows, problem, seconds, f"{datetime.now(UTC):%Y-%m-%d}, {machine()}")


def machine() -> str:
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = " ".join(line.partition(":")[2].split())
                break
    except OSError:
        pass
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    described = (
        f"{cores} cores ({platform.machine()}{', ' + model if model else ''}), Python {platform.python_version()}"
    )
    return described


def escape(text: str) -> str:
    return text.replace("|", "\\|")


@dataclass
class Kept:
    """What the page says of the benchmarks, for a run of some of them to carry over."""

    measured: dict[str, str] = field(default_factory=dict)  # a benchmark's date and machine
    left_out: dict[str, str] = field(default_factory=dict)  # why a benchmark has no rows, or fewer
    full_run: str = ""  # the sentence about the last run of them all
    rows: dict[str, list[str]] = field(default_factory=dict)  # a benchmark's table rows as written


def previous(page: Path) -> Kept:
    """The page as it was (nothing, if there is none)."""
    if not page.exists():
        return Kept()
    text = page.read_text()
    found = KEPT.search(text)
    state = json.loads(found.group(1)) if found else {}
    kept = Kept(state.get("measured", {}), state.get("left_out", {}), state.get("full_run", ""))
    in_table = False
    for line in text.splitlines():
        if line == HEADER:
            in_table = True
        elif in_table and line.startswith("| ---"):
            continue
        elif in_table and line.startswith("| "):
            name = line[2:].partition(" |")[0].strip("` ")
            kept.rows.setdefault(name, []).append(line)
        else:
            in_table = False
    return kept


def page(outcomes: Sequence[Outcome], kept: Kept, note: str) -> str:
    """The whole page: the benchmarks run now, and what ``kept`` says of the others."""
    by_name = {outcome.benchmark.name: outcome for outcome in outcomes}
    table = [HEADER, "| --- | --- | --- | --- |"]
    for benchmark in BENCHMARKS:
        if not benchmark.in_report:
            continue
        outcome = by_name.get(benchmark.name)
        if outcome is None:
            table += kept.rows.get(benchmark.name, [])
            continue
        for figure, value in outcome.rows:
            table.append(
                f"| `{benchmark.name}` | {escape(figure)} | {escape(value)} | `{escape(benchmark.command())}` |"
            )
        if outcome.problem:
            kept.left_out[benchmark.name] = outcome.problem
        else:
            kept.left_out.pop(benchmark.name, None)
        if outcome.rows:
            kept.measured[benchmark.name] = outcome.measured
        else:
            kept.measured.pop(benchmark.name, None)
    left_out = [
        f"- `{b.name}`: {kept.left_out[b.name]} (`{b.command()}`)." for b in BENCHMARKS if b.name in kept.left_out
    ]
    dates: dict[str, list[str]] = {}
    for benchmark in BENCHMARKS:
        if benchmark.name in kept.measured:
            dates.setdefault(kept.measured[benchmark.name], []).append(f"`{benchmark.name}`")
    when = [f"- {', '.join(names)}: {date}" for date, names in dates.items()]
    if len(dates) == 1:
        when = [f"- every row: {next(iter(dates))}"]
    listing = [
        f"- `{benchmark.command() if benchmark.in_report else 'python -m ' + benchmark.module}`: {benchmark.measures}"
        for benchmark in BENCHMARKS
    ]
    lines = [
        "# Performance",
        "",
        "The benchmarks' current figures, one row a figure. The whole page is remade by one command,",
        "",
        "```sh",
        ".venv/bin/python -m bench.report",
        "```",
        "",
        "which runs each benchmark below as a subprocess with the short arguments its row shows",
        "(some 10 minutes on 2 cores, and 20 more for the matches `win_chance` plays), reads the figures it",
        "prints and writes this page again;",
        "`--only NAME` (repeatable) runs some of them and keeps the other rows. A benchmark's own",
        "defaults measure longer and print more than its rows here: run its command without the",
        "arguments, or with `--help`. The figures are what one run gave on one machine, and the",
        "machines these were taken on are shared and noisy: compare runs taken side by side, in",
        "turn, on one machine, rather than a run with this page. No test asserts a figure.",
        "",
        "Measured (the date in UTC; the machine's cores, processor and Python):",
        "",
        *when,
        "",
        "<!-- bench.report: "
        + json.dumps({"measured": kept.measured, "left_out": kept.left_out, "full_run": kept.full_run}, sort_keys=True)
        + " -->",
        "",
        *table,
        "",
    ]
    if left_out:
        lines += ["Not in the table from the last run, with the reason:", "", *left_out, ""]
    if note:
        lines += [note, ""]
    lines += [
        "## The benchmarks",
        "",
        "Each prints its figures and asserts none; each starts what it needs (a server on a free",
        "port, a throw-away SQLite file, or a throw-away database on the PostgreSQL server its",
        "`--postgres` or `--database postgresql` names) and removes it afterwards. The last ones",
        "are not run by the report: long, heavy on the machine, or driving a browser.",
        "",
        *listing,
        "",
        "Also `python -m app.arena --sweep --matches 20 --expert-matches 3 --jobs 2`: every level and",
        "greedy on every preset and on 8 seats of 3x4 grids with two decks, by itself and against",
        "players that never end a hole, reporting the longest hole in turns and any failure",
        "(`--sweep-rules custom`, or `random --rule-sets 20`, for the custom rule sets that once played",
        "on without end, or random valid ones).",
        "",
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.report",
        description=(__doc__ or "").split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    names = [benchmark.name for benchmark in BENCHMARKS if benchmark.in_report]
    parser.add_argument("--only", action="append", choices=names, metavar="NAME", help=f"one of: {', '.join(names)}")
    parser.add_argument("--list", action="store_true", help="list the benchmarks and their commands, run nothing")
    parser.add_argument(
        "--output", default=str(PAGE), help="the page to write ('-': print it); default docs/performance.md"
    )
    args = parser.parse_args(argv)
    if args.list:
        for benchmark in BENCHMARKS:
            mark = "" if benchmark.in_report else "  (listed, not run)"
            print(f"{benchmark.name:20} {benchmark.command()}{mark}\n{'':20} {benchmark.measures}")
        return 0

    chosen = [b for b in BENCHMARKS if b.in_report and (not args.only or b.name in args.only)]
    output = PAGE if args.output == "-" else Path(args.output)
    kept = previous(output) if args.only else Kept()
    started, load_before = time.monotonic(), os.getloadavg()[0]
    outcomes = []
    for benchmark in chosen:
        print(f"{benchmark.command()} ...", file=sys.stderr, flush=True)
        outcome = run(benchmark)
        print(
            f"  {outcome.seconds:.0f} s, {len(outcome.rows)} figures"
            + (f"; {outcome.problem}" if outcome.problem else ""),
            file=sys.stderr,
            flush=True,
        )
        outcomes.append(outcome)
    wall = time.monotonic() - started
    load = f"the machine's load average (one minute) {load_before:.1f} at its start and {os.getloadavg()[0]:.1f} at its end"
    if args.only:
        command = "python -m bench.report" + "".join(f" --only {name}" for name in args.only)
        since = "Since then, " if kept.full_run else ""
        note = f"{kept.full_run} {since}`{command}` remade their rows in {wall / 60:.1f} minutes, {load}.".strip()
    else:
        kept.full_run = f"The last run of them all took {wall / 60:.1f} minutes, {load}."
        note = kept.full_run
    text = page(outcomes, kept, note)
    if args.output == "-":
        sys.stdout.write(text)
    else:
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(text)
        print(f"wrote {output} in {wall:.0f} s", file=sys.stderr)
    return 0 if all(outcome.rows for outcome in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
