"""The pages of online tables: make a table, join it by its link, wait for the seats
to fill, play together, watch.

``/t/{code}`` is the table's page. Each person sees it from their own seat (a visitor
without one as a spectator), drawn with the single-player table's own templates
(``table/_table.html``, ``table/_board.html``), models (``app.web.golf.board``,
``app.web.golf.view_model``) and words (``app.web.golf.prompts``). The
page listens to its own event stream (``/t/{code}/events``, through the htmx SSE
extension: :mod:`app.web.tables.page_stream`), whose events bring it its fragment after
another seat's move; it fetches the fragment (``/t/{code}/table``) when an event brings
none it can draw. The fragment tells
and shows step by step what the others did since the page last drew it (``seen``: the
number of actions then). Moves are forms posted to
``/t/{code}/play/<command>``, answered like the single-player page's: the fragment with
HTMX, a redirect back without script.
"""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from markupsafe import Markup
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData

from app.players import LEVELS
from app.service.errors import Invalid, ServiceError, Unavailable
from app.service.play.table_record import NAME_LENGTH, TABLE_NAME_LENGTH
from app.service.tables.room import TIMER_SECONDS
from app.service.tables.service import TableOutcome, TableService
from app.web.common import answer_move, asset_version, browser_id, form_version, now_ms, render_fresh, templates
from app.web.dependencies import tables_of, win_chances_of
from app.web.golf.names import LEVEL_NAMES
from app.web.golf.new_game import new_game_model
from app.web.golf.rule_options import rules_from_form
from app.web.http.numbers import optional_whole_number, query_number, whole_number
from app.web.http.refusals import status_of
from app.web.tables.answering import AnswersUnderWay
from app.web.tables.drawings import DrawnTables, alert, draw_table
from app.web.tables.view_model import online_context

router = APIRouter(include_in_schema=False)
# What a table's open pages ask most, a refresh after each move and each move itself, in a
# router of its own that the app tries first (see app/main.py).
live_router = APIRouter(include_in_schema=False)
templates.env.globals["tables_asset_version"] = asset_version(("tables.js",))

MOVES = {"reveal", "draw", "swap", "flip", "reject", "skip", "knock", "next-hole", "undo"}
SEAT_KINDS = ("open", *LEVELS)
TIMER_CHOICES = [("", "Off"), ("30", "30 seconds"), ("60", "1 minute"), ("120", "2 minutes"), ("300", "5 minutes")]


def _redirect(path: str) -> RedirectResponse:
    return RedirectResponse(path, status_code=303)


# --------------------------------------------------------------------------- make a table


def make_table_model(form=None, message: str | None = None) -> dict:
    """The make-table form: the New game form's rules, then the seats, the name, the timer."""
    form = form or {}
    rules_form = new_game_model(
        {
            "version": 0,
            "level": None,
            "rules": {"name": form.get("preset", "standard")},
            "actions_taken": 0,
            "phase": "draw",
        }
    )
    rules_form.update(levels=[], players_choices=[], seed=False, warn=None)
    seats = min(max(query_number(form.get("seat_count"), default=4), 2), 8)
    return {
        "ng": rules_form,
        "message": message,
        "name": form.get("name", "Friday golf"),
        "host_name": form.get("host_name", ""),
        "seat_count": seats,
        "seat_choices": [(n, f"{n} seats") for n in range(2, 9)],
        "seat_rows": [{"seat": s, "kind": form.get(f"seat_{s}", "open")} for s in range(1, 8)],
        "kinds": [("open", "Open for a person")] + [(lv, f"Computer, {LEVEL_NAMES[lv]}") for lv in LEVELS],
        "timer": form.get("timer_seconds", ""),
        "timers": TIMER_CHOICES,
        "name_length": NAME_LENGTH,
        "table_name_length": TABLE_NAME_LENGTH,
    }


@router.get("/tables/new", response_class=HTMLResponse)
def make_table_page(request: Request):
    return render_fresh(request, "tables/table_online_new.html", {"page": "friends", "m": make_table_model()})


