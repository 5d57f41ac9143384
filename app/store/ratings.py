"""Reading and writing ratings (SQLAlchemy Core): rated matches, accounts' ratings and
their seats in each match, and the leaderboards read from them."""

from __future__ import annotations

from sqlalchemy import Connection, func, insert, select, update

from app.store.models import Account, RatedMatch, Rating, RatingEntry, RatingWeek
from app.store.moderation import is_shown, matches_off_the_boards, on_the_boards
from app.store.repository import insert_if_absent

ACCOUNTS = Account.__table__
RATED_MATCHES = RatedMatch.__table__
RATINGS = Rating.__table__
RATING_ENTRIES = RatingEntry.__table__
RATING_WEEKS = RatingWeek.__table__
# The boards count only the accounts on them (app/store/moderation.py).
_RATED_ON_THE_BOARDS = RATINGS.join(ACCOUNTS, ACCOUNTS.c.id == RATINGS.c.account_id)


def accounts_of(connection: Connection, browser_ids: list[str]) -> dict[str, str]:
    """The account whose rows are kept under each of ``browser_ids`` (its principal), by browser id."""
    a = ACCOUNTS
    rows = connection.execute(select(a.c.principal, a.c.id).where(a.c.principal.in_(browser_ids)))
    return {principal: account for principal, account in rows}


def is_rated(connection: Connection, code: str) -> bool:
    return connection.execute(select(RATED_MATCHES.c.code).where(RATED_MATCHES.c.code == code)).first() is not None


def add_rated_match(connection: Connection, code: str, finished_ms: int, replay_id: str | None, seats: list) -> None:
    connection.execute(
        insert(RATED_MATCHES).values(code=code, finished_ms=finished_ms, replay_id=replay_id, seats=seats)
    )


def ratings_for_update(connection: Connection, account_ids: list[str]) -> dict[str, dict]:
    """The accounts' ratings, locked until the transaction ends (two matches finishing at
    once for the same person update one after the other; rows are locked in id order so
    two such transactions never wait on each other in a circle)."""
    r = RATINGS
    query = select(r).where(r.c.account_id.in_(account_ids)).order_by(r.c.account_id).with_for_update()
    return {row["account_id"]: dict(row) for row in connection.execute(query).mappings()}


def put_rating(connection: Connection, values: dict, exists: bool) -> None:
    r = RATINGS
    if exists:
        connection.execute(update(r).where(r.c.account_id == values["account_id"]).values(**values))
    else:
        connection.execute(insert(r).values(**values))


def add_entry(connection: Connection, **values) -> None:
    connection.execute(insert(RATING_ENTRIES).values(**values))


def rating_of(connection: Connection, account_id: str) -> dict | None:
    r, a = RATINGS, ACCOUNTS
    row = (
        connection.execute(
            select(r.c.account_id, r.c.mu, r.c.sigma, r.c.shown, r.c.games, a.c.name)
            .join(a, a.c.id == r.c.account_id)
            .where(r.c.account_id == account_id)
        )
        .mappings()
        .first()
    )
    return dict(row) if row else None


def account_named(connection: Connection, name_key: str) -> dict | None:
    a = ACCOUNTS
    row = connection.execute(select(a.c.id, a.c.name).where(a.c.name_key == name_key)).mappings().first()
    return dict(row) if row else None


def higher_than(connection: Connection, shown: int) -> int:
    """How many rated accounts on the boards show a higher rating (so a rating's rank is this plus one)."""
    query = select(func.count()).select_from(_RATED_ON_THE_BOARDS).where(RATINGS.c.shown > shown, on_the_boards())
    return connection.execute(query).scalar_one()


def rated_count(connection: Connection) -> int:
    """How many accounts on the boards have a rating."""
    query = select(func.count()).select_from(_RATED_ON_THE_BOARDS).where(on_the_boards())
    return connection.execute(query).scalar_one()


def top(connection: Connection, offset: int, limit: int) -> list[dict]:
    """Rated accounts on the boards, highest rating first (then the most games; then any fixed order)."""
    r, a = RATINGS, ACCOUNTS
    query = (
        select(r.c.account_id, r.c.shown, r.c.games, a.c.name)
        .join(a, a.c.id == r.c.account_id)
        .where(on_the_boards())
        .order_by(r.c.shown.desc(), r.c.games.desc(), r.c.account_id)
        .offset(offset)
        .limit(limit)
    )
    return [dict(row) for row in connection.execute(query).mappings()]


def position(connection: Connection, account_id: str) -> int | None:
    """Where the account stands in :func:`top`'s order (0 first), or None if unrated or
    off the boards."""
    mine = rating_of(connection, account_id)
    if mine is None or not is_shown(connection, account_id):
        return None
    r = RATINGS
    shown, games = mine["shown"], mine["games"]
    ahead = (
        (r.c.shown > shown)
        | ((r.c.shown == shown) & (r.c.games > games))
        | ((r.c.shown == shown) & (r.c.games == games) & (r.c.account_id < account_id))
    )
    query = select(func.count()).select_from(_RATED_ON_THE_BOARDS).where(ahead, on_the_boards())
    return connection.execute(query).scalar_one()


def add_to_week(connection: Connection, week: str, account_id: str, gained: int) -> None:
    """Count a rated match of ``week`` for the account: one more game, ``gained`` more rating."""
    w = RATING_WEEKS
    insert_if_absent(connection, w, {"week": week, "account_id": account_id, "gained": 0, "games": 0})
    connection.execute(
        update(w)
        .where(w.c.week == week, w.c.account_id == account_id)
        .values(gained=w.c.gained + gained, games=w.c.games + 1)
    )


def week(connection: Connection, week: str, limit: int) -> list[dict]:
    """The week's board: the accounts that played rated matches in ``week``, by the rating
    they gained (then by games)."""
    w, a = RATING_WEEKS, ACCOUNTS
    query = (
        select(w.c.account_id, a.c.name, w.c.gained, w.c.games)
        .join(a, a.c.id == w.c.account_id)
        .where(w.c.week == week, on_the_boards())
        .order_by(w.c.gained.desc(), w.c.games.desc(), w.c.account_id)
        .limit(limit)
    )
    return [dict(row) for row in connection.execute(query).mappings()]


def entries(connection: Connection, account_id: str, limit: int) -> list[dict]:
    """The account's rated matches, newest first, with each match's replay and seats
    (not those rated for nobody, played with an account off the boards)."""
    e, m = RATING_ENTRIES, RATED_MATCHES
    query = (
        select(e.c.code, e.c.finished_ms, e.c.total, e.c.place, e.c.shown_after, m.c.replay_id, m.c.seats)
        .join(m, m.c.code == e.c.code)
        .where(e.c.account_id == account_id, e.c.code.not_in(matches_off_the_boards()))
        .order_by(e.c.finished_ms.desc(), e.c.code)
        .limit(limit)
    )
    return [dict(row) for row in connection.execute(query).mappings()]


def match_entries(connection: Connection, code: str) -> list[dict]:
    """The accounts' seats in the rated match ``code``, seat by seat: each seat's rating
    before and after, and how many rated matches its account had then, this one included."""
    e = RATING_ENTRIES
    earlier = e.alias("earlier")
    games = (
        select(func.count())
        .select_from(earlier)
        .where(earlier.c.account_id == e.c.account_id, earlier.c.finished_ms <= e.c.finished_ms)
        .scalar_subquery()
    )
    query = select(e.c.seat, e.c.shown_before, e.c.shown_after, games.label("games")).where(e.c.code == code)
    return [dict(row) for row in connection.execute(query.order_by(e.c.seat)).mappings()]
