"""What a move costs: the figures the product is judged by, side by side in one run.

    python -m bench.play_cost [--moves 20] [--long-actions 2000] [--requests 200]
                              [--tables 100] [--seconds 30] [--fetch-every-event]

Starts the real server (``python -m uvicorn app.main:app``, one process, a throw-away
SQLite file, rate limits off) and a bare FastAPI app of one route served the same way,
each as a subprocess, then measures:

1. A move at an online table of four people, every seat a person with a browser session
   of its own, each with the table's page open as a page keeps it: its event stream
   (the ``sse-connect`` of the page, ``/t/{code}/events?...``) open, and on each
   ``event: table`` (unless it names a version the page already shows and carries no
   ``"seats": true``) the table the event carries when it is drawn for the version the
   page shows (``drawn_from``), else a GET of the table's fragment at the URL of the
   ``hx-get`` of ``#table`` in the last HTML the page got, with the headers HTMX sends
   (``HX-Request``, the ``If-Match`` of ``hx-headers``); a 204 is "nothing changed".
   With ``--api-stream`` the pages listen to the JSON API's stream
   (``/api/tables/{code}/events``), which carries no table, and always fetch. The seat that moves clicks a button of its page: a POST to the
   button's ``hx-post`` (``/t/{code}/play/<command>``) of the table form's fields
   (``version``, ``seen``) and the button's own name and value, as HTMX sends it. The
   server's CPU time (user + system, /proc/<pid>/stat) and its child processes' (the
   reviews, the computers' thinking: the live ones' own time and the waited-for ones')
   per move, every seat's requests included: (a) early in a hole (``--moves`` moves after
   the opening reveals, about 20 actions in the log) and (b) late in a long hole (about
   ``--long-actions`` actions). The hole is made long with the standard rules: every
   turn draws from the stock and swaps the card into a place already face up, so the
   hole never ends (the stock is reshuffled from the discards as often as it runs out).
   The long hole is reached through the JSON API, the pages asleep meanwhile; then each
   page is loaded again and the ``--moves`` moves are measured as in (a).
2. A single-player JSON action (``/api/match``, the greedy player's choice, a new match
   when one ends) against the bare route (``GET /healthz`` of a FastAPI app of that one
   route): the server's CPU per request of each, and their ratio.
3. From sending a move to every other seat's event (the slowest of the three streams),
   and to every other seat's page showing it (the table its event brought, or the one it
   fetched after the event):
   p50 and p99 at one table of four (the moves of 1, one after another) and at
   ``--tables`` tables of four at a person's pace (one move per table every 2 to 3 s,
   the opening reveals made before) on one server process, for ``--seconds``.

They are measured in the order 1, 3, 2: the reviews of the holes that 2 ends are made
afterwards in child processes (counted in 2, as they finish), and would fall into 3.

``--fetch-every-event``: the pages fetch their fragment on every event, as the page did
before it skipped the versions it already shows (the server answers 204 when nothing
changed).

The client is asyncio over plain sockets (one keep-alive connection per browser, one
socket per event stream); its own CPU is printed beside the server's. Figures only: no
test asserts them.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import resource
import tempfile
import time
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlencode

from fastapi import FastAPI

from app.players.greedy import GreedyPlayer
from app.web.golf.move_routes import PATHS
from bench.pagetree import element_span, put_parts_quickly
from bench.servers import AsyncEventStream, start_server, stop_server
from bench.tables_load import gather_bounded, percentile, raise_file_limit

HOST = "127.0.0.1"
WAIT_SECONDS = 20  # the longest any one step may take before the run gives up
LATE_SECONDS = 5  # an event not seen this long after its move counts as missed
ROUTES = PATHS
TICK = os.sysconf("SC_CLK_TCK")

# The bare app of part 2: one route, served by uvicorn as the real app is.
bare_app = FastAPI()


@bare_app.get("/healthz")
def bare_route() -> dict:
    return {"ok": True}


# ---------------------------------------------------------------- CPU from /proc


def _stat(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()


def _descendants(pid: int) -> list[int]:
    """The live processes under ``pid`` (children, their children, ...)."""
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError):
                parents.setdefault(int(_stat(int(entry))[1]), []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def cpu_seconds(pid: int) -> tuple[float, float]:
    """(the process's own user + system seconds, its descendants'): the live ones' own
    time and their waited-for children's, and the time of the children it waited for."""
    fields = _stat(pid)
    own = int(fields[11]) + int(fields[12])
    children = int(fields[13]) + int(fields[14])
    for child in _descendants(pid):
        with contextlib.suppress(OSError):  # gone meanwhile: counted in its parent's from now on
            cf = _stat(child)
            children += int(cf[11]) + int(cf[12]) + int(cf[13]) + int(cf[14])
    return own / TICK, children / TICK


