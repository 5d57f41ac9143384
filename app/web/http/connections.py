"""Bounds on connections, below any request: how many one address may hold, how many
the process holds, and how long a request may take to arrive.

uvicorn bounds none of these. A connection that never sends a request line is kept for
ever (its keep-alive timer starts only after a first response), and so is one that
sends half its headers or half its body; and once the process runs out of file
descriptors it can accept nothing, so ``/livez``, ``/healthz`` and every move fail
together. ``python -m app`` therefore serves with uvicorn's own HTTP protocol classes,
extended here by :func:`guarded_protocol`:

- a connection from an address (an IPv6 one's /64: ``app.web.http.addresses``) that already
  holds ``max_connections_per_address`` is
  answered 429 with a sentence and closed; a proxy's address (one uvicorn trusts for
  forwarded headers) is not capped, since all its clients share it;
- past ``max_connections`` in all, a new one is answered 503 and closed, a total kept
  below the process's open-file limit so that a descriptor is always left to accept
  and refuse with, and for the database and the files;
- a request (line, headers and body) must arrive whole within ``request_read_seconds``
  of the connection opening, or of its first byte on a reused connection; past that the
  connection is closed (with 408 if the request had begun). Waiting idle *between*
  requests is uvicorn's keep-alive (``python -m app``: 130 s, longer than proxies keep
  theirs); a connection that has never sent a whole request is not such a connection.

(uvicorn's own ``limit_concurrency`` is one total for everyone: once one client fills
it, ``/livez`` and every move get 503 too, so it is not used.)
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import time
from collections import Counter

import h11
from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from app.settings import Settings
from app.web.http.addresses import address_key

log = logging.getLogger("uvicorn.error")

# Descriptors kept back from connections: the database's pooled connections (three
# files each on SQLite: the database, its WAL and shared memory), PostgreSQL's listening
# connection, the review process's pipes, static files being read, the log.
RESERVED_DESCRIPTORS = 128
REFUSAL_LOG_SECONDS = 60  # refusals are logged at most this often, as a count


def _answer(status: bytes, sentence: str, *extra: bytes) -> bytes:
    body = sentence.encode()
    return b"".join(
        [
            b"HTTP/1.1 ",
            status,
            b"\r\ncontent-type: text/plain; charset=utf-8\r\n",
            b"content-length: ",
            str(len(body)).encode(),
            b"\r\nconnection: close\r\n",
            *extra,
            b"\r\n",
            body,
        ]
    )


def descriptor_budget() -> int:
    """Connections the process can hold: its open-file limit less RESERVED_DESCRIPTORS."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to read
        return 1024 - RESERVED_DESCRIPTORS
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 65536
    return max(soft - RESERVED_DESCRIPTORS, 16)


class ConnectionGuard:
    """The bounds and the counts shared by every connection of one server process."""

    def __init__(self, settings: Settings, total: int | None = None):
        self.per_address = settings.max_connections_per_address
        self.total = total or settings.max_connections or descriptor_budget()
        self.read_seconds = settings.request_read_seconds
        self.open: Counter[str] = Counter()
        self.open_total = 0
        self._proxies: tuple[list, bool] | None = None
        self._refused = 0
        self._refusal_logged = 0.0
        self.too_many_from_address = _answer(
            b"429 Too Many Requests",
            f"Too many connections from your address at once ({self.per_address} at most): close some and try again.\n",
            b"retry-after: 10\r\n",
        )
        self.too_many = _answer(
            b"503 Service Unavailable",
            "The server has as many connections as it can hold: try again in a moment.\n",
            b"retry-after: 5\r\n",
        )
        self.too_slow = _answer(
            b"408 Request Timeout", f"The request did not arrive within {self.read_seconds:g} seconds.\n"
        )

    def trusts(self, config, address: str) -> bool:
        """Whether ``address`` is a proxy uvicorn takes forwarded headers from."""
        if self._proxies is None:
            allowed = config.forwarded_allow_ips if config.proxy_headers else ""
            names = [n.strip() for n in (allowed.split(",") if isinstance(allowed, str) else allowed) if n.strip()]
            networks: list[ipaddress.IPv4Network | ipaddress.IPv6Network | str] = []
            for name in names:
                try:
                    networks.append(ipaddress.ip_network(name, strict=False))
                except ValueError:
                    networks.append(name)  # "*", or a literal such as a unix socket's path
            self._proxies = (networks, "*" in names)
        networks, everyone = self._proxies
        if everyone:
            return True
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return address in networks
        return any(not isinstance(n, str) and ip in n for n in networks)

    def admit(self, address: str, proxy: bool = False) -> bytes | None:
        """Count a new connection from ``address`` (its :func:`address_key`) in, or the
        answer that refuses it; a ``proxy``'s are not capped per address."""
        refusal = None
        if self.open_total >= self.total:
            refusal = self.too_many
        elif self.per_address and self.open[address] >= self.per_address and not proxy:
            refusal = self.too_many_from_address
        if refusal is not None:
            self._note_refusal()
            return refusal
        self.open[address] += 1
        self.open_total += 1
        return None

    def release(self, address: str) -> None:
        self.open_total -= 1
        self.open[address] -= 1
        if not self.open[address]:
            del self.open[address]

    def _note_refusal(self) -> None:
        # One line a minute at most: an attack must not fill the disk with the log.
        self._refused += 1
        now = time.monotonic()
        if now - self._refusal_logged >= REFUSAL_LOG_SECONDS:
            log.warning(
                "refused %d connections over the caps (%d open, %d from the busiest address)",
                self._refused,
                self.open_total,
                max(self.open.values(), default=0),
            )
            self._refused, self._refusal_logged = 0, now


