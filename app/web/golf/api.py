"""The public JSON API (``shared/API.md``): every game action for bots, scripts and tests.

Each route names the browser (from its cookie), calls the service, and returns the
whole match state. Refusals come back as ``{"detail": "..."}`` with 409, 412 or 422.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Depends, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from app.players import Level
from app.service.play.match_deals import MAX_SEED
from app.web.common import browser_id
from app.web.dependencies import BrowserId, Service, Version, golf_of, statistics_of
from app.web.golf.move_routes import Play, add_move_routes
from app.web.http.json_api import REFUSALS, JSONAnswer, JSONRoute

router = APIRouter(prefix="/api", tags=["golf"], route_class=JSONRoute)


class Cell(BaseModel):
    card: str | None = Field(description="The card code, or null while face down.")
    face_up: bool
    peeked: str | None = Field(
        None,
        description="Four-card rules only: your own face-down card you looked at, until your first turn of the hole.",
    )


class Player(BaseModel):
    model_config = ConfigDict(extra="allow")
    id: str
    name: str
    grid: list[Cell]
    showing: int
    hole_score: int | None
    holding: bool


class MatchState(BaseModel):
    """The match as you see it (see shared/API.md for every field)."""

    model_config = ConfigDict(extra="allow")
    version: int
    seed: int
    rules: dict[str, Any]
    level: Level | None = Field(description="The computers' level; null when people sit at every seat.")
    hole: int
    holes: int
    first_player: str
    phase: Literal["opening", "draw", "place", "flip", "hole_over", "match_over", "waiting"]
    paused: bool
    closing: bool
    closed_by: str | None
    stock_count: int
    discard: dict[str, Any]
    held: dict[str, Any] | None
    players: list[Player]
    scorecard: list[dict[str, Any]]
    totals: dict[str, int]
    result: Literal["win", "loss", "draw"] | None
    elapsed_seconds: int
    actions_taken: int
    can_undo: bool
    events: list[dict[str, Any]]
    people: list[str] | None = Field(None, description="Pass and play: the people sharing this device; else absent.")
    pass_to: dict[str, Any] | None = Field(
        None,
        description="Pass and play: {seat, name} of the person the device is to be passed to, while their pass "
        "screen is unopened (the state then holds no one's secret and no legal move); else null or absent.",
    )


class NewMatch(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    seed: int | None = Field(None, ge=0, le=MAX_SEED, description="The same seed gives the same deals.")
    level: Level | None = None
    rules: dict[str, Any] | None = Field(
        None, description='A preset name and/or rule fields, e.g. {"name": "nine-card"}.'
    )
    daily: bool = Field(
        False,
        description="Today's daily deal (UTC): standard rules, nine holes, against the Expert, "
        "the same deals for everyone; with no seed, level or rules.",
    )
    name: str | None = Field(None, description="With daily: your name on the day's leaderboard, up to 24 characters.")
    people: list[str] | None = Field(
        None,
        description="Pass and play: the names of 2 to 8 people sharing this device, seated first in this "
        "order (computers of the level at the other seats).",
    )


class Hint(BaseModel):
    action: dict[str, Any]
    reason: str


def state(outcome) -> JSONResponse:
    return JSONAnswer(outcome.state, headers={"ETag": f'"{outcome.state["version"]}"'})


@router.get("/match", response_model=MatchState, summary="The current match (dealt if none)")
def get_match(service: Service, browser_id: BrowserId):
    return state(service.current(browser_id))


@router.post(
    "/match/new", response_model=MatchState, responses=REFUSALS, summary="A new match with a new sequence of deals"
)
def new_match(
    service: Service, browser_id: BrowserId, version: Version, body: Annotated[NewMatch | None, Body()] = None
):
    body = body or NewMatch()
    return state(
        service.new_match(
            browser_id,
            body.seed,
            body.level,
            body.rules,
            if_match=version,
            daily=body.daily,
            name=body.name,
            people=body.people,
        )
    )


@router.post(
    "/match/restart", response_model=MatchState, responses=REFUSALS, summary="The same deals again from hole 1"
)
def restart(service: Service, browser_id: BrowserId, version: Version):
    return state(service.restart(browser_id, if_match=version))


async def _play_match(request: Request) -> Play:
    """How a move is played on the caller's own match. (It reads the request itself: each
    dependency FastAPI resolves costs more than the lookup, and a move is the hot path.)"""
    service, browser = golf_of(request), browser_id(request)
    return lambda action, version: state(service.act(browser, action, if_match=version))


add_move_routes(router, "/match", Annotated[Play, Depends(_play_match)], response_model=MatchState, responses=REFUSALS)


@router.post(
    "/match/undo",
    response_model=MatchState,
    responses=REFUSALS,
    summary="Back to before your last action (the computer's replies too)",
)
def undo(service: Service, browser_id: BrowserId, version: Version):
    return state(service.undo(browser_id, if_match=version))


@router.post(
    "/match/pass-open",
    response_model=MatchState,
    responses=REFUSALS,
    summary="Pass and play: the person the device was passed to opens the table",
)
def pass_open(service: Service, browser_id: BrowserId, version: Version):
    return state(service.open_pass(browser_id, if_match=version))


@router.post("/match/pause", response_model=MatchState, responses=REFUSALS, summary="Stop play and the clock")
def pause(service: Service, browser_id: BrowserId, version: Version):
    return state(service.pause(browser_id, if_match=version))


@router.post("/match/resume", response_model=MatchState, responses=REFUSALS, summary="Start play and the clock again")
def resume(service: Service, browser_id: BrowserId, version: Version):
    return state(service.resume(browser_id, if_match=version))


@router.post(
    "/match/hint",
    response_model=Hint,
    responses=REFUSALS,
    summary="What the strongest computer player would do in your place",
)
def hint(service: Service, browser_id: BrowserId):
    return service.hint(browser_id)


@router.get("/stats", summary="Statistics of this browser")
def stats(request: Request, browser_id: BrowserId):
    return statistics_of(request).of(browser_id)
