"""Reading and writing the reviews of finished holes (SQLAlchemy Core).

A review is computed once and kept: for the page of the match it belongs to, and for the
player's statistics afterwards (the last :data:`KEEP_MATCHES` matches a browser played;
older ones are dropped as new ones are stored, and all go with the browser).
"""

from __future__ import annotations

from sqlalchemy import Connection, and_, delete, func, or_, select

from app.store.models import PlayReview
from app.store.repository import insert_if_absent

PLAY_REVIEWS = PlayReview.__table__
KEEP_MATCHES = 20


def load_review(connection: Connection, browser_id: str, match_id: str, hole: int, seat: int) -> dict | None:
    """The stored row (``digest``, ``review``, ...) of one hole, or None."""
    t = PLAY_REVIEWS
    row = (
        connection.execute(
            select(t).where(t.c.browser_id == browser_id, t.c.match_id == match_id, t.c.hole == hole, t.c.seat == seat)
        )
        .mappings()
        .first()
    )
    return dict(row) if row else None


def store_review(
    connection: Connection,
    *,
    browser_id: str,
    match_id: str,
    hole: int,
    seat: int,
    digest: str,
    review: dict,
    now_ms: int,
) -> None:
    """Keep a hole's review, in place of any older one of that hole; drop the reviews of
    all but the browser's last :data:`KEEP_MATCHES` matches."""
    t = PLAY_REVIEWS
    key = and_(t.c.browser_id == browser_id, t.c.match_id == match_id, t.c.hole == hole, t.c.seat == seat)
    connection.execute(delete(t).where(key))
    insert_if_absent(
        connection,
        t,
        {
            "browser_id": browser_id,
            "match_id": match_id,
            "hole": hole,
            "seat": seat,
            "digest": digest,
            "review": review,
            "decisions": sum(d["phase"] != "opening" for d in review["decisions"]),
            "points_lost": review["points_lost"],
            "created_ms": now_ms,
        },
    )
    recent = (
        select(t.c.match_id)
        .where(t.c.browser_id == browser_id)
        .group_by(t.c.match_id)
        .order_by(func.max(t.c.created_ms).desc())
        .limit(KEEP_MATCHES)
    )
    kept = set(connection.execute(recent).scalars())
    connection.execute(delete(t).where(t.c.browser_id == browser_id, t.c.match_id.not_in(kept)))


def recent_matches(connection: Connection, browser_id: str, limit: int = 10) -> list[dict]:
    """Per match, newest first: the decisions judged (the opening reveals are not) and the
    points they lost, over its holes."""
    t = PLAY_REVIEWS
    query = (
        select(
            t.c.match_id,
            func.sum(t.c.decisions).label("decisions"),
            func.sum(t.c.points_lost).label("points_lost"),
            func.max(t.c.created_ms).label("last_ms"),
        )
        # The browser's own decisions: its seat at a table, and the first person's in its
        # own matches (pass and play: the other people's reviews are theirs, not its).
        .where(t.c.browser_id == browser_id, or_(t.c.seat == 0, t.c.match_id.startswith("table-")))
        .group_by(t.c.match_id)
        .order_by(func.max(t.c.created_ms).desc())
        .limit(limit)
    )
    return [dict(row) for row in connection.execute(query).mappings()]
