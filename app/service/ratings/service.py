"""Ratings: a finished rated match rates its accounts (in the transaction that ends it),
and the leaderboards and profiles are read from what that stored.

A match is rated when quick play made it of accounts alone (``TableRecord.rated``): a
match with a guest in it is rated for nobody, as on the sites people trust (a throw-away
cookie must never be able to lift an account). Its result is stored once
(``rated_matches``), with each account's seat, place and rating before and after
(``rating_entries``); an account's current rating is its last ``after``. Every seat
counts in the update: an account at its rating, a computer player at its level's fixed
anchor (see skill.py). A person who left the match, or whom the table gave up on after
they were away (:mod:`app.service.tables.timeouts`), is rated last, whatever the
computer then made of the seat: leaving is losing, so it cannot dodge a result.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime

from sqlalchemy import Connection, Engine

from app.golf.engine import GolfState
from app.names import name_key
from app.service import clock
from app.service.accounts.renaming import name_now
from app.service.common import in_transaction
from app.service.errors import NotFound
from app.service.ratings.skill import NEWCOMER, PROVISIONAL_GAMES, Skill, anchor, rate
from app.service.replays.my_matches import place_of
from app.service.replays.replays import link
from app.store import moderation
from app.store import ratings as store
from app.store.tables import TableRecord

log = logging.getLogger(__name__)

LEADERBOARD_SHOWN = 100
AROUND_YOU = 2  # the players shown either side of you when you are below the top
WEEK_SHOWN = 20
HISTORY_SHOWN = 200
MATCHES_SHOWN = 50
HIDDEN = {
    "suspended": "This player's account is suspended.",
    "off boards": "This player's results are off the boards.",
}


def standings(totals: list[int], left: list[bool]) -> list[int]:
    """What each seat is ranked by (lower is better): its total, or, for a seat its
    person left, a value past every total, so that the leavers share the last place.

    >>> standings([30, 12, 20], [False, False, True])
    [30, 12, 31]
    """
    last = max(totals) + 1
    return [last if gone else total for total, gone in zip(totals, left)]


def rate_table(
    connection: Connection, record: TableRecord, state: GolfState, replay_id: str | None, now_ms: int
) -> None:
    """Rate a finished rated match, once: a transaction run again, or a second call for
    any reason, finds it rated and writes nothing. A match in which one account holds
    two seats (which the sign-in refuses to bring about) is not a fair result: it is
    left unrated rather than written twice."""
    if not record.rated or store.is_rated(connection, record.code):
        return
    totals = state.totals()
    left = [seat.left_by is not None for seat in record.seats]
    ranked_by = standings(totals, left)
    # A person who left is rated at their seat, last.
    browsers = {
        index: seat.browser if seat.kind == "person" else seat.left_by for index, seat in enumerate(record.seats)
    }
    account_at = store.accounts_of(connection, [b for b in browsers.values() if b is not None])
    seat_accounts = {index: account_at[b] for index, b in browsers.items() if b in account_at}
    if len(set(seat_accounts.values())) != len(seat_accounts):
        log.warning("table %s: an account holds two seats; the match is left unrated", record.code)
        return
    if moderation.any_off_boards(connection, seat_accounts.values()):
        return  # the site's host took a player's results off the boards: rated for nobody
    current = store.ratings_for_update(connection, sorted(set(seat_accounts.values())))
    before: list[Skill] = []
    for index, seat in enumerate(record.seats):
        if index in seat_accounts:
            row = current.get(seat_accounts[index])
            before.append(Skill(row["mu"], row["sigma"]) if row else NEWCOMER)
        elif seat.kind == "computer" and seat.level is not None and seat.left_by is None:
            before.append(anchor(seat.level))
        else:  # a guest, at a table made rated under an older rule, or an account deleted since
            before.append(NEWCOMER)
    after = rate(before, ranked_by)
    store.add_rated_match(
        connection,
        record.code,
        now_ms,
        replay_id,
        [
            {"kind": "person", "level": None, "total": totals[index]} | ({"left": True} if left[index] else {})
            if browsers[index] is not None
            else {"kind": "computer", "level": seat.level, "total": totals[index]}
            for index, seat in enumerate(record.seats)
        ],
    )
    for index, account in seat_accounts.items():
        row = current.get(account)
        games = (row["games"] if row else 0) + 1
        store.put_rating(
            connection,
            {
                "account_id": account,
                "mu": after[index].mu,
                "sigma": after[index].sigma,
                "shown": after[index].shown,
                "games": games,
                "updated_ms": now_ms,
            },
            exists=row is not None,
        )
        store.add_to_week(connection, week_of(now_ms), account, after[index].shown - before[index].shown)
        store.add_entry(
            connection,
            account_id=account,
            code=record.code,
            seat=index,
            finished_ms=now_ms,
            total=totals[index],
            place=place_of(ranked_by[index], ranked_by),
            shown_before=before[index].shown,
            shown_after=after[index].shown,
        )


def table_ratings(connection: Connection, record: TableRecord) -> list[dict] | None:
    """What a finished rated match did to its accounts' ratings, as the table's JSON
    says it (``ratings``): one entry a rated seat, ``{"seat", "before", "after",
    "change", "provisional"}`` (the ratings as shown; provisional while the account has
    had fewer than :data:`PROVISIONAL_GAMES` rated matches, this one included); [] for a
    rated match rated for nobody; None for a table that is not rated or not over."""
    if not record.rated or record.status != "over":
        return None
    return [
        {
            "seat": row["seat"],
            "before": row["shown_before"],
            "after": row["shown_after"],
            "change": row["shown_after"] - row["shown_before"],
            "provisional": row["games"] < PROVISIONAL_GAMES,
        }
        for row in store.match_entries(connection, record.code)
    ]


def _standing(row: dict, rank: int) -> dict:
    return {
        "rank": rank,
        "name": row["name"],
        "rating": row["shown"],
        "games": row["games"],
        "provisional": row["games"] < PROVISIONAL_GAMES,
    }


def week_of(ms: int) -> str:
    """The ISO week (UTC) of ``ms``: the week's board runs Monday to Sunday.

    >>> week_of(0), week_of(1_796_342_400_000)
    ('1970-W01', '2026-W49')
    """
    year, week, _ = datetime.fromtimestamp(ms / 1000, UTC).isocalendar()
    return f"{year}-W{week:02d}"


def _date(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, UTC).date().isoformat()


def standing_of(connection: Connection, account_id: str) -> dict | None:
    """An account's rating as ``GET /api/account`` shows it: ``{"rating", "games",
    "provisional", "rank"}``, or None before its first rated match."""
    row = store.rating_of(connection, account_id)
    if row is None:
        return None
    standing = _standing(row, store.higher_than(connection, row["shown"]) + 1)
    del standing["name"]
    return standing


def skills_of(connection: Connection, browser_ids: list[str]) -> list[Skill | None]:
    """The skill of the account kept under each browser id (None for a guest or an
    account not rated yet), in order."""
    accounts = store.accounts_of(connection, browser_ids)
    skills: list[Skill | None] = []
    for browser_id in browser_ids:
        row = store.rating_of(connection, accounts[browser_id]) if browser_id in accounts else None
        skills.append(Skill(row["mu"], row["sigma"]) if row else None)
    return skills


class RatingService:
    def __init__(self, engine: Engine, now: Callable[[], int] = clock.now_ms):
        self.engine = engine
        self.now = now

    def leaderboard(self, browser_id: str) -> dict:
        """``GET /api/leaderboard``: the top players by rating, the caller's place and the
        players around it, and this week's board (rating gained since Monday, UTC)."""
        now = self.now()

        def read(connection: Connection) -> dict:
            account_id = store.accounts_of(connection, [browser_id]).get(browser_id)
            players = self._ranked(connection, store.top(connection, 0, LEADERBOARD_SHOWN), 0)
            you = around = None
            at = store.position(connection, account_id) if account_id is not None else None
            if at is not None:
                start = max(0, at - AROUND_YOU)
                around = self._ranked(connection, store.top(connection, start, 2 * AROUND_YOU + 1), start)
                you = next(row for row in around if row.pop("_id") == account_id)
                for row in around:
                    row.pop("_id", None)
            for row in players:
                row.pop("_id")
            week = [
                {"rank": rank, "name": row["name"], "gained": row["gained"], "games": row["games"]}
                for rank, row in enumerate(store.week(connection, week_of(now), WEEK_SHOWN), start=1)
            ]
            return {
                "players": players,
                "you": you,
                "around": around or [],
                "week": week,
                "rated": store.rated_count(connection),
            }

        return in_transaction(self.engine, read)

    @staticmethod
    def _ranked(connection: Connection, rows: list[dict], offset: int) -> list[dict]:
        """Rows of :func:`store.top` read from ``offset``, with their ranks: equal ratings
        share a rank, so a row's rank is one more than the number of higher ratings, which
        the rows before it in the order already count (only the window's first is asked)."""
        ranked: list[dict] = []
        for index, row in enumerate(rows):
            if index == 0:
                rank = store.higher_than(connection, row["shown"]) + 1 if offset else 1
            elif row["shown"] != rows[index - 1]["shown"]:
                rank = offset + index + 1
            ranked.append({**_standing(row, rank), "_id": row["account_id"]})
        return ranked

    def profile(self, name: str) -> dict:
        """``GET /api/players/{name}``: an account's rating, its history and its rated matches."""

        def read(connection: Connection) -> dict:
            account = store.account_named(connection, name_key(name))
            if account is None:
                raise NotFound("No player goes by that name.")
            hidden = moderation.hidden_because(connection, account["id"])
            if hidden is not None:
                raise NotFound(HIDDEN[hidden])
            row = store.rating_of(connection, account["id"])
            matches = store.entries(connection, account["id"], max(HISTORY_SHOWN, MATCHES_SHOWN))
            history = [{"date": _date(m["finished_ms"]), "rating": m["shown_after"]} for m in reversed(matches)]
            return {
                "name": account["name"],
                "rating": row["shown"] if row else None,
                "games": row["games"] if row else 0,
                "provisional": (row["games"] if row else 0) < PROVISIONAL_GAMES,
                "rank": store.higher_than(connection, row["shown"]) + 1 if row else None,
                "history": history[-HISTORY_SHOWN:],
                "matches": [
                    {
                        "replay": link(m["replay_id"]) if m["replay_id"] else None,
                        "date": _date(m["finished_ms"]),
                        "players": len(m["seats"]),
                        "total": m["total"],
                        "place": m["place"],
                    }
                    for m in matches[:MATCHES_SHOWN]
                ],
            }

        return in_transaction(self.engine, read)

    def renamed_to(self, name: str) -> str | None:
        """The name now of the account that went by ``name`` before (its old profile
        address leads to the new one), or None."""
        return in_transaction(self.engine, lambda connection: name_now(connection, name))
