"""Reading and writing the stored games with SQLAlchemy Core.

Every game request reads one row and writes it back, so these are plain statements on
the tables of :mod:`app.store.models` (built once, with bound parameters) rather than
ORM units of work, which cost more than the game itself. A write names the version it
was made from: if another request saved the row first, nothing is written and
:class:`LostRace` is raised. The games of Golf (a match against the computer is a table
too) have their statements in :mod:`app.store.tables`.
"""

from __future__ import annotations

import re
import threading
import time
import weakref
from dataclasses import dataclass, fields
from datetime import UTC, datetime, timedelta

from sqlalchemy import Connection, Engine, Table, and_, bindparam, delete, insert, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite

from app.recent import Recent
from app.store.models import (
    Account,
    Browser,
    GolfResult,
    GolfTable,
    OnlineResult,
    PlayReview,
    ServerKey,
    SolitaireGame,
    SolitaireResult,
    TableStream,
)

BROWSERS = Browser.__table__
GOLF_TABLES = GolfTable.__table__
GOLF_RESULTS = GolfResult.__table__
SOLITAIRE_GAMES = SolitaireGame.__table__
SOLITAIRE_RESULTS = SolitaireResult.__table__
ONLINE_RESULTS = OnlineResult.__table__
TABLE_STREAMS = TableStream.__table__
SERVER_KEYS = ServerKey.__table__
PLAY_REVIEWS = PlayReview.__table__


class LostRace(Exception):
    """The row changed since it was read (another tab, a second click)."""


@dataclass
class SolitaireRecord:
    """A browser's solitaire deal (see :class:`app.store.models.SolitaireGame`)."""

    browser_id: str
    version: int
    seed: int
    rules: dict
    hints_used: int
    elapsed_ms: int
    running_since_ms: int | None
    last_active_ms: int
    paused: bool
    recorded: bool
    winnable_only: bool
    moves: list
    moves_taken: int


def insert_if_absent(connection: Connection, table: Table, values: dict) -> None:
    """Insert a row unless one with its key is there, made by whichever request came
    first: ``INSERT ... ON CONFLICT DO NOTHING``. Several first requests of one browser
    arrive at once; on PostgreSQL a request that meets a row another transaction is
    still inserting waits for that transaction to end, and the next statement of this
    one (read committed) sees the row it committed. Any number of them can race."""
    dialect = {"postgresql": postgresql, "sqlite": sqlite}.get(connection.dialect.name)
    if dialect is None:  # another database: a plain insert (a lost race fails and is run again)
        connection.execute(insert(table).values(**values))
        return
    connection.execute(dialect.insert(table).values(**values).on_conflict_do_nothing())


_SELECT_BROWSER = select(BROWSERS).where(BROWSERS.c.id == bindparam("key"))


def ensure_browser(connection: Connection, browser_id: str) -> dict:
    """The browser's row (created on its first game), as a dict."""
    row = connection.execute(_SELECT_BROWSER, {"key": browser_id}).mappings().first()
    if row is None:
        insert_if_absent(connection, BROWSERS, {"id": browser_id, "created_at": datetime.now(UTC), "preferences": {}})
        row = connection.execute(_SELECT_BROWSER, {"key": browser_id}).mappings().one()
    return dict(row)


def browser_exists(connection: Connection, browser_id: str) -> bool:
    return connection.execute(select(BROWSERS.c.id).where(BROWSERS.c.id == browser_id)).first() is not None


# The time of a browser's last action is kept to the hour: enough to purge by, and most
# actions then find it current and write nothing.
ACTION_TIME_GRAIN = timedelta(hours=1)
_NOTE_ACTION = (
    update(BROWSERS)
    .where(
        BROWSERS.c.id == bindparam("key"),
        or_(BROWSERS.c.last_action_at.is_(None), BROWSERS.c.last_action_at < bindparam("stale_before")),
    )
    .values(last_action_at=bindparam("now"))
)


