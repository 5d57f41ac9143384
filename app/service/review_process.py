"""The judge's own process, beside the server's.

A hole's review is a few hundred milliseconds of pure Python. On a thread of the server
it held the interpreter's lock while the requests waited for it: with 50 players at the
table (``python -m bench.load --start --think 1``) the 99th percentile of a move went
from 8 ms with no review running to 270–330 ms. In a process of its own the judge uses
the other processor and the server's interpreter is left to the requests.

The process comes from a fork server that has imported the judge already, so it starts
quickly and inherits none of the server's threads, sockets or database connections. It
exits with the server, even one killed outright (:func:`_exit_with_parent`); if it dies
itself, the next review starts another.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from app.golf.rules import RuleSet
from app.players.review import review_hole

CONTEXT = multiprocessing.get_context("forkserver")
CONTEXT.set_forkserver_preload([__name__])  # the judge imported once, in the fork server


def _exit_with_parent() -> None:
    """Watch the server from the judge's process and end with it: a server killed with
    SIGKILL cannot stop its children, and a judge left behind would hold memory forever."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        parent.join()  # returns once the server's end of the pipe is closed, by exit or by kill
        os._exit(0)

    threading.Thread(target=watch, name="exit-with-server", daemon=True).start()


def _review(rules: dict, seed: int, log: tuple, seat: int, hole: int) -> dict:
    return review_hole(RuleSet(**rules), seed, list(log), seat, hole)


def worker_pid() -> int:
    return os.getpid()


class ReviewProcess:
    """Runs :func:`~app.players.review.review_hole` in one process of its own, started on
    the first review asked for. Calls block the calling thread (not the interpreter)."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False
        self._lock = threading.Lock()

    def review(self, rules: dict, seed: int, log: tuple, seat: int, hole: int) -> dict:
        try:
            return self._run(_review, rules, seed, log, seat, hole)
        except BrokenProcessPool:  # the process died (killed, out of memory): once more, in a new one
            return self._run(_review, rules, seed, log, seat, hole)

    def pid(self) -> int:
        """The judge's process id (starting it if need be)."""
        return self._run(worker_pid)

    def _run(self, function, *args):
        pool = self._current()
        try:
            return pool.submit(function, *args).result()
        except BrokenProcessPool:
            with self._lock:
                if self._pool is pool:
                    self._pool = None
            pool.shutdown(wait=False)
            raise

    def _current(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._closed:  # the server is stopping: no new process for a review still queued
                raise RuntimeError("the judge's process is closed")
            if self._pool is None:
                self._pool = ProcessPoolExecutor(max_workers=1, mp_context=CONTEXT, initializer=_exit_with_parent)
            return self._pool

    def close(self) -> None:
        with self._lock:
            pool, self._pool, self._closed = self._pool, None, True
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
