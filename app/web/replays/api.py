"""Replays as JSON: ``GET /api/replays/{id}`` (see shared/API.md)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from pydantic import BaseModel, ConfigDict, Field

from app.web.dependencies import BrowserId, my_matches_of, win_chances_of

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


class TurningPoint(BaseModel):
    step: int = Field(description="The step of the replay after the move that made it (?step=N).")
    seat: int = Field(description="Whose chance it moved: a person's seat.")
    change: float = Field(description="How much it moved that seat's chance (-0.18: 18 points of chance lost).")
    text: str = Field(description='The turning point in a sentence, said to that seat\'s person ("Hole 4: ...").')


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
    win_chance: list[list[float]] | None = Field(
        description="Each seat's chance to win (seat order, summing to 1) after each step: step 0 the first deal, "
        "step N after the N-th action. Null while it is being worked out, a moment after the match ends."
    )
    turning_points: list[TurningPoint] | None = Field(
        description="The steps that moved each person's chance most, at most three a person, largest change first; "
        "null while the chances are being worked out."
    )


ReplayId = Annotated[str, Path(max_length=32, description="The id in the replay link /r/{id}.")]


@router.get(
    "/replays/{replay_id}",
    response_model=Replay,
    responses=RESPONSES,
    summary="A finished match, to watch again or to export",
)
def get_replay(request: Request, replay_id: ReplayId):
    return win_chances_of(request).export(replay_id)


class ChancePeak(BaseModel):
    percent: int = Field(description="Your chance to win at its highest before the match was decided, in percent.")
    hole: int = Field(description="The hole it was that high in (its first step at that height).")


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
    chance_peak: ChancePeak | None = Field(
        None,
        description="How high your chance to win went (the replay's chart); null while it is worked out, "
        "for a match decided from its deal, and for a table finished before seats were kept with results.",
    )


@router.get("/matches", response_model=list[FinishedMatch], summary="Your finished matches, newest first, with replays")
def my_matches(request: Request, browser_id: BrowserId):
    return my_matches_of(request).of(browser_id)
