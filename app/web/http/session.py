"""The browser's session cookie, as a small ASGI middleware.

Every request gets ``request.state.browser_id``: the SHA-256 of the browser's session
token. A request without a token this server honours (none, a made-up one, one signed
with another key) gets a new one (HttpOnly, SameSite=Lax, so another site cannot make
the browser act in the game). Which tokens are honoured is up to the application's
``state.session_tokens`` (app/service/browsers.py), set at start-up."""

from __future__ import annotations

from http.cookies import SimpleCookie

from app.service.browsers import browser_id_for

COOKIE_NAME = "golf_session"
COOKIE_MAX_AGE = 400 * 24 * 3600  # the longest browsers keep a cookie


class BrowserSessionMiddleware:
    def __init__(self, app, secure: bool = False):
        self.app = app
        self.secure = secure

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        tokens = scope["app"].state.session_tokens
        token = _cookie_from(scope)
        fresh = token is None or not await tokens.honoured(token)
        if fresh:
            token = tokens.issue()
        assert token is not None  # issued just now where there was none
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
            if morsel is not None and len(morsel.value) <= 200:
                return morsel.value
    return None
