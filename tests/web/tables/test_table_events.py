"""Live table events: ``GET /api/tables/{code}/events`` is a text/event-stream that
announces every accepted change, in one server process and across processes."""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
import time

import httpx
import pytest
from sqlalchemy import func, select
from sqlalchemy.exc import OperationalError

from app.service.browsers import browser_id_for
from app.service.errors import Unavailable
from app.service.tables.notify import InProcessNotifier
from app.service.tables.streams import CONNECTED_WITHIN_MS, STREAM_REFRESH_SECONDS
from app.store import table_streams as stream_store
from app.store.repository import TABLE_STREAMS
from bench.servers import EventReader, server_process

TABLE = {"name": "Live", "seats": ["host", "open", "medium"], "rules": {"holes": 1}}


def _setup(host_base: str, guest_base: str):
    """Ann makes a table on one server, Bea joins through another (or the same); started."""
    ann, bea = httpx.Client(base_url=host_base), httpx.Client(base_url=guest_base)
    code = ann.post("/api/tables", json={**TABLE, "host_name": "Ann"}).json()["code"]
    assert bea.post(f"/api/tables/{code}/join", json={"name": "Bea"}).status_code == 200
    assert ann.post(f"/api/tables/{code}/start").status_code == 200
    return ann, bea, code


@pytest.fixture(scope="module")
def one_process(database_url, tmp_path_factory):
    """A server process on the database, for every test of the module that asks (each
    plays its own table)."""
    with server_process(database_url, tmp_path_factory.mktemp("one") / "server.log") as base:
        yield base


@pytest.fixture(scope="module")
def two_processes(one_process, database_url, tmp_path_factory):
    """Two server processes on one PostgreSQL database; (base URL of one, of the other).
    The first is :func:`one_process`; both serve every test of the module that asks (each
    plays its own table)."""
    if not database_url.startswith("postgresql"):
        pytest.skip("two server processes share a database on PostgreSQL (SQLite: one process)")
    with server_process(database_url, tmp_path_factory.mktemp("two") / "server.log") as two:
        yield one_process, two


def test_a_stream_hears_another_persons_move_and_shows_its_seat_connected(one_process):
    ann, bea, code = _setup(one_process, one_process)
    with contextlib.closing(ann), contextlib.closing(bea):
        assert bea.get(f"/api/tables/{code}").json()["seats"][1]["connected"] is False
        with EventReader(bea, f"/api/tables/{code}/events") as events:
            assert events.headers["content-type"].startswith("text/event-stream")
            current = events.next_version(timeout=2)  # the version as the stream opens
            assert current == bea.get(f"/api/tables/{code}").json()["version"]
            assert ann.get(f"/api/tables/{code}").json()["seats"][1]["connected"] is True
            moved = ann.post(f"/api/tables/{code}/reveal", json={"position": 0})
            assert moved.status_code == 200
            assert events.wait_for(moved.json()["version"], timeout=2) == moved.json()["version"]
            assert "event: table" in events.lines
        # The stream is closed: the seat shows away again (the server noticed and cleaned up).
        deadline = time.monotonic() + 3
        while ann.get(f"/api/tables/{code}").json()["seats"][1]["connected"]:
            assert time.monotonic() < deadline, "the closed stream still shows its seat connected"
            time.sleep(0.05)


def test_a_move_on_one_process_reaches_a_stream_on_another_within_a_second(two_processes):
    one, two = two_processes
    ann, bea, code = _setup(one, two)
    with contextlib.closing(ann), contextlib.closing(bea), EventReader(bea, f"/api/tables/{code}/events") as events:
        events.next_version(timeout=2)
        for position in (0, 1):
            moved = ann.post(f"/api/tables/{code}/reveal", json={"position": position})
            assert moved.status_code == 200
            version = moved.json()["version"]
            assert events.wait_for(version, timeout=1.0) == version
        # And the other way round: Bea's move on process two reaches Ann's stream on one.
        with EventReader(ann, f"/api/tables/{code}/events") as ann_events:
            ann_events.next_version(timeout=2)
            moved = bea.post(f"/api/tables/{code}/reveal", json={"position": 0})
            assert ann_events.wait_for(moved.json()["version"], timeout=1.0) == moved.json()["version"]


