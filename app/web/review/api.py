"""The review of your play, as JSON: ``GET /api/match/review`` (see shared/API.md)."""

from __future__ import annotations

from typing import Annotated

from anyio import to_thread
from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse

from app.web.dependencies import reviews_of

router = APIRouter(prefix="/api", tags=["review"])

RESPONSES: dict[int | str, dict[str, str]] = {
    202: {"description": "The review is being prepared: ask again in a moment."},
    409: {"description": "That hole (or any hole) is not finished yet, or there is no match."},
    422: {"description": "There is no such hole in this match, or no such person's seat."},
}


@router.get("/match/review", responses=RESPONSES, summary="Every decision of yours in a finished hole, weighed")
async def match_review(
    request: Request,
    hole: Annotated[int | None, Query(ge=1, description="A finished hole; the whole match without it")] = None,
    seat: Annotated[
        int | None,
        Query(
            description="Pass and play: the seat (from 0) of the person whose play is reviewed; the first's without it"
        ),
    ] = None,
):
    """Each of your decisions in the hole (or every finished hole) with what the Expert
    would have done, the expected points it cost (``loss``, with its standard error
    ``se``), a verdict and a reason. Judged only from what you could see at the time.
    In pass and play, ``seat`` reviews another person's decisions (422 for a computer's
    seat or a seat the match does not have)."""
    status, body = await to_thread.run_sync(reviews_of(request).match_review, request.state.browser_id, hole, seat)
    return JSONResponse(body, status_code=status)


TABLE_RESPONSES = {
    **RESPONSES,
    403: {"description": "You have no seat at this table."},
    404: {"description": "There is no table with this code."},
}


@router.get(
    "/tables/{code}/review",
    responses=TABLE_RESPONSES,
    summary="Your own decisions at an online table, in a finished hole, weighed",
)
async def table_review(
    request: Request,
    code: str,
    hole: Annotated[int | None, Query(ge=1, description="A finished hole; the whole match without it")] = None,
):
    """As ``/api/match/review``, for your own seat at the table: nobody sees another
    person's review."""
    status, body = await to_thread.run_sync(reviews_of(request).table_review, request.state.browser_id, code, hole)
    return JSONResponse(body, status_code=status)
