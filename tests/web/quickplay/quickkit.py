"""Helpers for the quick-play tests: an empty queue, people pressing Play now, and the
seats every browser holds over all the tables quick play made."""

from __future__ import annotations

from collections import Counter

from sqlalchemy import Engine, delete, select

from app.store.quick_play import QUEUE
from app.store.repository import GOLF_TABLES


def empty_queue(engine: Engine) -> None:
    """The suite's database is shared: nobody another test left waiting sits with these people."""
    with engine.begin() as connection:
        connection.execute(delete(QUEUE))


def quick_seats(engine: Engine, code: str | None = None) -> Counter:
    """How many seats each browser holds over all the tables quick play made (only the
    people seated at the table ``code``, if given: other tests share the database)."""
    with engine.connect() as connection:
        rows = connection.execute(
            select(GOLF_TABLES.c.code, GOLF_TABLES.c.seats).where(GOLF_TABLES.c.quick_play.is_(True))
        )
        tables = {table: seats for table, seats in rows}
    held = Counter(seat["browser"] for seats in tables.values() for seat in seats if seat.get("kind") == "person")
    if code is None:
        return held
    return Counter({seat["browser"]: held[seat["browser"]] for seat in tables[code] if seat.get("kind") == "person"})


def ask(client, players, name: str | None = None):
    body = {"players": players} | ({"name": name} if name is not None else {})
    return client.post("/api/quick-play", json=body)
