"""The app's real server, started in a subprocess for the tests that need one (the
browser tests, the event streams): a free port, its own database, a log to show when
it does not come up."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    """A port nothing listens on now; the operating system's choice, so that test
    processes side by side (pytest-xdist) get different ones."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(database_url: str, log_path: Path, deal_key: str = "test-deal-key", *, port: int | None = None,
                 as_served: bool = False, settings: dict[str, str] | None = None) -> tuple[subprocess.Popen, str]:
    """A uvicorn process of the app on ``port`` (a free one by default), on
    ``database_url``; returns it and its base URL once /healthz answers. ``as_served``:
    started as ``python -m app`` is, with its bounds on connections; ``settings`` are
    more environment variables (``GOLF_MAX_STREAMS_PER_SESSION="3"``)."""
    port = port or free_port()
    env = {**os.environ, "GOLF_DATABASE_URL": database_url, "GOLF_DEAL_KEY": deal_key,
           "GOLF_RATE_LIMIT_ENABLED": "false",  # a test plays far faster than a person, from one address
           "GOLF_HOST": "127.0.0.1", "GOLF_PORT": str(port), **(settings or {})}
    if as_served:
        command = [sys.executable, "-m", "app"]
    else:
        command = [sys.executable, "-m", "uvicorn", "app.main:app", "--host", "127.0.0.1", "--port", str(port),
                   # The page's request context keeps its connections open with no
                   # time limit; a server that closes an idle one first (uvicorn: after 5 s) can
                   # close it just as a request is sent on it, and the request fails.
                   "--timeout-keep-alive", "600", "--log-level", "warning", "--no-access-log"]
    with open(log_path, "wb") as log:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    # Importing the app and migrating a new database takes a second or two on a quiet
    # machine, and tens of seconds on a busy one (CI shares its two cores).
    deadline = time.monotonic() + 90
    while True:
        try:
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                return process, base
        except httpx.HTTPError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            stop_server(process)
            raise AssertionError(f"the server did not start:\n{log_path.read_text(errors='replace')}")
        time.sleep(0.05)


def stop_server(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@contextlib.contextmanager
def server_process(database_url: str, log_path: Path, deal_key: str = "test-deal-key", as_served: bool = False,
                   **settings: str) -> Iterator[str]:
    """A server (start_server) for the length of a with block; yields its base URL."""
    process, base = start_server(database_url, log_path, deal_key, as_served=as_served, settings=settings)
    try:
        yield base
    finally:
        stop_server(process)
