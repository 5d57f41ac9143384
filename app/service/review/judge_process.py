"""The judge's own process, beside the server's.

A hole's review is a few hundred milliseconds of pure Python. On a thread of the server
it held the interpreter's lock while the requests waited for it: with 50 players at the
table (``python -m bench.load --start --think 1``) the 99th percentile of a move went
from 8 ms with no review running to 270–330 ms. In a process of its own the judge uses
the other processor and the server's interpreter is left to the requests.

The process (:class:`~app.service.worker_process.WorkerProcess`) comes from a fork
server that has imported the judge already, so it starts quickly and inherits none of
the server's threads, sockets or database connections. It exits with the server, even
one killed outright; if it dies itself, the next review starts another.
"""

from __future__ import annotations

from app.golf.rules import RuleSet
from app.players.review import review_hole
from app.service.worker_process import WorkerProcess, preload

preload(__name__)  # the judge imported once, in the fork server


def _review(rules: dict, seed: int, log: tuple, seat: int, hole: int) -> dict:
    return review_hole(RuleSet(**rules), seed, list(log), seat, hole)


class ReviewProcess(WorkerProcess):
    """Runs :func:`~app.players.review.review_hole` in one process of its own, started on
    the first review asked for. Calls block the calling thread (not the interpreter).

    At a lower priority than the server's: a review waits for a processor the moves need
    (a person reads it after the hole, and the page shows it as it comes)."""

    niceness = 10

    def review(self, rules: dict, seed: int, log: tuple, seat: int, hole: int) -> dict:
        return self.call(_review, rules, seed, log, seat, hole)
