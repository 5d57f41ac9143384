"""Reading and writing the games of Golf (:class:`app.store.models.GolfTable`): the tables
of people, found by their code, with their results (their open event streams are kept
by :mod:`app.store.table_streams`), and each browser's match against the computer, a
table with one person found by its owner. With SQLAlchemy Core as :mod:`app.store.repository`
does for the other games: a write names the version it was made from, and loses the race
(:class:`~app.store.repository.LostRace`) if another request saved the row first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from datetime import UTC, datetime

from sqlalchemy import Connection, and_, bindparam, delete, func, insert, or_, select, update

from app.store.repository import (
    GOLF_TABLES,
    ONLINE_RESULTS,
    PLAY_REVIEWS,
    TABLE_STREAMS,
    insert_if_absent,
    is_key,
    note_action,
    values_of,
    write_version,
)


@dataclass(frozen=True)
class TableSeat:
    """Who sits at one seat of a table: a person (by their browser), a computer player (by
    its level), or an open seat waiting for a person, perhaps kept for the one who sat
    there at the last match (Play again). Stored as JSON, the fields that are set."""

    kind: str  # "person", "computer" or "open"
    name: str
    browser: str | None = None  # a person's
    level: str | None = None  # a computer player's
    left: bool = False  # a computer playing on for a person who left
    held_for: str | None = None  # an open seat kept for this browser ...
    held_name: str | None = None  # ... under this name ...
    held_until_ms: int | None = None  # ... until then
    ready_hole: int | None = None  # a person who pressed Next hole at the end of this hole
    # Pass and play (several people of one browser's match): the person the device was
    # passed to last, who opened their pass screen; the match is shown from their seat.
    has_device: bool = False
    left_by: str | None = None
    """The browser of the person who left this seat (a computer plays it now): at a rated
    table they are rated last, whatever the computer makes of it."""
    timed_out: int = 0
    """A person's turns in a row that the turn timer played for them (a quick-play table
    gives up on them after a few: :mod:`app.service.tables.leaving`)."""

    @classmethod
    def person(cls, browser: str, name: str) -> TableSeat:
        return cls("person", name, browser=browser)

    @classmethod
    def computer(cls, level: str, name: str | None = None) -> TableSeat:
        """A computer player, named for its level unless named (see name_computers)."""
        return cls("computer", name or f"Computer ({level})", level=level)

    @classmethod
    def open(cls) -> TableSeat:
        return cls("open", "Open seat")

    @classmethod
    def from_json(cls, value: dict) -> TableSeat:
        return cls(**{name: value[name] for name in _SEAT_FIELDS if value.get(name) is not None})

    def to_json(self) -> dict:
        shown: dict[str, object] = {"kind": self.kind, "browser": self.browser, "name": self.name, "level": self.level}
        if self.left:
            shown["left"] = True
        if self.held_for is not None:
            shown |= {"held_for": self.held_for, "held_name": self.held_name, "held_until_ms": self.held_until_ms}
        if self.ready_hole is not None:
            shown["ready_hole"] = self.ready_hole
        if self.has_device:
            shown["has_device"] = True
        if self.left_by is not None:
            shown["left_by"] = self.left_by
        if self.timed_out:
            shown["timed_out"] = self.timed_out
        return shown


_SEAT_FIELDS = [f.name for f in fields(TableSeat)]


@dataclass
class TableRecord:
    """A game of Golf as stored (see :class:`app.store.models.GolfTable`): a table of
    people, or a browser's match against the computer (``owner`` set), with the bookkeeping
    only such a match keeps (its clock, pause, hints, actions, daily deal)."""

    code: str
    version: int
    name: str
    status: str
    rules: dict
    seed: int
    seats: list[TableSeat]
    log: list
    notices: list
    timer_seconds: int | None
    deadline_ms: int | None
    recorded: bool
    created_ms: int
    started_ms: int | None
    updated_ms: int
    seen_ms: int | None = None
    away: bool = False
    snapshots: list | None = None
    owner: str | None = None
    match_id: str | None = None
    actions_taken: int = 0
    hints_used: int = 0
    elapsed_ms: int = 0
    running_since_ms: int | None = None
    paused: bool = False
    daily: str | None = None
    practice: bool = False
    quick_play: bool = False  # made by quick play
    rated: bool = False  # a rated match: quick play's, every person at it an account

    @classmethod
    def new(
        cls,
        *,
        code: str,
        name: str,
        status: str,
        rules: dict,
        seed: int,
        seats: list[TableSeat],
        now_ms: int,
        timer_seconds: int | None = None,
        owner: str | None = None,
    ) -> TableRecord:
        """A game not begun: at its first version, nothing in its log, nothing recorded;
        started now if it is dealt at once (a match against the computer), else at its start."""
        return cls(
            code=code,
            version=1,
            name=name,
            status=status,
            rules=rules,
            seed=seed,
            seats=seats,
            log=[],
            notices=[],
            timer_seconds=timer_seconds,
            deadline_ms=None,
            recorded=False,
            created_ms=now_ms,
            started_ms=now_ms if status == "playing" else None,
            updated_ms=now_ms,
            owner=owner,
        )

    # A match against the computer in the terms its service, clock and results use.
    @property
    def browser_id(self) -> str:
        """The browser whose match against the computer this is."""
        assert self.owner is not None, "a table of people has no one browser"
        return self.owner

    @property
    def level(self) -> str | None:
        """The computer players' level; None when people sit at every seat (pass and play)."""
        return next((seat.level for seat in self.seats if seat.kind == "computer" and seat.level is not None), None)

    @property
    def last_active_ms(self) -> int:
        """When its person last acted: a match changes only when they do."""
        return self.updated_ms

    @last_active_ms.setter
    def last_active_ms(self, value: int) -> None:
        self.updated_ms = value


