"""Rated play: the rated matches, each account's rating, its entries and weeks."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
)
from sqlalchemy.orm import Mapped, mapped_column

from app.store.models.base import Base


class RatedMatch(Base):
    """A finished quick-play match's result, stored once: the ratings are derived from
    these rows in match order (see app/service/ratings). ``seats`` holds, per seat, its
    kind (``person`` or ``computer``), a computer's level and the final total; which
    account sat where is in :class:`RatingEntry`, so that deleting an account leaves no
    trace of it here."""

    __tablename__ = "rated_matches"

    code: Mapped[str] = mapped_column(String(32), primary_key=True)
    finished_ms: Mapped[int] = mapped_column(BigInteger, index=True)
    replay_id: Mapped[str | None] = mapped_column(String(24), nullable=True)
    seats: Mapped[list] = mapped_column(JSON)


class Rating(Base):
    """An account's current rating: OpenSkill's mu and sigma, and the number shown."""

    __tablename__ = "ratings"

    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    shown: Mapped[int] = mapped_column(Integer, index=True)
    games: Mapped[int] = mapped_column(Integer)
    updated_ms: Mapped[int] = mapped_column(BigInteger)


class RatingEntry(Base):
    """One account's seat in one rated match: its place, total and rating before and
    after, for the profile (history, matches) and the week's board."""

    __tablename__ = "rating_entries"
    __table_args__ = (Index("ix_rating_entries_account_finished", "account_id", "finished_ms"),)

    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    code: Mapped[str] = mapped_column(ForeignKey("rated_matches.code", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    finished_ms: Mapped[int] = mapped_column(BigInteger, index=True)
    total: Mapped[int] = mapped_column(Integer)
    place: Mapped[int] = mapped_column(Integer)
    shown_before: Mapped[int] = mapped_column(Integer)
    shown_after: Mapped[int] = mapped_column(Integer)


class RatingWeek(Base):
    """What each account's rated matches of one week (ISO week, UTC) did to its rating:
    the week's board, kept up to date by each rated match so the board is read off an
    index rather than worked out from every match of the week."""

    __tablename__ = "rating_weeks"
    __table_args__ = (Index("ix_rating_weeks_board", "week", "gained"),)

    week: Mapped[str] = mapped_column(String(8), primary_key=True)  # 2026-W49
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    gained: Mapped[int] = mapped_column(Integer)
    games: Mapped[int] = mapped_column(Integer)