class Meter:
    """The server's and the client's CPU over a stretch of the run."""

    def __init__(self, pid: int):
        self.pid = pid
        self.server = cpu_seconds(pid)
        self.client = self._client()
        self.wall = time.perf_counter()

    @staticmethod
    def _client() -> float:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime

    def read(self) -> dict:
        own, children = cpu_seconds(self.pid)
        return {
            "server": own - self.server[0],
            "children": children - self.server[1],
            "client": self._client() - self.client,
            "wall": time.perf_counter() - self.wall,
        }

    async def children_done(self, reading: dict, longest: float = 30) -> dict:
        """``reading`` with the child processes' time once they have finished what the
        stretch set going (a review is made after the hole's last move is answered):
        once a second passes without their time growing, or after ``longest`` seconds."""
        deadline = time.perf_counter() + longest
        before = cpu_seconds(self.pid)[1]
        while time.perf_counter() < deadline:
            await asyncio.sleep(1)
            now = cpu_seconds(self.pid)[1]
            if now == before:
                break
            before = now
        return {**reading, "children": before - self.server[1]}


# ---------------------------------------------------------------- the client


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes


class Browser:
    """One browser: its session cookie and one keep-alive HTTP/1.1 connection (a page
    sends one request at a time)."""

    def __init__(self, port: int):
        self.port = port
        self.cookie: str | None = None
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def request(
        self,
        method: str,
        path: str,
        headers: dict[str, str] | None = None,
        body: bytes = b"",
        content_type: str | None = None,
    ) -> Answer:
        """The answer; the connection is made again once if the server had closed it."""
        reused = self._writer is not None
        try:
            return await asyncio.wait_for(self._request(method, path, headers or {}, body, content_type), WAIT_SECONDS)
        except (ConnectionError, asyncio.IncompleteReadError):
            if not reused:
                raise
            return await asyncio.wait_for(self._request(method, path, headers or {}, body, content_type), WAIT_SECONDS)

    async def json(self, method: str, path: str, payload: dict | None = None) -> tuple[int, dict]:
        answer = await self.request(
            method,
            path,
            body=b"" if payload is None else json.dumps(payload).encode(),
            content_type=None if payload is None else "application/json",
        )
        return answer.status, (json.loads(answer.body) if answer.body else {})

    async def _request(
        self, method: str, path: str, headers: dict[str, str], body: bytes, content_type: str | None
    ) -> Answer:
        if self._reader is None or self._writer is None:
            self._reader, self._writer = await asyncio.open_connection(HOST, self.port)
        reader, writer = self._reader, self._writer
        head = [f"{method} {path} HTTP/1.1", f"Host: {HOST}:{self.port}", f"Content-Length: {len(body)}"]
        if content_type:
            head.append(f"Content-Type: {content_type}")
        if self.cookie:
            head.append(f"Cookie: golf_session={self.cookie}")
        head += [f"{name}: {value}" for name, value in headers.items()]
        writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + body)
        try:
            status_line = await reader.readline()
            if not status_line:
                raise ConnectionError("closed before the answer")
            status = int(status_line.split()[1])
            answer_headers: dict[str, str] = {}
            while (line := await reader.readline()) not in (b"\r\n", b""):
                name, _, value = line.decode("latin-1").partition(":")
                name, value = name.strip().lower(), value.strip()
                answer_headers[name] = value
                if name == "set-cookie" and value.startswith("golf_session="):
                    self.cookie = value.partition("=")[2].partition(";")[0]
            if answer_headers.get("transfer-encoding") == "chunked":
                data = b""
                while size := int((await reader.readline()).split(b";")[0], 16):
                    data += await reader.readexactly(size)
                    await reader.readline()
                await reader.readline()
            else:
                data = await reader.readexactly(int(answer_headers.get("content-length", 0)))
        except BaseException:
            self.close()
            raise
        if answer_headers.get("connection", "").lower() == "close":
            self.close()
        return Answer(status, answer_headers, data)

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
            self._writer = None
            self._reader = None


@dataclass
class Button:
    url: str  # its hx-post
    name: str | None
    value: str | None
    classes: list[str]

    @property
    def command(self) -> str:
        return self.url.rstrip("/").rpartition("/")[2]


