"""Cross-site request refusal, for the HTML forms and the JSON API alike.

A state-changing request (any method but GET, HEAD and OPTIONS) whose ``Origin``
header, or failing that ``Referer``, names another site than the one it was sent to
(its ``Host``) is refused with 403: another site's page cannot make a visitor's browser
act in their game, whatever the cookie's SameSite. A request with neither header
comes from a program, not a browser page, and is let through. ``allowed_origins``
adds sites that may post here (a proxy that rewrites Host).

The JSON API takes JSON only: a body sent to ``/api`` in any other type is refused
with 415 (the types a page of another site may send without asking first are exactly
the form and text types).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.requests import Request

from app.web.http.refusals import refusal

SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
DEFAULT_PORTS = {"http": 80, "https": 443}


def _site(url: str) -> tuple[str, int] | None:
    """(host, port) of an absolute http(s) URL or origin; None for anything else (``null``)."""
    try:
        parts = urlsplit(url.strip())
        if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
            return None
        return parts.hostname.lower(), parts.port or DEFAULT_PORTS[parts.scheme]
    except ValueError:
        return None


def _host_site(host: str, scheme: str) -> tuple[str, int] | None:
    return _site(f"{scheme}://{host}")


def same_site(origin: str, host: str, allowed: frozenset[tuple[str, int]] = frozenset()) -> bool:
    """Whether ``origin`` (an Origin or Referer value) is the site at ``host`` (a Host
    header) or one of ``allowed``. Host carries no scheme: the origin's own scheme
    gives its default port, so a TLS proxy in front changes nothing."""
    site = _site(origin)
    if site is None:
        return False
    scheme = urlsplit(origin.strip()).scheme
    return site == _host_site(host, scheme) or site in allowed


def _is_json(content_type: str) -> bool:
    media = content_type.split(";", 1)[0].strip().lower()
    return media == "application/json" or (media.startswith("application/") and media.endswith("+json"))


class CrossSiteMiddleware:
    def __init__(self, app, allowed_origins: str = ""):
        self.app = app
        self.allowed = frozenset(site for site in map(_site, allowed_origins.split(",")) if site)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] in SAFE_METHODS:
            return await self.app(scope, receive, send)
        request = Request(scope, receive)
        headers = request.headers
        claimed = headers.get("origin") or headers.get("referer")
        if claimed is not None and not same_site(claimed, headers.get("host", ""), self.allowed):
            response = refusal(
                request, 403, "Refused: this request came from another site's page; nothing was changed."
            )
            return await response(scope, receive, send)
        path = scope["path"]
        if (
            (path == "/api" or path.startswith("/api/"))
            and _has_body(headers)
            and not _is_json(headers.get("content-type", ""))
        ):
            response = refusal(
                request, 415, "The API takes a JSON body (Content-Type: application/json); nothing was changed."
            )
            return await response(scope, receive, send)
        return await self.app(scope, receive, send)


def _has_body(headers) -> bool:
    length = headers.get("content-length")
    return bool(headers.get("transfer-encoding")) or (length is not None and length.strip() not in ("", "0"))