def test_a_subscription_ends_cleanly_and_leaves_nothing_behind():
    async def scenario():
        notifier = InProcessNotifier()
        await notifier.start()
        subscription = notifier.subscribe("abc")
        other = notifier.subscribe("xyz")
        notifier.publish("abc", 7)
        told = await asyncio.wait_for(anext(subscription), 1)
        assert (told.version, told.seats, told.by) == (7, False, None)
        assert other.queue.empty()
        # A consumer cancelled mid-wait (a client gone) and then closed: nothing is kept.
        waiting = asyncio.ensure_future(anext(subscription))
        await asyncio.sleep(0)
        waiting.cancel()
        subscription.close()
        other.close()
        assert notifier.subscriber_count() == 0
        notifier.publish("abc", 8)  # no one listens: nothing to deliver, nothing raised
        await notifier.stop()

    # On a thread of its own: the browser tests' Playwright keeps an event loop running
    # on the main thread.
    failures = []
    thread = threading.Thread(target=lambda: _record_failure(failures, lambda: asyncio.run(scenario())))
    thread.start()
    thread.join(10)
    assert not thread.is_alive() and not failures, failures


def _record_failure(failures: list, run) -> None:
    try:
        run()
    except BaseException as error:  # handed back to the test's thread
        failures.append(error)


@contextlib.contextmanager
def server_in_this_process(tmp_path):
    """The server in this process (uvicorn on a thread), so that its notifier and
    service can be looked into; yields (app, base URL)."""
    import uvicorn

    from app.main import create_app
    from app.settings import Settings
    from bench.servers import free_port

    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'golf.sqlite3'}", deal_key="test-deal-key"))
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 10
        while not server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)
        yield app, f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


def test_a_closed_stream_leaves_no_subscriber_and_no_mark_behind(tmp_path):
    with server_in_this_process(tmp_path) as (app, base):
        ann, bea, code = _setup(base, base)
        with contextlib.closing(ann), contextlib.closing(bea):
            notifier, service = app.state.notifier, app.state.tables
            # Tabs that come and go: waves of streams opened and closed, both people's.
            for _ in range(5):
                streams = [EventReader(client, f"/api/tables/{code}/events") for client in (ann, bea) * 10]
                for stream in streams:
                    stream.__enter__()
                    stream.next_version(timeout=2)
                assert notifier.subscriber_count(code) == 20 and service.streams.count() == 20
                assert _stream_rows(app) == 20
                assert [s["connected"] for s in ann.get(f"/api/tables/{code}").json()["seats"]] == [True, True, False]
                for stream in streams:
                    stream.__exit__(None, None, None)
                deadline = time.monotonic() + 5
                while (
                    notifier.subscriber_count()
                    or service.streams.count()
                    or _stream_rows(app)
                    or any(s["connected"] for s in ann.get(f"/api/tables/{code}").json()["seats"])
                ):
                    assert time.monotonic() < deadline, "closed streams were kept"
                    time.sleep(0.05)


def test_a_quiet_stream_says_something_now_and_then_so_proxies_keep_it_open(tmp_path, monkeypatch):
    from app.web.tables import stream as table_stream

    monkeypatch.setattr(table_stream, "PING_SECONDS", 0.2)
    with server_in_this_process(tmp_path) as (app, base):
        ann, bea, code = _setup(base, base)
        with contextlib.closing(ann), contextlib.closing(bea), EventReader(bea, f"/api/tables/{code}/events") as events:
            opened = events.next_version(timeout=2)
            deadline = time.monotonic() + 5
            while sum(line.startswith(":") for line in events.lines) < 3:
                assert time.monotonic() < deadline, f"no comment on a quiet stream: {events.lines}"
                time.sleep(0.05)
            # Between the comments the stream still announces every change, in order.
            moved = ann.post(f"/api/tables/{code}/reveal", json={"position": 0}).json()["version"]
            assert opened < moved and events.wait_for(moved, timeout=2) == moved


def _stream_rows(app) -> int:
    with app.state.engine.connect() as connection:
        return connection.execute(select(func.count()).select_from(TABLE_STREAMS)).scalar_one()


def test_an_open_stream_keeps_its_seat_connected_until_it_closes_or_its_process_stops(golf_app, api, monkeypatch):
    """Each process marks all of its open streams connected at once, every 15 s; a seat
    whose process stopped doing so (it died) shows away within 45 s."""
    service = golf_app.state.tables
    code = api.post("/api/tables", json=TABLE).json()["code"]
    host = browser_id_for(api.cookies["golf_session"])
    now = [service.now()]
    monkeypatch.setattr(service, "now", lambda: now[0])

    def connected() -> list[bool]:
        return [seat["connected"] for seat in service.table(host, code)["seats"]]

    service.streams.open(host, code, "host-tab")
    assert connected() == [True, False, False] and service.streams.count() == 1
    for _ in range(8):  # two minutes, with the process's refresh every 15 s
        now[0] += STREAM_REFRESH_SECONDS * 1000
        assert service.streams.refresh() == 1
    assert connected() == [True, False, False]
    now[0] += CONNECTED_WITHIN_MS + 1  # no refresh since: the process is gone
    assert connected() == [False, False, False]
    service.streams.refresh()
    assert connected() == [True, False, False]
    service.streams.close(code, "host-tab")
    assert connected() == [False, False, False] and service.streams.count() == 0
    assert _stream_rows(golf_app) == 0


