"""The browser's session cookie, as a small ASGI middleware.

Every request gets ``request.state.browser_id``: the SHA-256 of the browser's opaque
session cookie. A request without a usable cookie gets a new one (HttpOnly,
SameSite=Lax, so another site cannot make the browser act in the game)."""

from __future__ import annotations

import re
from http.cookies import SimpleCookie

from app.service.browsers import browser_id_for, new_session_token

COOKIE_NAME = "golf_session"
COOKIE_MAX_AGE = 400 * 24 * 3600  # the longest browsers keep a cookie
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{32,128}$")


class BrowserSessionMiddleware:
    def __init__(self, app, secure: bool = False):
        self.app = app
        self.secure = secure

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        token = _cookie_from(scope)
        fresh = token is None
        if fresh:
            token = new_session_token()
        scope.setdefault("state", {})["browser_id"] = browser_id_for(token)
        if not fresh:
            return await self.app(scope, receive, send)

        cookie = f"{COOKIE_NAME}={token}; Path=/; Max-Age={COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax"
        if self.secure:
            cookie += "; Secure"

        async def send_with_cookie(message):
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], (b"set-cookie", cookie.encode())]
            await send(message)

        await self.app(scope, receive, send_with_cookie)


def _cookie_from(scope) -> str | None:
    for name, value in scope.get("headers", ()):
        if name == b"cookie":
            jar = SimpleCookie()
            try:
                jar.load(value.decode("latin-1"))
            except Exception:  # a malformed Cookie header: treat as none
                return None
            morsel = jar.get(COOKIE_NAME)
            if morsel is not None and _TOKEN.match(morsel.value):
                return morsel.value
    return None
