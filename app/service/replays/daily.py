"""The daily deal: one match a day (UTC), the same for everyone, and its leaderboard.

A date's match is standard Golf, nine holes, against the Expert. Its deals come from a
seed drawn from the date and the installation's own deal key, so everyone gets the same
deals and nobody can work out another date's; the Expert is seeded from the same deals
and the moment, so two people who make the same choices play the same match ("duplicate
Golf": only the choices differ). The seed lies above
:data:`~app.service.play.match_deals.MAX_SEED`, where no New game's seed can be, so it
cannot be typed in to preview a date's deals.

A browser's first daily match of a date is its counted attempt (a row of
``daily_entries``, made once whatever it sends); later ones that date are practice.
Undo, Hint and Restart are off in a counted attempt. Given up, it counts as played, its
total as it stood. The replay of a daily match is shown once its date is over.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta

from sqlalchemy import Connection, Engine

from app.golf.engine import GolfState
from app.golf.rules import RuleSet
from app.service import clock
from app.service.common import in_transaction
from app.service.errors import Invalid
from app.service.replays import replays
from app.store import daily as store

LEVEL = "expert"
RULES = RuleSet()  # standard Golf, nine holes, two players
LEADERBOARD_SHOWN = 100  # the leaderboard's first rows; everyone's own rank is counted whatever it is
SEED_FLOOR = 2**53  # above every seed a New game takes
DEFAULT_NAME = "A golfer"
NAME_LENGTH = 24  # as a name at a table
PERSON, EXPERT = 0, 1


def today(now_ms: int) -> str:
    """The UTC date of ``now_ms``.

    >>> today(0), today(86_400_000 - 1), today(86_400_000)
    ('1970-01-01', '1970-01-01', '1970-01-02')
    """
    return datetime.fromtimestamp(now_ms / 1000, UTC).date().isoformat()


def over_ms(day: str) -> int:
    """When ``day`` is over (the next midnight, UTC), in ms since the epoch.

    >>> over_ms("1970-01-01")
    86400000
    """
    start = datetime.combine(date.fromisoformat(day) + timedelta(days=1), datetime.min.time(), UTC)
    return int(start.timestamp() * 1000)


def parse_date(text: str | None, now_ms: int) -> str:
    """A date named in a request (``YYYY-MM-DD``), today's when none; a date not yet
    begun is refused like a malformed one."""
    if text is None:
        return today(now_ms)
    try:
        day = date.fromisoformat(text) if isinstance(text, str) and len(text) == 10 else None
    except ValueError:
        day = None
    if day is None:
        raise Invalid("A date is written YYYY-MM-DD, as 2026-12-01.")
    if day.isoformat() > today(now_ms):
        raise Invalid("That date's deal is not dealt yet.")
    return day.isoformat()


def seed_of(deal_key: bytes, day: str) -> int:
    """The public seed of ``day``'s deals: a keyed hash of the date, above every seed a
    New game takes.

    >>> seed_of(b"k", "2026-12-01") == seed_of(b"k", "2026-12-01") != seed_of(b"k", "2026-12-02")
    True
    >>> seed_of(b"k", "2026-12-01") >= SEED_FLOOR
    True
    """
    digest = hmac.new(deal_key, f"daily {day}".encode(), hashlib.sha256).digest()
    return SEED_FLOOR + int.from_bytes(digest[:7], "big")  # below 2**57: a BIGINT holds it


def streaks(days: list[str], now_ms: int) -> tuple[int, int]:
    """The run of days played up to today (or yesterday, today's not played yet) and the best run.

    >>> streaks(["2026-11-28", "2026-11-29", "2026-12-01"], over_ms("2026-11-30") + 1)
    (1, 2)
    >>> streaks([], 0)
    (0, 0)
    """
    played = sorted({date.fromisoformat(d) for d in days})
    best = run = 0
    previous = None
    for day in played:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = day
    now = date.fromisoformat(today(now_ms))
    current = run if previous is not None and (now - previous).days <= 1 else 0
    return current, best


def marks(hole_scores: list[list[int]]) -> str:
    """One mark a hole, against the Expert's score: better, the same, worse.

    >>> marks([[3, 5], [4, 4], [9, 2]])
    '🟩🟨🟥'
    """
    return "".join("🟩" if mine < theirs else "🟨" if mine == theirs else "🟥" for mine, theirs in hole_scores)


def share_text(day: str, entry: dict) -> str:
    """The result to share: the date, the totals and a mark a hole; no card is named."""
    head = f"Golf daily deal {day}: {entry['total']}, the Expert {entry['expert_total']}"
    if entry["status"] == "abandoned":
        head += " (given up)"
    return f"{head}\n{marks(entry['hole_scores'])}"


def ranks(rows: list[dict]) -> list[dict]:
    """The leaderboard's rows with their ranks: equal totals share one, and the next rank
    counts every row above it.

    >>> [r["rank"] for r in ranks([{"total": 20}, {"total": 25}, {"total": 25}, {"total": 30}])]
    [1, 2, 2, 4]
    """
    ranked, previous = [], None
    for index, row in enumerate(rows, start=1):
        rank = ranked[-1]["rank"] if previous is not None and row["total"] == previous else index
        ranked.append({**row, "rank": rank})
        previous = row["total"]
    return ranked


def claim(connection: Connection, browser_id: str, day: str, match_id: str, name: str, now_ms: int) -> bool:
    """Make this match ``browser_id``'s counted attempt at ``day``, unless it has one: True when it counts."""
    return store.claim(
        connection,
        {
            "date": day,
            "browser_id": browser_id,
            "name": name,
            "match_id": match_id,
            "status": "playing",
            "total": None,
            "expert_total": None,
            "hole_scores": [],
            "started_ms": now_ms,
            "finished_ms": None,
        },
    )


def settle(
    connection: Connection,
    browser_id: str,
    day: str,
    match_id: str,
    state: GolfState,
    now_ms: int,
    abandoned: bool = False,
) -> None:
    """The counted attempt finished (or given up), with its totals as they stand."""
    totals = [sum(scores[seat] for scores in state.hole_scores) for seat in (PERSON, EXPERT)]
    store.settle(
        connection,
        day,
        browser_id,
        match_id,
        status="abandoned" if abandoned else "finished",
        total=totals[PERSON],
        expert_total=totals[EXPERT],
        hole_scores=[[scores[PERSON], scores[EXPERT]] for scores in state.hole_scores],
        finished_ms=now_ms,
    )


class DailyService:
    def __init__(self, engine: Engine, deal_key: bytes, now: Callable[[], int] = clock.now_ms):
        self.engine = engine
        self.deal_key = deal_key
        self.now = now

    def board(self, browser_id: str, day: str | None = None) -> dict:
        """The API's ``GET /api/daily``: the date's leaderboard, and the caller's own standing."""
        now = self.now()
        day = parse_date(day, now)

        def read(connection: Connection) -> dict:
            mine = store.entry(connection, day, browser_id)
            yours = None
            if mine is not None and mine["status"] == "finished":
                yours = {
                    "total": mine["total"],
                    "rank": store.better_than(connection, day, mine["total"]) + 1,
                    "expert_total": mine["expert_total"],
                    "abandoned": False,
                }
            elif mine is not None and mine["status"] == "abandoned":
                yours = {"total": mine["total"], "rank": None, "expert_total": mine["expert_total"], "abandoned": True}
            shown = now >= over_ms(day)
            if yours is not None and mine is not None:  # yours is made from mine
                yours["share"] = share_text(day, mine)
                yours["current_streak"], yours["best_streak"] = streaks(store.dates_played(connection, browser_id), now)
                if shown and mine["status"] == "finished":
                    yours["replay"] = replays.link(
                        replays.replay_id(self.deal_key, replays.match_source(mine["match_id"]))
                    )
            return {
                "date": day,
                "played": store.played(connection, day),
                "today": today(now),
                "leaderboard": ranks(store.finished(connection, day, LEADERBOARD_SHOWN)),
                "yours": yours,
                "attempt": mine["status"] if mine else None,
                "replay_shown": shown,
            }

        return in_transaction(self.engine, read)
