"""HEAD is answered as GET is, with no body, on every page, probe and API read.

FastAPI routes declared with ``@router.get`` answer HEAD with 405, and uptime monitors
and link checkers probe with HEAD. Rather than declare HEAD beside every GET, the app
sees a GET, and its answer goes out with the same status and headers (the length of the
body a GET would get included) and no body. The answer ends at its first body message:
a response that would go on (a table's event stream) ends there too, and the app hears
the client gone.
"""

from __future__ import annotations


class HeadAsGetMiddleware:
    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] != "HEAD":
            return await self.app(scope, receive, send)
        finished = False

        async def headers_only(message):
            nonlocal finished
            if finished:
                return
            if message["type"] == "http.response.body":
                finished = True
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        # The server keeps its own scope, which still says HEAD, so it writes no body either.
        await self.app({**scope, "method": "GET"}, receive, headers_only)
