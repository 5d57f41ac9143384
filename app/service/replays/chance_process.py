"""The process that works out a finished match's chances to win, beside the server's.

A match's chances are seconds of pure Python (a standard match of two about three, of
eight seats up to half a minute: app/players/win_chance.py): in a process of their own
they use the other processor and leave the server's interpreter to the requests, as the
judge's reviews do (:mod:`app.service.review.judge_process`), and at a lower priority
still, since nobody waits on them (the replay shows them once they are there).
"""

from __future__ import annotations

from app.golf.rules import RuleSet
from app.players.turning_points import peak_of, turning_points
from app.players.win_chance import rounded, step_holes, win_chances
from app.service.worker_process import WorkerProcess, preload

preload(__name__)  # the estimator imported once, in the fork server


def work_out(rules: dict, seed: int, log: tuple, people: tuple) -> dict:
    """The chances of every step of the match ``(seed, rules, log)``, the turning points
    of the ``people``'s seats and each seat's peak, as stored."""
    ruleset = RuleSet(**rules)
    chances = rounded(win_chances(ruleset, seed, log))
    points = turning_points(ruleset, seed, log, chances, people)
    holes = step_holes(log)
    return {
        "chances": chances,
        "turning_points": [point.to_json() for point in points],
        "peaks": [peak_of(chances, holes, seat) for seat in range(ruleset.players)],
    }


class ChanceProcess(WorkerProcess):
    """Runs :func:`work_out` in one process of its own, started on the first match."""

    niceness = 15

    def work_out(self, rules: dict, seed: int, log: tuple, people: tuple) -> dict:
        return self.call(work_out, rules, seed, log, people)