# Browsers whose stored time this process found current, by database: till when it
# need not be looked at again. Only an update that changed nothing is remembered: the
# time it found was committed (a transaction that wrote it may still roll back), and at
# most a grain old, so the stored time is never more than two grains behind.
_FOUND_CURRENT: weakref.WeakKeyDictionary[Engine, Recent] = weakref.WeakKeyDictionary()
_FOUND_CURRENT_KEPT = 10_000  # browsers remembered per database; the least recent are forgotten first
_found_current_lock = threading.Lock()
_clock = time.monotonic  # the memo's clock, never the wall's


def note_action(connection: Connection, browser_id: str) -> None:
    """Mark the browser as having acted now, which keeps its session from the purge.

    Most actions find the stored time current and write nothing; after one has found it
    so, this process skips the statement for that browser for a grain."""
    clock = _clock()
    with _found_current_lock:
        found = _FOUND_CURRENT.setdefault(connection.engine, Recent(size=_FOUND_CURRENT_KEPT))
    current_until = found.take(browser_id)
    if current_until is not None and current_until > clock:
        found.put(browser_id, current_until)
        return
    now = datetime.now(UTC)
    noted = connection.execute(_NOTE_ACTION, {"key": browser_id, "now": now, "stale_before": now - ACTION_TIME_GRAIN})
    if noted.rowcount == 0:
        found.put(browser_id, clock + ACTION_TIME_GRAIN.total_seconds())


def _idle(empty_before: datetime, idle_before: datetime):
    """Browsers that never acted and were made before ``empty_before``, and browsers
    whose last action was before ``idle_before``; never an account's principal (an
    account is kept until its person deletes it)."""
    return and_(
        or_(
            and_(BROWSERS.c.last_action_at.is_(None), BROWSERS.c.created_at < empty_before),
            BROWSERS.c.last_action_at < idle_before,
        ),
        BROWSERS.c.id.not_in(select(Account.__table__.c.principal)),
    )


def delete_idle_browsers(connection: Connection, empty_before: datetime, idle_before: datetime, limit: int) -> int:
    """Delete up to ``limit`` idle browsers, their games and results (the foreign keys
    cascade); returns how many. The condition is checked again on each row deleted: on
    PostgreSQL a browser acting at that moment holds its row, and once it commits the
    row is found no longer idle and kept."""
    idle = _idle(empty_before, idle_before)
    some = select(BROWSERS.c.id).where(idle).limit(limit)
    return connection.execute(delete(BROWSERS).where(BROWSERS.c.id.in_(some), idle)).rowcount


def save_preferences(connection: Connection, browser_id: str, preferences: dict) -> None:
    connection.execute(update(BROWSERS).where(BROWSERS.c.id == browser_id).values(preferences=preferences))


# Statements are built once with bound parameters: building one per request costs
# more than running it.
_SELECT_SOLITAIRE = select(SOLITAIRE_GAMES).where(SOLITAIRE_GAMES.c.browser_id == bindparam("key"))
_UPDATE_SOLITAIRE = (
    update(SOLITAIRE_GAMES)
    .where(SOLITAIRE_GAMES.c.browser_id == bindparam("key"), SOLITAIRE_GAMES.c.version == bindparam("read_version"))
    .values({column.name: bindparam(column.name) for column in SOLITAIRE_GAMES.columns if column.name != "browser_id"})
)


def values_of(record) -> dict:
    """The record's fields as they are (no deep copy: the values go straight to the database)."""
    return {f.name: getattr(record, f.name) for f in fields(record)}


def load_solitaire(connection: Connection, browser_id: str) -> SolitaireRecord | None:
    row = connection.execute(_SELECT_SOLITAIRE, {"key": browser_id}).mappings().first()
    if row is None:
        return None
    return SolitaireRecord(**{f.name: row[f.name] for f in fields(SolitaireRecord)})


def save_solitaire(connection: Connection, record: SolitaireRecord, read_version: int) -> None:
    """Write ``record`` over the row read at ``read_version``, raising the version by one."""
    # The browser's row first, as the purge does, so the two never wait on each other
    # in opposite orders.
    note_action(connection, record.browser_id)
    values = values_of(record)
    values["key"] = values.pop("browser_id")
    write_version(connection, _UPDATE_SOLITAIRE, values, record, read_version)


