"""The review of a person's play."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Float,
    ForeignKey,
    Integer,
    String,
)
from sqlalchemy.orm import Mapped, mapped_column

from app.store.models.base import Base


class PlayReview(Base):
    """The review of one seat's decisions in one finished hole (see app/players/review.py),
    computed once in the background and kept for the player's statistics.

    ``match_id`` names the match (a match against the computer's ``match_id``, or an
    online table's code); ``digest`` is the SHA-256 of the match's seed, rules and log up
    to the end of the hole, so a hole replayed differently (an undo across holes) is
    reviewed afresh rather than shown an old review."""

    __tablename__ = "play_reviews"

    browser_id: Mapped[str] = mapped_column(ForeignKey("browsers.id", ondelete="CASCADE"), primary_key=True)
    match_id: Mapped[str] = mapped_column(String(40), primary_key=True)
    hole: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    digest: Mapped[str] = mapped_column(String(64))
    review: Mapped[dict] = mapped_column(JSON)
    decisions: Mapped[int] = mapped_column(Integer)
    points_lost: Mapped[float] = mapped_column(Float)
    created_ms: Mapped[int] = mapped_column(BigInteger, index=True)
