"""A table page's own event stream (``/t/{code}/events``, its ``sse-connect``): the
JSON API's stream of the table's changes, each event bringing the page its table too,
drawn from its seat, so that the page need not ask for it after another seat's move.

How the tables it sends are drawn: on the event loop for a change this process wrote,
else in a few threads at once; and once for all the pages given the same
(:class:`StreamDrawing`, one per app); and what of them is sent: only the parts that
differ from the table the page shows, when this process still has the drawing it shows
(:mod:`app.web.tables.drawings`).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field

import anyio.to_thread
from fastapi import APIRouter, Request

from app.service.errors import ServiceError
from app.service.tables.notify import Change
from app.service.tables.pushes import Pushed
from app.service.tables.service import TableOutcome
from app.web.common import browser_id, templates
from app.web.dependencies import tables_of
from app.web.golf.speed import SPEED_COOKIE
from app.web.http.numbers import query_number
from app.web.tables.answering import AnswersUnderWay
from app.web.tables.drawings import ALERT, DrawnTables, TableDrawing, draw_table, viewing
from app.web.tables.pages import seen_of
from app.web.tables.stream import table_events, version_of
from app.web.tables.view_model import online_context

router = APIRouter(include_in_schema=False)


def fragment_html(request: Request, view: TableOutcome, shown: int | None) -> TableDrawing | str:
    """The table drawn as its parts, as ``app.web.tables.pages`` answers a refresh; a
    waiting room's HTML, which is always sent whole."""
    t = online_context(request, view, shown=shown)
    if t["status"] == "waiting":
        return templates.get_template("table/table_fragment.html").render({"request": request, "t": t, "page": "table"})
    drawn = draw_table(request, t)
    request.app.state.drawn_tables.keep(request, t["code"], t["you"], drawn)
    return drawn


# The tables that streams send after a read are drawn in at most this many threads at once. Each
# drawing is a millisecond or two of the interpreter's own work, so more threads only
# wait on each other for it: forty (anyio's default), one for each stream told of a move
# at 100 busy tables, held up the event loop and every other page with them.
STREAM_DRAWERS = 4
DRAWINGS_KEPT = 256


@dataclass
class _Drawing:
    """One fragment, drawn by the first stream that needs it while the others wait."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    drawn: TableDrawing | str | None = None


class StreamDrawing:
    """How an app draws the tables its pages' streams send: on the event loop when this
    process wrote the change, else in at most :data:`STREAM_DRAWERS` threads at once; and
    once for every page given the same (every
    page of one seat, or every spectator's, is given one outcome of a change:
    :meth:`TablePushes.pushed`), so that a client opening many streams at a table costs
    one drawing a change. Made in the app's event loop (its lifespan)."""

    def __init__(self) -> None:
        self.threads = anyio.CapacityLimiter(STREAM_DRAWERS)
        self._drawings: OrderedDict[tuple, _Drawing] = OrderedDict()
        self._lock = threading.Lock()

    def once(self, request: Request, pushed: Pushed) -> TableDrawing | str:
        assert pushed.outcome is not None
        key = (*pushed.shared_as, pushed.drawn_from, *viewing(request))
        with self._lock:
            drawing = self._drawings.get(key)
            if drawing is None:
                drawing = self._drawings[key] = _Drawing()
                while len(self._drawings) > DRAWINGS_KEPT:
                    self._drawings.popitem(last=False)
        with drawing.lock:
            if drawing.drawn is None:
                drawing.drawn = fragment_html(request, pushed.outcome, pushed.drawn_from)
            return drawing.drawn


