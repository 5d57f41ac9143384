"""A process of its own beside the server's, for pure Python work that takes long.

Work of hundreds of milliseconds on a thread of the server holds the interpreter's lock
while the requests wait for it (see :mod:`app.service.review.judge_process`); in a process of
its own it uses the other processor and leaves the server's interpreter to the requests.

The process comes from a fork server that has imported the work's modules already
(each such module names itself with :func:`preload`), so it starts
quickly and inherits none of the server's threads, sockets or database connections. It
exits with the server, even one killed outright (:func:`_exit_with_parent`); if it dies
itself, the next call starts another.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

CONTEXT = multiprocessing.get_context("forkserver")
_PRELOADED: list[str] = []


def preload(module: str) -> None:
    """Have the fork server import ``module`` (a module whose functions run in a worker)
    before it forks any worker, so that a new worker starts with it imported."""
    if module not in _PRELOADED:
        _PRELOADED.append(module)
        CONTEXT.set_forkserver_preload(list(_PRELOADED))


def _start_worker(niceness: int) -> None:
    """In the worker's new process: lower its priority by ``niceness`` (work that can
    wait never takes a processor from the server's requests), and end with the server."""
    if niceness:
        os.nice(niceness)
    _exit_with_parent()


def _exit_with_parent() -> None:
    """Watch the server from the worker's process and end with it: a server killed with
    SIGKILL cannot stop its children, and a worker left behind would hold memory forever."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        parent.join()  # returns once the server's end of the pipe is closed, by exit or by kill
        os._exit(0)

    threading.Thread(target=watch, name="exit-with-server", daemon=True).start()


class WorkerClosed(RuntimeError):
    """The server is stopping: no new process is started for work still asked for."""


def worker_pid() -> int:
    return os.getpid()


def worker_niceness() -> int:
    return os.nice(0)


class WorkerProcess:
    """Runs module-level functions in one process of its own, started on the first
    call. Calls block the calling thread (not the interpreter), one at a time.

    ``niceness``: how much lower than the server's the process's priority is (0: the
    same), for work no one is waiting for as it is made."""

    niceness = 0

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False
        self._lock = threading.Lock()

    def call(self, function, *args):
        """``function(*args)`` in the process; once more in a new one if it died (killed,
        out of memory)."""
        try:
            return self._run(function, *args)
        except BrokenProcessPool:
            return self._run(function, *args)

    def pid(self) -> int:
        """The process's id (starting it if need be)."""
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
            if self._closed:  # the server is stopping: no new process for work still queued
                raise WorkerClosed("the worker's process is closed")
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    max_workers=1, mp_context=CONTEXT, initializer=_start_worker, initargs=(self.niceness,)
                )
            return self._pool

    def close(self) -> None:
        with self._lock:
            pool, self._pool, self._closed = self._pool, None, True
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
