"""Reading and writing the replays of finished matches (SQLAlchemy Core)."""

from __future__ import annotations

from sqlalchemy import Connection, select

from app.store.models import Replay
from app.store.repository import insert_if_absent

REPLAYS = Replay.__table__


def keep_replay(connection: Connection, values: dict) -> None:
    """Store a finished match's replay, unless it is stored already (it never changes)."""
    insert_if_absent(connection, REPLAYS, values)


def load_replay(connection: Connection, replay_id: str) -> dict | None:
    row = connection.execute(select(REPLAYS).where(REPLAYS.c.id == replay_id)).mappings().first()
    return dict(row) if row else None
