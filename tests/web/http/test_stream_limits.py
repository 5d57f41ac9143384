"""A table's event streams under abuse: capped per session and per address, opened in
linear time, announced only for a seat, and closed when the page stops reading."""

from __future__ import annotations

import contextlib
import queue
import time

import anyio
import httpx
from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings
from bench.servers import EventReader, server_process

TABLE = {"name": "Capped", "seats": ["host", "open", "medium"], "rules": {"holes": 1}}
OUTSIDER = "127.0.0.2"  # another loopback address: another client, as the server sees it


def _table(base: str):
    """Ann hosts, Bea sits; started. Returns (ann, bea, code)."""
    ann, bea = httpx.Client(base_url=base), httpx.Client(base_url=base)
    code = ann.post("/api/tables", json={**TABLE, "host_name": "Ann"}).json()["code"]
    assert bea.post(f"/api/tables/{code}/join", json={"name": "Bea"}).status_code == 200
    assert ann.post(f"/api/tables/{code}/start").status_code == 200
    return ann, bea, code


def _no_news(reader: EventReader, seconds: float) -> list[int]:
    """The versions ``reader`` heard within ``seconds``."""
    heard = []
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        try:
            heard.append(reader.next_version(timeout=left))
        except queue.Empty:
            break
    return heard


def test_streams_over_the_caps_get_429_and_the_table_and_probes_keep_answering(database_url, tmp_path):
    with (
        server_process(
            database_url,
            tmp_path / "server.log",
            as_served=True,
            GOLF_MAX_STREAMS_PER_SESSION="3",
            GOLF_MAX_STREAMS_PER_ADDRESS="24",
        ) as base,
        contextlib.ExitStack() as open_streams,
    ):
        ann, bea, code = _table(base)
        path, page_path = f"/api/tables/{code}/events", f"/t/{code}/events"
        # The JSON API's streams and the table page's own count together.
        for opened in (path, page_path, path):
            open_streams.enter_context(EventReader(ann, opened)).next_version(timeout=2)
        with EventReader(ann, page_path) as fourth:
            assert fourth.status_line.split()[1] == "429" and fourth.headers["retry-after"] == "15"
            time.sleep(0.2)
            assert "Too many live tables are open from this browser (3 at most)" in "".join(fourth.lines)

        # An outsider with no cookie, from another address: a fresh session each time, so
        # only the cap per address holds it.
        stranger = httpx.Client(base_url=base)
        for _ in range(24):
            open_streams.enter_context(EventReader(stranger, path, source_address=OUTSIDER)).next_version(timeout=2)
        with EventReader(stranger, path, source_address=OUTSIDER) as refused:
            assert refused.status_line.split()[1] == "429"
            time.sleep(0.2)
            assert "from your address (24 at most)" in "".join(refused.lines)

        # The people at the table are not held up by the outsider's streams.
        assert httpx.get(f"{base}/livez").status_code == 200
        assert httpx.get(f"{base}/healthz").status_code == 200
        with EventReader(bea, path) as beas:
            opened = beas.next_version(timeout=2)
            moved = ann.post(f"/api/tables/{code}/reveal", json={"position": 0})
            assert moved.status_code == 200
            assert beas.wait_for(moved.json()["version"], timeout=2) > opened

        # Once hers close (the server hears of it within moments), she may open another.
        open_streams.close()
        deadline = time.monotonic() + 3
        while True:
            with EventReader(ann, path) as again:
                if again.status_line.split()[1] == "200":
                    again.next_version(timeout=2)
                    break
            assert time.monotonic() < deadline, "closed streams still count against the cap"
            time.sleep(0.1)