class TableHtml(HTMLParser):
    """What the page reads of its HTML: ``#table``'s attributes, and the table form's
    hidden fields and enabled buttons (those with an ``hx-post``)."""

    def __init__(self) -> None:
        super().__init__()
        self.table: dict[str, str | None] | None = None
        self.stream: str | None = None  # the sse-connect of a whole page
        self.fields: list[tuple[str, str]] = []
        self.buttons: list[Button] = []
        self._in_form = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id") == "table" and self.table is None:
            self.table = a
        if a.get("sse-connect"):
            self.stream = a["sse-connect"]
        if tag == "form":
            self._in_form = "table-form" in (a.get("class") or "").split()
        elif not self._in_form:
            return
        elif tag == "input" and a.get("type") == "hidden" and a.get("name"):
            self.fields.append((a["name"] or "", a.get("value") or ""))
        elif tag == "button" and a.get("hx-post") and "disabled" not in a:
            self.buttons.append(
                Button(a["hx-post"] or "", a.get("name"), a.get("value"), (a.get("class") or "").split())
            )

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._in_form = False


# An hx-post of a move page_move makes; a page without one offers none of them.
MOVE_BUTTON = re.compile(r'hx-post="[^"]*/play/(?:reveal|draw|swap)"')


def page_move(buttons: list[Button]) -> Button | None:
    """The move this benchmark's person makes from the buttons on her page: the opening
    reveals, then draw from the stock and swap the card into a place already face up
    (so the hole never ends); None when the page offers no move."""
    for command, wanted in (("reveal", None), ("draw", "stock"), ("swap", "up")):
        for button in buttons:
            if button.command != command:
                continue
            if wanted is None or button.value == wanted or wanted in button.classes:
                return button
    return None


