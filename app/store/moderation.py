"""What the site's host's commands read and write (``python -m app admin``), and the one
test of which accounts the boards show (SQLAlchemy Core).

An account is on the boards (the leaderboard, the week's board, the daily board, its
profile) unless it is suspended (``accounts.suspended_ms``) or its results were taken off
the boards (``accounts.off_boards``): :func:`on_the_boards` is that test, written once,
which every board's query adds to its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime

from sqlalchemy import ColumnElement, Connection, Select, and_, delete, false, func, not_, select, true, update

from app.store.models import (
    Account,
    AccountSession,
    Browser,
    DailyEntry,
    DeviceCode,
    PasskeyChallenge,
    QuickPlayEntry,
    Rating,
    RatingEntry,
)

ACCOUNTS = Account.__table__
ACCOUNT_SESSIONS = AccountSession.__table__
BROWSERS = Browser.__table__
CHALLENGES = PasskeyChallenge.__table__
DAILY_ENTRIES = DailyEntry.__table__
DEVICE_CODES = DeviceCode.__table__
QUEUE = QuickPlayEntry.__table__
RATINGS = Rating.__table__
RATING_ENTRIES = RatingEntry.__table__


# ------------------------------------------------------------------ the boards' test


def on_the_boards() -> ColumnElement[bool]:
    """True for an account the boards show: neither suspended nor off the boards."""
    return and_(ACCOUNTS.c.suspended_ms.is_(None), ACCOUNTS.c.off_boards == false())


def shown_accounts() -> Select:
    """The ids of the accounts the boards show, as a subquery."""
    return select(ACCOUNTS.c.id).where(on_the_boards())


def hidden_principals() -> Select:
    """The principal browsers of the accounts the boards do not show (their daily
    entries are kept under them), as a subquery."""
    return select(ACCOUNTS.c.principal).where(not_(on_the_boards()))


def matches_off_the_boards() -> Select:
    """The codes of the rated matches an account off the boards played in, as a subquery:
    they are rated for nobody (see app/service/ratings/recompute.py)."""
    e, a = RATING_ENTRIES, ACCOUNTS
    return select(e.c.code).join(a, a.c.id == e.c.account_id).where(a.c.off_boards == true())


def is_shown(connection: Connection, account_id: str) -> bool:
    query = select(ACCOUNTS.c.id).where(ACCOUNTS.c.id == account_id, on_the_boards())
    return connection.execute(query).first() is not None


def hidden_because(connection: Connection, account_id: str) -> str | None:
    """Why the boards do not show the account: ``"suspended"``, ``"off boards"``, or None
    when they do."""
    a = ACCOUNTS
    row = connection.execute(select(a.c.suspended_ms, a.c.off_boards).where(a.c.id == account_id)).first()
    if row is None or (row.suspended_ms is None and not row.off_boards):
        return None
    return "suspended" if row.suspended_ms is not None else "off boards"


def is_suspended_principal(connection: Connection, browser_id: str) -> bool:
    """Whether ``browser_id`` is the principal of a suspended account."""
    a = ACCOUNTS
    query = select(a.c.id).where(a.c.principal == browser_id, a.c.suspended_ms.is_not(None))
    return connection.execute(query).first() is not None


def any_off_boards(connection: Connection, account_ids: Iterable[str]) -> bool:
    ids = list(account_ids)
    if not ids:
        return False
    a = ACCOUNTS
    query = select(a.c.id).where(a.c.id.in_(ids), a.c.off_boards == true())
    return connection.execute(query).first() is not None


def off_boards_accounts(connection: Connection) -> set[str]:
    return set(connection.execute(select(ACCOUNTS.c.id).where(ACCOUNTS.c.off_boards == true())).scalars())


# ------------------------------------------------------------------ an account


def account_named(connection: Connection, name_key: str, *, for_update: bool = False) -> dict | None:
    query = select(ACCOUNTS).where(ACCOUNTS.c.name_key == name_key)
    if for_update:
        query = query.with_for_update()
    row = connection.execute(query).mappings().first()
    return dict(row) if row else None


def overview(connection: Connection, name_part: str | None = None) -> list[dict]:
    """Every account (whose ``name_key`` holds ``name_part``, already a name key), with
    its rating, its rated matches, when it was last seen (in ms: its newest sign-in, or
    its principal's last action, or its making) and its standing, newest seen first."""
    a, r, b = ACCOUNTS, RATINGS, BROWSERS
    signed_in = (
        select(ACCOUNT_SESSIONS.c.account_id, func.max(ACCOUNT_SESSIONS.c.created_ms).label("signed_in_ms"))
        .group_by(ACCOUNT_SESSIONS.c.account_id)
        .subquery()
    )
    matches = (
        select(RATING_ENTRIES.c.account_id, func.count().label("matches"))
        .group_by(RATING_ENTRIES.c.account_id)
        .subquery()
    )
    query = (
        select(
            a.c.id,
            a.c.name,
            a.c.created_ms,
            a.c.suspended_ms,
            a.c.off_boards,
            r.c.shown,
            r.c.games,
            matches.c.matches,
            signed_in.c.signed_in_ms,
            b.c.last_action_at,
        )
        .select_from(a)
        .outerjoin(r, r.c.account_id == a.c.id)
        .outerjoin(matches, matches.c.account_id == a.c.id)
        .outerjoin(signed_in, signed_in.c.account_id == a.c.id)
        .outerjoin(b, b.c.id == a.c.principal)
    )
    if name_part:
        query = query.where(a.c.name_key.contains(name_part, autoescape=True))
    rows = []
    for row in connection.execute(query).mappings():
        seen = [row["created_ms"], row["signed_in_ms"], _ms(row["last_action_at"])]
        rows.append({**row, "matches": row["matches"] or 0, "seen_ms": max(s for s in seen if s is not None)})
    rows.sort(key=lambda row: (-row["seen_ms"], row["name"]))
    return rows


def _ms(moment: datetime | None) -> int | None:
    """A stored moment in ms since the epoch (SQLite gives it back without its zone: UTC)."""
    if moment is None:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return int(moment.timestamp() * 1000)


def set_suspended(connection: Connection, account_id: str, since_ms: int | None) -> None:
    connection.execute(update(ACCOUNTS).where(ACCOUNTS.c.id == account_id).values(suspended_ms=since_ms))


def set_off_boards(connection: Connection, account_id: str, off: bool) -> None:
    connection.execute(update(ACCOUNTS).where(ACCOUNTS.c.id == account_id).values(off_boards=off))


def sign_out_everywhere(connection: Connection, account: dict) -> int:
    """End every session signed in to the account (each device becomes a new guest), its
    device codes and its sessions' passkey challenges, and take its principal out of
    quick play's queue; how many sessions were signed out."""
    sessions = list(
        connection.execute(
            select(ACCOUNT_SESSIONS.c.session_id).where(ACCOUNT_SESSIONS.c.account_id == account["id"])
        ).scalars()
    )
    connection.execute(delete(CHALLENGES).where(CHALLENGES.c.session_id.in_([*sessions, account["principal"]])))
    connection.execute(delete(ACCOUNT_SESSIONS).where(ACCOUNT_SESSIONS.c.account_id == account["id"]))
    connection.execute(delete(DEVICE_CODES).where(DEVICE_CODES.c.account_id == account["id"]))
    connection.execute(delete(QUEUE).where(QUEUE.c.browser_id == account["principal"], QUEUE.c.table_code.is_(None)))
    return len(sessions)
