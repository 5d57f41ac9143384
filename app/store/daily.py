"""Reading and writing the daily deal's counted attempts (SQLAlchemy Core)."""

from __future__ import annotations

from sqlalchemy import Connection, func, select, update

from app.store.models import Account, DailyEntry
from app.store.moderation import hidden_principals
from app.store.repository import insert_if_absent

DAILY_ENTRIES = DailyEntry.__table__
ACCOUNTS = Account.__table__


def _on_the_board():
    """Not the entry of an account the boards do not show (suspended, or off the boards)."""
    return DAILY_ENTRIES.c.browser_id.not_in(hidden_principals())


def entry(connection: Connection, date: str, browser_id: str) -> dict | None:
    t = DAILY_ENTRIES
    row = connection.execute(select(t).where(t.c.date == date, t.c.browser_id == browser_id)).mappings().first()
    return dict(row) if row else None


def claim(connection: Connection, values: dict) -> bool:
    """Make ``values`` the browser's counted attempt of its date, unless it has one: True
    when this call made it (any number of requests may race; one wins)."""
    insert_if_absent(connection, DAILY_ENTRIES, values)
    stored = entry(connection, values["date"], values["browser_id"])
    return stored is not None and stored["match_id"] == values["match_id"]


def settle(connection: Connection, date: str, browser_id: str, match_id: str, **values) -> None:
    """Write how the counted attempt of ``match_id`` stands (while it is still being played)."""
    t = DAILY_ENTRIES
    connection.execute(
        update(t)
        .where(t.c.date == date, t.c.browser_id == browser_id, t.c.match_id == match_id, t.c.status == "playing")
        .values(**values)
    )


def finished(connection: Connection, date: str, limit: int) -> list[dict]:
    """The date's first ``limit`` finished attempts, lowest total first (then the earliest
    finished): an account's under the account's name as it is now, a guest's under the
    name it gave, marked as a guest's."""
    t, a = DAILY_ENTRIES, ACCOUNTS
    query = (
        select(
            func.coalesce(a.c.name, t.c.name).label("name"),
            a.c.id.is_(None).label("guest"),
            t.c.total,
            t.c.expert_total,
        )
        .select_from(t.outerjoin(a, a.c.principal == t.c.browser_id))
        .where(t.c.date == date, t.c.status == "finished", _on_the_board())
        .order_by(t.c.total, t.c.finished_ms)
        .limit(limit)
    )
    return [{**row, "guest": bool(row["guest"])} for row in connection.execute(query).mappings()]


def rename_entries(connection: Connection, browser_id: str, name: str) -> None:
    """The browser's attempts are under ``name`` now (its account changed its name)."""
    t = DAILY_ENTRIES
    connection.execute(update(t).where(t.c.browser_id == browser_id).values(name=name))


def better_than(connection: Connection, date: str, total: int) -> int:
    """How many finished attempts of the date have a lower total than ``total``."""
    t = DAILY_ENTRIES
    return connection.execute(
        select(func.count())
        .select_from(t)
        .where(t.c.date == date, t.c.status == "finished", t.c.total < total, _on_the_board())
    ).scalar_one()


def played(connection: Connection, date: str) -> int:
    """How many browsers played the date's deal to its end or gave it up."""
    t = DAILY_ENTRIES
    return connection.execute(
        select(func.count()).select_from(t).where(t.c.date == date, t.c.status != "playing", _on_the_board())
    ).scalar_one()


def dates_played(connection: Connection, browser_id: str) -> list[str]:
    t = DAILY_ENTRIES
    return list(connection.execute(select(t.c.date).where(t.c.browser_id == browser_id).order_by(t.c.date)).scalars())