class Page:
    """A table's page in one browser: its event stream, and its HTML as HTMX keeps it."""

    def __init__(self, browser: Browser, code: str, fetch_every_event: bool, api_stream: bool = False):
        self.browser, self.code, self.fetch_every_event = browser, code, fetch_every_event
        self.api_stream = api_stream  # the JSON API's stream, which sends no table: the page fetches
        self.stream_path: str | None = None
        self.announced = -1
        self.queue: asyncio.Queue = asyncio.Queue()
        self.stream: AsyncEventStream | None = None
        self.shown = -1
        self._html = ""  # the HTML last drawn, read (parsed) when its buttons are wanted
        self.table = ""  # the #table element in it, what parts are put into
        self.token: str | None = None  # the drawing the page shows (app/web/tables/drawings.py)
        self.drawn_at: dict[int, float] = {}  # when the page first showed each version
        self._parsed: TableHtml | None = None
        self.asleep = False
        self.working = False
        self.lock = asyncio.Lock()  # one request at a time, as hx-sync="this:drop" keeps it
        self.counts = {"sent": 0, "fetched": 0, "unchanged": 0, "skipped": 0, "failed": 0}
        self._task: asyncio.Task | None = None

    def read(self, html: str, token: str | None = None, base: str | None = None) -> None:
        """The page draws ``html`` (the table whole, or, ``base``, the parts that changed
        since the drawing it shows), the drawing ``token``: its version at once, the rest
        when it is wanted (a browser draws natively; parsing it here, at once, would hold
        up this client's reading of the other streams, and so the times measured)."""
        if base is not None:
            if base != self.token:
                raise RuntimeError("parts drawn from another drawing than the page shows")
            html = self.table = put_parts_quickly(self.table, html)
        else:
            span = element_span(html, "table")
            self.table = html[span[0] : span[1]] if span else ""
        version = re.search(r'id="table"[^>]*?data-version="(\d+)"', html, re.S)
        if version is None:
            raise RuntimeError(f"no #table with a version in the page's HTML: {html[:300]!r}")
        self.shown, self._html, self._parsed, self.token = int(version.group(1)), html, None, token
        self.drawn_at.setdefault(self.shown, time.perf_counter())

    def _read_whole(self) -> TableHtml:
        if self._parsed is None:
            parsed = TableHtml()
            parsed.feed(self._html)
            if parsed.table is None or not parsed.table.get("hx-get"):
                raise RuntimeError(f"no #table with an hx-get in the page's HTML: {self._html[:300]!r}")
            if parsed.stream:
                self.stream_path = parsed.stream.replace("&amp;", "&")
            self._parsed = parsed
        return self._parsed

    def may_offer_a_move(self) -> bool:
        """Whether the HTML drawn holds a button of a move :func:`page_move` makes, found
        without parsing it: the seats not to act skip the parse (some 3 to 6 ms of this
        client's time a page, four pages a move), which would hold up its reading of the
        other streams, and so the times measured."""
        return MOVE_BUTTON.search(self._html) is not None

    @property
    def url(self) -> str:
        table = self._read_whole().table or {}
        return table.get("hx-get") or ""

    @property
    def headers(self) -> dict[str, str]:
        table = self._read_whole().table or {}
        return json.loads(table.get("hx-headers") or "{}")

    @property
    def fields(self) -> list[tuple[str, str]]:
        return self._read_whole().fields

    @property
    def buttons(self) -> list[Button]:
        return self._read_whole().buttons

    @property
    def seen(self) -> int:
        return int(dict(self.fields).get("seen", 0))

    def htmx_headers(self) -> dict[str, str]:
        return {
            "HX-Request": "true",
            "HX-Target": "table",
            "HX-Current-URL": f"http://{HOST}:{self.browser.port}/t/{self.code}",
            **self.headers,
            **({"Golf-Drawn": self.token} if self.token else {}),
        }

    async def open(self) -> None:
        """The page load, then its event stream (as the SSE extension opens it)."""
        await self.load()
        assert self.browser.cookie is not None
        self._read_whole()  # the page's stream is named in it
        path = None if self.api_stream else self.stream_path
        self.stream = AsyncEventStream(
            self.browser.port, self.browser.cookie, self.code, self.queue, WAIT_SECONDS, path=path
        )
        await self.stream.open()
        self._task = asyncio.create_task(self.follow())

    async def load(self) -> None:
        async with self.lock:
            answer = await self.browser.request("GET", f"/t/{self.code}")
        if answer.status != 200:
            raise RuntimeError(f"the page answered {answer.status}")
        html = answer.body.decode()
        drawn = re.search(r'data-drawn="([0-9a-f]+)"', html)
        self.read(html, drawn.group(1) if drawn else None)

    def _wanted(self, batch: list[dict]) -> bool:
        """Whether news the page could not show from what the stream sent calls for the table."""
        return any(self.fetch_every_event or told.get("seats") or told["version"] > self.shown for told in batch)

    def _sent(self, told: dict) -> bool:
        """Whether the stream sent the table with this news, drawn for what the page
        shows (as tables.js takes it)."""
        return bool(
            told.get("html") and told.get("drawn_from") == self.shown and told.get("base") in (None, self.token)
        )

    def answered(self, answer: Answer) -> bool:
        """The page draws an answer (the table whole, or its parts); False when the parts
        do not fit the drawing it shows (it then asks for the whole table)."""
        base = answer.headers.get("golf-drawn-from")
        if base is not None and base != self.token:
            return False
        self.read(answer.body.decode(), answer.headers.get("golf-drawn"), base)
        return True

    async def follow(self) -> None:
        """On each event, the table the stream sent with it, else the fragment fetched
        (one request at a time: events that come while a request is under way are looked
        at once it is answered, as tables.js does)."""
        while True:
            batch = [await self.queue.get()]
            self.working = True
            while not self.queue.empty():
                batch.append(self.queue.get_nowait())
            self.announced = max([self.announced, *(told["version"] for told in batch)])
            if self.asleep:
                self.working = False
                continue
            async with self.lock:
                # Each table the stream sent, in turn, as the page takes each event as it comes.
                unseen = []
                for told in batch:
                    if not self.fetch_every_event and self._sent(told):
                        self.counts["sent"] += 1
                        self.read(told["html"], told.get("drawn"), told.get("base"))
                    else:
                        unseen.append(told)
                if not self._wanted(unseen):
                    self.counts["skipped"] += 1
                else:
                    try:
                        answer = await self.browser.request(
                            "GET", self.url, {**self.htmx_headers(), "HX-Trigger": "table"}
                        )
                    except (TimeoutError, OSError, asyncio.IncompleteReadError):
                        answer = Answer(0, {}, b"")  # no answer within WAIT_SECONDS, or the connection lost
                    if answer.status == 200 and self.answered(answer):
                        self.counts["fetched"] += 1
                    elif answer.status == 204:
                        self.counts["unchanged"] += 1
                    else:
                        self.counts["failed"] += 1
            self.working = self.queue.qsize() > 0

    def idle(self) -> bool:
        return not self.working and self.queue.empty() and not self.lock.locked()

    async def click(self, button: Button) -> tuple[int, float, float]:
        """The button's POST as HTMX sends it; (its status, when it was sent, when answered)."""
        fields = list(self.fields)
        if button.name:
            fields.append((button.name, button.value or ""))
        async with self.lock:
            sent = time.perf_counter()
            answer = await self.browser.request(
                "POST", button.url, self.htmx_headers(), urlencode(fields).encode(), "application/x-www-form-urlencoded"
            )
            answered = time.perf_counter()
            if answer.body and not self.answered(answer):
                self.token = None  # the whole table, then
                whole = await self.browser.request("GET", self.url, self.htmx_headers())
                self.answered(whole)
        return answer.status, sent, answered

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self.stream is not None:
            await self.stream.close()
        self.browser.close()


