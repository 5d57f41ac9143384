"""A browser's statistics, every game's, read in one transaction (``GET /api/stats``)."""

from __future__ import annotations

from sqlalchemy import Engine

from app.service.common import in_transaction
from app.service.review.reviews import review_stats
from app.service.stats.results import golf_stats, online_stats, pass_and_play_stats, solitaire_stats
from app.store import repository


class Statistics:
    def __init__(self, engine: Engine):
        self.engine = engine

    def of(self, browser_id: str) -> dict:
        """Golf against the computer (the daily deal apart), solitaire, online tables,
        pass and play, and the review of play."""
        return in_transaction(
            self.engine,
            lambda connection: {
                "golf": golf_stats(connection, browser_id),
                "solitaire": solitaire_stats(connection, browser_id),
                "online": online_stats(connection, browser_id),
                "pass_and_play": pass_and_play_stats(connection, browser_id),
                "review": review_stats(connection, browser_id),
            },
        )

    def finished_any(self, browser_id: str) -> bool:
        """Whether the browser has finished a match of Golf yet (its first visit, until then)."""
        with self.engine.connect() as connection:
            return repository.finished_any(connection, browser_id)
