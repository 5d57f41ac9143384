"""One place that answers every refusal, in the form the request wants.

A refusal is a status and one sentence for a person. :func:`refusal` answers it as
``{"detail": sentence}`` to the JSON API and to JSON clients, as the bare sentence
(``text/plain``) to HTMX, whose page script puts it in the page's alert area, and as a
whole page with the site's navigation to a browser. The app's exception handlers
(:func:`install`) send the game services' refusals (``app.service.errors``) and the
framework's HTTP errors (404, 405, and 413 for a body found too large as it is read)
here; the request guards (``app.web.http.limits``, ``app.web.http.origin``,
``app.web.http.rate_limits``) call :func:`refusal` themselves (403, 413, 415, 429, 431).
"""

from __future__ import annotations

from http import HTTPStatus

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from starlette.exceptions import HTTPException
from starlette.routing import Match

from app.service.errors import Conflict, Forbidden, Invalid, NotFound, NotSignedIn, ServiceError, Stale, Unavailable
from app.web.http.headers import SECURITY_HEADERS
from app.web.templating import templates

# The HTTP status of each of the services' refusals (app.service.errors); any other
# refusal of theirs is a 400.
STATUS_OF: dict[type[ServiceError], int] = {
    Conflict: 409,
    Stale: 412,
    Invalid: 422,
    Unavailable: 503,
    NotFound: 404,
    Forbidden: 403,
    NotSignedIn: 401,
}


def status_of(error: ServiceError) -> int:
    """The status a service's refusal is answered with.

    >>> status_of(Stale("moved on")), status_of(ServiceError("no"))
    (412, 400)
    """
    return next((STATUS_OF[kind] for kind in type(error).__mro__ if kind in STATUS_OF), 400)


# What a person reads when the framework refuses with nothing more to say.
SENTENCES = {
    404: "There is no page at this address.",
    405: "This address does not take that kind of request.",
    413: "The request is larger than this server accepts; nothing was changed.",
}

TITLES = {
    401: "Not signed in",
    403: "Refused",
    404: "Page not found",
    413: "Too large",
    415: "Not understood",
    429: "Too many requests",
    431: "Too large",
    500: "Something went wrong",
    503: "Storage unavailable",
}


def wants_json(request: Request) -> bool:
    """The JSON API, or a client that asks for JSON and not for a page."""
    path = request.url.path
    if path == "/api" or path.startswith("/api/") or path == "/openapi.json":
        return True
    accept = request.headers.get("accept", "")
    return "json" in accept and "text/html" not in accept


def refusal(request: Request, status: int, sentence: str, headers: dict[str, str] | None = None) -> Response:
    """The answer to a refused request: JSON, the sentence alone for HTMX, or a page."""
    headers = {"Cache-Control": "no-store", **(headers or {})}
    if wants_json(request):
        return JSONResponse({"detail": sentence}, status_code=status, headers=headers)
    if request.headers.get("hx-request") == "true":
        return PlainTextResponse(sentence, status_code=status, headers=headers)
    title = TITLES.get(status) or HTTPStatus(status).phrase
    return templates.TemplateResponse(
        request,
        "site/refusal.html",
        {"page": None, "title": title, "sentence": sentence},
        status_code=status,
        headers=headers,
    )


def install(app: FastAPI) -> None:
    """Answer the services' refusals and the framework's HTTP errors through :func:`refusal`."""

    @app.exception_handler(ServiceError)
    async def service_refused(request: Request, error: ServiceError):
        return refusal(request, status_of(error), error.message)

    @app.exception_handler(Exception)
    async def failed(request: Request, error: Exception):
        # Answered by the outermost layer, outside the one that adds the security headers
        # (the error is still logged): in the same forms, the headers added here.
        return refusal(
            request,
            500,
            "Something went wrong on the server. Try again in a moment.",
            {name.decode(): value.decode() for name, value in SECURITY_HEADERS},
        )

    @app.exception_handler(HTTPException)
    async def http_refused(request: Request, error: HTTPException):
        default = error.detail == HTTPStatus(error.status_code).phrase
        sentence = SENTENCES.get(error.status_code, error.detail) if default else error.detail
        headers = dict(error.headers or {})
        if error.status_code == 405:
            headers["Allow"] = allowed_methods(request)
        return refusal(request, error.status_code, str(sentence), headers)


def allowed_methods(request: Request) -> str:
    """Every method some route takes at the request's path. (Starlette names only the
    first route's, where one path has several routes: GET and DELETE /api/account.)"""
    routes = request.app.router.routes
    return ", ".join(
        method
        for method in METHODS
        if any(route.matches({**request.scope, "method": method})[0] == Match.FULL for route in routes)
    )


METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")