@dataclass
class Table:
    code: str
    pages: list[Page]
    moves: list[tuple[float, int, int]] = field(default_factory=list)  # (sent, version, seat)
    answers: list[float] = field(default_factory=list)  # ms from sending each move to its answer
    refused: dict[int, int] = field(default_factory=dict)

    def settled(self, version: int) -> bool:
        return all(
            p.shown >= version and p.stream is not None and p.stream.latest >= version and p.idle() for p in self.pages
        )

    async def settle(self, version: int) -> None:
        deadline = time.perf_counter() + WAIT_SECONDS
        while not self.settled(version):
            if time.perf_counter() > deadline:
                raise RuntimeError(f"the pages did not all come to version {version}")
            await asyncio.sleep(0.002)

    async def move(self, rng: random.Random | None = None) -> bool:
        """One move by a seat whose page offers one; False when none does."""
        ready = [
            (seat, page, button)
            for seat, page in enumerate(self.pages)
            if page.may_offer_a_move() and (button := page_move(page.buttons)) is not None
        ]
        if not ready:
            return False
        seat, page, button = rng.choice(ready) if rng else ready[0]
        status, sent, answered = await page.click(button)
        if status == 200:
            self.moves.append((sent, page.shown, seat))
            self.answers.append((answered - sent) * 1000)
        else:
            self.refused[status] = self.refused.get(status, 0) + 1
        return status == 200

    def delivery_ms(self, drawn: bool = False) -> tuple[list[float], int]:
        """For each move, from its sending to the last of the other seats' events (or,
        ``drawn``, to the last of them showing it: the table the event brought, or the
        one fetched after it); and the events missed (none within LATE_SECONDS)."""
        every, missed = [], 0
        for sent, version, seat in self.moves:
            arrivals = []
            for other, page in enumerate(self.pages):
                if other == seat:
                    continue
                assert page.stream is not None
                at = (
                    min((t for v, t in page.drawn_at.items() if v >= version), default=None)
                    if drawn
                    else page.stream.announced_at(version)
                )
                if at is None or at - sent > LATE_SECONDS:
                    missed += 1
                else:
                    arrivals.append(at - sent)
            if len(arrivals) == len(self.pages) - 1:
                every.append(max(arrivals) * 1000)
        return every, missed


async def new_table(
    port: int, index: int, fetch_every_event: bool, reveal: bool = False, api_stream: bool = False
) -> Table:
    """A table of four people (each its own browser), the match started, nobody's page
    open; with ``reveal``, every seat's two opening reveals made (through the JSON API)."""
    browsers = [Browser(port) for _ in range(4)]
    status, table = await browsers[0].json(
        "POST", "/api/tables", {"name": f"Bench {index}", "seats": ["host", "open", "open", "open"]}
    )
    assert status == 201, table
    code = table["code"]
    for i, guest in enumerate(browsers[1:], 1):
        status, answer = await guest.json("POST", f"/api/tables/{code}/join", {"name": f"Guest {i}"})
        assert status == 200, answer
    status, answer = await browsers[0].json("POST", f"/api/tables/{code}/start")
    assert status == 200, answer
    for browser in browsers if reveal else []:
        for position in (0, 1):
            status, answer = await browser.json("POST", f"/api/tables/{code}/reveal", {"position": position})
            assert status == 200, answer
    return Table(code, [Page(b, code, fetch_every_event, api_stream) for b in browsers])


# ---------------------------------------------------------------- the phases


def per_move(cpu: dict, moves: int) -> str:
    return (
        f"server {cpu['server'] / moves * 1000:6.1f} ms, its child processes {cpu['children'] / moves * 1000:5.1f} ms, "
        f"this client {cpu['client'] / moves * 1000:5.1f} ms"
    )


def spread(values: list[float]) -> str:
    if not values:
        return "none"
    return f"p50 {percentile(values, 0.5):6.1f} ms, p99 {percentile(values, 0.99):6.1f} ms, worst {max(values):6.1f} ms"


def counts(pages: list[Page]) -> str:
    total = {k: sum(p.counts[k] for p in pages) for k in ("sent", "fetched", "unchanged", "skipped", "failed")}
    return (
        f"tables sent down the stream {total['sent']}, fragments fetched {total['fetched']}, "
        f"answered 204 {total['unchanged']}, events skipped "
        f"{total['skipped']}, fetches failed {total['failed']} (another status, or none in {WAIT_SECONDS} s)"
    )


async def measured_moves(table: Table, pid: int, moves: int) -> dict:
    """``moves`` moves one after another, each once every page shows it: the CPU, from
    each move to every other seat's event, the events missed, the moves' answers."""
    for page in table.pages:
        page.counts = dict.fromkeys(page.counts, 0)
    table.moves.clear()
    table.answers.clear()
    meter = Meter(pid)
    for _ in range(moves):
        if not await table.move():
            raise RuntimeError("no page offers a move")
        await table.settle(table.moves[-1][1] if table.moves else 0)
    cpu = meter.read()
    every, missed = table.delivery_ms()
    shown, _ = table.delivery_ms(drawn=True)
    return {
        "cpu": cpu,
        "every": every,
        "shown": shown,
        "missed": missed,
        "answers": list(table.answers),
        "counts": counts(table.pages),
    }


