"""A process's background sweep of the quick-play queue (:func:`sweep_forever`): every
second, forget the people whose waiting page closed, seat those whose table can be
made (their deadline passed: computer players take the empty seats), and deal any table
left undealt. Every process sweeps; matching locks the rows it seats, so two never seat
one person. The composition root runs it beside the server."""

from __future__ import annotations

import asyncio
import logging
from typing import Protocol

log = logging.getLogger(__name__)


class Swept(Protocol):
    """What the sweep asks of quick play (:class:`app.service.quickplay.queue.QuickPlay`)."""

    def sweep(self) -> int: ...


async def sweep_forever(service: Swept, every_seconds: float = 1.0) -> None:
    while True:
        await asyncio.sleep(every_seconds)
        try:
            await asyncio.to_thread(service.sweep)
        except Exception:  # the store unreachable for a moment: try again next time
            log.exception("sweeping the quick-play queue failed")
