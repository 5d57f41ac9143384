"""The scorekeeper: score sheets of games played with real cards."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    ForeignKey,
    Integer,
    String,
)
from sqlalchemy.orm import Mapped, mapped_column

from app.store.models.base import Base


class ScoreSheet(Base):
    """A score sheet kept for a game played with real cards (the scorekeeper): one row
    per game, several per browser. ``scores`` is holes x players (null: not entered
    yet); ``history`` the entries in order, for Undo."""

    __tablename__ = "score_sheets"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    browser_id: Mapped[str] = mapped_column(ForeignKey("browsers.id", ondelete="CASCADE"), index=True)
    share_code: Mapped[str] = mapped_column(String(32), unique=True)
    """The unguessable code of the read-only link anyone may open."""
    version: Mapped[int] = mapped_column(Integer)
    """Rises with every accepted change; a write made from an older version is refused."""
    players: Mapped[list] = mapped_column(JSON)
    holes: Mapped[int] = mapped_column(Integer)
    rules: Mapped[dict] = mapped_column(JSON)
    scores: Mapped[list] = mapped_column(JSON)
    history: Mapped[list] = mapped_column(JSON)
    created_ms: Mapped[int] = mapped_column(BigInteger)
    updated_ms: Mapped[int] = mapped_column(BigInteger)
