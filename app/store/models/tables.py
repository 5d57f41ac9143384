"""Tables of people: the tables, the quick-play queue, their results and their pages' streams."""

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
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from app.store.models.base import Base


class GolfTable(Base):
    """A match of Golf: its seats, the rules, the seed and the log of every seat's actions.

    Every game of Golf is one. A browser's match against the computer is a table whose
    ``owner`` is that browser, sitting at seat 0 with computer players in the other seats
    (one such table per browser, replaced by the next match's deal); a table of people has
    no owner, and its seats belong to different browsers or to computer players.

    ``seats`` holds, per seat, its kind (``person``, ``computer``, ``open``), the browser
    sitting there (its id, never sent to anyone), a display name and a computer level.
    The seed stays private until the match is over; the log is the truth and the engine
    replays it to rebuild the state (the snapshots only save it the work)."""

    __tablename__ = "golf_tables"

    code: Mapped[str] = mapped_column(String(32), primary_key=True)
    """A table of people's invite code; for a match against the computer, a random key
    that is never sent (the match is found by its owner)."""
    owner: Mapped[str | None] = mapped_column(ForeignKey("browsers.id", ondelete="CASCADE"), nullable=True, unique=True)
    """The browser whose match against the computer this is; null at a table of people."""
    version: Mapped[int] = mapped_column(Integer)
    """Rises with every accepted change; a write made from an older version is refused."""
    name: Mapped[str] = mapped_column(String(60))
    status: Mapped[str] = mapped_column(String(10))  # waiting, playing, over
    rules: Mapped[dict] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    seats: Mapped[list] = mapped_column(JSON)
    log: Mapped[list] = mapped_column(JSON)
    notices: Mapped[list] = mapped_column(JSON)  # turns the computer played for a person out of time
    timer_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # When the person to act runs out of time (ms since the epoch); null without a timer
    # or while no person is to act. Indexed for the sweep that plays timed-out turns.
    deadline_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True, index=True)
    recorded: Mapped[bool] = mapped_column(Boolean, server_default=false(), default=False)
    created_ms: Mapped[int] = mapped_column(BigInteger)
    started_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    # Clock times are milliseconds since the epoch: plain integers compare the same on
    # every database (SQLite drops the time zone of a DateTime).
    updated_ms: Mapped[int] = mapped_column(BigInteger)
    """When the match last changed (against the computer: the person's last activity)."""
    seen_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    """When a person seated here was last known present (a move, an open page seen by a
    turn's timeout, a read); null before the start."""
    away: Mapped[bool] = mapped_column(Boolean, server_default=false(), default=False)
    """Every person has been away too long: the turn timer is stopped until one is back."""
    read_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    """When the table was last read (to the minute or so), which keeps it from the purge."""
    snapshots: Mapped[list | None] = mapped_column(JSON, nullable=True)
    """The match as it stood after each of its last few changes: ``{"version", "moves",
    "state"}``, ``state`` an engine snapshot (every card, hidden ones too: it never leaves
    the server), ``moves`` the log's length then. A read restores the newest rather than
    replaying the log, and a page some versions behind is shown the steps since from the
    one it was drawn at. Null for a match saved before they were kept: its log is replayed."""
    # A match against the computer's own bookkeeping (left at their defaults at a table of
    # people). No defaults on this side: an insert that does not name them leaves them to
    # the database.
    match_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """Made afresh for every new deal sequence (New game, Restart), so that the reviews
    of one match are never taken for another's; null for matches from before reviews."""
    actions_taken: Mapped[int] = mapped_column(Integer, server_default=text("0"))
    hints_used: Mapped[int] = mapped_column(Integer, server_default=text("0"))
    elapsed_ms: Mapped[int] = mapped_column(BigInteger, server_default=text("0"))
    running_since_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    paused: Mapped[bool] = mapped_column(Boolean, server_default=false())
    daily: Mapped[str | None] = mapped_column(String(10), nullable=True)
    """The date (``YYYY-MM-DD``, UTC) of the daily deal this match plays; null for any other."""
    practice: Mapped[bool] = mapped_column(Boolean, server_default=false())
    """A daily match played after the browser's counted attempt of that date: off the leaderboard."""
    quick_play: Mapped[bool] = mapped_column(Boolean, server_default=false())
    """A table quick play made (standard rules, people seated as they asked, computers
    in the seats nobody took)."""
    rated: Mapped[bool] = mapped_column(Boolean, server_default=false())
    """A rated match: a quick-play table whose people all had accounts when it was made
    (computer players count at their levels' fixed ratings). Set once, at the making."""


class QuickPlayEntry(Base):
    """A browser waiting in quick play for a table of ``players`` seats (null: any size),
    one row per browser. Matching seats waiting rows together and writes the table's
    code into each (``table_code``), which the person's next look finds; a row whose
    ``heartbeat_ms`` is stale (its page closed) is removed by the sweep."""

    __tablename__ = "quick_play_queue"

    browser_id: Mapped[str] = mapped_column(ForeignKey("browsers.id", ondelete="CASCADE"), primary_key=True)
    players: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(40))
    joined_ms: Mapped[int] = mapped_column(BigInteger, index=True)
    deadline_ms: Mapped[int] = mapped_column(BigInteger)
    """Past it, computer players take the seats nobody took and the match starts."""
    heartbeat_ms: Mapped[int] = mapped_column(BigInteger)
    """When the person's page (or client) last asked: the queue forgets those who left."""
    table_code: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    """Null while waiting; the table the person was seated at, once seated."""
    seated_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    rated: Mapped[bool] = mapped_column(Boolean, server_default=false())
    """The person asked with an account: rated people are seated only with rated people
    (and computers), guests only with guests."""


class OnlineResult(Base):
    """A person's finished (or left) table, for the statistics: kept apart from the
    matches against the computer."""

    __tablename__ = "online_results"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    browser_id: Mapped[str] = mapped_column(ForeignKey("browsers.id", ondelete="CASCADE"), index=True)
    table_code: Mapped[str] = mapped_column(String(32))
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    rules_name: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    outcome: Mapped[str] = mapped_column(String(8))  # win, loss, draw
    abandoned: Mapped[bool] = mapped_column(Boolean, server_default=false(), default=False)
    total: Mapped[int | None] = mapped_column(Integer, nullable=True)  # finished matches only
    holes_played: Mapped[int] = mapped_column(Integer)
    replay_id: Mapped[str | None] = mapped_column(String(24), nullable=True)  # a finished table's replay
    seat: Mapped[int | None] = mapped_column(
        Integer, nullable=True
    )  # the person's seat (None: from before it was kept)
    pass_and_play: Mapped[bool] = mapped_column(Boolean, server_default=false(), default=False)
    """A pass-and-play match (several people sharing one device), counted apart from the tables."""


class TableStream(Base):
    """An open event stream of a table: a seat shows connected while its person has one.
    Each stream refreshes ``seen_ms`` while open and removes its row when it closes; a
    row left by a server that died is ignored once stale."""

    __tablename__ = "table_streams"

    stream: Mapped[str] = mapped_column(String(32), primary_key=True)
    table_code: Mapped[str] = mapped_column(String(32), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    seen_ms: Mapped[int] = mapped_column(BigInteger)
