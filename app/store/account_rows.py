"""The statements that give a guest's rows to an account's principal browser, and that
find and clear what an account leaves at others' tables (SQLAlchemy Core). Which row is
kept where only one is allowed is decided by :mod:`app.service.accounts.moving`, what
changes at a table by :mod:`app.service.accounts.forgetting`."""

from __future__ import annotations

from sqlalchemy import Connection, String, cast, delete, select, update

from app.store.models import Replay, ScoreSheet
from app.store.repository import (
    BROWSERS,
    GOLF_RESULTS,
    GOLF_TABLES,
    ONLINE_RESULTS,
    PLAY_REVIEWS,
    SOLITAIRE_GAMES,
    SOLITAIRE_RESULTS,
)

SCORE_SHEETS = ScoreSheet.__table__
REPLAYS = Replay.__table__

# Rows of which a browser may have any number: they all go to the account.
MANY_A_BROWSER = (GOLF_RESULTS, SOLITAIRE_RESULTS, ONLINE_RESULTS, SCORE_SHEETS, PLAY_REVIEWS)


def move_many(connection: Connection, guest: str, principal: str) -> None:
    for table in MANY_A_BROWSER:
        connection.execute(update(table).where(table.c.browser_id == guest).values(browser_id=principal))


def browser(connection: Connection, browser_id: str) -> dict | None:
    row = connection.execute(select(BROWSERS).where(BROWSERS.c.id == browser_id)).mappings().first()
    return dict(row) if row else None


def update_browser(connection: Connection, browser_id: str, **values) -> None:
    connection.execute(update(BROWSERS).where(BROWSERS.c.id == browser_id).values(**values))


def delete_browser(connection: Connection, browser_id: str) -> None:
    """The browser and every row of its (the foreign keys cascade)."""
    connection.execute(delete(BROWSERS).where(BROWSERS.c.id == browser_id))


# ------------------------------------------------------------------ one a browser


def solitaire_game(connection: Connection, browser_id: str) -> dict | None:
    query = select(SOLITAIRE_GAMES).where(SOLITAIRE_GAMES.c.browser_id == browser_id)
    row = connection.execute(query).mappings().first()
    return dict(row) if row else None


def replace_solitaire_game(connection: Connection, guest: str, principal: str) -> None:
    """The guest's deal becomes the principal's, in place of the one it had."""
    connection.execute(delete(SOLITAIRE_GAMES).where(SOLITAIRE_GAMES.c.browser_id == principal))
    connection.execute(
        update(SOLITAIRE_GAMES).where(SOLITAIRE_GAMES.c.browser_id == guest).values(browser_id=principal)
    )


def own_match(connection: Connection, browser_id: str) -> dict | None:
    """The browser's match against the computer (a table it owns)."""
    row = connection.execute(select(GOLF_TABLES).where(GOLF_TABLES.c.owner == browser_id)).mappings().first()
    return dict(row) if row else None


def replace_own_match(connection: Connection, guest_match: dict, principal: str, practice: bool) -> None:
    """The guest's match against the computer becomes the principal's, in place of the one
    it had (``practice``: a daily match that is not the principal's counted attempt)."""
    connection.execute(delete(GOLF_TABLES).where(GOLF_TABLES.c.owner == principal))
    connection.execute(
        update(GOLF_TABLES)
        .where(GOLF_TABLES.c.code == guest_match["code"])
        .values(
            owner=principal,
            seats=swap_browser(guest_match["seats"], guest_match["owner"], principal),
            practice=practice,
        )
    )


# ------------------------------------------------------------------ tables of people


def tables_seating(connection: Connection, browser_id: str) -> list[dict]:
    """The tables of people whose seats name ``browser_id`` (seated, or a seat held for it).
    The seats are JSON: their text is searched (a browser id is 64 hex digits, never
    part of anything else there), then the seats are read."""
    t = GOLF_TABLES
    query = select(t.c.code, t.c.name, t.c.status, t.c.seats, t.c.notices).where(
        t.c.owner.is_(None), cast(t.c.seats, String).like(f"%{browser_id}%")
    )
    return [dict(row) for row in connection.execute(query).mappings()]


def reseat(connection: Connection, code: str, seats: list) -> None:
    """Change who the seats name (the table's state and version are not changed: the
    same person sits there, known by another id)."""
    connection.execute(update(GOLF_TABLES).where(GOLF_TABLES.c.code == code).values(seats=seats))


def swap_browser(value, old: str, new: str):
    """``value`` (JSON) with every string ``old`` in it replaced by ``new``.

    >>> swap_browser([{"browser": "a", "held_for": None, "name": "Ann"}], "a", "b")
    [{'browser': 'b', 'held_for': None, 'name': 'Ann'}]
    """
    if isinstance(value, list):
        return [swap_browser(item, old, new) for item in value]
    if isinstance(value, dict):
        return {key: swap_browser(item, old, new) for key, item in value.items()}
    return new if value == old else value


# ------------------------------------------------------------------ the account's own replays


def own_match_replays(connection: Connection, browser_id: str) -> list[str]:
    """The replays of the browser's matches against the computer: nobody else played them."""
    query = select(GOLF_RESULTS.c.replay_id).where(
        GOLF_RESULTS.c.browser_id == browser_id, GOLF_RESULTS.c.replay_id.is_not(None)
    )
    return [replay for replay in connection.execute(query).scalars() if replay]


def table_replays(connection: Connection, browser_id: str) -> list[dict]:
    """The replays of the tables of people the browser finished (its table results name
    them): ``{"id", "seats", "table_code"}``."""
    query = (
        select(REPLAYS.c.id, REPLAYS.c.seats, ONLINE_RESULTS.c.table_code)
        .select_from(ONLINE_RESULTS.join(REPLAYS, REPLAYS.c.id == ONLINE_RESULTS.c.replay_id))
        .where(ONLINE_RESULTS.c.browser_id == browser_id)
    )
    return [dict(row) for row in connection.execute(query).mappings()]


def rename_in_replay(connection: Connection, replay_id: str, seats: list) -> None:
    connection.execute(update(REPLAYS).where(REPLAYS.c.id == replay_id).values(seats=seats))


def renotice(connection: Connection, code: str, notices: list) -> None:
    connection.execute(update(GOLF_TABLES).where(GOLF_TABLES.c.code == code).values(notices=notices))


def delete_replays(connection: Connection, replay_ids: list[str]) -> None:
    if replay_ids:
        connection.execute(delete(REPLAYS).where(REPLAYS.c.id.in_(replay_ids), REPLAYS.c.kind == "match"))
