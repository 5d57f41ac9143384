"""Golf solitaire as JSON: ``/api/solitaire`` (see shared/API.md)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from app.web.dependencies import BrowserId, Solitaire, Version
from app.web.golf.api_models import STRICT
from app.web.http.json_api import REFUSALS, JSONAnswer, JSONRoute

router = APIRouter(prefix="/api/solitaire", tags=["solitaire"], route_class=JSONRoute)


class SolitaireState(BaseModel):
    """The solitaire deal as you see it (the stock's order is never sent, only its size)."""

    model_config = ConfigDict(extra="allow")
    version: int
    seed: int
    tableau: list[list[str]]
    stock_count: int
    foundation: dict[str, Any]
    phase: Literal["playing", "won", "stuck"]
    score: int
    moves: int
    can_undo: bool
    playable: list[int]


class NewDeal(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    seed: int | None = Field(None, ge=0, le=2**53 - 1, description="The deal number; the same number, the same deal.")
    winnable_only: bool | None = Field(None, description="Deal only deals the solver has proved winnable.")
    rules: dict[str, bool] | None = Field(
        None,
        description='Options: {"any_time": bool, "queens_on_kings": bool, "wrap": bool}; default the game as written.',
    )


class Pile(BaseModel):
    model_config = STRICT
    pile: int = Field(ge=0, le=6, description="0 is the leftmost pile.")


def deal_state(state: dict) -> JSONResponse:
    return JSONAnswer(state, headers={"ETag": f'"{state["version"]}"'})


@router.get("", response_model=SolitaireState, summary="The current deal (dealt if none)")
def get_deal(service: Solitaire, browser_id: BrowserId):
    return deal_state(service.current(browser_id))


@router.post("/new", response_model=SolitaireState, responses=REFUSALS, summary="A new deal")
def new_deal(
    service: Solitaire, browser_id: BrowserId, version: Version, body: Annotated[NewDeal | None, Body()] = None
):
    body = body or NewDeal()
    return deal_state(service.new(browser_id, body.seed, body.winnable_only, body.rules, if_match=version))


@router.post("/restart", response_model=SolitaireState, responses=REFUSALS, summary="The same deal from the start")
def restart_deal(service: Solitaire, browser_id: BrowserId, version: Version):
    return deal_state(service.restart(browser_id, if_match=version))


@router.post(
    "/play", response_model=SolitaireState, responses=REFUSALS, summary="Move a pile's top card to the foundation"
)
def play_pile(body: Pile, service: Solitaire, browser_id: BrowserId, version: Version):
    return deal_state(service.play(browser_id, body.pile, if_match=version))


@router.post(
    "/draw", response_model=SolitaireState, responses=REFUSALS, summary="Turn the next stock card onto the foundation"
)
def draw_stock(service: Solitaire, browser_id: BrowserId, version: Version):
    return deal_state(service.draw(browser_id, if_match=version))


@router.post("/undo", response_model=SolitaireState, responses=REFUSALS, summary="Take back the last move")
def undo_move(service: Solitaire, browser_id: BrowserId, version: Version):
    return deal_state(service.undo(browser_id, if_match=version))


@router.get("/hint", summary="The best next move, or that the deal cannot be won from here")
def solitaire_hint(service: Solitaire, browser_id: BrowserId):
    return service.hint(browser_id)
