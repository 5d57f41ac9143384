"""The daily deal's page: ``/daily`` (``?date=`` for a past one): how it works, Play,
your result to share, the day's leaderboard, and the days before; ``/daily/start``, the
question Play asks first when a match is in progress."""

from __future__ import annotations

from datetime import date, timedelta

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from app.service.errors import Invalid
from app.service.replays.daily import LEADERBOARD_SHOWN
from app.web.common import browser_id, now_ms, render_fresh
from app.web.dependencies import daily_of, golf_of

router = APIRouter(include_in_schema=False)
DAYS_LISTED = 7  # the days before the one shown, each a link


def days_before(day: date) -> list[str]:
    """The days listed before ``day``, the nearest first: as many as the calendar has.

    >>> days_before(date(1, 1, 3))
    ['0001-01-02', '0001-01-01']
    """
    return [(day - timedelta(days=n)).isoformat() for n in range(1, min(DAYS_LISTED, day.toordinal() - 1) + 1)]


@router.get("/daily", response_class=HTMLResponse)
def daily_page(request: Request):
    try:
        board = daily_of(request).board(browser_id(request), request.query_params.get("date"))
    except Invalid as refusal:
        board = daily_of(request).board(browser_id(request))
        board["message"] = refusal.message
    board["before"] = days_before(date.fromisoformat(board["date"]))
    board["is_today"] = board["date"] == board["today"]
    board["shown_at_most"] = LEADERBOARD_SHOWN
    # Playing the deal gives up a match in progress: the page asks first, as New game warns.
    board["unfinished"] = golf_of(request).unfinished(browser_id(request)) if board["is_today"] else None
    return render_fresh(request, "replays/daily.html", {"page": "daily", "d": board})


@router.get("/daily/start", response_class=HTMLResponse)
def daily_start_page(request: Request):
    """Without script, Play today's deal with a match in progress comes here to ask
    first (the page opens the same question as a dialog when script runs)."""
    name = request.query_params.get("name") or ""
    unfinished = golf_of(request).unfinished(browser_id(request))
    return render_fresh(
        request,
        "replays/daily_start.html",
        {"page": "daily", "name": name, "unfinished": unfinished, "now_ms": now_ms()},
    )
