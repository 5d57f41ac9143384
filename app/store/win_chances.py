"""Reading and writing the chances to win of finished matches (SQLAlchemy Core).

Worked out once per replay and never changed: a second writer (two processes that both
found it missing) leaves the first one's row, which is the same.
"""

from __future__ import annotations

from sqlalchemy import Connection, select

from app.store.models import WinChance
from app.store.repository import insert_if_absent

WIN_CHANCES = WinChance.__table__


def store_story(
    connection: Connection, replay_id: str, chances: list, turning_points: list, peaks: list, now_ms: int
) -> None:
    insert_if_absent(
        connection,
        WIN_CHANCES,
        {
            "replay_id": replay_id,
            "chances": chances,
            "turning_points": turning_points,
            "peaks": peaks,
            "created_ms": now_ms,
        },
    )


def load_story(connection: Connection, replay_id: str) -> dict | None:
    """The stored row (``chances``, ``turning_points``) of a replay, or None while it is worked out."""
    row = connection.execute(select(WIN_CHANCES).where(WIN_CHANCES.c.replay_id == replay_id)).mappings().first()
    return dict(row) if row else None