async def keep_the_hole_going(table: Table, actions: int) -> None:
    """``actions`` actions of the table's seats through the JSON API, each seat's browser
    its own: each turn draws from the stock and swaps into a place already face up, so
    that the hole never ends (the stock is reshuffled from the discards as it runs out)."""
    browsers = [p.browser for p in table.pages]

    def turn_of(view: dict) -> int:
        match = view["match"]
        return next(p["seat"] for p in match["players"] if p["id"] == match["turn"])

    status, view = await browsers[0].json("GET", f"/api/tables/{table.code}")
    seat = turn_of(view)
    status, view = await browsers[seat].json("GET", f"/api/tables/{table.code}")
    legal = {a["action"] for a in view["match"]["legal"]}
    for _ in range(actions):
        payload: dict[str, str | int]
        if "draw" in legal:
            path, payload = "draw", {"source": "stock"}
        else:
            me = next(p for p in view["match"]["players"] if p["seat"] == seat)
            path, payload = "swap", {"position": next(i for i, c in enumerate(me["grid"]) if c["face_up"])}
        status, view = await browsers[seat].json("POST", f"/api/tables/{table.code}/{path}", payload)
        assert status == 200, view
        assert view["match"]["phase"] not in ("hole_over", "match_over"), "the hole ended"
        if turn_of(view) == seat:
            legal = {a["action"] for a in view["match"]["legal"]}
        else:  # the next seat's turn begins with a draw
            seat, legal = turn_of(view), {"draw"}


async def fast_forward(table: Table, actions: int) -> int:
    """Through the JSON API, pages asleep, until the hole's log holds ``actions``
    (:func:`keep_the_hole_going`). The log's length."""
    for page in table.pages:
        page.asleep = True
    await keep_the_hole_going(table, max(0, actions - table.pages[0].seen))
    await asyncio.sleep(0.5)  # the last events
    for page in table.pages:
        while not page.queue.empty():
            page.queue.get_nowait()
        page.asleep = False
        await page.load()
    return table.pages[0].seen


async def one_table(port: int, pid: int, args) -> dict:
    table = await new_table(port, 0, args.fetch_every_event, api_stream=args.api_stream)
    for page in table.pages:
        await page.open()
    while table.pages[0].seen < 8:  # the opening reveals: two for each of the four
        await table.move()
        await table.settle(table.moves[-1][1])
    early_log = table.pages[0].seen
    early = await measured_moves(table, pid, args.moves)
    started = time.perf_counter()
    late_log = await fast_forward(table, args.long_actions)
    forward = time.perf_counter() - started
    late = await measured_moves(table, pid, args.moves)
    for page in table.pages:
        await page.close()
    return {"early": early, "early_log": early_log, "late": late, "late_log": late_log, "forward": forward}


def next_json_move(state: dict, player) -> tuple[str, dict | None]:
    """The JSON API request a person playing their own match makes next: ``player``'s
    choice, or a new match once one is over."""
    if state["phase"] == "match_over":
        return "/api/match/new", None
    action = player.choose(state)
    return f"/api/match/{ROUTES.get(action['action'], action['action'])}", {
        k: v for k, v in action.items() if k != "action"
    } or None


async def single_player(port: int, pid: int, requests: int) -> tuple[dict, list[float]]:
    browser, player = Browser(port), GreedyPlayer()
    status, state = await browser.json("GET", "/api/match")
    latencies = []
    meter = Meter(pid)
    for _ in range(requests):
        path, payload = next_json_move(state, player)
        started = time.perf_counter()
        status, state = await browser.json("POST", path, payload)
        latencies.append((time.perf_counter() - started) * 1000)
        if status != 200:
            raise RuntimeError(f"{path} answered {status}: {state}")
    cpu = await meter.children_done(meter.read())
    browser.close()
    return cpu, latencies


async def bare(port: int, pid: int, requests: int) -> tuple[dict, list[float]]:
    browser = Browser(port)
    await browser.request("GET", "/healthz")
    latencies = []
    meter = Meter(pid)
    for _ in range(requests):
        started = time.perf_counter()
        answer = await browser.request("GET", "/healthz")
        latencies.append((time.perf_counter() - started) * 1000)
        assert answer.status == 200
    cpu = meter.read()
    browser.close()
    return cpu, latencies


