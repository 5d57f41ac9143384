"""The quick-play queue (:class:`app.store.models.QuickPlayEntry`): one row per waiting
browser, and, once seated, the table it was seated at until the person has found it.

Matching reads the waiting rows with ``FOR UPDATE SKIP LOCKED``: on PostgreSQL two
processes matching at once each lock the rows they read and pass over the other's, so
no row is seated by both (SQLite, which writes one transaction at a time, leaves the
clause out).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Connection, String, and_, cast, delete, insert, or_, select, update

from app.store.models import QuickPlayEntry
from app.store.repository import GOLF_TABLES, values_of

QUEUE = QuickPlayEntry.__table__


@dataclass
class QueueEntry:
    """A browser's row in the queue (see :class:`app.store.models.QuickPlayEntry`)."""

    browser_id: str
    players: int | None  # None: any size
    name: str
    joined_ms: int
    deadline_ms: int
    heartbeat_ms: int
    table_code: str | None = None
    seated_ms: int | None = None
    rated: bool = False  # asked with an account: seated only with other accounts


def _entry(row) -> QueueEntry:
    return QueueEntry(**dict(row))


def entry_of(connection: Connection, browser_id: str, *, for_update: bool = False) -> QueueEntry | None:
    """The browser's row; ``for_update``: locked, waiting for a matching that holds it."""
    query = select(QUEUE).where(QUEUE.c.browser_id == browser_id)
    if for_update:
        query = query.with_for_update()
    row = connection.execute(query).mappings().first()
    return _entry(row) if row is not None else None


def insert_entry(connection: Connection, entry: QueueEntry) -> None:
    connection.execute(insert(QUEUE).values(**values_of(entry)))


def rejoin(connection: Connection, entry: QueueEntry) -> None:
    """Write ``entry`` over the browser's row: its new wish, its new place in the queue."""
    values = values_of(entry)
    connection.execute(update(QUEUE).where(QUEUE.c.browser_id == values.pop("browser_id")).values(**values))


def change_wish(
    connection: Connection, browser_id: str, players: int | None, name: str, rated: bool, now_ms: int
) -> None:
    """A waiting person asks again (another size, another name): their place is kept."""
    connection.execute(
        update(QUEUE)
        .where(QUEUE.c.browser_id == browser_id, QUEUE.c.table_code.is_(None))
        .values(players=players, name=name, rated=rated, heartbeat_ms=now_ms)
    )


def rename_waiting(connection: Connection, browser_id: str, name: str) -> None:
    """A waiting person's account changed its name: they are seated under the new one."""
    connection.execute(
        update(QUEUE).where(QUEUE.c.browser_id == browser_id, QUEUE.c.table_code.is_(None)).values(name=name)
    )


def beat(connection: Connection, browser_id: str, now_ms: int) -> None:
    """The person still waits (their page asked): the sweep keeps their row."""
    connection.execute(
        update(QUEUE)
        .where(QUEUE.c.browser_id == browser_id, QUEUE.c.table_code.is_(None), QUEUE.c.heartbeat_ms < now_ms)
        .values(heartbeat_ms=now_ms)
    )


def waiting_to_match(connection: Connection, beat_since_ms: int, limit: int) -> list[QueueEntry]:
    """The waiting rows whose page asked since ``beat_since_ms`` (a closed page's person
    is not seated), oldest first, locked for this transaction; rows another transaction
    holds are passed over (they are being matched, or written, there)."""
    query = (
        select(QUEUE)
        .where(QUEUE.c.table_code.is_(None), QUEUE.c.heartbeat_ms >= beat_since_ms)
        .order_by(QUEUE.c.joined_ms, QUEUE.c.browser_id)
        .limit(limit)
        .with_for_update(skip_locked=True)
    )
    return [_entry(row) for row in connection.execute(query).mappings()]


def waiting_names(connection: Connection, players: int | None, rated: bool, limit: int) -> list[tuple[str, str]]:
    """(browser, name) of the people waiting who could sit at one table with someone
    asking for ``players`` seats (those of the same pool, rated or not, asking the same
    size or any), oldest first."""
    query = select(QUEUE.c.browser_id, QUEUE.c.name).where(QUEUE.c.table_code.is_(None), QUEUE.c.rated == rated)
    if players is not None:
        query = query.where(or_(QUEUE.c.players == players, QUEUE.c.players.is_(None)))
    query = query.order_by(QUEUE.c.joined_ms, QUEUE.c.browser_id).limit(limit)
    return [(row.browser_id, row.name) for row in connection.execute(query)]


def mark_seated(connection: Connection, browser_ids: list[str], code: str, now_ms: int) -> None:
    connection.execute(
        update(QUEUE)
        .where(QUEUE.c.browser_id.in_(browser_ids), QUEUE.c.table_code.is_(None))
        .values(table_code=code, seated_ms=now_ms)
    )


def remove(connection: Connection, browser_id: str) -> None:
    connection.execute(delete(QUEUE).where(QUEUE.c.browser_id == browser_id))


def drop_stale(connection: Connection, *, beat_before_ms: int, seated_before_ms: int) -> int:
    """Remove the waiting rows whose page stopped asking before ``beat_before_ms`` and the
    seated rows older than ``seated_before_ms`` (their person found the table long ago);
    how many."""
    gone = connection.execute(
        delete(QUEUE).where(
            or_(
                and_(QUEUE.c.table_code.is_(None), QUEUE.c.heartbeat_ms < beat_before_ms),
                and_(QUEUE.c.table_code.is_not(None), QUEUE.c.seated_ms < seated_before_ms),
            )
        )
    )
    return gone.rowcount or 0


def quick_tables_seating(connection: Connection, browser_id: str) -> list[str]:
    """The codes of the quick-play tables not yet over whose seats name ``browser_id``
    (seated, or left: the caller checks which). The seats are JSON: their text is
    searched (a browser id is 64 hex digits, never part of anything else there)."""
    t = GOLF_TABLES
    query = select(t.c.code).where(
        t.c.quick_play.is_(True), t.c.status != "over", cast(t.c.seats, String).like(f"%{browser_id}%")
    )
    return list(connection.execute(query).scalars())


def undealt_tables(connection: Connection, made_before_ms: int, limit: int = 100) -> list[str]:
    """Quick-play tables made before ``made_before_ms`` and still not dealt: their
    process stopped between making and dealing them."""
    query = (
        select(GOLF_TABLES.c.code)
        .where(
            GOLF_TABLES.c.quick_play.is_(True),
            GOLF_TABLES.c.status == "waiting",
            GOLF_TABLES.c.created_ms < made_before_ms,
        )
        .limit(limit)
    )
    return list(connection.execute(query).scalars())