def _new_table_request(form) -> dict:
    count = whole_number(form.get("seat_count"), "Choose the number of seats: 2 to 8.", low=2, high=8)
    seats = ["host"]
    for seat in range(1, count):
        kind = form.get(f"seat_{seat}") or "open"
        if kind not in SEAT_KINDS:
            raise Invalid(f"Seat {seat + 1} is open for a person or a computer player of a level.")
        seats.append(kind)
    rules = rules_from_form(form)
    rules.pop("players", None)
    timer = optional_whole_number(
        form.get("timer_seconds"),
        f"The turn timer is off or {TIMER_SECONDS[0]} to {TIMER_SECONDS[1]} seconds.",
        low=TIMER_SECONDS[0],
        high=TIMER_SECONDS[1],
    )
    return {
        "name": form.get("name") or "",
        "rules": rules,
        "seats": seats,
        "host_name": form.get("host_name") or "",
        "timer_seconds": timer,
    }


@router.post("/tables")  # the path the rate limit on new tables counts
async def make_table(request: Request):
    return await run_in_threadpool(_make_table, request, await request.form())


def _make_table(request: Request, form: FormData) -> Response:
    try:
        table = tables_of(request).create(browser_id(request), **_new_table_request(form)).table
    except Unavailable:
        raise
    except ServiceError as refusal:
        return render_fresh(
            request,
            "tables/table_online_new.html",
            {"page": "friends", "m": make_table_model(form, refusal.message)},
            status_of(refusal),
        )
    return _redirect(f"/t/{table['code']}")


# --------------------------------------------------------------------------- the table's page


def _render(request: Request, view: TableOutcome, status: int = 200, page: bool = False, **options) -> Response:
    """The table's page, or its fragment; a table in play drawn as its parts and kept
    (:mod:`app.web.tables.drawings`), and answered to the page as the parts that differ
    from the drawing it names (its ``Golf-Drawn`` header), when that one is still kept."""
    t = online_context(request, view, **options)
    name = "tables/table_online.html" if page else "table/table_fragment.html"
    context = {"request": request, "t": t, "page": "table"}
    if t["status"] == "waiting":
        return render_fresh(request, name, context, status)
    drawn = draw_table(request, t)
    drawn_tables: DrawnTables = request.app.state.drawn_tables
    drawn_tables.keep(request, t["code"], t["you"], drawn)
    headers = {"Golf-Drawn": drawn.token}
    if page:
        response = render_fresh(
            request, name, {**context, "table_html": Markup(drawn.html), "drawn": drawn.token}, status
        )
    else:
        html, base = drawn_tables.since(request.headers.get("golf-drawn"), drawn)
        if base is None:
            response = render_fresh(request, name, {**context, "table_html": Markup(html)}, status)
        else:
            headers["Golf-Drawn-From"] = base
            response = HTMLResponse(html + alert(t.get("message")), status, {"Cache-Control": "no-store"})
    response.headers.update(headers)
    return response


def seen_of(request: Request, form=None) -> int | None:
    """The number of actions the page showed (``seen``), from its form or its query; None if it names none."""
    raw = (form or {}).get("seen") if form is not None else request.query_params.get("seen")
    return query_number(raw, default=-1) if raw is not None else None


@router.get("/t/{code}", response_class=HTMLResponse)
def table_page(request: Request, code: str):
    view = tables_of(request).since(browser_id(request), code, None)
    return _render(request, view, page=True)


@live_router.get("/t/{code}/table", response_class=HTMLResponse)
def table_fragment(request: Request, code: str):
    """The fragment from the caller's seat, with what happened since ``seen``; nothing
    (204) when the page already shows the table as it stands (``stamp``), found before
    anything is restored or drawn."""
    view = tables_of(request).refresh(
        browser_id(request), code, seen_of(request), request.query_params.get("stamp") or None
    )
    if view is None:
        return Response(status_code=204)
    shown = query_number(request.query_params.get("shown"), default=-1)
    return _render(request, view, shown=shown if shown >= 0 else None)


