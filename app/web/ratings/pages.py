"""The leaderboard (``/leaderboard``) and a player's profile (``/players/{name}``; at a
name an account went by before, a permanent redirect to its profile: renamed.py).

A name may hold "/" (linked percent-encoded, as ``%2F``): the server decodes the path
before it routes it, so the profile's route takes the rest of the path, slashes and all."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from app.service.errors import NotFound
from app.web.charts import line_chart
from app.web.common import browser_id, render_fresh
from app.web.dependencies import ratings_of
from app.web.ratings.renamed import to_new_name
from app.web.replays.my_matches import place_words

router = APIRouter(include_in_schema=False)


@router.get("/leaderboard", response_class=HTMLResponse)
def leaderboard_page(request: Request):
    board = ratings_of(request).leaderboard(browser_id(request))
    on_top = {row["rank"] for row in board["players"]}
    # Your neighbours are shown apart only when you are not among the top already.
    board["show_around"] = board["you"] is not None and board["you"]["rank"] not in on_top
    context = {"page": "leaderboard", "b": board, "signed_in": request.state.signed_in}
    return render_fresh(request, "ratings/leaderboard.html", context)


@router.get("/players/{name:path}", response_class=HTMLResponse)
def player_page(name: str, request: Request):
    try:
        profile = ratings_of(request).profile(name)
    except NotFound as refused:
        return to_new_name(request, name, refused, "/players/", 301)
    history = profile["history"]
    chart = (
        line_chart(
            [("Rating", [point["rating"] for point in history])],
            [str(n) for n in range(1, len(history) + 1)],
            f"{profile['name']}'s rating after each rated match, oldest first",
            x_title="Match",
            with_zero=False,
        )
        if len(history) > 1
        else None
    )
    matches = [{**m, "place_words": place_words(m["place"], m["players"])} for m in profile["matches"]]
    return render_fresh(
        request, "ratings/player.html", {"page": "player", "p": profile, "chart": chart, "matches": matches}
    )