def test_a_closed_stream_whose_row_could_not_be_deleted_is_forgotten_once_the_database_answers(
    golf_app, api, monkeypatch
):
    service = golf_app.state.tables
    code = api.post("/api/tables", json=TABLE).json()["code"]
    host = browser_id_for(api.cookies["golf_session"])
    service.streams.open(host, code, "host-tab")
    delete_row = stream_store.close_stream

    def unreachable(connection, stream):
        raise OperationalError("DELETE", {}, Exception("too many clients already"))

    monkeypatch.setattr(stream_store, "close_stream", unreachable)
    with pytest.raises(Unavailable):
        service.streams.close(code, "host-tab")
    assert service.streams.count() == 0 and _stream_rows(golf_app) == 1
    service.streams.refresh()  # still out of reach: kept for the next time
    assert _stream_rows(golf_app) == 1
    monkeypatch.setattr(stream_store, "close_stream", delete_row)
    service.streams.refresh()
    assert _stream_rows(golf_app) == 0
    assert not any(seat["connected"] for seat in service.table(host, code)["seats"])


def test_a_move_on_one_process_reaches_a_page_on_another_with_its_table_and_not_the_movers(two_processes):
    """The table page's own stream across processes: the other seat's page, on the other
    process, is sent its table; the mover's page, open on that process too, only the
    version (who moved crosses ``NOTIFY`` with the change)."""
    one, two = two_processes
    ann, bea, code = _setup(one, two)
    ann_on_two = httpx.Client(base_url=two, cookies=ann.cookies)
    with contextlib.closing(ann), contextlib.closing(bea), contextlib.closing(ann_on_two):
        version = bea.get(f"/api/tables/{code}").json()["version"]
        path = f"/t/{code}/events?shown={version}"
        with EventReader(bea, path) as beas, EventReader(ann_on_two, path) as anns:
            beas.next_version(timeout=2)
            anns.next_version(timeout=2)
            time.sleep(0.5)  # the seats' connections, told as they came
            for reader in (beas, anns):
                while not reader.told.empty():
                    reader.told.get()
            moved = ann.post(f"/api/tables/{code}/reveal", json={"position": 0}).json()["version"]
            deadline = time.monotonic() + 2
            told = beas.told.get(timeout=2)
            while told["version"] < moved:
                told = beas.told.get(timeout=max(deadline - time.monotonic(), 0.01))
            assert told["drawn_from"] == version and "Ann revealed" in told["html"]
            own = anns.told.get(timeout=2)
            while own["version"] < moved:
                own = anns.told.get(timeout=max(deadline - time.monotonic(), 0.01))
            assert own == {"version": moved}


def test_a_late_notice_of_a_version_the_stream_has_told_is_not_told_again(database_url, one_process):
    """PostgreSQL may deliver the notice of a change made just before a stream opened
    after it opened: the page already has that version, and is not sent it again (40
    pages opening at once were each sent the last two changes over)."""
    if not database_url.startswith("postgresql"):
        pytest.skip("a notice reaches a process late only through PostgreSQL's NOTIFY")
    import psycopg

    from app.service.tables.notify import CHANNEL, Change, payload_of

    ann, bea, code = _setup(one_process, one_process)
    with contextlib.closing(ann), contextlib.closing(bea), EventReader(ann, f"/api/tables/{code}/events") as events:
        current = events.next_version(timeout=2)
        time.sleep(0.5)
        while not events.versions.empty():  # her own seat's connection, told as it came
            events.versions.get()
        conninfo = database_url.replace("postgresql+psycopg://", "postgresql://")
        with psycopg.connect(conninfo, autocommit=True) as late:
            for change in (Change(current - 1), Change(current), Change(current, seats=True)):
                late.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload_of(code, change)))
        assert events.next_version(timeout=2) == current  # the seats' news alone
        with pytest.raises(queue.Empty):
            events.next_version(timeout=0.5)
        moved = bea.post(f"/api/tables/{code}/reveal", json={"position": 0}).json()["version"]
        assert events.next_version(timeout=2) == moved
