"""Where a table page's refresh spends its time: the parts of one fragment request.

    python -m bench.fragment_parts [--requests 400] [--seats 4]

In one process (the app under Starlette's test client, a throw-away SQLite file, rate
limits off): a table of ``--seats`` people, every seat a browser of its own, starts and
each person turns up two cards; then one of them asks for the table's fragment as its page
does after another seat's move (``/t/{code}/table?seen=`` one action back, so the fragment
carries that move's step), ``--requests`` times. Each part's CPU (the thread's own time,
``time.thread_time``) is timed around the functions that do it and printed per request,
with how many times each ran: the read (the row and the seats' connections), the table
described from the seat, the page's model and the templates; and the app's time on the
event loop's thread (the middleware, the routing, sending the answer). The request's whole
CPU, the client's share of it included, is printed beside them. Figures only: no test asserts them.
"""

from __future__ import annotations

import argparse
import collections
import functools
import tempfile
import time
from pathlib import Path

from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings

# (module, owner within it or None, function): the parts timed, outermost first.
PARTS = (
    ("app.web.tables.pages", None, "_render"),
    ("app.web.common", None, "render_fresh"),
    ("app.web.tables.pages", None, "online_context"),
    ("app.service.tables.reads", "TableReading", "refresh"),
    ("app.service.tables.reads", "TableReading", "_read"),
    ("app.store.tables", None, "load_table"),
    ("app.store.table_streams", None, "connected_seats"),
    ("app.service.tables.reads", "TableReading", "_describe"),
    ("app.service.tables.reads", "TableReading", "_state_at"),
    ("app.web.golf.view_model", None, "live_board"),
)


def timing(totals: collections.defaultdict[str, float], counts: collections.Counter[str]) -> None:
    """Wrap each part so that its calls add their CPU to ``totals``."""
    import importlib

    for module_name, owner_name, name in PARTS:
        module = importlib.import_module(module_name)
        owner = getattr(module, owner_name) if owner_name else module
        original = getattr(owner, name)
        label = f"{module_name}.{owner_name + '.' if owner_name else ''}{name}"

        def timed(*args, _original=original, _label=label, **kwargs):
            started = time.thread_time()
            try:
                return _original(*args, **kwargs)
            finally:
                totals[_label] += time.thread_time() - started
                counts[_label] += 1

        setattr(owner, name, functools.wraps(original)(timed))
        # The pages call some parts by the name they imported: wrap those names too.
        for other in ("app.web.tables.pages", "app.web.common"):
            imported = importlib.import_module(other)
            if getattr(imported, name, None) is original:
                setattr(imported, name, getattr(owner, name))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--seats", type=int, default=4)
    args = parser.parse_args()
    totals: collections.defaultdict[str, float] = collections.defaultdict(float)
    counts: collections.Counter[str] = collections.Counter()
    timing(totals, counts)
    folder = Path(tempfile.mkdtemp())
    settings = Settings(database_url=f"sqlite:///{folder / 'golf.sqlite3'}", deal_key="bench", rate_limit_enabled=False)
    app = create_app(settings)
    served = {"cpu": 0.0}

    async def measured(scope, receive, send):
        # The event loop's thread: the middleware, the routing and the answer's sending
        # (the endpoint runs in a worker thread, timed by its parts above).
        started = time.thread_time()
        try:
            await app(scope, receive, send)
        finally:
            served["cpu"] += time.thread_time() - started

    with TestClient(app) as host:
        people = [host] + [TestClient(measured) for _ in range(args.seats - 1)]  # people[1] is measured
        seats = ["host"] + ["open"] * (args.seats - 1)
        code = host.post("/api/tables", json={"name": "Bench", "seats": seats, "host_name": "Ann"}).json()["code"]
        for number, person in enumerate(people[1:], start=1):
            person.post(f"/api/tables/{code}/join", json={"name": f"Player {number}"})
        host.post(f"/api/tables/{code}/start", json={})
        for person in people:
            for position in (0, 1):
                person.post(f"/api/tables/{code}/reveal", json={"position": position})
        moves = 2 * args.seats
        reader = people[1]
        url = f"/t/{code}/table?seen={moves - 1}"
        for _ in range(30):  # the caches warm, as on a server that has been up a while
            assert reader.get(url).status_code == 200
        totals.clear()
        counts.clear()
        served["cpu"] = 0.0
        started = time.process_time()
        for _ in range(args.requests):
            reader.get(url)
        whole = (time.process_time() - started) / args.requests * 1000
    print(f"{args.requests} fragment requests at a table of {args.seats}, one step each (ms of CPU a request):")
    print(f"{whole:8.3f}  the whole request, the test client's own share included")
    print(
        f"{served['cpu'] / args.requests * 1000:8.3f}  the app on the event loop's thread: middleware, routing, sending"
    )
    for label, total in sorted(totals.items(), key=lambda item: -item[1]):
        print(f"{total / args.requests * 1000:8.3f}  {label} (x{counts[label] / args.requests:.1f})")


if __name__ == "__main__":
    main()
