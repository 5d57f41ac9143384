"""The rating model: OpenSkill's Plackett-Luce over a match's final totals.

Golf is a free-for-all of 2 to 8 players, the lowest total best; equal totals are ties.
Every seat takes part in the update: an account with its own rating, a computer player
with its level's fixed anchor (never changed by a match, so that the scale stays put),
and a guest with a newcomer's prior (a guest is not rated, but beating one still says
something of a player). A rating is shown as one number, a conservative estimate
(mu - 3 sigma) put on a friendlier scale, and is provisional for the first games.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from openskill.models import PlackettLuce

from app.players import Level

MODEL = PlackettLuce()
"""The library's defaults: a newcomer at mu 25, sigma 25/3 (shown as 1000)."""

PROVISIONAL_GAMES = 10
"""A rating is marked provisional until this many rated matches."""

ANCHOR_SIGMA = 2.0
ANCHORS: dict[str, float] = {"easy": 18.0, "medium": 23.0, "hard": 28.0, "expert": 32.0}
"""Each computer level's fixed mu: weakest first, spaced as the arena's results between
the levels go (python -m app.arena)."""


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def shown(self) -> int:
        """The one number a player sees: the conservative estimate, mu - 3 sigma, as
        1000 + 40 points a unit (a newcomer shows 1000).

        >>> Skill(25.0, 25 / 3).shown
        1000
        """
        return round(1000 + 40 * (self.mu - 3 * self.sigma))


NEWCOMER = Skill(MODEL.mu, MODEL.sigma)


def anchor(level: str) -> Skill:
    return Skill(ANCHORS[level], ANCHOR_SIGMA)


def rate(skills: list[Skill], totals: list[int]) -> list[Skill]:
    """Every seat's skill after a match whose final totals were ``totals`` (seat by
    seat, lowest best; ties as ties). Callers keep only the accounts' new skills.

    >>> before = [NEWCOMER, NEWCOMER]
    >>> winner, loser = rate(before, [10, 30])
    >>> winner.mu > 25 > loser.mu
    True
    """
    if len(skills) != len(totals) or len(skills) < 2:
        raise ValueError("a rated match has two or more seats, each with its total")
    teams = [[MODEL.rating(mu=skill.mu, sigma=skill.sigma)] for skill in skills]
    rated = MODEL.rate(teams, ranks=[float(total) for total in totals])
    return [Skill(team[0].mu, team[0].sigma) for team in rated]


def fitting_level(skill: Skill | None) -> Level:
    """The computer level nearest a person's skill (the middle level for someone unrated),
    for the seats quick play fills.

    >>> fitting_level(None), fitting_level(Skill(33.0, 3.0)), fitting_level(Skill(17.0, 5.0))
    ('medium', 'expert', 'easy')
    """
    if skill is None:
        return "medium"
    return cast(Level, min(ANCHORS, key=lambda level: abs(ANCHORS[level] - skill.mu)))
