"""Request size limits, checked before the application reads anything.

Headers larger in total than ``max_header_bytes`` are refused with 431, and a body
whose declared ``Content-Length`` is over ``max_body_bytes`` with 413, before any route
runs, so a refused request changes nothing and its body is never read. A body sent
without a length (chunked) is counted as it arrives by FastAPI's own limit
(``FastAPI(max_body_size=...)``), which stops reading at the first byte too many.
"""

from __future__ import annotations

from starlette.requests import Request

from app.web.refusals import refusal


class RequestSizeLimitMiddleware:
    def __init__(self, app, max_body_bytes: int, max_header_bytes: int):
        self.app = app
        self.max_body_bytes = max_body_bytes
        self.max_header_bytes = max_header_bytes

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = scope["headers"]
        if sum(len(name) + len(value) for name, value in headers) > self.max_header_bytes:
            return await self._refuse(scope, receive, send, 431,
                                      "The request's headers are larger than this server accepts; nothing was changed.")
        for name, value in headers:
            if name == b"content-length":
                if not value.isdigit():
                    return await self._refuse(scope, receive, send, 400, "The request's Content-Length is not a number.")
                if len(value) > 18 or int(value) > self.max_body_bytes:
                    return await self._refuse(scope, receive, send, 413, self.too_large())
        return await self.app(scope, receive, send)

    def too_large(self) -> str:
        return (f"The request is larger than this server accepts ({self.max_body_bytes // 1024} KB at most); "
                "nothing was changed.")

    @staticmethod
    async def _refuse(scope, receive, send, status: int, sentence: str):
        response = refusal(Request(scope, receive), status, sentence)
        response.headers["Connection"] = "close"  # the unread body must not be taken for the next request
        await response(scope, receive, send)
