"""My matches: a browser's finished matches, against the computer and at tables of
people, newest first, each with its replay (``GET /api/matches``, the page ``/matches``)
and how high the browser's chance to win went (app/service/replays/win_chances.py).
Before, a finished match could not be found again once a new game began."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from sqlalchemy import Engine

from app.service import clock
from app.service.common import in_transaction
from app.service.replays.replays import link
from app.store import replays as store

MATCHES_LISTED = 100


def place_of(total: int, totals: list[int]) -> int:
    """A total's place among a match's totals (lowest first; a tie shares the place).

    >>> place_of(12, [20, 12, 12, 30]), place_of(20, [20, 12, 12, 30])
    (1, 3)
    """
    return 1 + sum(other < total for other in totals)


def peak_of_seat(peaks: list | None, seat: int | None) -> dict | None:
    """The browser's seat's peak chance to win, where the chances are worked out.

    >>> peak_of_seat([{"percent": 71, "hole": 6}, None], 0), peak_of_seat(None, 0), peak_of_seat([None], None)
    ({'percent': 71, 'hole': 6}, None, None)
    """
    if peaks is None or seat is None or not 0 <= seat < len(peaks):
        return None
    return peaks[seat]


class MyMatches:
    def __init__(self, engine: Engine, now: Callable[[], int] = clock.now_ms):
        self.engine = engine
        self.now = now

    def of(self, browser_id: str, limit: int = MATCHES_LISTED) -> list[dict]:
        rows = in_transaction(
            self.engine, lambda connection: store.finished_with_replays(connection, browser_id, limit)
        )
        now = self.now()
        matches = []
        for row in rows:
            totals = [sum(scores[seat] for scores in row["hole_scores"]) for seat in range(len(row["seats"]))]
            matches.append(
                {
                    # A daily deal's replay opens once its day is over for everyone.
                    "replay": link(row["id"]) if row["shown_from_ms"] <= now else None,
                    "date": datetime.fromtimestamp(row["created_ms"] / 1000, UTC).isoformat(timespec="seconds"),
                    "against": row["against"],
                    "rules": row["rules_name"],
                    "holes": len(row["hole_scores"]),
                    "players": [seat["name"] for seat in row["seats"]],
                    "total": row["total"],
                    "place": place_of(row["total"], totals) if row["total"] is not None else None,
                    "outcome": row["outcome"],
                    "chance_peak": peak_of_seat(row["peaks"], row["seat"]),
                }
            )
        return matches
