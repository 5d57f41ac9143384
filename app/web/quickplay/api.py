"""Quick play as JSON (``shared/API.md``, "Quick play"): join the queue, look at one's
place (which keeps one in it), leave it. Each route names the browser (from its cookie)
and calls :class:`app.service.quickplay.queue.QuickPlay`."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from app.web.dependencies import BrowserId, QuickPlays
from app.web.http.json_api import REFUSALS, JSONRoute
from app.web.http.refusals import SENTENCES, refusal
from app.web.quickplay.view_model import DEFAULT_NAME, standing_json

router = APIRouter(prefix="/api/quick-play", tags=["quick play"], route_class=JSONRoute)


class Ask(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    players: Literal[2, 3, 4, "any"] = Field(description='The table\'s size: 2, 3 or 4 players, or "any".')
    name: str = Field(DEFAULT_NAME, description="Your name at the table, up to 24 characters.")


@router.post(
    "",
    responses=REFUSALS,
    summary="Wait for a table of standard rules (nine holes, a turn timer); ask again to change the size",
)
def join(body: Ask, service: QuickPlays, browser_id: BrowserId):
    return standing_json(service.join(browser_id, body.players, body.name))


@router.get(
    "",
    summary="Your place: idle, waiting (keep asking every few seconds to stay in the queue) or seated",
)
def standing(service: QuickPlays, browser_id: BrowserId):
    return standing_json(service.standing(browser_id))


@router.delete("", summary="Leave the queue (answers your table if you were seated already)")
def leave(service: QuickPlays, browser_id: BrowserId):
    return standing_json(service.leave(browser_id))


@router.api_route("", methods=["PUT", "PATCH", "OPTIONS", "TRACE"], include_in_schema=False)
def other_methods(request: Request) -> Response:
    """Refused as any address refuses a method it does not take, naming the three this one
    takes: each has a route of its own above, and the framework's refusal would name only
    the first's."""
    return refusal(request, 405, SENTENCES[405], headers={"Allow": "GET, POST, DELETE"})
