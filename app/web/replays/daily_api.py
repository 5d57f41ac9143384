"""The daily deal's leaderboard as JSON: ``GET /api/daily`` (see shared/API.md)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from app.web.dependencies import daily_of

router = APIRouter(prefix="/api", tags=["daily"])


class Ranked(BaseModel):
    rank: int
    name: str = Field(description="An account's name as it is now, or the name a guest played under.")
    guest: bool = Field(description="Played as a guest (no account): marked so on the page.")
    total: int
    expert_total: int


class Yours(BaseModel):
    model_config = ConfigDict(extra="allow")
    total: int | None
    rank: int | None = Field(description="Null for an attempt given up: it counts as played, off the leaderboard.")


class Daily(BaseModel):
    model_config = ConfigDict(extra="allow")
    date: str
    played: int = Field(description="Counted attempts played to the end or given up.")
    leaderboard: list[Ranked] = Field(description="Finished counted attempts, lowest total first; ties share a rank.")
    yours: Yours | None


@router.get(
    "/daily",
    response_model=Daily,
    responses={422: {"description": "Not a date, or a date to come."}},
    summary="A date's daily deal: its leaderboard and your standing",
)
def daily_board(
    request: Request,
    date: Annotated[str | None, Query(max_length=10, description="YYYY-MM-DD (UTC); today without it")] = None,
):
    return daily_of(request).board(request.state.browser_id, date)
