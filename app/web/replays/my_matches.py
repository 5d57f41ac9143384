"""My matches: ``/matches``, this browser's finished matches with their replays (the same
list as ``GET /api/matches``)."""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from app.players.turning_points import said_peak
from app.web.common import browser_id, render_fresh
from app.web.dependencies import my_matches_of

router = APIRouter(include_in_schema=False)

PLACES = {1: "1st", 2: "2nd", 3: "3rd"}


def place_words(place: int | None, players: int) -> str:
    """A place as a person reads it: "1st of 3".

    >>> place_words(1, 3), place_words(4, 8), place_words(None, 2)
    ('1st of 3', '4th of 8', '')
    """
    if place is None:
        return ""
    return f"{PLACES.get(place, f'{place}th')} of {players}"


@router.get("/matches", response_class=HTMLResponse)
def my_matches_page(request: Request):
    matches = [
        {
            **match,
            "shown_date": datetime.fromisoformat(match["date"]).strftime("%d %b %Y, %H:%M UTC"),
            "place_words": place_words(match["place"], len(match["players"])),
            "peak_words": said_peak(match["chance_peak"]) if match["chance_peak"] else "",
        }
        for match in my_matches_of(request).of(browser_id(request))
    ]
    return render_fresh(request, "replays/my_matches.html", {"page": "my-matches", "matches": matches})
