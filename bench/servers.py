"""The app's real server, started in a subprocess, for the benchmarks and for the tests
that need one (the browser tests, the event streams): a free port, its own database, a
log to show when it does not come up; readers of its tables' event streams (on a
thread, and on an event loop); the system's Chromium and the arguments it is launched with."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import queue
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]

# The system's Chromium (the browser tests are skipped when it is missing).
CHROMIUM = os.environ.get("GOLF_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]


def free_port() -> int:
    """A port nothing listens on now; the operating system's choice, so that test
    processes side by side (pytest-xdist) and benchmarks get different ones."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(
    database_url: str,
    log_path: Path,
    deal_key: str = "test-deal-key",
    *,
    port: int | None = None,
    as_served: bool = False,
    settings: dict[str, str] | None = None,
    target: str = "app.main:app",
    wrapper: tuple[str, ...] = (),
    start_seconds: float = 90,
) -> tuple[subprocess.Popen, str]:
    """A uvicorn process of the app on ``port`` (a free one by default), on
    ``database_url``; returns it and its base URL once /healthz answers. ``as_served``:
    started as ``python -m app`` is, with its bounds on connections; ``settings`` are
    more environment variables (``GOLF_MAX_STREAMS_PER_SESSION="3"``); ``target``: another
    ASGI app (``module:attribute``, with a /healthz route) served the same way;
    ``wrapper``: a command the server is run under (``("valgrind", ...)``), which may call
    for more than the ``start_seconds`` it is given to answer."""
    port = port or free_port()
    env = {
        **os.environ,
        "GOLF_DATABASE_URL": database_url,
        "GOLF_DEAL_KEY": deal_key,
        "GOLF_RATE_LIMIT_ENABLED": "false",  # a test plays far faster than a person, from one address
        "GOLF_HOST": "127.0.0.1",
        "GOLF_PORT": str(port),
        **(settings or {}),
    }
    if as_served:
        command = [sys.executable, "-m", "app"]
    else:
        command = [
            sys.executable,
            "-m",
            "uvicorn",
            target,
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            # The page's request context keeps its connections open with no
            # time limit; a server that closes an idle one first (uvicorn: after 5 s) can
            # close it just as a request is sent on it, and the request fails.
            "--timeout-keep-alive",
            "600",
            "--log-level",
            "warning",
            "--no-access-log",
        ]
    with open(log_path, "wb") as log:
        process = subprocess.Popen([*wrapper, *command], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    # Importing the app and migrating a new database takes a second or two on a quiet
    # machine, and tens of seconds on a busy one (CI shares its two cores).
    deadline = time.monotonic() + start_seconds
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


def pinning() -> tuple[str, ...]:
    """The command that keeps the servers on a CPU of their own, the last (this client
    keeps to the first), on a machine of two CPUs or more with ``taskset``. Left to the
    scheduler, the bare route measured 0.31 ms in one run and 0.57 ms in the next on two
    cores, which made the ratios to it a matter of chance; pinned, 0.27-0.30 ms in every run."""
    cpus = os.cpu_count() or 1
    if cpus < 2 or not hasattr(os, "sched_setaffinity") or shutil.which("taskset") is None:
        return ()
    return ("taskset", "-c", str(cpus - 1))


def stop_server(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@contextlib.contextmanager
def server_process(
    database_url: str, log_path: Path, deal_key: str = "test-deal-key", as_served: bool = False, **settings: str
) -> Iterator[str]:
    """A server (start_server) for the length of a with block; yields its base URL."""
    process, base = start_server(database_url, log_path, deal_key, as_served=as_served, settings=settings)
    try:
        yield base
    finally:
        stop_server(process)


def told_by(data: list[str]) -> dict:
    """What an ``event: table`` says, from its data's lines: the JSON of the first, and
    a table page's HTML (``html``) if lines follow."""
    told = json.loads(data[0])
    if len(data) > 1:
        told["html"] = "\n".join(data[1:])
    return told


class EventReader:
    """An SSE client on its own thread, over a plain socket (so that closing it is
    immediate and the server sees the client go): each ``event: table`` version goes
    to a queue, and the whole of what each says to another (``told``). Speaks HTTP/1.0,
    so the body is the bare stream, not chunked."""

    def __init__(self, client: httpx.Client, path: str, source_address: str | None = None):
        """With the client's session cookie, if it has one; from ``source_address``
        (another loopback address, as another client) if given."""
        self.versions: queue.Queue[int] = queue.Queue()
        self.told: queue.Queue[dict] = queue.Queue()
        self.lines: list[str] = []
        self.status_line = ""
        self.headers: dict[str, str] = {}
        url = httpx.URL(str(client.base_url))
        self._address = (url.host, url.port)
        self._source = (source_address, 0) if source_address else None
        token = client.cookies.get("golf_session")
        cookie = f"Cookie: golf_session={token}\r\n" if token else ""
        self._request = (
            f"GET {path} HTTP/1.0\r\nHost: {url.host}:{url.port}\r\nAccept: text/event-stream\r\n{cookie}\r\n"
        ).encode()
        self._opened = threading.Event()
        self._thread = threading.Thread(target=self._read, daemon=True)

    def __enter__(self) -> EventReader:
        self._socket = socket.create_connection(self._address, timeout=5, source_address=self._source)
        self._socket.settimeout(None)
        self._socket.sendall(self._request)
        self._thread.start()
        assert self._opened.wait(5), "the event stream did not open"
        return self

    def __exit__(self, *exc) -> None:
        with contextlib.suppress(OSError):
            self._socket.shutdown(socket.SHUT_RDWR)
        self._socket.close()
        self._thread.join(5)

    def _read(self) -> None:
        stream = self._socket.makefile("rb")
        event, data = None, []
        try:
            self.status_line = stream.readline().decode().strip()
            for raw in stream:
                line = raw.decode().rstrip("\r\n")
                if not self._opened.is_set():
                    if line:
                        name, _, value = line.partition(":")
                        self.headers[name.strip().lower()] = value.strip()
                        continue
                    self._opened.set()
                    continue
                self.lines.append(line)
                if line.startswith("event:"):
                    event = line.partition(":")[2].strip()
                elif line.startswith("data:") and event == "table":
                    data.append(line[6:] if line.startswith("data: ") else line[5:])
                elif not line:
                    if data:
                        told = told_by(data)
                        self.versions.put(told["version"])
                        self.told.put(told)
                    event, data = None, []
        except (OSError, ValueError):
            pass  # closed by __exit__
        finally:
            self._opened.set()

    def next_version(self, timeout: float) -> int:
        return self.versions.get(timeout=timeout)

    def wait_for(self, version: int, timeout: float) -> int:
        """The first announced version at or past ``version`` within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            seen = self.versions.get(timeout=max(deadline - time.monotonic(), 0.001))
            if seen >= version:
                return seen


class AsyncEventStream:
    """A table's event stream read on an event loop, over a plain socket (HTTP/1.0: the
    body is the bare stream). Records when each version is first announced, wakes
    whoever waits on ``changed``, and hands what each event says (its data) to ``queue``
    if one is given. ``cookie`` is the browser's session; ``path`` the stream's (the JSON
    API's unless given: a table page's own is ``/t/{code}/events?...``)."""

    def __init__(
        self,
        port: int,
        cookie: str,
        code: str,
        queue: asyncio.Queue | None = None,
        wait_seconds: float = 20,
        host: str = "127.0.0.1",
        path: str | None = None,
    ):
        self.port, self.cookie, self.code, self.queue = port, cookie, code, queue
        self.path = path or f"/api/tables/{code}/events"
        self.wait_seconds, self.host = wait_seconds, host
        self.arrivals: dict[int, float] = {}
        self.latest = -1
        self.changed = asyncio.Event()
        self.opened = asyncio.Event()
        self._task: asyncio.Task | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def open(self) -> None:
        # A page's stream carries its table on one line: longer than asyncio's 64 KiB a line.
        reader, self._writer = await asyncio.open_connection(self.host, self.port, limit=2**24)
        self._writer.write(
            (
                f"GET {self.path} HTTP/1.0\r\nHost: {self.host}:{self.port}\r\n"
                f"Accept: text/event-stream\r\nCookie: golf_session={self.cookie}\r\n\r\n"
            ).encode()
        )
        self._task = asyncio.create_task(self._read(reader))
        await asyncio.wait_for(self.opened.wait(), self.wait_seconds)

    async def _read(self, reader: asyncio.StreamReader) -> None:
        # Read in large pieces and cut into events (a blank line ends one), not a line at a
        # time: a table page's event is hundreds of lines of HTML, and reading them one by
        # one made this client's CPU, not the server's, the time measured.
        with contextlib.suppress(OSError, ConnectionError, asyncio.IncompleteReadError):
            await reader.readuntil(b"\r\n\r\n")  # the status line and headers
            buffer = b""
            while chunk := await reader.read(1 << 16):
                buffer = (buffer + chunk).replace(b"\r\n", b"\n")
                while (end := buffer.find(b"\n\n")) >= 0:
                    block, buffer = buffer[:end], buffer[end + 2 :]
                    self._told(block.split(b"\n"))
        self.opened.set()

    def _told(self, lines: list[bytes]) -> None:
        if b"event: table" not in lines:
            return  # a comment (a ping)
        data = [
            (line[6:] if line.startswith(b"data: ") else line[5:]).decode()
            for line in lines
            if line.startswith(b"data:")
        ]
        if not data:
            return
        told = told_by(data)
        version = told["version"]
        self.arrivals.setdefault(version, time.perf_counter())
        self.latest = max(self.latest, version)
        if self.queue is not None:
            self.queue.put_nowait(told)
        self.opened.set()
        self.changed.set()

    def announced_at(self, version: int) -> float | None:
        """When this stream first announced ``version`` or a later one."""
        times = [at for seen, at in self.arrivals.items() if seen >= version]
        return min(times) if times else None

    async def close(self) -> None:
        """Go away as a closed tab does: the socket is closed, nothing said."""
        if self._writer is not None:
            self._writer.transport.abort()
            self._writer = None
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
