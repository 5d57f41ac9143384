"""What keeps failing in a process, apart from what does not: a table whose due turn
fails, or a quick-play table that cannot be dealt, must not be tried at every sweep (a
log line each time, and the sweep's time), nor hold up the others. Each is tried again
after a wait that doubles; its caller ends it after so many failures in a row.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

FIRST_RETRY_SECONDS = 2.0  # a failed thing is tried again after this, then twice as long each time ...
LAST_RETRY_SECONDS = 300.0  # ... up to this


@dataclass
class Failing:
    """A thing whose work failed: how many times in a row, and when to try it again
    (``time.monotonic()``)."""

    count: int
    retry_at: float


class Failures:
    """The things (tables, by code) whose work keeps failing in this process, each tried
    again after a wait that doubles, up to :data:`LAST_RETRY_SECONDS`; the caller gives up
    on one after so many. Kept in memory: another process counts its own, and a restart
    starts afresh (the thing is tried at once). Safe across threads: a table's due turn
    is played by the sweep and by a request that finds it due, at once."""

    def __init__(self, clock: Callable[[], float] = time.monotonic):
        self.clock = clock
        self._failing: dict[str, Failing] = {}
        self._lock = threading.Lock()

    def waiting(self, code: str) -> bool:
        """Whether ``code`` failed lately and its wait is not over."""
        with self._lock:
            failing = self._failing.get(code)
        return failing is not None and self.clock() < failing.retry_at

    def waiting_codes(self) -> list[str]:
        now = self.clock()
        with self._lock:
            return [code for code, failing in self._failing.items() if now < failing.retry_at]

    def failed(self, code: str) -> int:
        """One more failure of ``code``; how many in a row."""
        with self._lock:  # counted once each, however many threads fail it at once
            count = self._failing[code].count + 1 if code in self._failing else 1
            wait = min(FIRST_RETRY_SECONDS * 2 ** (count - 1), LAST_RETRY_SECONDS)
            self._failing[code] = Failing(count, self.clock() + wait)
            return count

    def recovered(self, code: str) -> None:
        with self._lock:
            self._failing.pop(code, None)
