"""Quick play's pages: the Play now form (on the home page's table and in the New game
dialog, ``templates/quickplay/_quick_play.html``) posts to ``/quick-play``, whose page waits for
the table: who has joined, the time left, Leave. The waiting part asks
``/quick-play/status`` every second (which keeps the person in the queue) and, once they
are seated, HTMX goes to the table's page (``HX-Redirect``); without script the page
reloads itself every two seconds (a refresh link too) and a seated person's reload is
sent to the table.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from app.service.errors import ServiceError, Unavailable
from app.service.quickplay.queue import Standing
from app.service.tables.leaving import GIVE_UP_AFTER
from app.web.common import browser_id, now_ms, render_fresh, templates
from app.web.dependencies import quick_play_of
from app.web.http.refusals import status_of
from app.web.quickplay.view_model import DEFAULT_NAME, play_now_model, waiting_model

router = APIRouter(include_in_schema=False)
templates.env.globals["play_now"] = play_now_model()  # the Play now form's choices, on every page that has it


def _redirect(path: str) -> RedirectResponse:
    return RedirectResponse(path, status_code=303)


def _page(request: Request, standing: Standing | None, message: str | None = None, status: int = 200) -> Response:
    waiting = waiting_model(standing, now_ms()) if standing is not None and standing.status == "waiting" else None
    # Only a person with an account is rated: a guest is told so before the match starts.
    context = {
        "page": "quick",
        "q": waiting,
        "message": message,
        "rated": request.state.signed_in,
        "give_up_after": GIVE_UP_AFTER,
    }
    return render_fresh(request, "quickplay/quick_play.html", context, status)


def _players(raw: object) -> object:
    """The form's size as the service takes it: "any", or a whole number."""
    return int(raw) if isinstance(raw, str) and raw.isdigit() and len(raw) < 3 else raw


@router.post("/quick-play")  # the path the rate limit on new tables counts
async def join(request: Request):
    form = await request.form()
    name = form.get("name")
    name = name.strip() if isinstance(name, str) else ""
    try:
        standing = await run_in_threadpool(
            quick_play_of(request).join, browser_id(request), _players(form.get("players")), name or DEFAULT_NAME
        )
    except Unavailable:
        raise
    except ServiceError as refusal:
        return _page(request, None, refusal.message, status_of(refusal))
    if standing.status == "seated":
        return _redirect(f"/t/{standing.code}")
    return _redirect("/quick-play")


@router.get("/quick-play", response_class=HTMLResponse)
def waiting_page(request: Request):
    standing = quick_play_of(request).standing(browser_id(request))
    if standing.status == "seated":
        return _redirect(f"/t/{standing.code}")
    return _page(request, standing)


@router.get("/quick-play/status", response_class=HTMLResponse)
def waiting_part(request: Request):
    """The waiting part of the page, drawn anew; a seated (or no longer waiting) person's
    page is sent on with HX-Redirect."""
    standing = quick_play_of(request).standing(browser_id(request))
    if standing.status != "waiting":
        path = f"/t/{standing.code}" if standing.status == "seated" else "/quick-play"
        return Response(status_code=200, headers={"HX-Redirect": path, "Cache-Control": "no-store"})
    context = {"q": waiting_model(standing, now_ms())}
    return render_fresh(request, "quickplay/_quick_play_waiting.html", context)


@router.post("/quick-play/leave")
def leave(request: Request):
    standing = quick_play_of(request).leave(browser_id(request))
    return _redirect(f"/t/{standing.code}" if standing.status == "seated" else "/")
