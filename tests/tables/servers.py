"""A reader of a real server's event streams, for the event-stream tests (the server
itself: tests/servers.py)."""

from __future__ import annotations

import contextlib
import json
import queue
import socket
import threading
import time

import httpx


class EventReader:
    """An SSE client on its own thread, over a plain socket (so that closing it is
    immediate and the server sees the client go): each ``event: table`` version goes
    to a queue. Speaks HTTP/1.0, so the body is the bare stream, not chunked."""

    def __init__(self, client: httpx.Client, path: str, source_address: str | None = None):
        """With the client's session cookie, if it has one; from ``source_address``
        (another loopback address, as another client) if given."""
        self.versions: queue.Queue[int] = queue.Queue()
        self.lines: list[str] = []
        self.status_line = ""
        self.headers: dict[str, str] = {}
        url = httpx.URL(str(client.base_url))
        self._address = (url.host, url.port)
        self._source = (source_address, 0) if source_address else None
        token = client.cookies.get("golf_session")
        cookie = f"Cookie: golf_session={token}\r\n" if token else ""
        self._request = (f"GET {path} HTTP/1.0\r\nHost: {url.host}:{url.port}\r\nAccept: text/event-stream\r\n"
                         f"{cookie}\r\n").encode()
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
        event = None
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
                    self.versions.put(json.loads(line.partition(":")[2])["version"])
                elif not line:
                    event = None
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
