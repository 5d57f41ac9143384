"""What a monitor is told of the game's state at each scrape (``/metrics``), each read
with one cheap query and kept a moment, so that several monitors scraping at once, or a
scrape of several processes' pages, cost one query a second or two."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TypeVar

from sqlalchemy import Connection, Engine

from app.service import clock
from app.store import gauges as store

T = TypeVar("T")
KEPT_SECONDS = 2.0


class Gauges:
    def __init__(self, engine: Engine, now: Callable[[], int] = clock.now_ms, kept_seconds: float = KEPT_SECONDS):
        self.engine = engine
        self.now = now
        self.kept_seconds = kept_seconds
        self._kept: dict[str, tuple[float, object]] = {}
        self._lock = threading.Lock()

    def tables_in_play(self) -> int:
        return self._read("tables", store.tables_in_play)

    def waiting_in_quick_play(self) -> int:
        return self._read("waiting", store.waiting_in_quick_play)

    def sweep_lag_seconds(self) -> float:
        """How far past its deadline the table longest due is (0 when none is due): the
        sweep plays every due table every two seconds or so, so more means it lags."""
        oldest = self._read("deadline", store.oldest_deadline)
        return max(self.now() - oldest, 0) / 1000 if oldest is not None else 0.0

    def _read(self, name: str, query: Callable[[Connection], T]) -> T:
        at = time.monotonic()
        with self._lock:
            kept = self._kept.get(name)
            if kept is not None and at - kept[0] < self.kept_seconds:
                return kept[1]  # type: ignore[return-value]
        with self.engine.connect() as connection:
            value = query(connection)
        with self._lock:
            self._kept[name] = (at, value)
        return value