class _Guarded(asyncio.Protocol):
    """What both protocols share; each says when a request has arrived whole."""

    guard: ConnectionGuard
    # Set by the protocol this is mixed into (both of uvicorn's have them).
    client: tuple[str, int] | None
    config: Config
    loop: asyncio.AbstractEventLoop
    transport: asyncio.Transport
    _read_deadline: asyncio.TimerHandle | None

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        peer = self.client[0] if self.client else "unknown"
        self._address = address_key(peer)
        self._read_deadline = None
        self._begun = False  # whether a byte of the awaited request has come
        refusal = self.guard.admit(self._address, proxy=self.guard.trusts(self.config, peer))
        self._counted = refusal is None
        if refusal is not None:
            transport.write(refusal)
            transport.close()
            return
        self._arm()

    def connection_lost(self, exc) -> None:
        self._disarm()
        if self._counted:
            self._counted = False
            self.guard.release(self._address)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if not self._counted:
            return  # refused: answered and closing
        # Bytes after a whole request (or before the first): a request has begun, and
        # its time runs from now unless it was running already.
        self._arm()
        self._begun = True
        super().data_received(data)

    def _arm(self) -> None:
        if self._read_deadline is None:
            self._read_deadline = self.loop.call_later(self.guard.read_seconds, self._too_slow)

    def _disarm(self) -> None:
        self._begun = False
        if self._read_deadline is not None:
            self._read_deadline.cancel()
            self._read_deadline = None

    def _too_slow(self) -> None:
        self._read_deadline = None
        if not self.transport.is_closing():
            if self._begun:
                self.transport.write(self.guard.too_slow)
            self.transport.close()


class GuardedHttpTools(_Guarded, HttpToolsProtocol):
    def on_message_begin(self) -> None:
        self._arm()  # a pipelined request after a whole one, in the same bytes
        self._begun = True
        super().on_message_begin()

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()


class GuardedH11(_Guarded, H11Protocol):
    def handle_events(self) -> None:
        super().handle_events()
        # h11 holds a pipelined request back until the response in progress is done.
        if self.conn.their_state in (h11.DONE, h11.MUST_CLOSE):
            self._disarm()


def guarded_protocol(settings: Settings, http: str = "auto", total: int | None = None) -> type:
    """The protocol class for uvicorn's ``http=``: uvicorn's own ("auto" is httptools
    when installed, as uvicorn chooses), with the bounds of ``settings``."""
    if http == "auto":
        try:
            import httptools  # noqa: F401
        except ImportError:
            http = "h11"
        else:
            http = "httptools"
    base = {"httptools": GuardedHttpTools, "h11": GuardedH11}[http]
    return type(base.__name__, (base,), {"guard": ConnectionGuard(settings, total)})
