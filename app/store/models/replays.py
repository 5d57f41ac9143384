"""Finished matches kept to replay, their chances to win, the daily deal's attempts."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    ForeignKey,
    Index,
    Integer,
    String,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from app.store.models.base import Base


class Replay(Base):
    """A finished match, kept whole for its replay (``/r/{id}``): who sat where, the
    rules, the seeds and the log, every card of which may be shown since the match is
    over. Written once, in the transaction that ends the match, and never changed; a
    daily match's is shown only once its date is over (``shown_from_ms``)."""

    __tablename__ = "replays"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    """Unguessable: a keyed hash of the match's identity (see app/service/replays/replays.py)."""
    kind: Mapped[str] = mapped_column(String(8))  # match (against the computer) or table
    seed: Mapped[int] = mapped_column(BigInteger)  # the public seed, as the match showed it
    deal_seed: Mapped[str] = mapped_column(String(24))  # the engine's, 64 bits: more than a BIGINT holds
    rules: Mapped[dict] = mapped_column(JSON)
    seats: Mapped[list] = mapped_column(JSON)  # [{"name", "kind", "level"}] in seat order
    log: Mapped[list] = mapped_column(JSON)
    hole_scores: Mapped[list] = mapped_column(JSON)  # per hole, per seat
    created_ms: Mapped[int] = mapped_column(BigInteger, index=True)
    shown_from_ms: Mapped[int] = mapped_column(BigInteger, server_default=text("0"))


class WinChance(Base):
    """A finished match's story: each seat's chance to win after every step of its replay
    and the people's turning points (see app/players/win_chance.py), worked out once in
    the background after the match ends and kept with its replay (and gone with it)."""

    __tablename__ = "win_chances"

    replay_id: Mapped[str] = mapped_column(ForeignKey("replays.id", ondelete="CASCADE"), primary_key=True)
    chances: Mapped[list] = mapped_column(JSON)  # per step (0 the first deal), per seat
    turning_points: Mapped[list] = mapped_column(JSON)  # app.players.turning_points.TurningPoint, as JSON
    peaks: Mapped[list] = mapped_column(JSON)  # per seat: {"percent", "hole"} before the match was decided, or None
    created_ms: Mapped[int] = mapped_column(BigInteger)


class DailyEntry(Base):
    """A browser's counted attempt at a date's daily deal (its first daily match of that
    date): the leaderboard's row once it is finished. ``status`` is ``playing``,
    ``finished`` or ``abandoned`` (given up: it counts as played, its total as it stood)."""

    __tablename__ = "daily_entries"
    __table_args__ = (Index("ix_daily_entries_board", "date", "status", "total", "finished_ms"),)

    date: Mapped[str] = mapped_column(String(10), primary_key=True)
    browser_id: Mapped[str] = mapped_column(ForeignKey("browsers.id", ondelete="CASCADE"), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    match_id: Mapped[str] = mapped_column(String(32))
    status: Mapped[str] = mapped_column(String(10))
    total: Mapped[int | None] = mapped_column(Integer, nullable=True)
    expert_total: Mapped[int | None] = mapped_column(Integer, nullable=True)
    hole_scores: Mapped[list] = mapped_column(JSON)  # per hole: [yours, the Expert's]
    started_ms: Mapped[int] = mapped_column(BigInteger)
    finished_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
