"""The web application: ``app = create_app()`` (run with ``uvicorn app.main:app``)."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Callable
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.middleware.gzip import GZipMiddleware

from app.golf.engine import GolfState
from app.resources import STATIC
from app.service.accounts.devices import Devices
from app.service.accounts.passkeys import Passkeys
from app.service.accounts.sessions import GUEST_KEPT_SECONDS, KEPT_SECONDS, SessionAccounts
from app.service.browsers import SessionTokens, deal_key, session_key, start_purging
from app.service.play.match import GolfService
from app.service.play.turn_process import TurnProcess
from app.service.quickplay import sweep as quick_play_sweep
from app.service.quickplay.queue import QuickPlay
from app.service.ratings.service import RatingService
from app.service.replays.daily import DailyService
from app.service.replays.my_matches import MyMatches
from app.service.replays.replays import Replays
from app.service.replays.win_chances import WinChances
from app.service.review.reviews import ReviewService
from app.service.solitaire import SolitaireService
from app.service.stats.statistics import Statistics
from app.service.tables.notify import notifier_for
from app.service.tables.purge import start_purging_tables
from app.service.tables.service import TableService
from app.service.tables.sweep import sweep_forever
from app.settings import Settings, get_settings
from app.store.database import checkpoint_forever, make_engine, migrate
from app.store.tables import TableRecord
from app.web import api_docs
from app.web.accounts import api as accounts_api
from app.web.accounts import pages as accounts_pages
from app.web.golf import api as golf_api
from app.web.golf import pages as golf_pages
from app.web.golf import statistics as statistics_pages
from app.web.http import health, refusals
from app.web.http.caching import StaticCacheMiddleware
from app.web.http.head import HeadAsGetMiddleware
from app.web.http.headers import SecurityHeadersMiddleware
from app.web.http.limits import RequestSizeLimitMiddleware
from app.web.http.metrics import Metrics, MetricsMiddleware
from app.web.http.origin import CrossSiteMiddleware
from app.web.http.rate_limits import RateLimitMiddleware
from app.web.http.session import BrowserSessionMiddleware
from app.web.http.stream_limits import StreamCapMiddleware
from app.web.quickplay import api as quick_play_api
from app.web.quickplay import pages as quick_play_pages
from app.web.ratings import api as ratings_api
from app.web.ratings import pages as ratings_pages
from app.web.replays import api as replays_api
from app.web.replays import daily_api, daily_pages
from app.web.replays import my_matches as my_matches_pages
from app.web.replays import pages as replays_pages
from app.web.review import api as review_api
from app.web.review import pages as review_pages
from app.web.scorekeeper import calculator_api, calculator_pages
from app.web.scorekeeper import pages as scorekeeper_pages
from app.web.solitaire import api as solitaire_api
from app.web.solitaire import pages as solitaire_pages
from app.web.tables import api as tables_api
from app.web.tables import page_stream as tables_page_stream
from app.web.tables import pages as tables_pages
from app.web.tables.answering import AnswersUnderWay
from app.web.tables.drawings import DrawnTables

# The garbage collector's thresholds while serving (gc.set_threshold). With Python's
# (700, 10, 10) the youngest objects are collected after every 700 net new ones: the
# objects of the requests in flight then are carried into the older generations, which
# fill up, and a full collection (every object: each open event stream holds about 300)
# stopped every request for 200 ms or more several times a minute with 1,000 open table
# pages (bench/tables_load.py). Collected less often, a request's objects die first and
# full collections become rare; the younger ones pause for 10 to 80 ms. Cycles are
# still collected.
GC_THRESHOLDS: tuple[int, ...] = (10_000, 10, 10)


def each(*listeners: Callable[[TableRecord, GolfState], None]) -> Callable[[TableRecord, GolfState], None]:
    """One listener of a scored hole that tells each of ``listeners`` in turn."""

    def told(record: TableRecord, state: GolfState) -> None:
        for listener in listeners:
            listener(record, state)

    return told


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    metrics = Metrics(settings) if settings.metrics else None  # GET /metrics (GOLF_METRICS)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        engine = make_engine(settings.database_url)
        migrate(engine)
        app.state.engine = engine
        thinker = TurnProcess()  # the computers' thinking of moves and of timeouts, beside the server
        app.state.golf = GolfService(
            engine, deal_key(engine, settings.deal_key), default_level=settings.default_level, think=thinker.think_ahead
        )
        app.state.solitaire = SolitaireService(engine)
        app.state.replays = Replays(engine)
        app.state.my_matches = MyMatches(engine)
        app.state.ratings = RatingService(engine)
        app.state.daily = DailyService(engine, app.state.golf.deal_key)
        app.state.reviews = reviews = ReviewService(engine, app.state.golf.deal_key)
        app.state.win_chances = chances = WinChances(engine, app.state.golf.deal_key, app.state.replays)
        if settings.reviews_ahead:
            app.state.golf.on_hole_scored = each(reviews.hole_scored, chances.match_over)
        app.state.notifier = notifier = notifier_for(settings.database_url)
        await notifier.start()
        app.state.tables = TableService(
            engine,
            app.state.golf.deal_key,
            notifier,
            away_seconds=settings.table_away_seconds,
            hold_seconds=settings.play_again_hold_seconds,
            thinker=thinker,
            next_hole_seconds=settings.next_hole_seconds,
        )
        if settings.reviews_ahead:
            app.state.tables.on_hole_scored = each(reviews.table_hole_scored, chances.match_over)
        app.state.stream_drawing = tables_page_stream.StreamDrawing()
        if metrics is not None:
            metrics.watch(app.state)
        app.state.answers_under_way = AnswersUnderWay()  # the moves being answered: the others' tables after them
        app.state.drawn_tables = DrawnTables()  # the tables drawn lately, what pages are sent parts of
        sweeper = asyncio.create_task(sweep_forever(app.state.tables))
        app.state.quick_play = QuickPlay(engine, app.state.tables, wait_seconds=settings.quick_play_wait_seconds)
        quick_sweeper = asyncio.create_task(quick_play_sweep.sweep_forever(app.state.quick_play))
        app.state.stats = Statistics(engine)
        app.state.session_tokens = SessionTokens(engine, session_key(engine))
        # One server process on SQLite makes every change of accounts itself (docs/operations.md).
        one_process = engine.dialect.name == "sqlite"
        app.state.session_accounts = SessionAccounts(
            engine, guests_kept_seconds=GUEST_KEPT_SECONDS if one_process else KEPT_SECONDS
        )
        app.state.passkeys = Passkeys(engine, app.state.golf.deal_key)
        app.state.devices = Devices(engine, app.state.golf.deal_key)
        purging = start_purging(engine, settings)
        purging_tables = start_purging_tables(engine, settings, lambda code: notifier.subscriber_count(code) > 0)
        checkpoints = asyncio.create_task(checkpoint_forever(engine))
        # What start-up made (modules, routes, templates: over 100,000 objects) lives as
        # long as the process: out of the garbage collector's sight, a full collection
        # costs what the requests' objects cost, not tens of milliseconds more, and a
        # move's event is not held up behind it.
        gc.collect()
        gc.freeze()
        thresholds = gc.get_threshold()
        gc.set_threshold(*GC_THRESHOLDS)
        yield
        gc.set_threshold(*thresholds)
        gc.unfreeze()
        purging.cancel()
        purging_tables.cancel()
        checkpoints.cancel()
        sweeper.cancel()
        quick_sweeper.cancel()
        reviews.close()
        chances.close()
        if metrics is not None:
            metrics.unwatch()
        app.state.tables.close()
        await notifier.stop()
        engine.dispose()

    app = FastAPI(
        title="Golf",
        summary="Golf, the card game: six-card Golf against the computer, its variants, and Golf solitaire.",
        version="1.0",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,  # /docs is served below, from this site's own files
    )
    app.state.stream_send_seconds = settings.stream_send_seconds
    app.state.relying_party = (settings.rp_id, settings.origin)
    # Outermost last: the headers go on every answer, refusals included; size and
    # origin are checked before the session is looked at; rate limits and the caps on
    # open streams need the session.
    app.add_middleware(StreamCapMiddleware, settings=settings)
    if settings.rate_limit_enabled:
        app.add_middleware(RateLimitMiddleware, settings=settings)
    app.add_middleware(BrowserSessionMiddleware, secure=settings.cookie_secure)
    app.add_middleware(CrossSiteMiddleware, allowed_origins=settings.allowed_origins)
    app.add_middleware(
        RequestSizeLimitMiddleware, max_body_bytes=settings.max_body_bytes, max_header_bytes=settings.max_header_bytes
    )
    app.add_middleware(SecurityHeadersMiddleware)
    app.add_middleware(StaticCacheMiddleware)
    # Starlette's default exclusions leave text/event-stream alone: the tables' live
    # events (/api/tables/{code}/events) are sent as they come, never buffered.
    # Level 3: a table's fragment (some 30 KB) compresses in 0.08 ms to 6.7 KB, against
    # 0.26 ms and 6.1 KB at zlib's default 6, on every refresh of every page.
    app.add_middleware(GZipMiddleware, minimum_size=500, compresslevel=3)
    if metrics is not None:
        app.add_middleware(MetricsMiddleware, metrics=metrics)  # every request counted, refusals too
    app.add_middleware(HeadAsGetMiddleware)  # outermost: everything within sees a GET
    refusals.install(app)
    app.include_router(api_docs.router)

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, error: RequestValidationError):
        # One sentence a person can read, and the details for a program.
        parts = []
        for item in error.errors():
            where = ".".join(str(p) for p in item["loc"] if p != "body")
            parts.append(f"{where}: {item['msg']}" if where else item["msg"])
        return JSONResponse(
            {"detail": "; ".join(parts) or "malformed request", "errors": _plain(error.errors())}, status_code=422
        )

    # FastAPI finds a request's route by trying each route in turn, twice, and each try
    # costs (a third of a millisecond for a table's refresh behind the JSON API's routes):
    # the routers of every move and refresh come first (no path of one is another's), a
    # table page's refresh and moves first of all.
    app.include_router(tables_pages.live_router)
    app.include_router(tables_page_stream.router)
    app.include_router(golf_api.router)
    app.include_router(tables_api.router)
    app.include_router(tables_pages.router)
    app.include_router(golf_pages.router)
    app.include_router(statistics_pages.router)
    app.include_router(health.router)
    app.include_router(quick_play_api.router)
    app.include_router(quick_play_pages.router)
    app.include_router(review_api.router)
    app.include_router(replays_api.router)
    app.include_router(daily_api.router)
    app.include_router(ratings_api.router)
    app.include_router(solitaire_api.router)
    app.include_router(review_pages.router)
    app.include_router(solitaire_pages.router)
    app.include_router(calculator_api.router)
    app.include_router(calculator_pages.router)
    app.include_router(scorekeeper_pages.router)
    app.include_router(replays_pages.router)
    app.include_router(my_matches_pages.router)
    app.include_router(ratings_pages.router)
    app.include_router(daily_pages.router)
    app.include_router(accounts_api.router)
    app.include_router(accounts_pages.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    # FastAPI's own way to change the schema it serves is to replace app.openapi.
    app.openapi = lambda: _refusals_as_answered(FastAPI.openapi(app))  # type: ignore[method-assign]
    return app


def _refusals_as_answered(schema: dict) -> dict:
    """FastAPI documents a malformed request as ``{"detail": [errors]}``; the handler
    above answers ``{"detail": "one sentence", "errors": [...]}``, so say that."""
    shapes = schema.get("components", {}).get("schemas", {})
    if "HTTPValidationError" in shapes:
        shapes["HTTPValidationError"] = {
            "title": "HTTPValidationError",
            "type": "object",
            "required": ["detail"],
            "properties": {
                "detail": {"type": "string", "title": "Detail"},
                "errors": {
                    "type": "array",
                    "title": "Errors",
                    "items": {"$ref": "#/components/schemas/ValidationError"},
                },
            },
        }
    return schema


def _plain(errors) -> list[dict]:
    return [{"loc": list(e["loc"]), "msg": e["msg"], "type": e["type"]} for e in errors]


app = create_app()