def write_version(connection: Connection, statement, values: dict, record, read_version: int) -> None:
    """Run ``statement``, an update of the row read at ``read_version`` (its bound
    ``read_version``) to ``values`` at the next version, and raise the record's version
    with it; :class:`LostRace` when another request saved the row first."""
    values["version"] = read_version + 1
    values["read_version"] = read_version
    if connection.execute(statement, values).rowcount != 1:
        raise LostRace()
    record.version = read_version + 1


def insert_solitaire(connection: Connection, record: SolitaireRecord) -> None:
    """A first deal, unless a parallel request made one first: then that one is kept and
    ``record`` takes its values, so the caller goes on with the game that is stored."""
    insert_if_absent(connection, SOLITAIRE_GAMES, values_of(record))
    stored = load_solitaire(connection, record.browser_id)
    assert stored is not None  # this request's row, or the one a parallel request made
    for f in fields(record):
        setattr(record, f.name, getattr(stored, f.name))


def count_hint(connection: Connection, table, browser_id: str) -> None:
    """One more hint used in the browser's game in ``table``, keeping its version: advice
    changes nothing in play, so the page's next move is not refused as stale because of it."""
    connection.execute(update(table).where(table.c.browser_id == browser_id).values(hints_used=table.c.hints_used + 1))


def server_key(connection: Connection, name: str, offered: str) -> str:
    """The installation's secret called ``name``: ``offered`` if none is stored yet, else
    the one stored first (processes starting together each offer one)."""
    keys = SERVER_KEYS
    insert_if_absent(connection, keys, {"name": name, "value": offered})
    return connection.execute(select(keys.c.value).where(keys.c.name == name)).scalar_one()


def save_clock(connection: Connection, table, record) -> None:
    """Save the clock alone, keeping the version: a clock that stops changes nothing in
    play, so it must not make another open page stale."""
    connection.execute(
        update(table)
        .where(table.c.browser_id == record.browser_id)
        .values(elapsed_ms=record.elapsed_ms, running_since_ms=record.running_since_ms)
    )


def add_golf_result(connection: Connection, **values) -> None:
    connection.execute(insert(GOLF_RESULTS).values(finished_at=datetime.now(UTC), **values))


def golf_results(connection: Connection, browser_id: str) -> list[dict]:
    query = select(GOLF_RESULTS).where(GOLF_RESULTS.c.browser_id == browser_id).order_by(GOLF_RESULTS.c.id)
    return [dict(row) for row in connection.execute(query).mappings()]


def finished_any(connection: Connection, browser_id: str) -> bool:
    """Whether the browser has finished a match of Golf (not given it up), against the
    computer or at a table of people."""
    for results in (GOLF_RESULTS, ONLINE_RESULTS):
        query = select(results.c.id).where(results.c.browser_id == browser_id, results.c.abandoned.is_(False))
        if connection.execute(query.limit(1)).first() is not None:
            return True
    return False


def add_solitaire_result(connection: Connection, **values) -> None:
    connection.execute(insert(SOLITAIRE_RESULTS).values(finished_at=datetime.now(UTC), **values))


def solitaire_results(connection: Connection, browser_id: str) -> list[dict]:
    query = (
        select(SOLITAIRE_RESULTS).where(SOLITAIRE_RESULTS.c.browser_id == browser_id).order_by(SOLITAIRE_RESULTS.c.id)
    )
    return [dict(row) for row in connection.execute(query).mappings()]


# Every code and id this server hands out (invite codes, score sheets and their share
# links) is URL-safe base64, at most 32 characters.
_KEY = re.compile(r"[A-Za-z0-9_-]{1,32}")


def is_key(text: object) -> bool:
    """Whether ``text`` could be a code or id this server made. Anything else is looked
    up nowhere: it names nothing, and a NUL or a character the database refuses (which
    PostgreSQL answers with an error, SQLite with no row) never reaches a query."""
    return isinstance(text, str) and _KEY.fullmatch(text) is not None