async def bare_gets(pid: int, requests: int, browser: Browser) -> float:
    """The server's CPU per request (ms) of ``requests`` GETs of the bare route's
    ``/healthz`` (:data:`bare_app`) in ``browser``."""
    meter = Meter(pid)
    for _ in range(requests):
        answer = await browser.request("GET", "/healthz")
        assert answer.status == 200
    return meter.read()["server"] / requests * 1000


async def many_tables(port: int, pid: int, args) -> dict:
    started = time.perf_counter()
    tables = await gather_bounded(
        new_table(port, i, args.fetch_every_event, reveal=True, api_stream=args.api_stream) for i in range(args.tables)
    )
    await gather_bounded(page.open() for table in tables for page in table.pages)
    setup = time.perf_counter() - started
    rng = random.Random(1)
    until = time.perf_counter() + args.seconds

    async def play(table: Table, rng: random.Random) -> None:
        await asyncio.sleep(rng.uniform(0, 2.5))  # each table at its own moment
        while time.perf_counter() < until:
            try:
                await table.move(rng)
            except (TimeoutError, OSError, asyncio.IncompleteReadError):
                table.refused[0] = table.refused.get(0, 0) + 1  # no answer within WAIT_SECONDS
            await asyncio.sleep(rng.uniform(2, 3))

    load_before = os.getloadavg()[0]
    meter = Meter(pid)
    await asyncio.gather(*(play(t, random.Random(rng.random())) for t in tables))
    cpu = meter.read()
    await asyncio.sleep(LATE_SECONDS)
    every: list[float] = []
    missed = 0
    for table in tables:
        times, lost = table.delivery_ms()
        every += times
        missed += lost
    moves = sum(len(t.moves) for t in tables)
    refused: dict[int, int] = {}
    for table in tables:
        for status, n in table.refused.items():
            refused[status] = refused.get(status, 0) + n
    pages = [p for t in tables for p in t.pages]
    summary = counts(pages)
    await asyncio.gather(*(p.close() for p in pages))
    return {
        "cpu": cpu,
        "every": every,
        "missed": missed,
        "moves": moves,
        "refused": refused,
        "setup": setup,
        "counts": summary,
        "load_before": load_before,
        "load_after": os.getloadavg()[0],
        "answers": [ms for t in tables for ms in t.answers],
    }


# ---------------------------------------------------------------- the run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=20, help="moves measured early in a hole, and again late")
    parser.add_argument("--long-actions", type=int, default=2000, help="actions in the long hole's log")
    parser.add_argument("--requests", type=int, default=200, help="single-player actions, and bare requests")
    parser.add_argument("--tables", type=int, default=100, help="tables of four at a person's pace (0: none)")
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds of play at those tables")
    parser.add_argument(
        "--fetch-every-event",
        action="store_true",
        help="pages fetch their fragment on every event (the server answers 204 if nothing changed)",
    )
    parser.add_argument(
        "--api-stream",
        action="store_true",
        help="pages listen to the JSON API's stream, which sends no table: they fetch it on news of a version they do not show",
    )
    args = parser.parse_args()
    raise_file_limit(8 * 4 * max(args.tables, 1) + 1024)  # the client's sockets and the server's, and slack
    logs = Path(tempfile.mkdtemp(prefix="golf-play-cost-"))
    print(
        f"the machine's load average at the start: {', '.join(f'{n:.1f}' for n in os.getloadavg())} "
        f"({os.cpu_count()} cores); pages {'fetch on every event' if args.fetch_every_event else 'skip the versions they show'}"
        f", {'listen to the JSON API stream and fetch' if args.api_stream else 'take the table their own stream sends'}"
    )
    server, base = start_server(
        f"sqlite:///{logs / 'golf.sqlite3'}",
        logs / "server.log",
        "bench-deal-key",
        settings={"GOLF_MAX_STREAMS_PER_ADDRESS": "0"},
    )
    plain, plain_base = start_server("sqlite://", logs / "bare.log", target="bench.play_cost:bare_app")
    port, plain_port = int(base.rpartition(":")[2]), int(plain_base.rpartition(":")[2])
    try:
        table = asyncio.run(one_table(port, server.pid, args))
        crowd = asyncio.run(many_tables(port, server.pid, args)) if args.tables else None
        # Last: the reviews of the holes it ends are made meanwhile and after, in child processes.
        sp_cpu, sp_ms = asyncio.run(single_player(port, server.pid, args.requests))
        bare_cpu, bare_ms = asyncio.run(bare(plain_port, plain.pid, args.requests))
    finally:
        stop_server(server)
        stop_server(plain)

    report(args, table, crowd, (sp_cpu, sp_ms), (bare_cpu, bare_ms))
    print(
        f"the machine's load average at the end: {', '.join(f'{n:.1f}' for n in os.getloadavg())}; "
        f"server logs in {logs}"
    )


