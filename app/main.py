"""The web application: ``app = create_app()`` (run with ``uvicorn app.main:app``)."""

from __future__ import annotations

from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from app.service.browsers import deal_key
from app.service.common import in_transaction
from app.service.golf import GolfService
from app.service.solitaire import SolitaireService
from app.service.stats import golf_stats, solitaire_stats
from app.settings import Settings, get_settings
from app.store.database import make_engine, migrate
from app.web import api, api_docs, pages, refusals, solitaire_pages
from app.web.headers import SecurityHeadersMiddleware
from app.web.limits import RequestSizeLimitMiddleware
from app.web.origin import CrossSiteMiddleware
from app.web.rate_limits import RateLimitMiddleware
from app.web.session import BrowserSessionMiddleware

ROOT = Path(__file__).resolve().parent.parent


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        engine = make_engine(settings.database_url)
        migrate(engine)
        app.state.engine = engine
        app.state.golf = GolfService(engine, deal_key(engine, settings.deal_key),
                                     default_level=settings.default_level)
        app.state.solitaire = SolitaireService(engine)

        def stats(browser_id: str) -> dict:
            return in_transaction(engine, lambda connection: {
                "golf": golf_stats(connection, browser_id),
                "solitaire": solitaire_stats(connection, browser_id)})

        app.state.stats = stats
        yield
        engine.dispose()

    app = FastAPI(
        title="Golf",
        summary="Golf, the card game: six-card Golf against the computer, its variants, and Golf solitaire.",
        version="1.0",
        lifespan=lifespan,
        docs_url=None, redoc_url=None,  # /docs is served below, from this site's own files
    )
    # Outermost last: the headers go on every answer, refusals included; size and
    # origin are checked before the session is looked at; rate limits need the session.
    if settings.rate_limit_enabled:
        app.add_middleware(RateLimitMiddleware, settings=settings)
    app.add_middleware(BrowserSessionMiddleware, secure=settings.cookie_secure)
    app.add_middleware(CrossSiteMiddleware, allowed_origins=settings.allowed_origins)
    app.add_middleware(RequestSizeLimitMiddleware, max_body_bytes=settings.max_body_bytes,
                       max_header_bytes=settings.max_header_bytes)
    app.add_middleware(SecurityHeadersMiddleware)
    refusals.install(app)
    app.include_router(api_docs.router)

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, error: RequestValidationError):
        # One sentence a person can read, and the details for a program.
        parts = []
        for item in error.errors():
            where = ".".join(str(p) for p in item["loc"] if p != "body")
            parts.append(f"{where}: {item['msg']}" if where else item["msg"])
        return JSONResponse({"detail": "; ".join(parts) or "malformed request", "errors": _plain(error.errors())},
                            status_code=422)

    @app.get("/healthz", include_in_schema=False)
    async def healthz():
        return {"status": "ok"}

    app.include_router(api.router)
    app.include_router(api.solitaire_router)
    app.include_router(pages.router)
    app.include_router(solitaire_pages.router)
    app.mount("/static", StaticFiles(directory=ROOT / "static"), name="static")
    return app


def _plain(errors) -> list[dict]:
    return [{"loc": list(e["loc"]), "msg": e["msg"], "type": e["type"]} for e in errors]


app = create_app()
