"""Reading and writing the replays of finished matches (SQLAlchemy Core)."""

from __future__ import annotations

from sqlalchemy import Connection, literal, select

from app.store.models import GolfResult, OnlineResult, Replay, WinChance
from app.store.repository import insert_if_absent

REPLAYS = Replay.__table__
GOLF_RESULTS = GolfResult.__table__
ONLINE_RESULTS = OnlineResult.__table__
WIN_CHANCES = WinChance.__table__


def keep_replay(connection: Connection, values: dict) -> None:
    """Store a finished match's replay, unless it is stored already (it never changes)."""
    insert_if_absent(connection, REPLAYS, values)


def load_replay(connection: Connection, replay_id: str) -> dict | None:
    row = connection.execute(select(REPLAYS).where(REPLAYS.c.id == replay_id)).mappings().first()
    return dict(row) if row else None


def finished_with_replays(connection: Connection, browser_id: str, limit: int) -> list[dict]:
    """A browser's latest finished matches that have a replay, newest first: its matches
    against the computer and its tables of people, each result with its replay's row, the
    browser's seat in it (None where it was not kept) and each seat's peak chance to win
    (None while the chances are worked out)."""
    found = []
    for results, against in ((GOLF_RESULTS, "computer"), (ONLINE_RESULTS, "people")):
        # A match against the computer has its person in seat 0.
        seat = results.c.seat if results is ONLINE_RESULTS else literal(0)
        query = (
            select(
                results.c.finished_at,
                results.c.rules_name,
                results.c.outcome,
                results.c.total,
                seat.label("seat"),
                WIN_CHANCES.c.peaks,
                REPLAYS,
            )
            .join(REPLAYS, REPLAYS.c.id == results.c.replay_id)
            .outerjoin(WIN_CHANCES, WIN_CHANCES.c.replay_id == REPLAYS.c.id)
            .where(results.c.browser_id == browser_id, results.c.abandoned.is_(False))
            .order_by(results.c.id.desc())
            .limit(limit)
        )
        found += [{**row, "against": against} for row in connection.execute(query).mappings()]
    found.sort(key=lambda row: row["created_ms"], reverse=True)
    return found[:limit]
