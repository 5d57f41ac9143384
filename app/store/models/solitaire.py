"""Golf solitaire: a browser's game under way and its results."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    false,
)
from sqlalchemy.orm import Mapped, mapped_column

from app.store.models.base import Base


class SolitaireGame(Base):
    """The browser's current Golf solitaire deal."""

    __tablename__ = "solitaire_games"

    browser_id: Mapped[str] = mapped_column(ForeignKey("browsers.id", ondelete="CASCADE"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer)
    """Rises with every accepted change; a write made from an older version is refused."""
    seed: Mapped[int] = mapped_column(BigInteger)
    rules: Mapped[dict] = mapped_column(JSON)
    winnable_only: Mapped[bool] = mapped_column(Boolean, server_default=false(), default=False)
    moves: Mapped[list] = mapped_column(JSON)
    moves_taken: Mapped[int] = mapped_column(Integer, default=0)
    hints_used: Mapped[int] = mapped_column(Integer, default=0)
    elapsed_ms: Mapped[int] = mapped_column(BigInteger, default=0)
    # Clock times are milliseconds since the epoch: plain integers compare the same on
    # every database (SQLite drops the time zone of a DateTime).
    running_since_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    last_active_ms: Mapped[int] = mapped_column(BigInteger)
    paused: Mapped[bool] = mapped_column(Boolean, server_default=false(), default=False)
    recorded: Mapped[bool] = mapped_column(Boolean, server_default=false(), default=False)


class SolitaireResult(Base):
    """A finished or abandoned solitaire deal, for the statistics."""

    __tablename__ = "solitaire_results"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    browser_id: Mapped[str] = mapped_column(ForeignKey("browsers.id", ondelete="CASCADE"), index=True)
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    seed: Mapped[int] = mapped_column(BigInteger)
    rules_name: Mapped[str] = mapped_column(String(40))
    score: Mapped[int] = mapped_column(Integer)
    won: Mapped[bool] = mapped_column(Boolean, server_default=false(), default=False)
    abandoned: Mapped[bool] = mapped_column(Boolean, server_default=false(), default=False)
    moves: Mapped[int] = mapped_column(Integer)
    elapsed_seconds: Mapped[int] = mapped_column(Integer)
    hints_used: Mapped[int] = mapped_column(Integer, default=0)
