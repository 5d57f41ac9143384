"""The database tables: browsers, the games of Golf (a match against the computer and a
table of people alike), solitaire games, results.

A match of Golf is stored as its public seed, its rules, its seats and the log of every
seat's actions: the engine replays the log to rebuild the state, so the log is the truth
and nothing derived is stored twice. ``version`` rises with every accepted change and
guards against a second tab or a double click (see app/service/play/turns.py).
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, ClassVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    false,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

# Named constraints, so that Alembic can alter them on SQLite (batch mode) too.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    if TYPE_CHECKING:
        # Each model is mapped to one Table (SQLAlchemy types __table__ as any FromClause),
        # which the statements of app/store use for inserts, updates and deletes.
        __table__: ClassVar[Table]


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


class ServerKey(Base):
    """Secrets this installation made for itself (the deal key)."""

    __tablename__ = "server_keys"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(String(128))


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


class TableStream(Base):
    """An open event stream of a table: a seat shows connected while its person has one.
    Each stream refreshes ``seen_ms`` while open and removes its row when it closes; a
    row left by a server that died is ignored once stale."""

    __tablename__ = "table_streams"

    stream: Mapped[str] = mapped_column(String(32), primary_key=True)
    table_code: Mapped[str] = mapped_column(String(32), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    seen_ms: Mapped[int] = mapped_column(BigInteger)


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


class Account(Base):
    """An account a person saved their progress to, protected by passkeys.

    Its rows (matches, statistics, daily entries, score sheets, preferences) are stored
    under its ``principal`` browser, exactly as a guest's are under their own: every
    session signed in to the account is read as that browser (app/web/http/session.py).
    The principal is the session that registered; its cookie is replaced at
    registration and never honoured again. The sessions signed in to it are
    :class:`AccountSession` rows."""

    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    """Random; also the user handle the passkeys hold."""
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(40), unique=True)
    """The name case folded (app.names.name_key): no two accounts share a name."""
    name_skeleton: Mapped[str | None] = mapped_column(String(500), nullable=True, index=True, unique=True)
    """The name's look-alike key (app.confusables.look_alike_key, UTS #39's skeleton): no
    two accounts have names that look alike ("Ann" and "Аnn" with a Cyrillic "А"). At
    most 24 characters, each mapped to at most 18. Null only for an account made before
    the check whose name looked like an older account's (it keeps its name)."""
    principal: Mapped[str] = mapped_column(ForeignKey("browsers.id", ondelete="CASCADE"), unique=True)
    created_ms: Mapped[int] = mapped_column(BigInteger)
    suspended_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    """When the site's host suspended the account (``python -m app admin suspend``); null
    while it is in good standing. A suspended account cannot sign in and is on no board."""
    off_boards: Mapped[bool] = mapped_column(Boolean, server_default=false(), default=False)
    """The site's host took the account's results off the boards (``python -m app admin
    off-boards``): its rated matches are left out of every rating, and it is on no board."""


class AccountSession(Base):
    """A session (a browser's cookie) signed in to an account. Kept apart from
    ``browsers``: a signed-in session stores nothing under its own id, and deleting the
    account deletes these rows, which signs every device out."""

    __tablename__ = "account_sessions"

    session_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    """The browser id of the session's cookie (app/service/browsers.py)."""
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    device: Mapped[str] = mapped_column(String(60))
    """What the session's browser said it was (from its User-Agent), for the list of devices."""
    created_ms: Mapped[int] = mapped_column(BigInteger)
    code_made_on: Mapped[str | None] = mapped_column(String(60), nullable=True)
    """For a session signed in with a device code: the device of the session that made
    the code (what its browser said it was), null for one that used a passkey."""
    code_address: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """... and the network address its request to use the code came from."""


class Passkey(Base):
    """A passkey (a WebAuthn credential) that signs in to an account."""

    __tablename__ = "passkeys"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    """Random: the passkey's name in the API (the credential id is never needed there)."""
    credential_id: Mapped[str] = mapped_column(String(1400), unique=True)
    """The credential id, base64url (at most 1023 bytes)."""
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    public_key: Mapped[bytes] = mapped_column(LargeBinary)
    """The credential's public key, COSE encoded."""
    sign_count: Mapped[int] = mapped_column(BigInteger)
    """The authenticator's last signature counter: one that does not rise is refused."""
    transports: Mapped[list] = mapped_column(JSON)
    label: Mapped[str] = mapped_column(String(60))
    created_ms: Mapped[int] = mapped_column(BigInteger)
    used_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)


class PasskeyChallenge(Base):
    """A challenge sent to a session for one passkey step (register or sign in): used
    once (deleted when it is answered) and only for a few minutes."""

    __tablename__ = "webauthn_challenges"

    challenge: Mapped[str] = mapped_column(String(100), primary_key=True)
    """The random challenge, base64url."""
    purpose: Mapped[str] = mapped_column(String(16))  # register, sign-in
    session_id: Mapped[str] = mapped_column(String(64), index=True)
    """The session (the browser id of its cookie) it was sent to; it alone may answer it."""
    details: Mapped[dict] = mapped_column(JSON)
    """What the answer needs besides: the name asked for, the account a passkey is added to."""
    expires_ms: Mapped[int] = mapped_column(BigInteger, index=True)


class DeviceCode(Base):
    """A short one-time code a signed-in device shows, with which another device signs
    in to the same account within a few minutes, while the device that made it is still
    signed in."""

    __tablename__ = "device_codes"

    code: Mapped[str] = mapped_column(String(16), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    expires_ms: Mapped[int] = mapped_column(BigInteger, index=True)
    session_id: Mapped[str] = mapped_column(ForeignKey("account_sessions.session_id", ondelete="CASCADE"), index=True)
    """The session that made it: a code dies with it (signed out, removed, its account deleted)."""


class AccountFormerName(Base):
    """A name an account went by before it changed it (see
    app/service/accounts/renaming.py): its old profile address leads to the account's
    profile, and for a while nobody else may take the name, or one that looks like it."""

    __tablename__ = "account_former_names"

    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    name_key: Mapped[str] = mapped_column(String(40), primary_key=True, index=True)
    """The former name case folded (app.names.name_key), as ``accounts.name_key``."""
    name: Mapped[str] = mapped_column(String(40))
    name_skeleton: Mapped[str | None] = mapped_column(String(500), nullable=True, index=True)
    """Its look-alike key, as ``accounts.name_skeleton`` (null where the account had none)."""
    renamed_ms: Mapped[int] = mapped_column(BigInteger)
    reserved_until_ms: Mapped[int] = mapped_column(BigInteger)
    """Until then only its account may take the name (or one that looks like it) again."""


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
