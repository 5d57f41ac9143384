"""Caps on the open event streams of a table (``/api/tables/{code}/events``, and its
page's ``/t/{code}/events``), per browser session and per client address, in this
server process.

An open stream holds a connection, a file descriptor and a subscriber for as long as the
page is open, so one client opening streams by the thousand could take every descriptor
the process has. Each stream is counted once for the browser's session and once for the
client's address (dropping the cookie does not escape the second) while it is open; one
more than either cap is refused with 429 and a sentence, before anything is opened, and
changes nothing. How often streams may be *opened* is a rate limit like the others
(``app.web.http.rate_limits``, kind "streams"); this counts how many are open at once.
"""

from __future__ import annotations

import re
from collections import Counter

from starlette.requests import Request

from app.settings import Settings
from app.web.http.addresses import address_key
from app.web.http.refusals import refusal

EVENT_STREAM = re.compile(r"^/(api/tables|t)/[^/]+/events/?$")
RETRY_SECONDS = 15  # a page's stream tries again by itself; by then another may have closed


def is_event_stream(method: str, path: str) -> bool:
    return method in ("GET", "HEAD") and EVENT_STREAM.match(path) is not None


class StreamCapMiddleware:
    """Needs ``scope["state"]["browser_id"]`` (the session middleware runs first). A cap
    of 0 is no cap."""

    def __init__(self, app, settings: Settings):
        self.app = app
        self.caps = {"session": settings.max_streams_per_session, "address": settings.max_streams_per_address}
        self.open: Counter[tuple[str, str]] = Counter()  # (kind, who) -> streams open now

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or not is_event_stream(scope["method"], scope["path"]):
            return await self.app(scope, receive, send)
        counted = [("address", address_key((scope.get("client") or ("unknown",))[0]))]
        browser = scope.get("state", {}).get("browser_id")
        if browser:
            counted.append(("session", browser))
        for key in counted:
            cap = self.caps[key[0]]
            if cap and self.open[key] >= cap:
                whose = "this browser" if key[0] == "session" else "your address"
                response = refusal(
                    Request(scope, receive),
                    429,
                    f"Too many live tables are open from {whose} ({cap} at most): close a table's "
                    "page and this one connects again by itself.",
                    headers={"Retry-After": str(RETRY_SECONDS)},
                )
                return await response(scope, receive, send)
        # No await between the check and the count: two streams opening at once cannot
        # both take the last place.
        for key in counted:
            self.open[key] += 1
        try:
            await self.app(scope, receive, send)  # returns when the stream is over
        finally:
            for key in counted:
                self.open[key] -= 1
                if not self.open[key]:
                    del self.open[key]
