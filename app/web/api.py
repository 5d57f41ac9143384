"""The public JSON API (``shared/API.md``): every game action for bots, scripts and tests.

Each route names the browser (from its cookie), calls the service, and returns the
whole match state. Refusals come back as ``{"detail": "..."}`` with 409, 412 or 422.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Depends, Header, Request
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException

from app.service.errors import Invalid
from app.players import Level
from app.service.golf import MAX_SEED, GolfService
from app.web.numbers import ETAG_PATTERN, version_from_etag


class JSONRoute(APIRoute):
    """A route whose unreadable JSON body is a malformed request like any other (422).

    Python's JSON reader refuses an integer of over 4,300 digits and nesting deeper
    than its recursion limit with errors FastAPI does not take for bad JSON, so it
    would answer a bare 400 of its own."""

    def get_route_handler(self):
        handle = super().get_route_handler()

        async def handler(request: Request):
            try:
                return await handle(request)
            except HTTPException as error:
                if error.status_code == 400 and isinstance(error.__cause__, (ValueError, RecursionError)):
                    raise Invalid("The body is not JSON that can be read: a number too long or nesting too deep.") from None
                raise

        return handler


router = APIRouter(prefix="/api", tags=["golf"], route_class=JSONRoute)



class Cell(BaseModel):
    card: str | None = Field(description="The card code, or null while face down.")
    face_up: bool
    peeked: str | None = Field(None, description="Four-card rules only: your own face-down card you looked at.")


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
    level: Level
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


# The request bodies are strict: a number is a JSON number and a yes-or-no a JSON
# boolean, as the schema says (``false`` is no position, ``"3"`` no pile), the same
# as the engine's own reading of an action. Other fields in a move's body are let be,
# as they always were (a bot may send its whole action, ``{"action": "reveal", ...}``).
STRICT = ConfigDict(strict=True)


class Position(BaseModel):
    model_config = STRICT
    position: int = Field(ge=0, le=11, description="0 is the top-left card; row-major.")


class Source(BaseModel):
    model_config = STRICT
    source: Literal["stock", "discard"]


class NewMatch(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    seed: int | None = Field(None, ge=0, le=MAX_SEED, description="The same seed gives the same deals.")
    level: Level | None = None
    rules: dict[str, Any] | None = Field(None, description="A preset name and/or rule fields, e.g. {\"name\": \"nine-card\"}.")
    daily: bool = Field(False, description="Today's daily deal (UTC): standard rules, nine holes, against the Expert, "
                                           "the same deals for everyone; with no seed, level or rules.")
    name: str | None = Field(None, description="With daily: your name on the day's leaderboard, up to 24 characters.")


class Hint(BaseModel):
    action: dict[str, Any]
    reason: str


REFUSALS: dict[int | str, dict[str, Any]] = {
    409: {"description": "Not allowed now (the detail says why); nothing changed."},
    412: {"description": "If-Match names an older version; nothing changed."},
    422: {"description": "A malformed request; nothing changed."},
}


# The dependencies only read the request, so they are coroutines: FastAPI runs a plain
# function dependency in its thread pool, a hop that cost more than the lookup.
async def golf(request: Request) -> GolfService:
    return request.app.state.golf


async def browser(request: Request) -> str:
    return request.state.browser_id


# Typed ``str`` (None only as the default when absent): a header is never JSON null, and
# ``str | None`` would document "null" as a valid value. The pattern is documented, not
# enforced by FastAPI: version_from_etag refuses anything else with a sentence.
async def if_match(if_match: Annotated[str, Header(description='The version you acted on, e.g. "17".',
                                                   json_schema_extra={"pattern": ETAG_PATTERN})] = None) -> int | None:  # type: ignore[assignment]
    """The version in an If-Match header (``"17"``, ``W/"17"`` or ``17``), or None."""
    return version_from_etag(if_match)


Service = Annotated[GolfService, Depends(golf)]
BrowserId = Annotated[str, Depends(browser)]
Version = Annotated[int | None, Depends(if_match)]


def state(outcome) -> JSONResponse:
    return JSONResponse(outcome.state, headers={"ETag": f'"{outcome.state["version"]}"'})


@router.get("/match", response_model=MatchState, summary="The current match (dealt if none)")
def get_match(service: Service, browser_id: BrowserId):
    return state(service.current(browser_id))


@router.post("/match/new", response_model=MatchState, responses=REFUSALS,
             summary="A new match with a new sequence of deals")
def new_match(service: Service, browser_id: BrowserId, version: Version,
              body: Annotated[NewMatch | None, Body()] = None):
    body = body or NewMatch()
    return state(service.new_match(browser_id, body.seed, body.level, body.rules, if_match=version,
                                   daily=body.daily, name=body.name))


@router.post("/match/restart", response_model=MatchState, responses=REFUSALS,
             summary="The same deals again from hole 1")
def restart(service: Service, browser_id: BrowserId, version: Version):
    return state(service.restart(browser_id, if_match=version))


@router.post("/match/reveal", response_model=MatchState, responses=REFUSALS, summary="Turn one of your cards up")
def reveal(body: Position, service: Service, browser_id: BrowserId, version: Version):
    return state(service.act(browser_id, {"action": "reveal", "position": body.position}, if_match=version))


@router.post("/match/draw", response_model=MatchState, responses=REFUSALS,
             summary="Take the top card of the stock or the discard pile")
def draw(body: Source, service: Service, browser_id: BrowserId, version: Version):
    return state(service.act(browser_id, {"action": "draw", "source": body.source}, if_match=version))


@router.post("/match/swap", response_model=MatchState, responses=REFUSALS,
             summary="Put the held card into a position; the old card goes on the discard pile")
def swap(body: Position, service: Service, browser_id: BrowserId, version: Version):
    return state(service.act(browser_id, {"action": "swap", "position": body.position}, if_match=version))


@router.post("/match/reject", response_model=MatchState, responses=REFUSALS,
             summary="Throw away a card drawn from the stock")
def reject(service: Service, browser_id: BrowserId, version: Version):
    return state(service.act(browser_id, {"action": "reject"}, if_match=version))


@router.post("/match/skip", response_model=MatchState, responses=REFUSALS,
             summary="Optional-flip rules: end the turn without revealing after a reject")
def skip(service: Service, browser_id: BrowserId, version: Version):
    return state(service.act(browser_id, {"action": "skip"}, if_match=version))


@router.post("/match/knock", response_model=MatchState, responses=REFUSALS,
             summary="Knocking rules: close the hole instead of drawing")
def knock(service: Service, browser_id: BrowserId, version: Version):
    return state(service.act(browser_id, {"action": "knock"}, if_match=version))


@router.post("/match/next-hole", response_model=MatchState, responses=REFUSALS,
             summary="Deal the next hole after a hole is scored")
def next_hole(service: Service, browser_id: BrowserId, version: Version):
    return state(service.act(browser_id, {"action": "next_hole"}, if_match=version))


@router.post("/match/undo", response_model=MatchState, responses=REFUSALS,
             summary="Back to before your last action (the computer's replies too)")
def undo(service: Service, browser_id: BrowserId, version: Version):
    return state(service.undo(browser_id, if_match=version))


@router.post("/match/pause", response_model=MatchState, responses=REFUSALS, summary="Stop play and the clock")
def pause(service: Service, browser_id: BrowserId, version: Version):
    return state(service.pause(browser_id, if_match=version))


@router.post("/match/resume", response_model=MatchState, responses=REFUSALS, summary="Start play and the clock again")
def resume(service: Service, browser_id: BrowserId, version: Version):
    return state(service.resume(browser_id, if_match=version))


@router.post("/match/hint", response_model=Hint, responses=REFUSALS,
             summary="What the strongest computer player would do in your place")
def hint(service: Service, browser_id: BrowserId):
    return service.hint(browser_id)


@router.get("/stats", summary="Statistics of this browser")
def stats(request: Request, browser_id: BrowserId):
    return request.app.state.stats.of(browser_id)


# --------------------------------------------------------------------------- solitaire

solitaire_router = APIRouter(prefix="/api/solitaire", tags=["solitaire"], route_class=JSONRoute)


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
        None, description='Options: {"any_time": bool, "queens_on_kings": bool, "wrap": bool}; default the game as written.')


class Pile(BaseModel):
    model_config = STRICT
    pile: int = Field(ge=0, le=6, description="0 is the leftmost pile.")


async def solitaire(request: Request):
    return request.app.state.solitaire


Solitaire = Annotated[Any, Depends(solitaire)]


def deal_state(state: dict) -> JSONResponse:
    return JSONResponse(state, headers={"ETag": f'"{state["version"]}"'})


@solitaire_router.get("", response_model=SolitaireState, summary="The current deal (dealt if none)")
def get_deal(service: Solitaire, browser_id: BrowserId):
    return deal_state(service.current(browser_id))


@solitaire_router.post("/new", response_model=SolitaireState, responses=REFUSALS, summary="A new deal")
def new_deal(service: Solitaire, browser_id: BrowserId, version: Version,
             body: Annotated[NewDeal | None, Body()] = None):
    body = body or NewDeal()
    return deal_state(service.new(browser_id, body.seed, body.winnable_only, body.rules, if_match=version))


@solitaire_router.post("/restart", response_model=SolitaireState, responses=REFUSALS,
                       summary="The same deal from the start")
def restart_deal(service: Solitaire, browser_id: BrowserId, version: Version):
    return deal_state(service.restart(browser_id, if_match=version))


@solitaire_router.post("/play", response_model=SolitaireState, responses=REFUSALS,
                       summary="Move a pile's top card to the foundation")
def play_pile(body: Pile, service: Solitaire, browser_id: BrowserId, version: Version):
    return deal_state(service.play(browser_id, body.pile, if_match=version))


@solitaire_router.post("/draw", response_model=SolitaireState, responses=REFUSALS,
                       summary="Turn the next stock card onto the foundation")
def draw_stock(service: Solitaire, browser_id: BrowserId, version: Version):
    return deal_state(service.draw(browser_id, if_match=version))


@solitaire_router.post("/undo", response_model=SolitaireState, responses=REFUSALS, summary="Take back the last move")
def undo_move(service: Solitaire, browser_id: BrowserId, version: Version):
    return deal_state(service.undo(browser_id, if_match=version))


@solitaire_router.get("/hint", summary="The best next move, or that the deal cannot be won from here")
def solitaire_hint(service: Solitaire, browser_id: BrowserId):
    return service.hint(browser_id)
