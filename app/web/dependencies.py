"""What the routes are given: the services the app made at its start, the browser a
request comes from, and the version it names (If-Match). Written once, for FastAPI's
``Depends`` in the JSON API and for the pages, which call the same functions.

The getters only read the request, so they are coroutines where FastAPI calls them:
it runs a plain function dependency in its thread pool, a hop that costs more than the
lookup. The pages call the plain ones (``*_of``) directly.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header, Request

from app.service.play.match import GolfService
from app.service.quickplay.queue import QuickPlay
from app.service.ratings.service import RatingService
from app.service.replays.daily import DailyService
from app.service.replays.my_matches import MyMatches
from app.service.replays.replays import Replays
from app.service.replays.win_chances import WinChances
from app.service.review.reviews import ReviewService
from app.service.solitaire import SolitaireService
from app.service.stats.statistics import Statistics
from app.service.tables.service import TableService
from app.web.common import browser_id
from app.web.http.numbers import ETAG_PATTERN, version_from_etag


def golf_of(request: Request) -> GolfService:
    return request.app.state.golf


def tables_of(request: Request) -> TableService:
    return request.app.state.tables


def quick_play_of(request: Request) -> QuickPlay:
    return request.app.state.quick_play


def solitaire_of(request: Request) -> SolitaireService:
    return request.app.state.solitaire


def reviews_of(request: Request) -> ReviewService:
    return request.app.state.reviews


def replays_of(request: Request) -> Replays:
    return request.app.state.replays


def win_chances_of(request: Request) -> WinChances:
    return request.app.state.win_chances


def my_matches_of(request: Request) -> MyMatches:
    return request.app.state.my_matches


def daily_of(request: Request) -> DailyService:
    return request.app.state.daily


def ratings_of(request: Request) -> RatingService:
    return request.app.state.ratings


def statistics_of(request: Request) -> Statistics:
    return request.app.state.stats


async def golf(request: Request) -> GolfService:
    return golf_of(request)


async def tables(request: Request) -> TableService:
    return tables_of(request)


async def quick_play(request: Request) -> QuickPlay:
    return quick_play_of(request)


async def solitaire(request: Request) -> SolitaireService:
    return solitaire_of(request)


async def browser(request: Request) -> str:
    return browser_id(request)


# Typed ``str`` (None only as the default when absent): a header is never JSON null, and
# ``str | None`` would document "null" as a valid value. The pattern is documented, not
# enforced by FastAPI: version_from_etag refuses anything else with a sentence.
IfMatchHeader = Annotated[
    str, Header(description='The version you acted on, e.g. "17".', json_schema_extra={"pattern": ETAG_PATTERN})
]


async def if_match(if_match: IfMatchHeader = None) -> int | None:  # type: ignore[assignment]
    """The version in an If-Match header (``"17"``, ``W/"17"`` or ``17``), or None."""
    return version_from_etag(if_match)


Service = Annotated[GolfService, Depends(golf)]
Tables = Annotated[TableService, Depends(tables)]
Solitaire = Annotated[SolitaireService, Depends(solitaire)]
QuickPlays = Annotated[QuickPlay, Depends(quick_play)]
BrowserId = Annotated[str, Depends(browser)]
Version = Annotated[int | None, Depends(if_match)]
