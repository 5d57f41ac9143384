"""The browser's session cookie, as a small ASGI middleware.

Every request gets ``request.state.session_id``: the SHA-256 of the browser's session
token, and ``request.state.browser_id``: what the session's games are stored under,
which is the same for a guest and, for a session signed in to an account, the
account's principal browser (app/service/accounts/sessions.py), so that every feature
serves the account unchanged. A request without a token this server honours (none, a
made-up one, one signed with another key, the old cookie of a session that registered
an account) gets a new one (HttpOnly, SameSite=Lax, so another site cannot make the
browser act in the game). Which tokens are honoured is up to the application's
``state.session_tokens`` (app/service/browsers.py), set at start-up; which account a
session is signed in to, ``state.session_accounts``.
"""

from __future__ import annotations

from starlette.requests import Request, cookie_parser

from app.service.browsers import browser_id_for
from app.service.errors import Unavailable
from app.web.http.refusals import refusal

COOKIE_NAME = "golf_session"
COOKIE_MAX_AGE = 400 * 24 * 3600  # the longest browsers keep a cookie
# Requests that never act for a session: its account is not looked up for them.
NO_ACCOUNT_NEEDED = ("/static/", "/livez", "/healthz")
# Requests that may change which account a session stands for (sign in or out, register,
# a device code claimed, a device removed, an account deleted).
ACCOUNT_CHANGES = ("/account", "/api/account")
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


def session_cookie(token: str, secure: bool) -> str:
    """The Set-Cookie value that gives the browser ``token``."""
    cookie = f"{COOKIE_NAME}={token}; Path=/; Max-Age={COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax"
    return cookie + "; Secure" if secure else cookie


class BrowserSessionMiddleware:
    def __init__(self, app, secure: bool = False):
        self.app = app
        self.secure = secure

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        app_state = scope["app"].state
        tokens = app_state.session_tokens
        token = _cookie_from(scope)
        fresh = token is None or not await tokens.honoured(token)
        signed_in, account_name = False, None
        if not fresh:
            assert token is not None
            session_id = browser_id = browser_id_for(token)
            if not scope["path"].startswith(NO_ACCOUNT_NEEDED):
                try:
                    signed = await app_state.session_accounts.signed(session_id)
                except Unavailable as error:
                    return await refusal(Request(scope, receive), 503, error.message)(scope, receive, send)
                fresh, browser_id, signed_in = signed.refused, signed.browser_id, signed.signed_in
                account_name = signed.name
        if fresh:
            token = tokens.issue()
            session_id = browser_id = browser_id_for(token)
        scope.setdefault("state", {}).update(
            session_id=session_id,
            browser_id=browser_id,
            signed_in=signed_in,
            account_name=account_name,
            cookie_secure=self.secure,
        )
        if scope["method"] not in SAFE_METHODS and scope["path"].startswith(ACCOUNT_CHANGES):
            try:
                return await self._answer(scope, receive, send, fresh, token)
            finally:
                app_state.session_accounts.changed()  # what this process kept may be out of date now
        return await self._answer(scope, receive, send, fresh, token)

    async def _answer(self, scope, receive, send, fresh: bool, token: str | None):
        if not fresh:
            return await self.app(scope, receive, send)

        assert token is not None  # issued above
        cookie = session_cookie(token, self.secure).encode()
        ours = f"{COOKIE_NAME}=".encode()

        async def send_with_cookie(message):
            if message["type"] == "http.response.start":
                headers = message.setdefault("headers", [])
                # A route that signed the session in or out gave it another cookie already.
                if not any(name == b"set-cookie" and value.startswith(ours) for name, value in headers):
                    message["headers"] = [*headers, (b"set-cookie", cookie)]
            await send(message)

        await self.app(scope, receive, send_with_cookie)


def _cookie_from(scope) -> str | None:
    # Read as the routes' ``request.cookies`` read the others (as browsers write them, a
    # malformed pair skipped), at every request: http.cookies' reader took ten times longer.
    for name, value in scope.get("headers", ()):
        if name == b"cookie":
            token = cookie_parser(value.decode("latin-1")).get(COOKIE_NAME)
            if token is not None and len(token) <= 200:
                return token
    return None