async def _answer(request: Request, code: str, perform) -> Response:
    """A change posted from the page, answered as every game's pages answer a move
    (:func:`app.web.common.answer_move`): from the change's own outcome (the steps it
    played, made in its transaction), the fragment with HTMX, a redirect back to the page
    without script; a refusal draws the table as it stands with its reason. Only a page
    that was behind when it posted (it had not yet drawn another seat's move) is drawn
    from a fresh read, so that it is shown those moves too."""
    service, browser = tables_of(request), browser_id(request)
    form = await request.form()
    seen = seen_of(request, form)

    def performed(form: FormData) -> tuple[TableOutcome, dict]:
        outcome, said = perform(service, browser, form)
        if seen is not None and seen != outcome.read_moves:
            outcome = service.since(browser, code, seen)
        try:
            shown = form_version(request, form)
        except Invalid:
            shown = None
        return outcome, {"said": said, "shown": shown}

    answers: AnswersUnderWay = request.app.state.answers_under_way
    async with answers.answering(code):  # the other pages' tables drawn after this answer
        return await answer_move(
            request,
            lambda: service.since(browser, code, seen),
            performed,
            _render,
            lambda outcome, options: _redirect(f"/t/{code}?t={now_ms()}"),
        )


@live_router.post("/t/{code}/play/{command}")
async def play(request: Request, code: str, command: str):
    if command not in MOVES:
        raise HTTPException(404)

    def perform(service: TableService, browser: str, form) -> tuple[TableOutcome, str | None]:
        version = form_version(request, form)
        if command == "undo":
            return service.undo(browser, code, if_match=version), "Your last move was taken back."
        if command in ("reveal", "swap", "flip"):
            action = {
                "action": command,
                "position": whole_number(form.get("position"), "Choose a card: the move named no position."),
            }
        elif command == "draw":
            action = {"action": "draw", "source": form.get("source")}
        else:
            action = {"action": command.replace("-", "_")}
        return service.act(browser, code, action, if_match=version), None

    return await _answer(request, code, perform)


@router.post("/t/{code}/join")
async def join(request: Request, code: str):
    form = await request.form()
    name = form.get("name")  # a file, in a multipart form, is no name
    await run_in_threadpool(tables_of(request).join, browser_id(request), code, name if isinstance(name, str) else "")
    return _redirect(f"/t/{code}")


@router.post("/t/{code}/seats/{seat}")
async def set_seat(request: Request, code: str, seat: int):
    def perform(service: TableService, browser: str, form) -> tuple[TableOutcome, None]:
        return service.set_seat(browser, code, seat, form.get("kind") or ""), None

    return await _answer(request, code, perform)


@router.post("/t/{code}/start")
async def start(request: Request, code: str):
    def perform(service: TableService, browser: str, form) -> tuple[TableOutcome, None]:
        return service.start(browser, code, form.get("fill") or None), None

    return await _answer(request, code, perform)


@router.post("/t/{code}/leave")
def leave(request: Request, code: str):
    tables_of(request).leave(browser_id(request), code)
    return _redirect(f"/t/{code}")


@router.post("/t/{code}/again")
def again(request: Request, code: str):
    table = tables_of(request).again(browser_id(request), code).table
    return _redirect(f"/t/{table['next']}")


@router.get("/t/{code}/rated-end", response_class=HTMLResponse)
def rated_end_mine(request: Request, code: str):
    """The viewer's own lines at the end of a quick or rated match: their chance's peak
    at a rated match ("Your chance peaked at 71% on hole 6"; asked for again while it is
    worked out, off the request path), and a guest's way to be rated."""
    browser = browser_id(request)
    table = tables_of(request).table(browser, code)
    over = table["status"] == "over" and table["match"] is not None and table["match"]["phase"] == "match_over"
    mine = {"url": f"/t/{code}/rated-end", "peak": None, "pending": False, "guest": False}
    if over and (table["rated"] or table["quick_play"]):
        mine["guest"] = not request.state.signed_in
        if table["rated"] and table["you"] is not None:
            chances = win_chances_of(request)
            found = chances.finished_match(browser, code)
            story = chances.story_of(found[0]) if found is not None else None
            mine["pending"] = found is not None and story is None
            mine["peak"] = story.peak(found[1]) if found is not None and story is not None else None
    return render_fresh(request, "ratings/_rated_end_mine.html", {"m": mine})
