"""A table's event stream, as the JSON API and the table's page both open it.

One stream per open page or client: subscribed to the table's changes (before its
version is read, so that none in between is missed), marked connected while it is open
(:class:`app.service.tables.streams.OpenStreams`), a comment every :data:`PING_SECONDS`
when quiet, freed when the client goes away. What each change is told as is the
caller's ``tell``: the JSON API's stream relays the version; the page's stream sends
the page its fragment too (``app.web.tables.pages``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable

import anyio
from fastapi import Request
from fastapi.concurrency import run_in_threadpool
from sse_starlette import EventSourceResponse
from sse_starlette.sse import SendTimeoutError

from app.service.tables.notify import Change
from app.service.tables.service import TableService

PING_SECONDS = 15  # a comment this often keeps proxies from closing a quiet stream
log = logging.getLogger(__name__)

# What a change is told as: the JSON of its ``event: table``, and a table's HTML to send
# with it (or None).
Tell = Callable[[Change], Awaitable[tuple[dict, str | None]]]


class TableEventStream(EventSourceResponse):
    """The event stream; one whose page stopped reading ends as any closed stream does,
    not as a failure of the server (with a traceback in its log)."""

    async def __call__(self, scope, receive, send):
        try:
            await super().__call__(scope, receive, send)
        except SendTimeoutError:
            log.info("closed the event stream of a page that stopped reading it (%s)", scope["path"])


def version_of(change: Change) -> dict:
    """What the JSON API's stream says of a change."""
    return {"version": change.version, **({"seats": True} if change.seats else {})}


def table_event(told: dict, html: str | None = None) -> bytes:
    """``event: table`` whose data is the JSON of ``told`` on its first line, then the
    lines of ``html`` if given (an EventSource joins a data's lines with newlines): the
    HTML as it is, not escaped into JSON, which cost more than the rest of sending it.

    >>> table_event({"version": 3}, "<div>\\n</div>")
    b'event: table\\ndata: {"version": 3}\\ndata: <div>\\ndata: </div>\\n\\n'
    >>> table_event({"version": 4}, "a\\r\\nb\\rc")  # any line end is a line's end
    b'event: table\\ndata: {"version": 4}\\ndata: a\\ndata: b\\ndata: c\\n\\n'
    """
    data = json.dumps(told)
    if html is not None:
        if "\r" in html:  # never in what the templates draw: the search for it is cheap, the replace is not
            html = html.replace("\r\n", "\n").replace("\r", "\n")
        data += "\ndata: " + html.replace("\n", "\ndata: ")
    return ("event: table\ndata: " + data + "\n\n").encode()


async def table_events(
    request: Request, service: TableService, browser_id: str, code: str, tell: Callable[[int], Tell]
) -> TableEventStream:
    """The open stream of table ``code`` for ``browser_id``: first ``event: table`` with
    the version as the stream opened, then one for each change, as ``tell(version)``
    (given the version the stream opened at) says it."""
    notifier = request.app.state.notifier
    stream = secrets.token_hex(8)
    # Subscribed before the version is read, so that no change in between is missed.
    subscription = notifier.subscribe(code)
    try:
        version = await run_in_threadpool(service.streams.open, browser_id, code, stream)
    except BaseException:
        subscription.close()
        raise
    told = tell(version)

    # The service keeps the stream marked connected (all of a process's streams in one
    # statement) until it is closed.
    async def announce():
        try:
            yield table_event({"version": version})
            while True:
                # A quiet stream says something every PING_SECONDS, here rather than in a
                # task of its own beside every stream (fewer objects held per open page).
                try:
                    async with asyncio.timeout(PING_SECONDS):
                        newer = await anext(subscription)
                except TimeoutError:
                    yield {"comment": "ping"}
                    continue
                except StopAsyncIteration:
                    return
                if newer.version <= version and not newer.seats:
                    # A change made before the stream opened, whose notice came after
                    # (PostgreSQL's may): its first event told that version already.
                    continue
                yield table_event(*await told(newer))
        finally:
            # The stream is over (the client went away): free everything, even while
            # being cancelled.
            subscription.close()
            with anyio.CancelScope(shield=True):
                with contextlib.suppress(Exception):
                    await run_in_threadpool(service.streams.close, code, stream)

    # A page that stopped reading (asleep, its network gone) fills the connection's
    # buffers; a send that waits longer than stream_send_seconds ends its stream, so it
    # holds no descriptor and no subscriber for ever.
    return TableEventStream(announce(), ping=0, send_timeout=request.app.state.stream_send_seconds)
