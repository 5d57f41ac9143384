"""The open event streams of the tables of people (:class:`app.store.models.TableStream`):
one row a stream, marked while it is open, from which a table's seats are known to be
connected in every process."""

from __future__ import annotations

from sqlalchemy import Connection, bindparam, delete, insert, select, update

from app.store.repository import TABLE_STREAMS, is_key

STREAM_FORGOTTEN_AFTER_MS = 3600_000


def open_stream(connection: Connection, stream: str, code: str, seat: int, now_ms: int) -> None:
    """Note an open stream; rows a server left when it died are dropped an hour on."""
    connection.execute(delete(TABLE_STREAMS).where(TABLE_STREAMS.c.seen_ms < now_ms - STREAM_FORGOTTEN_AFTER_MS))
    connection.execute(insert(TABLE_STREAMS).values(stream=stream, table_code=code, seat=seat, seen_ms=now_ms))


def refresh_streams(connection: Connection, streams: list[str], now_ms: int) -> None:
    connection.execute(update(TABLE_STREAMS).where(TABLE_STREAMS.c.stream.in_(streams)).values(seen_ms=now_ms))


def close_stream(connection: Connection, stream: str) -> bool:
    """Forget an open stream; whether it was known."""
    return connection.execute(delete(TABLE_STREAMS).where(TABLE_STREAMS.c.stream == stream)).rowcount == 1


# Built once, as the table's own statements are: every move and every refresh of a table
# asks it, and building it again each time cost as much as reading the table's row.
_CONNECTED_SEATS = (
    select(TABLE_STREAMS.c.seat)
    .distinct()
    .where(TABLE_STREAMS.c.table_code == bindparam("code"), TABLE_STREAMS.c.seen_ms >= bindparam("since_ms"))
)


def connected_seats(connection: Connection, code: str, since_ms: int) -> set[int]:
    if not is_key(code):
        return set()
    return set(connection.execute(_CONNECTED_SEATS, {"code": code, "since_ms": since_ms}).scalars())
