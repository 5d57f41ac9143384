"""Rate limits on moves, hints, new tables and reads, per browser session and per client address.

Each kind of request has two limits (``limits`` notation, such as ``120/minute``),
counted over a moving window in this process's memory: one for the browser's session
and one for the client's address, so that dropping the cookie does not escape them
(an IPv6 address counts as its /64, ``app.web.http.addresses``, so that taking another
address in it does not either). A request over either limit is refused with 429 and ``Retry-After`` (whole seconds
until the window lets one more through) and changes nothing. Behind a proxy, run
uvicorn with ``--proxy-headers`` (``python -m app`` does) so the address is the
client's, not the proxy's.

Which requests are which is decided by path, so routes added later fall in: a path
ending ``/hint`` is a hint, a POST to ``/tables`` or ``/api/tables`` makes a table (and so
does one to ``/quick-play`` or ``/api/quick-play``), a change under ``/account`` or
``/api/account`` is an account's step (held to a slower pace: a device code must not be
guessed),
opening a table's event stream is a stream, any other state-changing request is a
move, and any other GET or HEAD is a read, but for the static files (cached by the
browser) and the probes (``/livez``, ``/healthz``: a monitor must always get through).
The reads' limits are far above what pages do (a table page fetches itself once a move,
a replay at its fastest four times a second): they only stop a client that asks for
pages flat out to starve everyone else's. (How many streams may be open at once is
``app.web.http.stream_limits``.)
"""

from __future__ import annotations

import math
import re
import time

from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from starlette.requests import Request

from app.settings import Settings
from app.web.http.addresses import address_key
from app.web.http.refusals import refusal
from app.web.http.stream_limits import is_event_stream

SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
# Making a table, and asking quick play for one (which makes one as soon as it can).
NEW_TABLE = re.compile(r"^/(api/)?(tables|quick-play)/?$")
ACCOUNT_STEP = re.compile(r"^/(api/)?account(/|$)")
WORDS = {
    "actions": "moves",
    "hints": "hints",
    "tables": "new tables",
    "streams": "connections to live tables",
    "accounts": "account steps",
    "reads": "requests",
}
UNLIMITED_READS = ("/static/", "/livez", "/healthz")


def kind_of(method: str, path: str) -> str | None:
    """``"hints"``, ``"tables"``, ``"streams"``, ``"accounts"``, ``"actions"``, ``"reads"``, or None
    for a request not limited.

    >>> kind_of("GET", "/t/abc/table"), kind_of("GET", "/static/golf.css"), kind_of("HEAD", "/livez")
    ('reads', None, None)
    >>> kind_of("POST", "/api/account/sign-in"), kind_of("DELETE", "/api/account"), kind_of("GET", "/account")
    ('accounts', 'accounts', 'reads')
    """
    if path.endswith(("/hint", "/hint/")):
        return "hints"
    if is_event_stream(method, path):
        return "streams"
    if method in SAFE_METHODS:
        return None if method == "OPTIONS" or path.startswith(UNLIMITED_READS) else "reads"
    if method == "POST" and NEW_TABLE.match(path):
        return "tables"
    if ACCOUNT_STEP.match(path):
        return "accounts"
    return "actions"


class RateLimitMiddleware:
    """Needs ``scope["state"]["browser_id"]`` (the session middleware runs first)."""

    def __init__(self, app, settings: Settings):
        self.app = app
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.limits: dict[str, tuple[RateLimitItem, RateLimitItem]] = {
            "actions": (parse(settings.rate_limit_actions), parse(settings.rate_limit_actions_per_address)),
            "hints": (parse(settings.rate_limit_hints), parse(settings.rate_limit_hints_per_address)),
            "tables": (parse(settings.rate_limit_tables), parse(settings.rate_limit_tables_per_address)),
            "streams": (parse(settings.rate_limit_streams), parse(settings.rate_limit_streams_per_address)),
            "accounts": (parse(settings.rate_limit_accounts), parse(settings.rate_limit_accounts_per_address)),
            "reads": (parse(settings.rate_limit_reads), parse(settings.rate_limit_reads_per_address)),
        }

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        kind = kind_of(scope["method"], scope["path"])
        if kind is None:
            return await self.app(scope, receive, send)
        per_session, per_address = self.limits[kind]
        counted = [(per_address, (kind, "address", address_key((scope.get("client") or ("unknown",))[0])))]
        browser = scope.get("state", {}).get("browser_id")
        if browser:
            counted.append((per_session, (kind, "session", browser)))
        over = [(item, keys) for item, keys in counted if not self.limiter.test(item, *keys)]
        if over:
            wait = max(
                math.ceil(self.limiter.get_window_stats(item, *keys).reset_time - time.time()) for item, keys in over
            )
            wait = max(wait, 1)
            response = refusal(
                Request(scope, receive),
                429,
                f"Too many {WORDS[kind]} in a short time: wait {wait} seconds and try again; nothing was changed.",
                headers={"Retry-After": str(wait)},
            )
            return await response(scope, receive, send)
        for item, keys in counted:
            self.limiter.hit(item, *keys)
        return await self.app(scope, receive, send)
