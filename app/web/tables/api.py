"""Online tables as JSON (``shared/API.md``, "Online tables"): make, join, start, play,
undo, leave, and the table's event stream.

Each route names the browser (from its cookie) and calls :class:`TableService`; the
answer is the table as that browser sees it. The event stream only relays versions:
a client fetches its own view of the table when a new one is announced.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Depends, Path, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from app.players import LEVELS, Level
from app.service.tables.notify import Change
from app.web.common import browser_id
from app.web.dependencies import BrowserId, Tables, Version, tables_of
from app.web.golf.move_routes import Play, add_move_routes
from app.web.http.json_api import REFUSALS, JSONAnswer, JSONRoute
from app.web.tables.stream import table_events, version_of

router = APIRouter(prefix="/api/tables", tags=["tables"], route_class=JSONRoute)


Code = Annotated[str, Path(max_length=32, description="The table's invite code.")]
TABLE_REFUSALS: dict[int | str, dict[str, Any]] = {
    **REFUSALS,
    403: {"description": "You have no seat at this table (or are not its host); nothing changed."},
    404: {"description": "No table has this code."},
}


class NewTable(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(description="The table's name, up to 60 characters.")
    seats: list[str] = Field(
        description='Seat 0 "host" (you), then "open" (waits for a person) or a computer '
        "level (" + ", ".join(f'"{level}"' for level in LEVELS) + "); 2 to 8 seats."
    )
    rules: dict[str, Any] | str | None = Field(
        None,
        description='A preset name ("nine-card") or rule fields as for /api/match/new; '
        '"players" is the number of seats.',
    )
    host_name: str = Field("Host", description="Your name at the table, up to 24 characters.")
    timer_seconds: int | None = Field(
        None,
        description="Seconds each person has for a decision (10 to 3600); when they run out a computer "
        "player makes it. Off (null) by default.",
    )


class Join(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(description="Your name at the table, up to 24 characters, no control characters.")


class SeatKind(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    kind: Literal["open"] | Level


class Start(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    fill: Level | None = Field(None, description="Open seats become computer players of this level.")


def answer(table: dict, status: int = 200) -> JSONResponse:
    return JSONAnswer(table, status_code=status, headers={"ETag": f'"{table["version"]}"'})


@router.post("", status_code=201, responses=TABLE_REFUSALS, summary="Make a table; you sit at seat 0 as its host")
def make_table(body: NewTable, service: Tables, browser_id: BrowserId):
    return answer(
        service.create(
            browser_id,
            name=body.name,
            rules=body.rules,
            seats=body.seats,
            host_name=body.host_name,
            timer_seconds=body.timer_seconds,
        ).table,
        201,
    )


@router.get("/{code}", responses=TABLE_REFUSALS, summary="The table from your seat, or as a spectator")
def get_table(code: Code, service: Tables, browser_id: BrowserId):
    return answer(service.table(browser_id, code))


@router.post("/{code}/join", responses=TABLE_REFUSALS, summary="Take the first open seat (or get yours back)")
def join(code: Code, body: Join, service: Tables, browser_id: BrowserId):
    return answer(service.join(browser_id, code, body.name).table)


@router.post(
    "/{code}/seats/{seat}",
    responses=TABLE_REFUSALS,
    summary="The host makes a seat open or a computer player, before the start",
)
def set_seat(
    code: Code, seat: Annotated[int, Path(ge=0, le=7)], body: SeatKind, service: Tables, browser_id: BrowserId
):
    return answer(service.set_seat(browser_id, code, seat, body.kind).table)


@router.post("/{code}/start", responses=TABLE_REFUSALS, summary="The host starts the match")
def start(code: Code, service: Tables, browser_id: BrowserId, body: Annotated[Start | None, Body()] = None):
    return answer(service.start(browser_id, code, (body or Start()).fill).table)


async def _play_at_table(code: Code, request: Request) -> Play:
    """How a move is played for the caller's seat at the table of ``code`` (the request
    read here, not through more dependencies: see app.web.golf.api._play_match)."""
    service, browser = tables_of(request), browser_id(request)
    return lambda action, version: answer(service.act(browser, code, action, if_match=version).table)


add_move_routes(router, "/{code}", Annotated[Play, Depends(_play_at_table)], responses=TABLE_REFUSALS)


@router.post(
    "/{code}/undo",
    responses=TABLE_REFUSALS,
    summary="Take back your own last action while no other seat has acted since",
)
def undo(code: Code, service: Tables, browser_id: BrowserId, version: Version):
    return answer(service.undo(browser_id, code, if_match=version).table)


@router.post("/{code}/leave", responses=TABLE_REFUSALS, summary="Leave: a computer player takes your seat")
def leave(code: Code, service: Tables, browser_id: BrowserId):
    return answer(service.leave(browser_id, code).table)


@router.post(
    "/{code}/again",
    responses=TABLE_REFUSALS,
    summary="After the end: a new table with the same rules and seats, made once (its code is `next`)",
)
def again(code: Code, service: Tables, browser_id: BrowserId):
    return answer(service.again(browser_id, code).table)


@router.get(
    "/{code}/events",
    responses={404: TABLE_REFUSALS[404]},
    summary='text/event-stream: `event: table` with `{"version": n}` after every change '
    '(`"seats": true` too when a seat\'s connection changed)',
)
async def events(code: Code, request: Request, service: Tables, browser_id: BrowserId):
    async def relay(change: Change) -> tuple[dict, None]:
        return version_of(change), None

    return await table_events(request, service, browser_id, code, lambda opened: relay)
