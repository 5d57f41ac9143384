"""Reading every stored rated match and writing every rating afresh (SQLAlchemy Core),
for :func:`app.service.ratings.recompute.recompute_ratings`."""

from __future__ import annotations

from sqlalchemy import Connection, bindparam, delete, insert, select, text, update

from app.store.models import RatedMatch, Rating, RatingEntry, RatingWeek

RATED_MATCHES = RatedMatch.__table__
RATINGS = Rating.__table__
RATING_ENTRIES = RatingEntry.__table__
RATING_WEEKS = RatingWeek.__table__


def lock_ratings(connection: Connection) -> None:
    """Hold off every rating written elsewhere until this transaction ends: a match rated
    meanwhile waits, then rates on top of what this one wrote. (SQLite writes one
    transaction at a time already.)"""
    if connection.dialect.name == "postgresql":
        connection.execute(text("LOCK TABLE rated_matches, ratings, rating_entries, rating_weeks IN EXCLUSIVE MODE"))


def rated_matches(connection: Connection) -> list[dict]:
    """Every rated match, in the order they finished."""
    m = RATED_MATCHES
    query = select(m.c.code, m.c.finished_ms, m.c.seats).order_by(m.c.finished_ms, m.c.code)
    return [dict(row) for row in connection.execute(query).mappings()]


def entries(connection: Connection) -> list[dict]:
    """Every account's seat in every rated match."""
    e = RATING_ENTRIES
    query = select(e.c.account_id, e.c.code, e.c.seat, e.c.shown_before, e.c.shown_after)
    return [dict(row) for row in connection.execute(query).mappings()]


def rewrite_ratings(connection: Connection, ratings: list[dict]) -> None:
    connection.execute(delete(RATINGS))
    if ratings:
        connection.execute(insert(RATINGS), ratings)


def rewrite_entries(connection: Connection, changed: list[dict]) -> None:
    """Each of ``changed`` (``account_id``, ``code``, ``shown_before``, ``shown_after``)
    written over its entry."""
    if not changed:
        return
    e = RATING_ENTRIES
    statement = (
        update(e)
        .where(e.c.account_id == bindparam("b_account"), e.c.code == bindparam("b_code"))
        .values(shown_before=bindparam("b_before"), shown_after=bindparam("b_after"))
    )
    connection.execute(
        statement,
        [
            {
                "b_account": row["account_id"],
                "b_code": row["code"],
                "b_before": row["shown_before"],
                "b_after": row["shown_after"],
            }
            for row in changed
        ],
    )


def rewrite_weeks(connection: Connection, weeks: list[dict]) -> None:
    connection.execute(delete(RATING_WEEKS))
    if weeks:
        connection.execute(insert(RATING_WEEKS), weeks)
