"""Ratings as JSON: ``GET /api/leaderboard`` and ``GET /api/players/{name}`` (see docs/API.md;
at a name an account went by before, a permanent redirect to its profile: renamed.py)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Request
from pydantic import BaseModel, ConfigDict, Field

from app.service.errors import NotFound
from app.web.dependencies import ratings_of
from app.web.ratings.renamed import to_new_name

router = APIRouter(prefix="/api", tags=["ratings"])


class Standing(BaseModel):
    rank: int = Field(description="1 the highest rating; equal ratings share a rank.")
    name: str
    rating: int = Field(
        description="The conservative estimate (mu - 3 sigma), as 1000 + 40 a unit: a newcomer shows 1000."
    )
    games: int = Field(description="Rated matches played.")
    provisional: bool = Field(description="Fewer than ten rated matches: the rating is still settling.")


class WeekStanding(BaseModel):
    rank: int
    name: str
    gained: int = Field(
        description="Rating gained (or lost) over this week's rated matches (the week runs Monday to Sunday, UTC)."
    )
    games: int


class Leaderboard(BaseModel):
    model_config = ConfigDict(extra="allow")
    players: list[Standing] = Field(description="The top players, highest rating first.")
    you: Standing | None = Field(description="Your own standing; null for a guest or before your first rated match.")
    around: list[Standing] = Field(description="You and the players either side of you.")
    week: list[WeekStanding] = Field(description="This week's board, most rating gained first.")
    rated: int = Field(description="How many players have a rating.")


class RatedMatchLine(BaseModel):
    replay: str | None
    date: str
    players: int
    total: int
    place: int


class HistoryPoint(BaseModel):
    date: str
    rating: int


class Profile(BaseModel):
    model_config = ConfigDict(extra="allow")
    name: str
    rating: int | None = Field(description="Null before the player's first rated match.")
    games: int
    provisional: bool
    rank: int | None
    history: list[HistoryPoint] = Field(description="The rating after each rated match, oldest first.")
    matches: list[RatedMatchLine] = Field(description="Rated matches, newest first, each with its replay.")


@router.get("/leaderboard", response_model=Leaderboard, summary="The players by rating, and the week's board")
def leaderboard(request: Request):
    return ratings_of(request).leaderboard(request.state.browser_id)


@router.get(
    "/players/{name:path}",
    response_model=Profile,
    responses={
        308: {"description": "An account went by that name before: its profile under its name now (Location)."},
        404: {"description": "No account goes by that name, nor went by it."},
    },
    summary="A player's profile: rating, its history, rated matches",
)
def player(name: Annotated[str, Path(max_length=80)], request: Request):
    try:
        return ratings_of(request).profile(name)
    except NotFound as refused:
        return to_new_name(request, name, refused, "/api/players/", 308)