_TABLE_FIELDS = [f.name for f in fields(TableRecord)]
# A table of people has no owner: a browser's match against the computer is never
# reached by a code, whatever code is asked for.
_OF_PEOPLE = GOLF_TABLES.c.owner.is_(None)
_SELECT_TABLE = select(GOLF_TABLES).where(GOLF_TABLES.c.code == bindparam("key"), _OF_PEOPLE)
_SELECT_MATCH = select(GOLF_TABLES).where(GOLF_TABLES.c.owner == bindparam("key"))
# The owner is written once, by the insert.
_UPDATE_TABLE = (
    update(GOLF_TABLES)
    .where(GOLF_TABLES.c.code == bindparam("key"), GOLF_TABLES.c.version == bindparam("read_version"))
    .values({name: bindparam(name) for name in _TABLE_FIELDS if name not in ("code", "owner")})
)


def _record(row) -> TableRecord:
    record = TableRecord(**{name: row[name] for name in _TABLE_FIELDS})
    record.seats = [TableSeat.from_json(seat) for seat in row["seats"]]
    return record


def load_table(connection: Connection, code: str) -> TableRecord | None:
    """The table of people with this code, if there is one."""
    if not is_key(code):
        return None
    row = connection.execute(_SELECT_TABLE, {"key": code}).mappings().first()
    return _record(row) if row is not None else None


def load_match(connection: Connection, browser_id: str) -> TableRecord | None:
    """The browser's match against the computer, if it has one."""
    row = connection.execute(_SELECT_MATCH, {"key": browser_id}).mappings().first()
    return _record(row) if row is not None else None


def _table_values(record: TableRecord) -> dict:
    return {**values_of(record), "seats": [seat.to_json() for seat in record.seats]}


def insert_table(connection: Connection, record: TableRecord) -> None:
    connection.execute(insert(GOLF_TABLES).values(**_table_values(record)))


def save_table(connection: Connection, record: TableRecord, read_version: int) -> None:
    """Write ``record`` over the row read at ``read_version``, raising the version by one
    (:class:`LostRace` if another request wrote first)."""
    values = _table_values(record)
    values["key"] = values.pop("code")
    write_version(connection, _UPDATE_TABLE, values, record, read_version)


# ---------------------------------------------------------------- a match against the computer


def match_seats(browser_id: str, level: str, players: int, people: list[str] | None = None) -> list[TableSeat]:
    """The seats of a browser's match against the computer: the person at seat 0 and a
    computer player of the match's level at each other seat, named as its replay names them.
    Pass and play: the ``people`` sharing the browser's device at the first seats, in
    order, each under their name, and the computers after them."""
    named = (
        [TableSeat.person(browser_id, name) for name in people] if people else [TableSeat.person(browser_id, "Player")]
    )
    return named + [
        TableSeat.computer(level, "Computer" if players == 2 else f"Computer {seat}")
        for seat in range(len(named), players)
    ]


def save_match(connection: Connection, record: TableRecord, read_version: int) -> None:
    """:func:`save_table` for a browser's match, marking the browser as having acted."""
    # The browser's row first, as the purge does, so the two never wait on each other
    # in opposite orders.
    note_action(connection, record.browser_id)
    save_table(connection, record, read_version)


def insert_match(connection: Connection, record: TableRecord) -> TableRecord:
    """The browser's first match, unless a parallel request made one first: then that one
    is kept. Returns the match stored, so the caller goes on with it."""
    insert_if_absent(connection, GOLF_TABLES, _table_values(record))
    stored = load_match(connection, record.browser_id)
    assert stored is not None  # this request's row, or the one a parallel request made
    return stored


def count_match_hint(connection: Connection, browser_id: str) -> None:
    """One more hint used in the browser's match, keeping its version: advice changes
    nothing in play, so the page's next move is not refused as stale because of it."""
    connection.execute(
        update(GOLF_TABLES).where(GOLF_TABLES.c.owner == browser_id).values(hints_used=GOLF_TABLES.c.hints_used + 1)
    )


# ---------------------------------------------------------------- the tables of people


