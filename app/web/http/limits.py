"""Request size limits, enforced as the request arrives.

Headers larger in total than ``max_header_bytes`` are refused with 431, and a body
whose declared ``Content-Length`` is over ``max_body_bytes`` with 413, before any route
runs: a refused request changes nothing and its body is never read. A body sent
without a length (chunked) is counted as it arrives, and reading it stops with 413 at
the first chunk past the limit, so it is never held whole either.

(FastAPI's own ``max_body_size`` does the counting too, but it sits outside every
middleware and answers in plain text, where this answers through ``app.web.http.refusals``.)
"""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.requests import Request

from app.web.http.refusals import refusal


class BodyTooLarge(HTTPException):
    """Raised from ``receive``: routes let HTTP errors through to the app's handler."""

    def __init__(self, sentence: str):
        super().__init__(413, sentence)


class RequestSizeLimitMiddleware:
    def __init__(self, app, max_body_bytes: int, max_header_bytes: int):
        self.app = app
        self.max_body_bytes = max_body_bytes
        self.max_header_bytes = max_header_bytes
        self.too_large = (
            f"The request is larger than this server accepts ({max_body_bytes // 1024} KB at most); "
            "nothing was changed."
        )

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        size, length, chunked = 0, None, False
        for name, value in scope["headers"]:
            size += len(name) + len(value)
            if name == b"content-length":
                length = value
            elif name == b"transfer-encoding":
                chunked = True
        if size > self.max_header_bytes:
            return await self._refuse(
                scope,
                receive,
                send,
                431,
                "The request's headers are larger than this server accepts; nothing was changed.",
            )
        if length is not None:
            if not length.isdigit():
                return await self._refuse(scope, receive, send, 400, "The request's Content-Length is not a number.")
            if len(length) > 18 or int(length) > self.max_body_bytes:
                return await self._refuse(scope, receive, send, 413, self.too_large)
        if not chunked:
            # No body, or one of a declared length within the limit: the server delivers
            # no more than it declared, so there is nothing to count.
            return await self.app(scope, receive, send)

        received = 0
        started = False

        async def counted_receive():
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_body_bytes:
                    raise BodyTooLarge(self.too_large)
            return message

        async def watched_send(message):
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted_receive, watched_send)
        except BodyTooLarge:
            if started:  # the app's handler answered already and something re-raised it
                raise
            await self._refuse(scope, receive, send, 413, self.too_large)

    @staticmethod
    async def _refuse(scope, receive, send, status: int, sentence: str):
        response = refusal(Request(scope, receive), status, sentence)
        response.headers["Connection"] = "close"  # an unread body must not be taken for the next request
        await response(scope, receive, send)
