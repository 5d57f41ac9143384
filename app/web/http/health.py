"""``GET /healthz``: is this server able to serve its pages? ``GET /livez``: is it running?

200 ``{"status": "ok"}`` when the database answers ``select 1`` and every page template
loads; otherwise 503 with the reasons, so that a container's health check or a load
balancer takes the server out of service instead of sending players to pages that fail.
"""

from __future__ import annotations

import logging

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from jinja2 import TemplateError
from sqlalchemy import text

from app.web.common import templates

router = APIRouter(include_in_schema=False)
log = logging.getLogger(__name__)


@router.get("/healthz")
def healthz(request: Request) -> JSONResponse:
    # A plain function: FastAPI runs it in its thread pool, so the database call never
    # blocks the event loop.
    problems = []
    try:
        with request.app.state.engine.connect() as connection:
            connection.execute(text("select 1"))
    except Exception as error:  # any driver's failure means the same: the database does not answer
        log.warning("health check: the database does not answer", exc_info=error)
        problems.append(f"the database does not answer ({type(error).__name__})")
    name = "the list of templates"
    try:
        names = templates.env.list_templates()
        if not names:
            problems.append("no page templates were found")
        for name in names:
            templates.env.get_template(name)
    except (TemplateError, OSError) as error:
        log.warning("health check: %s does not load", name, exc_info=error)
        problems.append(f"the page templates do not load ({name}: {type(error).__name__}: {error})")
    if problems:
        return JSONResponse({"status": "unavailable", "detail": "; ".join(problems)}, status_code=503)
    return JSONResponse({"status": "ok"})


@router.get("/livez")
async def livez() -> dict:
    """The process answers, and nothing more is checked: a liveness probe that never
    restarts a server for its database's fault, and the trivial route the load
    benchmark measures the game's routes against."""
    return {"status": "alive"}
