"""Connections under abuse, on a real server started as ``python -m app`` is: one that
never sends a whole request is closed after a bound, one address holds only so many,
and whatever one client does, ``/livez``, ``/healthz`` and other people's moves answer.

The attacker connects from another loopback address (127.0.0.2), so the server sees
two clients; 127.0.0.1 is a trusted proxy by uvicorn's default, so the tests that cap
addresses say ``FORWARDED_ALLOW_IPS`` is elsewhere.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time

import httpx
import pytest
import uvicorn

from app.main import create_app
from app.settings import Settings
from app.web.http.connections import guarded_protocol
from bench.servers import EventReader, free_port, server_process

ATTACKER = "127.0.0.2"
NO_PROXY_HERE = "192.0.2.1"  # a documentation address: no client of the tests is a proxy
HALF_HEADERS = b"GET /livez HTTP/1.1\r\nHost: x\r\nAccept: */"
HALF_BODY = (
    b'POST /api/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"grid": '
)


def _connect(base: str, source: str | None = ATTACKER) -> socket.socket:
    url = httpx.URL(base)
    return socket.create_connection((url.host, url.port), timeout=5, source_address=(source, 0) if source else None)


def _answer(sock: socket.socket, timeout: float) -> bytes:
    """What the server says before it closes ``sock`` (b"" for nothing); fails if it is
    still open after ``timeout`` seconds."""
    sock.settimeout(timeout)
    said = b""
    try:
        while chunk := sock.recv(4096):
            said += chunk
    except ConnectionResetError:
        pass
    except TimeoutError:
        raise AssertionError(f"still open after {timeout} s, having said {said[:80]!r}") from None
    return said


def _livez_on(sock: socket.socket) -> bytes:
    """The whole answer to ``GET /livez`` on ``sock`` (b"" if the server closed it)."""
    sock.sendall(b"GET /livez HTTP/1.1\r\nHost: x\r\n\r\n")
    sock.settimeout(5)
    said = b""
    while b"\r\n\r\n" not in said:
        if not (chunk := sock.recv(4096)):
            return said
        said += chunk
    head, _, body = said.partition(b"\r\n\r\n")
    length = int(
        next((line.split(b":")[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")), b"0")
    )
    while len(body) < length and (chunk := sock.recv(4096)):
        body += chunk
    return head + b"\r\n\r\n" + body


def _a_move_is_answered(base: str) -> None:
    with httpx.Client(base_url=base) as person:
        assert person.get("/livez").status_code == 200
        assert person.get("/healthz").status_code == 200
        probe = person.head("/healthz")  # as an uptime monitor asks
        assert probe.status_code == 200 and probe.content == b"" and probe.headers["content-length"] == "15"
        assert person.post("/api/match/new", json={}).status_code == 200
        assert person.post("/api/match/reveal", json={"position": 0}).status_code == 200


@pytest.fixture(scope="module")
def read_bound_server(database_url, tmp_path_factory):
    """A server as served with a bound of one second on a request arriving, for the two
    tests of that bound (neither leaves a connection the other counts)."""
    with server_process(
        database_url,
        tmp_path_factory.mktemp("read-bound") / "server.log",
        as_served=True,
        GOLF_REQUEST_READ_SECONDS="1",
        FORWARDED_ALLOW_IPS=NO_PROXY_HERE,
    ) as base:
        yield base


def test_connections_that_never_send_a_whole_request_are_closed_after_the_bound(read_bound_server):
    base = read_bound_server
    silent = [_connect(base) for _ in range(4)]
    half_headers = [_connect(base) for _ in range(3)]
    half_body = [_connect(base) for _ in range(3)]
    for sock in half_headers:
        sock.sendall(HALF_HEADERS)
    for sock in half_body:
        sock.sendall(HALF_BODY)
    # A connection that has sent a whole request waits idle for the next one as
    # long as python -m app keeps idle connections (130 s), past the bound.
    reused = _connect(base, source=None)
    assert _livez_on(reused).startswith(b"HTTP/1.1 200")
    _a_move_is_answered(base)

    started = time.monotonic()
    assert [_answer(sock, 4) for sock in silent] == [b""] * 4  # closed, nothing to answer
    for sock in half_headers + half_body:
        assert _answer(sock, 4).startswith(b"HTTP/1.1 408 Request Timeout")
    assert time.monotonic() - started < 4
    time.sleep(0.5)
    assert _livez_on(reused).startswith(b"HTTP/1.1 200")


def test_an_event_stream_outlives_the_bound_on_a_request_arriving(read_bound_server):
    with httpx.Client(base_url=read_bound_server) as ann:
        code = ann.post("/api/tables", json={"name": "Long", "seats": ["host", "medium"]}).json()["code"]
        assert ann.post(f"/api/tables/{code}/start").status_code == 200
        with EventReader(ann, f"/api/tables/{code}/events") as events:
            events.next_version(timeout=2)
            time.sleep(2)
            moved = ann.post(f"/api/tables/{code}/reveal", json={"position": 0}).json()["version"]
            assert events.wait_for(moved, timeout=2) == moved


def test_one_address_over_its_connection_cap_is_refused_and_everyone_else_still_plays(database_url, tmp_path):
    with server_process(
        database_url,
        tmp_path / "server.log",
        as_served=True,
        GOLF_MAX_CONNECTIONS_PER_ADDRESS="20",
        FORWARDED_ALLOW_IPS=NO_PROXY_HERE,
    ) as base:
        held = [_connect(base) for _ in range(20)]
        refused = _connect(base)
        said = _answer(refused, 3)
        assert said.startswith(b"HTTP/1.1 429 Too Many Requests")
        assert b"Too many connections from your address at once (20 at most)" in said
        _a_move_is_answered(base)
        for sock in held:
            sock.close()
        _gets_in_again(base, source=ATTACKER)
        assert "refused 1 connections over the caps" in (tmp_path / "server.log").read_text()


def test_a_trusted_proxy_is_not_capped_per_address_but_the_process_keeps_its_total(database_url, tmp_path):
    with server_process(
        database_url,
        tmp_path / "server.log",
        as_served=True,
        GOLF_MAX_CONNECTIONS_PER_ADDRESS="5",
        GOLF_MAX_CONNECTIONS="12",
    ) as base:
        through_proxy = [_connect(base, source=None) for _ in range(11)]
        assert _livez_on(through_proxy[-1]).startswith(b"HTTP/1.1 200")  # 11 from one address
        last = _connect(base, source=None)  # the twelfth
        assert _livez_on(last).startswith(b"HTTP/1.1 200")
        said = _answer(_connect(base, source=None), 3)
        assert said.startswith(b"HTTP/1.1 503 Service Unavailable") and b"try again in a moment" in said
        last.close()
        _gets_in_again(base, source=None)


def _gets_in_again(base: str, source: str | None) -> None:
    """A new connection is served within moments of others closing (the server hears of it)."""
    deadline = time.monotonic() + 3
    while True:
        with _connect(base, source=source) as again:
            if _livez_on(again).startswith(b"HTTP/1.1 200"):
                return
        assert time.monotonic() < deadline, "closed connections still count against the cap"
        time.sleep(0.1)


@contextlib.contextmanager
def guarded_server(tmp_path, http: str, **settings):
    """The app in this process on uvicorn with the given parser, guarded as python -m app is."""
    chosen = Settings(
        database_url=f"sqlite:///{tmp_path / 'golf.sqlite3'}",
        deal_key="test-deal-key",
        rate_limit_enabled=False,
        **settings,
    )
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(chosen),
            host="127.0.0.1",
            port=port,
            log_level="warning",
            http=guarded_protocol(chosen, http),
            forwarded_allow_ips=NO_PROXY_HERE,
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 10
        while not server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


@pytest.mark.parametrize("http", ["httptools", "h11"])
def test_both_of_uvicorns_parsers_are_guarded(tmp_path, http):
    with guarded_server(tmp_path, http, request_read_seconds=0.5, max_connections_per_address=6) as base:
        half_headers, half_body, silent = _connect(base), _connect(base), _connect(base)
        half_headers.sendall(HALF_HEADERS)
        half_body.sendall(HALF_BODY)
        pipelined = _connect(base, source=None)  # two whole requests at once are answered both
        pipelined.sendall(b"GET /livez HTTP/1.1\r\nHost: x\r\n\r\n" * 2)
        said, deadline = b"", time.monotonic() + 3
        while said.count(b"HTTP/1.1 200 OK") < 2:
            assert time.monotonic() < deadline, f"a pipelined request went unanswered: {said!r}"
            said += pipelined.recv(4096)
        time.sleep(0.8)  # past the bound: the pipelined connection is idle, not closed
        assert _livez_on(pipelined).startswith(b"HTTP/1.1 200")
        assert _answer(half_headers, 2).startswith(b"HTTP/1.1 408")
        assert _answer(half_body, 2).startswith(b"HTTP/1.1 408")
        assert _answer(silent, 2) == b""
        held = [_connect(base) for _ in range(6)]
        assert _answer(_connect(base), 2).startswith(b"HTTP/1.1 429")
        assert httpx.get(f"{base}/livez").status_code == 200
        for sock in held:
            sock.close()
