"""The server's CPU for a move at one live table of four, the moves made one at a time:
a steadier figure than ``bench.live_tables``' (a run's rounds agree within a few
percent, two runs within some 5% here), to compare two versions of the code run in
turn (A, B, A, B); or, ``--callgrind``, the
instructions of it, counted by Valgrind's callgrind, which the machine's load does not
move at all but which leave out what a timing sees beside them (the kernel's share,
threads waiting on each other for the interpreter's lock).

    python -m bench.move_cpu [--moves 200] [--warm 20] [--rounds 2]
    python -m bench.move_cpu --callgrind [--moves 20] [--warm 10] [--keep callgrind.out]

The app's server (uvicorn, one process, a throw-away SQLite file) serves a table of four
people, every seat's page open live on its event stream, made as ``bench.live_tables``
makes them; the moves are played one at a time (a draw from the stock, then the card
swapped into a place already face up), each page showing the move before the next is
made, so that nothing but the moves' own work is measured: the mover's request and every
page's event, the web server's share included. After ``--warm`` moves, the server's CPU
(user and system time, from ``/proc``) over the ``--moves`` that follow, per move; each of
``--rounds`` rounds a fresh server. Beside it, how soon a move is seen (medians over the
rounds): its answer to the mover, and the last of the other pages showing it (the table
its event brought, drawn).

With ``--callgrind`` the server runs under ``valgrind --tool=callgrind
--instr-atstart=no``, and counting is switched on (``callgrind_control``) for the moves
alone, every thread of the server counted; its idle work meanwhile (the event loop's
ticks, the sweeps) is counted too, well under a hundredth of a move. Needs valgrind.
Figures only: no test asserts them.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from bench.live_tables import new_table, process_cpu
from bench.play_cost import Table
from bench.servers import free_port, start_server, stop_server


def callgrind(pid: int, *arguments: str) -> None:
    """``callgrind_control`` asked of the server (it answers between two of its threads' steps)."""
    subprocess.run(["callgrind_control", *arguments, str(pid)], check=True, capture_output=True)


async def one_move(table: Table) -> None:
    """A move, and every page showing it."""
    if not await table.move():
        raise RuntimeError("no page offers a move")
    await table.settle(max(page.shown for page in table.pages))


@dataclass
class Round:
    cpu: float  # the server's CPU seconds over the moves
    answers: list[float]  # ms from each move's sending to its answer
    shown: list[float]  # ms from each move's sending to the last other page showing it


async def play(port: int, pid: int, warm: int, moves: int, callgrind_on: bool) -> Round:
    """The server's CPU over ``moves`` moves, after ``warm`` moves, and how soon each was seen."""
    table = await new_table([port], 0)
    for page in table.pages:
        await page.open()
    try:
        for _ in range(warm):  # the caches warm, as on a server that has been up a while
            await one_move(table)
        if callgrind_on:
            callgrind(pid, "--instr=on")
        before = process_cpu([pid])
        for _ in range(moves):
            await one_move(table)
        spent = process_cpu([pid]) - before
        if callgrind_on:
            callgrind(pid, "--instr=off")
            callgrind(pid, "--dump")
        shown, _ = table.delivery_ms(drawn=True)
        return Round(spent, table.answers[warm:], shown[warm:])
    finally:
        for page in table.pages:
            await page.close()


def served(folder: Path, args, wrapper: tuple[str, ...] = ()) -> Round:
    """One round: a fresh server, its CPU over the moves."""
    port = free_port()
    server, _ = start_server(
        f"sqlite:///{folder / 'golf.sqlite3'}", folder / "server.log", port=port, wrapper=wrapper, start_seconds=600
    )
    try:
        return asyncio.run(play(port, server.pid, args.warm, args.moves, bool(wrapper)))
    finally:
        stop_server(server)


def instructions(args) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        out = folder / "callgrind.out"
        wrapper = ("valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}")
        served(folder, args, wrapper)
        dumps = sorted(folder.glob("callgrind.out.*"))
        if args.keep and dumps:
            shutil.copy(dumps[0], args.keep)
        found = re.search(r"^totals: (\d+)", dumps[0].read_text(), re.MULTILINE) if dumps else None
        if found is None:
            sys.exit("callgrind counted nothing")
    print(f"{args.moves} moves at a live table of four, one at a time, the whole server counted by callgrind:")
    print(f"{int(found.group(1)) / args.moves / 1e6:.2f}M instructions a move (the web server's share included)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--callgrind", action="store_true", help="count the instructions instead")
    parser.add_argument("--moves", type=int, help="moves measured (200; under callgrind 20)")
    parser.add_argument("--warm", type=int, help="moves before (20; under callgrind 10)")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--keep", type=Path, help="where to copy callgrind's output, for callgrind_annotate")
    args = parser.parse_args()
    args.moves = args.moves or (20 if args.callgrind else 200)
    args.warm = args.warm or (10 if args.callgrind else 20)
    if args.callgrind:
        if shutil.which("valgrind") is None or shutil.which("callgrind_control") is None:
            sys.exit("valgrind is needed (apt-get install valgrind)")
        instructions(args)
        return
    rounds = []
    for _ in range(args.rounds):
        with tempfile.TemporaryDirectory() as name:
            rounds.append(served(Path(name), args))
    cpu = [one.cpu / args.moves * 1000 for one in rounds]
    answers = [ms for one in rounds for ms in one.answers]
    shown = [ms for one in rounds for ms in one.shown]
    print(f"{args.moves} moves at a live table of four, one at a time, {args.rounds} rounds:")
    print(f"server CPU per move: {min(cpu):.2f} ms (rounds: {', '.join(f'{r:.2f}' for r in cpu)})")
    print(f"the mover's answer: median {statistics.median(answers):.1f} ms")
    print(f"the last other page showing the move: median {statistics.median(shown):.1f} ms")


if __name__ == "__main__":
    main()