def report(
    args, table: dict, crowd: dict | None, single: tuple[dict, list[float]], plain: tuple[dict, list[float]]
) -> None:
    """The small table of figures, then what lies behind each."""
    n = args.moves
    early, late = table["early"], table["late"]
    sp = single[0]["server"] / args.requests * 1000
    bare_ms = plain[0]["server"] / args.requests * 1000
    rows = [
        (
            f"1a. server CPU per move, table of 4, early in a hole (log {table['early_log']}-{table['early_log'] + n} actions)",
            f"{early['cpu']['server'] / n * 1000:.1f} ms",
            f"children {early['cpu']['children'] / n * 1000:.1f} ms",
        ),
        (
            f"1b. server CPU per move, table of 4, late in a long hole (log {table['late_log']}-{table['late_log'] + n})",
            f"{late['cpu']['server'] / n * 1000:.1f} ms",
            f"children {late['cpu']['children'] / n * 1000:.1f} ms",
        ),
        (
            "2.  server CPU per single-player JSON action (/api/match)",
            f"{sp:.2f} ms",
            f"children {single[0]['children'] / args.requests * 1000:.2f} ms",
        ),
        (
            "    server CPU per request of a bare FastAPI route",
            f"{bare_ms:.2f} ms",
            f"ratio {sp / bare_ms:.1f}x" if bare_ms else "ratio: bare below the clock's tick",
        ),
        (
            "3.  move to every other seat's event, 1 table of 4, early",
            f"p50 {percentile(early['every'], 0.5):.1f} ms",
            f"p99 {percentile(early['every'], 0.99):.1f} ms",
        ),
        (
            "    move to every other seat's event, 1 table of 4, late",
            f"p50 {percentile(late['every'], 0.5):.1f} ms",
            f"p99 {percentile(late['every'], 0.99):.1f} ms",
        ),
        (
            "    move to every other seat's page showing it, 1 table of 4, early",
            f"p50 {percentile(early['shown'], 0.5):.1f} ms",
            f"p99 {percentile(early['shown'], 0.99):.1f} ms",
        ),
    ]
    if crowd and crowd["every"]:
        rows.append(
            (
                f"    move to every other seat's event, {args.tables} tables of 4, a move each 2-3 s",
                f"p50 {percentile(crowd['every'], 0.5):.1f} ms",
                f"p99 {percentile(crowd['every'], 0.99):.1f} ms",
            )
        )
    width = max(len(r[0]) for r in rows)
    print()
    print(f"{'figure':{width}}  {'value':>11}  beside it")
    for name, value, beside in rows:
        print(f"{name:{width}}  {value:>11}  {beside}")

    print()
    print("behind them:")
    for name, part in (("1a", early), ("1b", late)):
        print(
            f"  {name}: {n} moves one after another; {part['counts']}; this client {part['cpu']['client'] / n * 1000:.1f} "
            f"ms a move; moves answered {spread(part['answers'])}; to every other seat's event {spread(part['every'])}, "
            f"{part['missed']} events missed"
        )
    print(
        f"      the long hole's {table['late_log'] - table['early_log']} actions were played through the JSON API in "
        f"{table['forward']:.0f} s, the pages asleep, then every page was loaded again"
    )
    print(
        f"  2:  {args.requests} requests each, one after another; answered p50 {percentile(single[1], 0.5):.1f} ms "
        f"(the bare route {percentile(plain[1], 0.5):.1f} ms); the children's time is the reviews of the holes that "
        f"ended, counted until they stopped growing"
    )
    if crowd:
        cpu = crowd["cpu"]
        offered = args.tables / 2.5
        print(
            f"  3:  {args.tables} tables: {crowd['moves']} moves in {cpu['wall']:.0f} s, {crowd['moves'] / cpu['wall']:.1f} "
            f"a second of the {offered:.0f} offered (set up in {crowd['setup']:.0f} s); moves answered "
            f"{spread(crowd['answers'])}; {crowd['missed']} events missed; refused (status 0: no answer): {crowd['refused'] or 'none'}"
        )
        print(
            f"      server at {cpu['server'] / cpu['wall'] * 100:.0f}% of a core, its child processes "
            f"{cpu['children'] / cpu['wall'] * 100:.0f}%, this client {cpu['client'] / cpu['wall'] * 100:.0f}%; "
            f"per move {per_move(cpu, max(crowd['moves'], 1))}"
        )
        print(
            f"      {crowd['counts']}; load average {crowd['load_before']:.1f} before, {crowd['load_after']:.1f} after"
        )


if __name__ == "__main__":
    main()