def test_only_a_seated_persons_stream_is_announced_to_the_other_pages(database_url, tmp_path):
    with server_process(database_url, tmp_path / "server.log", as_served=True) as base:
        ann, bea, code = _table(base)
        path = f"/api/tables/{code}/events"
        watcher = httpx.Client(base_url=base)
        assert watcher.get(f"/api/tables/{code}").status_code == 200  # a spectator with a cookie
        with EventReader(ann, path) as anns:
            anns.next_version(timeout=2)
            anns.next_version(timeout=3)  # her own seat's mark, which her stream hears too
            with (
                EventReader(watcher, path) as spectator,
                EventReader(httpx.Client(base_url=base), path, source_address=OUTSIDER) as outsider,
            ):
                spectator.next_version(timeout=2)
                outsider.next_version(timeout=2)
                assert _no_news(anns, 0.7) == []  # nobody's page is made to fetch the table again
            assert _no_news(anns, 0.5) == []  # nor when they close
            with EventReader(bea, path) as beas:
                beas.next_version(timeout=2)
                anns.next_version(timeout=3)  # Bea's seat shows connected on Ann's page
                assert ann.get(f"/api/tables/{code}").json()["seats"][1]["connected"] is True


def test_opening_n_streams_on_a_table_sends_n_events_not_n_squared(database_url, tmp_path):
    """Each opening stream hears its own first version and nothing of the others, so
    opening n costs n events (the cost had grown as n * n: 1,000 in 15 s)."""
    with (
        server_process(
            database_url, tmp_path / "server.log", as_served=True, GOLF_MAX_STREAMS_PER_ADDRESS="100"
        ) as base,
        contextlib.ExitStack() as streams,
    ):
        _, _, code = _table(base)
        stranger = httpx.Client(base_url=base)
        readers = []
        for _ in range(40):
            reader = streams.enter_context(EventReader(stranger, f"/api/tables/{code}/events", source_address=OUTSIDER))
            reader.next_version(timeout=2)
            readers.append(reader)
        time.sleep(0.5)
        assert [reader.versions.qsize() for reader in readers] == [0] * 40


def test_opening_streams_is_rate_limited_per_address(own_database):  # noqa: F811
    app = create_app(
        Settings(
            database_url=own_database,
            deal_key="test-deal-key",
            rate_limit_streams="3/minute",
            rate_limit_streams_per_address="5/minute",
        )
    )
    with TestClient(app) as client:
        # A table that does not exist: the stream ends at once, and the opening still counts.
        answers = [client.get("/api/tables/nosuch/events").status_code for _ in range(3)]
        assert answers == [404, 404, 404]
        refused = client.get("/api/tables/nosuch/events")
        assert refused.status_code == 429 and "Too many connections to live tables" in refused.json()["detail"]
        client.cookies.clear()  # a new session from the same address: two more, then the address's limit
        assert [client.get("/api/tables/nosuch/events").status_code for _ in range(3)] == [404, 404, 429]
        assert client.get("/livez").status_code == 200  # other reads are not limited


def test_the_stream_of_a_page_that_stopped_reading_is_closed_and_its_seat_shows_away(own_database):  # noqa: F811
    app = create_app(
        Settings(database_url=own_database, deal_key="test-deal-key", rate_limit_enabled=False, stream_send_seconds=0.3)
    )
    with TestClient(app) as client:
        code = client.post("/api/tables", json=TABLE).json()["code"]
        cookie = client.cookies["golf_session"]
        sent: list[dict] = []
        never = anyio.Event()

        async def stalled_page():
            async def receive():
                await never.wait()  # the client never says it left

            async def send(message):
                sent.append(message)
                if message["type"] == "http.response.body" and message.get("body"):
                    await never.wait()  # its buffers are full: nothing more goes out

            scope = {
                "type": "http",
                "asgi": {"version": "3.0"},
                "http_version": "1.1",
                "method": "GET",
                "scheme": "http",
                "path": f"/api/tables/{code}/events",
                "raw_path": b"",
                "query_string": b"",
                "root_path": "",
                "server": ("testserver", 80),
                "client": ("127.0.0.1", 5000),
                "headers": [
                    (b"host", b"testserver"),
                    (b"accept", b"text/event-stream"),
                    (b"cookie", f"golf_session={cookie}".encode()),
                ],
            }
            started = time.monotonic()
            with anyio.fail_after(5):
                await app(scope, receive, send)
            return time.monotonic() - started

        taken = client.portal.call(stalled_page)
        assert sent[0]["status"] == 200 and taken < 3
        # Everything the stream held is let go: no subscriber, and the seat shows away.
        assert app.state.notifier.subscriber_count() == 0 and app.state.tables.streams.count() == 0
        assert client.get(f"/api/tables/{code}").json()["seats"][0]["connected"] is False