@router.get("/t/{code}/events")
async def page_events(request: Request, code: str):
    """The table's event stream as its page opens it (``sse-connect``): the JSON API's
    stream (``/api/tables/{code}/events``), each change's event carrying the page its
    fragment too (the data's lines after the JSON's), so that the page need not ask for
    it (``/t/{code}/table``): drawn for a page that shows version ``drawn_from``, its
    steps timed by the computer speed of the ``speed`` cookie as the stream opened.

    The page opens it with the version and the number of actions it shows (``shown``,
    ``seen``) and the drawing it shows (``drawn``, its token); the stream then follows what
    it sent. The page of the seat that made the change has it already from its answer:
    its event carries only the version. A page showing another version than
    ``drawn_from`` (its own move under way, a stream that has opened again) or another
    speed asks as before.

    The table is sent as the parts that differ from the drawing the page shows
    (``"base"``: that drawing's token), when this process still has it; else whole. Either
    way ``"drawn"`` names the drawing the page shows once it has it."""
    service, browser = tables_of(request), browser_id(request)
    drawing: StreamDrawing = request.app.state.stream_drawing
    drawn_tables: DrawnTables = request.app.state.drawn_tables
    answers: AnswersUnderWay = request.app.state.answers_under_way
    shown = query_number(request.query_params.get("shown"), default=-1)
    seen = seen_of(request)

    def tell(opened: int):
        # What the page shows, as far as this stream knows: what it sent last. The
        # drawing it shows: a token, or (version, seat) for the answer to its own move,
        # looked up when it is next needed (the answer is drawn after the news of it).
        page_version, page_moves = (shown if shown >= 0 else opened), seen
        page_drawn: str | tuple[int, int | None] | None = request.query_params.get("drawn") or None

        def draw(change: Change, quick: bool = False, unread: bool = False) -> tuple[dict, str | None] | None:
            nonlocal page_version, page_moves, page_drawn
            told = version_of(change)
            try:
                pushed = service.pushes.pushed(
                    browser, code, change, page_version, page_moves, quick=quick, unread=unread
                )
            except ServiceError:  # the store out of reach, the table gone: the page asks itself
                return told, None
            if pushed is None:  # more than a lookup, which quick forbade
                return None
            page_version, page_moves = pushed.version, pushed.moves
            told["version"] = max(change.version, pushed.version)
            if pushed.outcome is None:
                if pushed.own:
                    page_drawn = (pushed.version, pushed.seat)
                return told, None
            # The computer speed the steps are timed by, as the stream's request said it:
            # a page whose person has chosen another since asks instead.
            told.update(drawn_from=pushed.drawn_from, speed=request.cookies.get(SPEED_COOKIE, ""))
            drawn = drawing.once(request, pushed)
            if isinstance(drawn, str):  # a waiting room
                page_drawn = None
                return told, drawn
            if isinstance(page_drawn, tuple):
                page_drawn = drawn_tables.latest(request, code, page_drawn[1], page_drawn[0])
            html, base = drawn_tables.since(page_drawn, drawn)
            told["drawn"] = page_drawn = drawn.token
            if base is None:
                return told, html + "\n" + ALERT
            told["base"] = base
            return told, html + ALERT

        async def push(change: Change) -> tuple[dict, str | None]:
            # The mover's own page, and a page that shows the table as it stands, are told
            # the version alone: found here, on the event loop, in a lookup. The table of a
            # change this process wrote is made and drawn here too, without the hop to a
            # worker thread and back, which cost more than the drawing's CPU showed (the
            # interpreter's lock handed over and back): a move at a table of four costs the
            # server some 8% less CPU and the others see it sooner (bench.move_cpu,
            # bench.live_tables, in turn). It is drawn once the mover's answer is, which it
            # would hold up otherwise (app.web.tables.answering). A change to read, or to
            # play again from the snapshots, goes to a thread.
            drawn = draw(change, quick=True)
            if drawn is None:
                await answers.answered(code)  # the mover's answer first
                drawn = draw(change, unread=True)
            if drawn is None:
                drawn = await anyio.to_thread.run_sync(draw, change, limiter=drawing.threads)
            assert drawn is not None  # only a quick or unread draw gives up
            return drawn

        return push

    return await table_events(request, service, browser, code, tell)
