"""The CPU instructions a move at a live table of four costs the server, counted by
Valgrind's callgrind: a figure the machine's load does not move, to compare two versions
of the code where timings on a shared machine differ by more than the change.

    python -m bench.move_instructions [--moves 30] [--seats 4]

The same table and moves as ``bench.move_costs`` (the mover's answer and every other
page's, in process, the web server's own share left out), run under
``valgrind --tool=callgrind --instr-atstart=no``: only the moves after the warm-up are
counted, between callgrind's start and stop of instrumentation, and only in the thread
that makes them, asked for through a
small helper compiled from ``valgrind/callgrind.h`` (needs valgrind, its headers and a C
compiler). Run already under callgrind it counts the same moves and leaves the figure in
callgrind's output file (``callgrind_annotate`` reads it). Figures only: no test asserts
them.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

INSIDE = "GOLF_MOVE_INSTRUCTIONS_INSIDE"  # set by the run that started valgrind
HELPER = r"""
#include <valgrind/callgrind.h>
int golf_on_valgrind(void) { return RUNNING_ON_VALGRIND; }
void golf_start(void) { CALLGRIND_ZERO_STATS; CALLGRIND_START_INSTRUMENTATION; }
void golf_stop(void) { CALLGRIND_STOP_INSTRUMENTATION; }
"""


def helper(folder: Path) -> ctypes.CDLL:
    """callgrind's client requests, compiled into a library of three functions."""
    source, library = folder / "callgrind_helper.c", folder / "callgrind_helper.so"
    source.write_text(HELPER)
    subprocess.run(["cc", "-O1", "-shared", "-fPIC", "-o", str(library), str(source)], check=True)
    return ctypes.CDLL(str(library))


def counted(moves: int, seats: int, requests: ctypes.CDLL) -> None:
    """The moves, the warm-up left out of the count."""
    from fastapi.testclient import TestClient

    from bench.move_costs import LiveTable, bench_app

    app = bench_app()
    with TestClient(app):
        table = LiveTable(app, seats)

        @contextlib.contextmanager
        def untimed(label: str) -> Iterator[None]:
            yield

        for number in range(30):  # the caches warm, as on a server that has been up a while
            table.move(number + 1, untimed)
        requests.golf_start()
        for number in range(moves):
            table.move(number + 1000, untimed)
        requests.golf_stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--seats", type=int, default=4)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        requests = helper(Path(folder))
        if requests.golf_on_valgrind():
            counted(args.moves, args.seats, requests)
            if not os.environ.get(INSIDE):
                print(f"{args.moves} moves counted: their instructions are callgrind's totals (callgrind_annotate)")
            return
        if shutil.which("valgrind") is None:
            sys.exit("valgrind is needed (apt-get install valgrind)")
        out = Path(folder) / "callgrind.out"
        command = [
            "valgrind",
            "--tool=callgrind",
            "--instr-atstart=no",
            "--separate-threads=yes",
            f"--callgrind-out-file={out}",
            sys.executable,
            "-m",
            "bench.move_instructions",
            *("--moves", str(args.moves), "--seats", str(args.seats)),
        ]
        subprocess.run(command, check=True, env={**os.environ, INSIDE: "1"}, stderr=subprocess.DEVNULL)
        # The moves' own thread alone: the app's other threads (its event loop, its sweeps)
        # do more or less as the machine is slower or quicker.
        found = re.search(r"^totals: (\d+)", Path(f"{out}-01").read_text(), re.MULTILINE)
        if found is None:
            sys.exit("callgrind counted nothing")
    instructions = int(found.group(1)) / args.moves
    print(f"{args.moves} moves at a table of {args.seats}, every page live, counted by callgrind:")
    print(f"{instructions / 1e6:.2f}M instructions a move (the web server's own share left out)")


if __name__ == "__main__":
    main()
