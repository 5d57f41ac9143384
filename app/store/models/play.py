"""Golf against the computer: browsers, their matches' results, the installation's own secrets."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    false,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from app.store.models.base import Base


class Browser(Base):
    """One browser, known by the SHA-256 of its session cookie (the cookie itself is never stored)."""

    __tablename__ = "browsers"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    preferences: Mapped[dict] = mapped_column(JSON, default=dict)
    last_action_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True, index=True)
    """When a change of this browser's was last saved (to the hour); None while it has
    never acted. Empty sessions are purged a day after ``created_at``, the others a
    long while after this (see app/service/browsers.py)."""


class GolfResult(Base):
    """A finished or abandoned match, for the statistics."""

    __tablename__ = "golf_results"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    browser_id: Mapped[str] = mapped_column(ForeignKey("browsers.id", ondelete="CASCADE"), index=True)
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    level: Mapped[str] = mapped_column(String(16))
    rules_name: Mapped[str] = mapped_column(String(40))
    outcome: Mapped[str] = mapped_column(String(8))  # win, loss, draw
    abandoned: Mapped[bool] = mapped_column(Boolean, server_default=false(), default=False)
    total: Mapped[int | None] = mapped_column(Integer, nullable=True)  # finished matches only
    holes_played: Mapped[int] = mapped_column(Integer)
    elapsed_seconds: Mapped[int] = mapped_column(Integer)
    hints_used: Mapped[int] = mapped_column(Integer, default=0)
    holes: Mapped[int | None] = mapped_column(Integer, nullable=True)  # the match's length (None: not known)
    # No default on this side: an insert that does not name it (as one written for an older
    # schema) leaves it to the database.
    actions_taken: Mapped[int] = mapped_column(Integer, server_default=text("0"))
    daily: Mapped[str | None] = mapped_column(String(10), nullable=True)  # a daily match's date: counted apart
    replay_id: Mapped[str | None] = mapped_column(String(24), nullable=True)  # a finished match's replay


class ServerKey(Base):
    """Secrets this installation made for itself (the deal key)."""

    __tablename__ = "server_keys"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(String(128))
