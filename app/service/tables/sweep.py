"""A process's background sweep of its tables (:func:`sweep_forever`): every few seconds
the timed-out turns of every table are played, and every
:data:`~app.service.tables.streams.STREAM_REFRESH_SECONDS` this process's open event
streams are marked connected. The composition root runs it beside the server; it knows
the tables' service only by :class:`Swept`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Protocol

from app.service.tables.streams import STREAM_REFRESH_SECONDS, OpenStreams

log = logging.getLogger(__name__)


class Swept(Protocol):
    """What the sweep asks of the tables' service (:class:`app.service.tables.service.TableService`)."""

    streams: OpenStreams

    def sweep(self) -> int: ...


async def sweep_forever(service: Swept, every_seconds: float = 2.0) -> None:
    """A process's background sweep: every few seconds, play the timed-out turns of
    every table (each through the versioned write, so processes sweeping at once do
    not play a turn twice); every STREAM_REFRESH_SECONDS, mark this process's open
    event streams connected."""
    refreshed = time.monotonic()
    while True:
        await asyncio.sleep(every_seconds)
        try:
            await asyncio.to_thread(service.sweep)
        except Exception:  # the store unreachable for a moment: try again next time
            log.exception("sweeping timed-out turns failed")
        if time.monotonic() - refreshed >= STREAM_REFRESH_SECONDS:
            refreshed = time.monotonic()
            try:
                await asyncio.to_thread(service.streams.refresh)
            except Exception:
                log.exception("marking open event streams connected failed")
