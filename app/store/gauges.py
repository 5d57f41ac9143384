"""The counts a monitor reads at each scrape (``/metrics``), one cheap query each
(SQLAlchemy Core): the tables in play, the people waiting in quick play, and the oldest
deadline the turn timers' sweep has yet to play."""

from __future__ import annotations

from sqlalchemy import Connection, func, select

from app.store.models import GolfTable, QuickPlayEntry

GOLF_TABLES = GolfTable.__table__
QUEUE = QuickPlayEntry.__table__


def tables_in_play(connection: Connection) -> int:
    """Tables of people whose match is under way (a match against the computer is not one)."""
    t = GOLF_TABLES
    query = select(func.count()).select_from(t).where(t.c.owner.is_(None), t.c.status == "playing")
    return connection.execute(query).scalar_one()


def waiting_in_quick_play(connection: Connection) -> int:
    """People waiting in quick play, not seated yet."""
    return connection.execute(select(func.count()).select_from(QUEUE).where(QUEUE.c.table_code.is_(None))).scalar_one()


def oldest_deadline(connection: Connection) -> int | None:
    """The earliest turn timer's deadline of the tables in play (ms since the epoch), read
    off the deadlines' index; None when no table has one."""
    t = GOLF_TABLES
    query = (
        select(t.c.deadline_ms)
        .where(t.c.deadline_ms.is_not(None), t.c.owner.is_(None), t.c.status == "playing")
        .order_by(t.c.deadline_ms)
        .limit(1)
    )
    return connection.execute(query).scalar()
