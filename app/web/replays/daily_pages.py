"""The daily deal's page: ``/daily`` (``?date=`` for a past one): how it works, Play,
your result to share, the day's leaderboard, and the days before."""

from __future__ import annotations

from datetime import date, timedelta

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from app.service.errors import Invalid
from app.service.replays.daily import LEADERBOARD_SHOWN
from app.web.common import browser_id, render_fresh
from app.web.dependencies import daily_of

router = APIRouter(include_in_schema=False)
DAYS_LISTED = 7  # the days before the one shown, each a link


@router.get("/daily", response_class=HTMLResponse)
def daily_page(request: Request):
    try:
        board = daily_of(request).board(browser_id(request), request.query_params.get("date"))
    except Invalid as refusal:
        board = daily_of(request).board(browser_id(request))
        board["message"] = refusal.message
    shown = date.fromisoformat(board["date"])
    board["before"] = [(shown - timedelta(days=n)).isoformat() for n in range(1, DAYS_LISTED + 1)]
    board["is_today"] = board["date"] == board["today"]
    board["shown_at_most"] = LEADERBOARD_SHOWN
    return render_fresh(request, "daily.html", {"page": "daily", "d": board})
