"""How long a browser may keep the files under ``/static``.

A file whose address carries its version (``?v=`` the asset version, or a file in
``static/vendor`` whose name holds its version) never changes under that address, so it
may be kept for a year without asking again. Any other static file may change with a
new release under the same address: the browser keeps it but asks first (``no-cache``
with the ETag and Last-Modified that StaticFiles sends gives a cheap 304).
"""

from __future__ import annotations

from urllib.parse import parse_qs

FOR_A_YEAR = b"public, max-age=31536000, immutable"
ASK_FIRST = b"no-cache"


def cache_control_for(path: str, query: bytes) -> bytes | None:
    """The Cache-Control a request for ``path`` should be answered with (None: not a static file)."""
    if not path.startswith("/static/"):
        return None
    versioned = path.startswith("/static/vendor/") or bool(parse_qs(query.decode("latin-1")).get("v"))
    return FOR_A_YEAR if versioned else ASK_FIRST


class StaticCacheMiddleware:
    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        value = cache_control_for(scope["path"], scope.get("query_string", b"")) if scope["type"] == "http" else None
        if value is None:
            return await self.app(scope, receive, send)

        async def send_with_cache_control(message):
            if message["type"] == "http.response.start" and message.get("status", 200) in (200, 304):
                message["headers"] = [*message.get("headers", ()), (b"cache-control", value)]
            await send(message)

        await self.app(scope, receive, send_with_cache_control)
