"""Every rating worked out again from the stored results: :func:`recompute_ratings`.

A rating is derived, never a truth of its own: the truth is each rated match's seats
(``rated_matches.seats``: each seat's kind, a computer's level, its final total and
whether its person left, which ranks it last) and
which account sat in which seat (``rating_entries.seat``). Replaying them in the order
the matches finished, each through the one update (:func:`app.service.ratings.skill.rate`)
with every seat as it counted when it was played (an account at its rating then, a
computer at its level's anchor, anyone else as a newcomer), gives the ratings again:
with nothing left out, exactly those stored. The site's host leaves out the matches of
an account taken off the boards (``python -m app admin off-boards``): they are rated for
nobody, as if they had never been rated, and every rating after them changes with it.

What is rewritten: each account's rating (``ratings``), each kept entry's rating before
and after (``rating_entries``; the entries of a left-out match stay, so that putting the
account back on the boards brings them back, and the boards do not show them), and the
weeks' boards (``rating_weeks``).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from sqlalchemy import Connection

from app.service.ratings.service import standings, week_of
from app.service.ratings.skill import NEWCOMER, Skill, anchor, rate
from app.store import moderation
from app.store import ratings_rewrite as store


@dataclass(frozen=True)
class Recomputed:
    """What a recomputation did: the matches rated, those left out, the accounts rated."""

    rated: int
    left_out: int
    accounts: int


def recompute_ratings(connection: Connection) -> Recomputed:
    """Rewrite every rating from the stored results, leaving out the matches of the
    accounts off the boards, in the caller's transaction."""
    store.lock_ratings(connection)
    off = moderation.off_boards_accounts(connection)
    seated: dict[str, dict[int, str]] = defaultdict(dict)  # match code -> seat -> account
    stored: dict[tuple[str, str], dict] = {}
    for entry in store.entries(connection):
        seated[entry["code"]][entry["seat"]] = entry["account_id"]
        stored[entry["account_id"], entry["code"]] = entry
    skills: dict[str, Skill] = {}
    games: dict[str, int] = defaultdict(int)
    updated: dict[str, int] = {}
    weeks: dict[tuple[str, str], list[int]] = {}  # (week, account) -> [gained, games]
    changed: list[dict] = []
    rated = left_out = 0
    for match in store.rated_matches(connection):
        accounts = seated.get(match["code"], {})
        if off & set(accounts.values()):
            left_out += 1
            continue
        rated += 1
        seats = match["seats"]
        before = [_skill_before(index, seat, accounts, skills) for index, seat in enumerate(seats)]
        ranked_by = standings([seat["total"] for seat in seats], [bool(seat.get("left")) for seat in seats])
        after = rate(before, ranked_by)
        for index, account in accounts.items():
            skills[account] = after[index]
            games[account] += 1
            updated[account] = match["finished_ms"]
            week = weeks.setdefault((week_of(match["finished_ms"]), account), [0, 0])
            week[0] += after[index].shown - before[index].shown
            week[1] += 1
            entry = stored[account, match["code"]]
            if (entry["shown_before"], entry["shown_after"]) != (before[index].shown, after[index].shown):
                changed.append(
                    {
                        "account_id": account,
                        "code": match["code"],
                        "shown_before": before[index].shown,
                        "shown_after": after[index].shown,
                    }
                )
    store.rewrite_ratings(
        connection,
        [
            {
                "account_id": account,
                "mu": skill.mu,
                "sigma": skill.sigma,
                "shown": skill.shown,
                "games": games[account],
                "updated_ms": updated[account],
            }
            for account, skill in sorted(skills.items())
        ],
    )
    store.rewrite_entries(connection, changed)
    store.rewrite_weeks(
        connection,
        [
            {"week": week, "account_id": account, "gained": gained, "games": count}
            for (week, account), (gained, count) in sorted(weeks.items())
        ],
    )
    return Recomputed(rated=rated, left_out=left_out, accounts=len(skills))


def _skill_before(index: int, seat: dict, accounts: dict[int, str], skills: dict[str, Skill]) -> Skill:
    """How seat ``index`` counted in its match: its account's rating then, a computer's
    anchor, or a newcomer's prior (a seat whose account was deleted since; as
    app/service/ratings/service.py rate_table has it)."""
    if index in accounts:
        return skills.get(accounts[index], NEWCOMER)
    if seat.get("kind") == "computer" and seat.get("level") is not None:
        return anchor(seat["level"])
    return NEWCOMER