def tables_past_deadline(connection: Connection, now_ms: int, limit: int = 100, but: Sequence[str] = ()) -> list[str]:
    """The tables of people whose deadline has passed, the longest due first (but the
    codes ``but``: tables whose turn failed lately, which must not fill the batch)."""
    query = (
        select(GOLF_TABLES.c.code)
        .where(GOLF_TABLES.c.deadline_ms <= now_ms, _OF_PEOPLE, GOLF_TABLES.c.code.not_in(list(but)))
        .order_by(GOLF_TABLES.c.deadline_ms)
        .limit(limit)
    )
    return list(connection.execute(query).scalars())


def note_read(connection: Connection, code: str, now_ms: int, present: bool) -> None:
    """Mark the table as read now (someone still looks at it: the purge keeps it), and,
    when the reader sits there (``present``), its people as present now. The version
    stays: nothing in play changed, and no open page must fetch it again."""
    values = {"read_ms": now_ms, **({"seen_ms": now_ms} if present else {})}
    connection.execute(update(GOLF_TABLES).where(GOLF_TABLES.c.code == code, _OF_PEOPLE).values(**values))


def _untouched(finished_before_ms: int, unjoined_before_ms: int, streams_since_ms: int):
    """Tables over, or waiting, neither changed nor read since the bound of their kind,
    and with no seated person's stream marked since ``streams_since_ms``."""
    last_read = func.coalesce(GOLF_TABLES.c.read_ms, 0)
    watched = select(TABLE_STREAMS.c.table_code).where(TABLE_STREAMS.c.seen_ms >= streams_since_ms)
    return and_(
        _OF_PEOPLE,  # a match against the computer goes with its browser
        or_(
            and_(
                GOLF_TABLES.c.status == "over",
                GOLF_TABLES.c.updated_ms < finished_before_ms,
                last_read < finished_before_ms,
            ),
            and_(
                GOLF_TABLES.c.status == "waiting",
                GOLF_TABLES.c.updated_ms < unjoined_before_ms,
                last_read < unjoined_before_ms,
            ),
        ),
        GOLF_TABLES.c.code.not_in(watched),
    )


def purgeable_tables(
    connection: Connection,
    *,
    finished_before_ms: int,
    unjoined_before_ms: int,
    streams_since_ms: int,
    after: str,
    limit: int,
) -> tuple[list[str], str | None]:
    """Up to ``limit`` tables from the code ``after`` on, in code order, and which of them
    to purge: those over, neither changed nor read since ``finished_before_ms``; those
    waiting with nobody but their host seated, neither changed nor read since
    ``unjoined_before_ms``. A table with a seated person's open stream (marked since
    ``streams_since_ms``) is kept. Returns the codes to purge and the last code looked
    at (None when no table was left to look at), to go on from."""
    query = (
        select(GOLF_TABLES.c.code, GOLF_TABLES.c.status, GOLF_TABLES.c.seats)
        .where(GOLF_TABLES.c.code > after, _untouched(finished_before_ms, unjoined_before_ms, streams_since_ms))
        .order_by(GOLF_TABLES.c.code)
        .limit(limit)
    )
    rows = list(connection.execute(query))
    codes = [
        row.code
        for row in rows
        if row.status == "over" or sum(1 for seat in row.seats if seat.get("kind") == "person") <= 1
    ]
    return codes, (rows[-1].code if len(rows) == limit else None)


def delete_tables(
    connection: Connection,
    codes: list[str],
    review_key,
    *,
    finished_before_ms: int,
    unjoined_before_ms: int,
    streams_since_ms: int,
) -> int:
    """Delete those of these tables still untouched (as :func:`purgeable_tables` found
    them), then their streams' rows and their reviews (``review_key(code)``: the reviews'
    match id); how many tables. The condition is checked again on each row deleted: on
    PostgreSQL a table being read or played at that moment holds its row, and once that
    commits the row is found touched and kept. People's results stay: they are statistics."""
    if not codes:
        return 0
    gone = list(
        connection.execute(
            delete(GOLF_TABLES)
            .where(GOLF_TABLES.c.code.in_(codes), _untouched(finished_before_ms, unjoined_before_ms, streams_since_ms))
            .returning(GOLF_TABLES.c.code)
        ).scalars()
    )
    if gone:
        connection.execute(delete(PLAY_REVIEWS).where(PLAY_REVIEWS.c.match_id.in_([review_key(c) for c in gone])))
        connection.execute(delete(TABLE_STREAMS).where(TABLE_STREAMS.c.table_code.in_(gone)))
    return len(gone)


def add_online_result(connection: Connection, **values) -> None:
    connection.execute(insert(ONLINE_RESULTS).values(finished_at=datetime.now(UTC), **values))


def online_results(connection: Connection, browser_id: str) -> list[dict]:
    query = select(ONLINE_RESULTS).where(ONLINE_RESULTS.c.browser_id == browser_id).order_by(ONLINE_RESULTS.c.id)
    return [dict(row) for row in connection.execute(query).mappings()]
