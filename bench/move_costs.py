"""Where a move at a live table of four spends the server's CPU, part by part, in process.

    python -m bench.move_costs [--moves 300] [--seats 4]

The app in this process (a throw-away SQLite file, no HTTP): a table of ``--seats``
people, the opening reveals made, then ``--moves`` moves (a draw from the stock, then the
card swapped into a place already face up, so that the hole never ends), each made as the
mover's page makes it and told to every other page as its event stream tells it, the
functions the routes call called directly, each timed with the thread's own CPU time
(``time.thread_time``):

- the mover's answer: the move itself (:meth:`TableService.act`: the read, the engine,
  the write), the page's model (``online_context``), the table drawn as its parts
  (``draw_table``) and what is sent of it (the parts that changed since the drawing the
  page showed);
- each other page: what its stream reads of the change (``TablePushes.pushed``: the table
  from that seat, with the step), the model, the drawing (once for all the pages given
  the same) and the parts sent.

What this leaves out is the web server's own share: the request's HTTP, the middleware
and the routing, and sending each event down its stream (``bench.live_tables`` measures
the whole; ``bench.fragment_parts`` the share of a refresh). Figures only: no test
asserts them.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.requests import Request

from app.main import create_app
from app.service.tables.notify import Change
from app.settings import Settings
from app.web.tables.drawings import draw_table
from app.web.tables.view_model import online_context


def page_request(app, code: str, browser: str) -> Request:
    """A request as a table page's own stream or move carries it (no cookie: the default speed)."""
    scope = {
        "type": "http",
        "method": "GET",
        "path": f"/t/{code}/events",
        "headers": [(b"host", b"testserver")],
        "query_string": b"",
        "scheme": "http",
        "server": ("testserver", 80),
        "root_path": "",
        "app": app,
        "state": {},
    }
    request = Request(scope)
    request.state.browser_id = browser
    return request


class LiveTable:
    """A table of ``seats`` people in this process, the opening reveals made, every page
    live: :meth:`move` makes one move as the mover's page makes it and tells it to every
    other page as its event stream tells it, each part inside ``timing(label)``."""

    def __init__(self, app, seats: int) -> None:
        host = TestClient(app)
        people = [host] + [TestClient(app) for _ in range(seats - 1)]
        body = {"name": "Bench", "seats": ["host"] + ["open"] * (seats - 1), "host_name": "Ann"}
        code = host.post("/api/tables", json=body).json()["code"]
        for number, person in enumerate(people[1:], start=1):
            person.post(f"/api/tables/{code}/join", json={"name": f"Player {number}"})
        host.post(f"/api/tables/{code}/start", json={})
        for person in people:
            for position in (0, 1):
                person.post(f"/api/tables/{code}/reveal", json={"position": position})
        self.seats, self.code = seats, code
        self.service, self.drawn_tables = app.state.tables, app.state.drawn_tables
        record, _ = self.service.read_with_connected(code)
        self.browsers = [seat.browser for seat in record.seats]
        self.requests = [page_request(app, code, browser) for browser in self.browsers]
        self.tokens: list[str | None] = [None] * seats
        self.sent: collections.Counter[str] = collections.Counter()

    def move(self, number: int, timing: Callable[[str], contextlib.AbstractContextManager]) -> None:
        service, drawn_tables, code, browsers, requests, tokens, sent = (
            self.service,
            self.drawn_tables,
            self.code,
            self.browsers,
            self.requests,
            self.tokens,
            self.sent,
        )
        record, _ = service.read_with_connected(code)
        seat, match = next(
            (s, table["match"])
            for s in range(self.seats)
            if (table := service.table(browsers[s], code))["match"]["legal"]
        )
        kinds = {action["action"] for action in match["legal"]}
        if "draw" in kinds:
            action: dict = {"action": "draw", "source": "stock"}
        else:
            grid = match["players"][0]["grid"]
            action = {"action": "swap", "position": next(i for i, cell in enumerate(grid) if cell["face_up"])}
        shown, seen = record.version, len(record.log)
        # The mover's answer, as the page's move route makes it.
        with timing("mover: the move (read, engine, write, the table from its seat)"):
            outcome = service.act(browsers[seat], code, action, if_match=shown)
        with timing("mover: the page's model"):
            t = online_context(requests[seat], outcome, shown=shown)
        with timing("mover: the table drawn as its parts"):
            drawn = draw_table(requests[seat], t)
            drawn_tables.keep(requests[seat], code, seat, drawn)
        with timing("mover: the parts that changed"):
            html, _ = drawn_tables.since(tokens[seat], drawn)
        sent["mover"] += len(html)
        tokens[seat] = drawn.token
        # Every other page, as its stream tells it the change.
        change = Change(outcome.table["version"], by=seat, number=number)
        for other in range(self.seats):
            if other == seat:
                continue
            with timing("others: the change read (the table from the seat, the step)"):
                pushed = service.pushes.pushed(browsers[other], code, change, shown, seen)
            assert pushed is not None and pushed.outcome is not None
            with timing("others: the page's model"):
                t = online_context(requests[other], pushed.outcome, shown=pushed.drawn_from)
            with timing("others: the table drawn as its parts"):
                drawn = draw_table(requests[other], t)
                drawn_tables.keep(requests[other], code, other, drawn)
            with timing("others: the parts that changed"):
                html, base = drawn_tables.since(tokens[other], drawn)
            sent["others"] += len(html)
            sent["whole"] += base is None
            tokens[other] = drawn.token


def bench_app() -> FastAPI:
    """The app on a throw-away SQLite file, as the benchmarks of a move build it."""
    folder = Path(tempfile.mkdtemp())
    settings = Settings(database_url=f"sqlite:///{folder / 'golf.sqlite3'}", deal_key="bench", rate_limit_enabled=False)
    return create_app(settings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--seats", type=int, default=4)
    args = parser.parse_args()
    app = bench_app()
    with TestClient(app):
        table = LiveTable(app, args.seats)
        cpu: collections.defaultdict[str, float] = collections.defaultdict(float)

        @contextlib.contextmanager
        def timing(label: str) -> Iterator[None]:
            started = time.thread_time()
            yield
            cpu[label] += time.thread_time() - started

        for number in range(30):  # the caches warm, as on a server that has been up a while
            table.move(number + 1, timing)
        cpu.clear()
        table.sent.clear()
        for number in range(args.moves):
            table.move(number + 1000, timing)
        sent = table.sent
    moves = args.moves
    others = args.seats - 1
    print(f"{moves} moves at a table of {args.seats}, every page live (ms of CPU a move, in this process):")
    total = sum(cpu.values())
    for label, seconds in cpu.items():
        print(f"{seconds / moves * 1000:8.3f}  {label}")
    print(f"{total / moves * 1000:8.3f}  in all, the web server's own share left out")
    print(
        f"sent: the mover's answer {sent['mover'] / moves / 1024:.1f} KB, each other page "
        f"{sent['others'] / moves / others / 1024:.1f} KB a move ({sent['whole']} of {moves * others} sent whole)"
    )


if __name__ == "__main__":
    main()
