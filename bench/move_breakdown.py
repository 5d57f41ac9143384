"""Where a move at live tables of four spends the server's CPU, the web server's own share
included: ``bench.live_tables`` profiled.

    python -m bench.move_breakdown [--tables 25] [--seconds 30] [--rate 400]
                                   [--database sqlite|postgresql] [--postgres URL]

One server process on a throw-away SQLite file (``--database postgresql``: two on a
throw-away PostgreSQL database, as ``bench.live_tables`` runs them, each profiled and
their samples counted together), ``--tables`` tables of four people,
every seat's page live on its event stream, a move every 1-2 s at each, played twice as
``bench.live_tables`` plays a step: first as it is, for the server's CPU per move; then
with py-spy (``py-spy record --gil``, ``--rate`` samples a second) attached to the server
for the play alone, for how that CPU divides. ``--gil`` samples the thread that holds the
interpreter's lock, that is, the Python the server runs (``perf`` put 77% of the
server's CPU in the interpreter, 12% in the kernel, the rest in C libraries), each sample
counted in the first part of :data:`PARTS` whose functions are on its stack.

A part's milliseconds are its share of the samples times the CPU per move of the first
run. The shares are a sample (some hundreds to thousands), not a count: a part under 2%
is within the noise. Needs py-spy (the test extras) and leave to trace a child process
(``ptrace``: a container may need ``--cap-add SYS_PTRACE``). Figures only: no test
asserts them.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from bench.live_tables import SEATS, DatabaseCpu, process_cpu, start_servers, step, throwaway_database
from bench.servers import stop_server
from bench.tables_load import raise_file_limit

# What a sample was doing: the first part whose functions (any of them) are on its stack.
# A move's own parts first, then the stack's: what is left of a request or of an event
# stream once the parts of the move inside it are taken out.
PARTS: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    # (part, within any of these functions, then any of these)
    ("mover: the move (read, engine, write)", ("answer_move.",), ("TableService._run", "TableMoves.act")),
    ("mover: the page's model", ("answer_move.",), ("online_context",)),
    ("mover: the table drawn, the parts sent", ("answer_move.",), ("draw_table", "DrawnTables.")),
    ("mover: the rest of the answer", ("answer_move.",), ()),
    ("others: the change read (the table from the seat)", ("page_events.",), ("TablePushes.pushed",)),
    ("others: the page's model", ("page_events.",), ("online_context",)),
    ("others: the table drawn, the parts sent", ("page_events.",), ("draw_table", "DrawnTables.", "fragment_html")),
    ("the session's account looked up", ("SessionAccounts.",), ()),
    (
        "the event streams: waiting, each event made and sent (sse-starlette, the middleware's send)",
        ("EventSourceResponse.", "table_events."),
        (),
    ),
    ("a request's middleware, routing and answer (the move inside it aside)", ("RequestResponseCycle.run_asgi",), ()),
    ("reading requests (HTTP)", ("HttpToolsProtocol.",), ()),
    ("the change handed to every stream", ("Notifier.",), ()),
    ("in the background: sweeps, checkpoints, purges", ("sweep", "checkpoint", "purg"), ()),
    ("handing work to threads and back", ("WorkerThread.run", "run_sync", "to_thread"), ()),
    ("the event loop's own", (), ()),
)
FRAME = re.compile(r"^(.*?) \((.*?)(?::\d+)?\)$")


def part_of(functions: list[str]) -> str:
    """The part a sample's stack (its functions, outermost first) belongs to.

    >>> part_of(["Runner.run", "page_events.<locals>.tell.<locals>.draw", "TablePushes.pushed"])
    'others: the change read (the table from the seat)'
    >>> part_of(["Runner.run", "HttpToolsProtocol.data_received"])
    'reading requests (HTTP)'
    """
    for name, within, then in PARTS:
        start = next((i for i, f in enumerate(functions) if any(w in f for w in within)), None) if within else 0
        if start is not None and (not then or any(f.startswith(t) for f in functions[start:] for t in then)):
            return name
    return PARTS[-1][0]


def shares(raw: Path) -> tuple[collections.Counter[str], int]:
    """Each part's samples in py-spy's raw output (a stack and its count a line)."""
    counted: collections.Counter[str] = collections.Counter()
    total = 0
    for line in raw.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack or not count.isdigit():
            continue
        functions = [(m.group(1) if (m := FRAME.match(frame)) else frame) for frame in stack.split(";")]
        counted[part_of(functions)] += int(count)
        total += int(count)
    return counted, total


@contextlib.contextmanager
def profiled(pid: int, raw: Path, rate: int, spent: list[float]) -> Iterator[None]:
    """py-spy attached to ``pid`` while the block runs, its samples written to ``raw``, and
    the process's CPU seconds meanwhile appended to ``spent``."""
    spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    process = subprocess.Popen(
        [spy, "record", "--pid", str(pid), "--gil", "--rate", str(rate), "--format", "raw"] + ["--output", str(raw)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    before = process_cpu([pid])
    try:
        yield
    finally:
        spent.append(process_cpu([pid]) - before)
        process.send_signal(signal.SIGINT)
        _, errors = process.communicate(timeout=60)
        if not raw.exists():
            raise SystemExit(f"py-spy wrote nothing: {errors.decode().strip()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=25)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--rate", type=int, default=400, help="py-spy's samples a second")
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--postgres", default="postgresql+psycopg://postgres@127.0.0.1:5432/test")
    args = parser.parse_args()
    args.pace = (1.0, 2.0)
    raise_file_limit(3 * SEATS * args.tables + 1024)
    logs = Path(tempfile.mkdtemp(prefix="golf-move-breakdown-"))
    if args.database == "sqlite":
        breakdown(args, f"sqlite:///{logs / 'golf.sqlite3'}", 1, logs)
    else:
        with throwaway_database(args.postgres) as url:
            breakdown(args, url, 2, logs)


def breakdown(args, database_url: str, processes: int, logs: Path) -> None:
    """The step played as it is, then profiled, on ``processes`` servers (two on
    PostgreSQL, as bench.live_tables runs them: every process profiled, their samples
    counted together), and a move's CPU taken apart by the samples' shares."""
    servers = start_servers(database_url, processes, logs)
    ports, pids = [port for _, port in servers], [server.pid for server, _ in servers]
    raws = [logs / f"samples{number}.txt" for number in range(processes)]
    database = DatabaseCpu(database_url if processes > 1 else None)
    spent: list[float] = []

    @contextlib.contextmanager
    def every_server() -> Iterator[None]:
        with contextlib.ExitStack() as stack:
            for pid, raw in zip(pids, raws):
                stack.enter_context(profiled(pid, raw, args.rate, spent))
            yield

    try:
        print("as it is:")
        per_move = asyncio.run(step(ports, pids, database, args.tables, args))
        print("profiled (py-spy):")
        with_spy = asyncio.run(step(ports, pids, database, args.tables, args, every_server))
    finally:
        database.close()
        for server, _ in servers:
            stop_server(server)
    counted: collections.Counter[str] = collections.Counter()
    total = 0
    for raw in raws:
        its_counts, its_total = shares(raw)
        counted += its_counts
        total += its_total
    kind = "SQLite" if processes == 1 else f"PostgreSQL, {processes} processes"
    print()
    print(
        f"where a move's {per_move:.2f} ms of server CPU goes, {args.tables} tables of {SEATS} ({kind}; "
        f"{total} samples over {sum(spent):.1f} s of CPU; the profiled run's CPU per move {with_spy:.2f} ms):"
    )
    for name, _, _ in PARTS:
        share = counted[name] / max(total, 1)
        print(f"{share * per_move:8.2f} ms  {share * 100:5.1f}%  {name}")
    print(f"(samples and the servers' logs in {logs})")


if __name__ == "__main__":
    main()
