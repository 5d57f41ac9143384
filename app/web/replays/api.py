"""Replays as JSON: ``GET /api/replays/{id}`` (see shared/API.md)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from pydantic import BaseModel, ConfigDict, Field

from app.web.dependencies import BrowserId, my_matches_of, replays_of

router = APIRouter(prefix="/api", tags=["replays"])

RESPONSES: dict[int | str, dict[str, Any]] = {
    404: {"description": "No finished match has this replay link (or a daily's date is not over)."}
}


class ReplaySeat(BaseModel):
    seat: int
    name: str
    kind: str = Field(description='"person" or "computer"')
    level: str | None = Field(None, description="A computer player's level.")


class ReplayAction(BaseModel):
    seat: int
    action: dict[str, Any]


class ReplayHole(BaseModel):
    hole: int
    actions: list[ReplayAction] = Field(description="In order; the last of a hole but the last is the next deal.")
    scores: list[int] = Field(description="Each seat's score for the hole, in seat order.")


class Replay(BaseModel):
    """A finished match, whole: every seat's every action, hole by hole."""

    model_config = ConfigDict(extra="allow")
    id: str
    kind: str = Field(description='"match" (against the computer) or "table" (an online table)')
    rules: dict[str, Any]
    seats: list[ReplaySeat]
    seed: int = Field(description="The public seed the match showed.")
    deal_seed: str = Field(
        description="The engine's seed of the deals, a 64-bit number written in decimal: "
        "app.golf.engine.replay(int(deal_seed), RuleSet(**rules), log) rebuilds every card."
    )
    holes: list[ReplayHole]
    totals: list[int] = Field(description="Each seat's total, in seat order.")


ReplayId = Annotated[str, Path(max_length=32, description="The id in the replay link /r/{id}.")]


@router.get(
    "/replays/{replay_id}",
    response_model=Replay,
    responses=RESPONSES,
    summary="A finished match, to watch again or to export",
)
def get_replay(request: Request, replay_id: ReplayId):
    return replays_of(request).export(replay_id)


class FinishedMatch(BaseModel):
    replay: str | None = Field(description="The replay link /r/{id} (null for a daily deal until its day is over).")
    date: str = Field(description="When the match ended (ISO 8601, UTC).")
    against: str = Field(description='"computer" (a match of your own) or "people" (a table)')
    rules: str = Field(description="The rules' name, as the statistics give it.")
    holes: int
    players: list[str] = Field(description="Every seat's name, in seat order.")
    total: int | None = Field(description="Your total.")
    place: int | None = Field(description="Your place by total (1: the lowest; a tie shares it).")
    outcome: str = Field(description='"win", "loss" or "draw"')


@router.get("/matches", response_model=list[FinishedMatch], summary="Your finished matches, newest first, with replays")
def my_matches(request: Request, browser_id: BrowserId):
    return my_matches_of(request).of(browser_id)
