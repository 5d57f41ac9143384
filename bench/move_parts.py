"""What a move at a table of four people is made of, side by side in one run.

    python -m bench.move_parts [--moves 60] [--rounds 3]

``bench.play_cost``'s figure 1a is the whole of a move: the mover's page posts it and is
answered the table, and each of the three other pages is sent its own table down its
event stream. This takes it apart, each part measured on a table of its own (four people,
each a browser of its own, the opening reveals made), in rounds taken in turn, with the
server's CPU (user + system, from ``/proc``) per move:

- **whole move**: every page open with its event stream, as ``bench.play_cost`` keeps it;
- **mover's answer**: no page's stream open, so nothing is pushed: only the POST of the
  mover's button (``/t/{code}/play/<command>``) and the table it answers are measured (the
  pages are loaded again between moves, unmeasured, so that the next mover's buttons are
  current);
- **JSON move**: the same kind of move through the JSON API (``/api/tables/{code}/...``),
  no stream open: the move and its JSON answer, no table drawn;
- **bare route**: a FastAPI app of one route (``bench.play_cost``'s), served the same way.

The other pages' share is the whole move less the mover's answer. Figures only: no test
asserts them.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
from pathlib import Path

from bench.play_cost import (
    Browser,
    Meter,
    Table,
    bare_gets,
    cpu_seconds,
    keep_the_hole_going,
    measured_moves,
    new_table,
    page_move,
)
from bench.servers import start_server, stop_server

# A move's CPU read around its POST alone is a few of the clock's 10 ms ticks or none; the
# sum over many moves is what counts. The answer is read, then this long is left for what
# the move sets going after it (nothing, with no stream open).
AFTER_ANSWER_SECONDS = 0.003


async def whole_moves(port: int, pid: int, moves: int, index: int) -> float:
    table = await new_table(port, index, False, reveal=True)
    for page in table.pages:
        await page.open()
    figures = await measured_moves(table, pid, moves)
    for page in table.pages:
        await page.close()
    return figures["cpu"]["server"] / moves * 1000


async def movers_answers(port: int, pid: int, moves: int, index: int) -> float:
    table: Table = await new_table(port, index, False, reveal=True)
    spent = 0.0
    for _ in range(moves):
        for page in table.pages:
            await page.load()
        ready = [
            (page, button) for page in table.pages if page.may_offer_a_move() and (button := page_move(page.buttons))
        ]
        if not ready:
            raise RuntimeError("no page offers a move")
        page, button = ready[0]
        before = cpu_seconds(pid)[0]
        status, _, _ = await page.click(button)
        await asyncio.sleep(AFTER_ANSWER_SECONDS)
        spent += cpu_seconds(pid)[0] - before
        if status != 200:
            raise RuntimeError(f"the move answered {status}")
    for page in table.pages:
        page.browser.close()
    return spent / moves * 1000


async def json_moves(port: int, pid: int, moves: int, index: int) -> float:
    """Moves that keep the hole going, as ``bench.play_cost`` makes a long hole."""
    table = await new_table(port, index, False, reveal=True)
    meter = Meter(pid)
    await keep_the_hole_going(table, moves)
    spent = meter.read()["server"]
    for page in table.pages:
        page.browser.close()
    return spent / moves * 1000


async def rounds(port: int, pid: int, bare_port: int, bare_pid: int, args) -> dict[str, list[float]]:
    figures: dict[str, list[float]] = {"whole move": [], "mover's answer": [], "JSON move": [], "bare route": []}
    bare_browser = Browser(bare_port)
    # A short round of each first, unmeasured: imports and caches.
    await whole_moves(port, pid, 5, 0)
    await movers_answers(port, pid, 5, 1)
    await json_moves(port, pid, 5, 2)
    await bare_gets(bare_pid, 50, bare_browser)
    index = 3
    for _ in range(args.rounds):
        figures["whole move"].append(await whole_moves(port, pid, args.moves, index))
        figures["mover's answer"].append(await movers_answers(port, pid, args.moves, index + 1))
        figures["JSON move"].append(await json_moves(port, pid, args.moves, index + 2))
        await bare_gets(bare_pid, 50, bare_browser)  # awake again after the others' round
        figures["bare route"].append(await bare_gets(bare_pid, 4 * args.moves, bare_browser))
        index += 3
    bare_browser.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=60, help="moves of each kind a round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, each kind in turn")
    args = parser.parse_args()
    logs = Path(tempfile.mkdtemp(prefix="golf-move-parts-"))
    print(f"the machine's load average at the start: {', '.join(f'{n:.1f}' for n in os.getloadavg())}")
    server, base = start_server(
        f"sqlite:///{logs / 'golf.sqlite3'}",
        logs / "server.log",
        "bench-deal-key",
        settings={"GOLF_MAX_STREAMS_PER_ADDRESS": "0"},
    )
    plain, plain_base = start_server("sqlite://", logs / "bare.log", target="bench.play_cost:bare_app")
    try:
        figures = asyncio.run(
            rounds(int(base.rpartition(":")[2]), server.pid, int(plain_base.rpartition(":")[2]), plain.pid, args)
        )
    finally:
        stop_server(server)
        stop_server(plain)
    bare = statistics.median(figures["bare route"])
    print(f"\nserver CPU per move, ms, {args.rounds} rounds of {args.moves} moves (the bare route: per request)")
    for name, values in figures.items():
        middle = statistics.median(values)
        print(
            f"  {name:<15} median {middle:6.2f}  ({', '.join(f'{v:.2f}' for v in values)})  {middle / bare:5.1f}x the bare route"
        )
    others = statistics.median(figures["whole move"]) - statistics.median(figures["mover's answer"])
    print(
        f"  the three other pages' tables (whole move less mover's answer): {others:.2f} ms, "
        f"{others / 3:.2f} ms a page, {others / 3 / bare:.1f}x the bare route each"
    )
    print(f"the machine's load average at the end: {', '.join(f'{n:.1f}' for n in os.getloadavg())}; logs in {logs}")


if __name__ == "__main__":
    main()
