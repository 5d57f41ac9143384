"""``GET /metrics`` (``GOLF_METRICS``), in Prometheus' text format: off by default (an
unknown page), on it names every figure to the allowed addresses and to no other, counts
requests by route template, moves, errors, and reads the tables in play, the people
waiting in quick play and the sweep's lag at each scrape."""

from __future__ import annotations

import logging

import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import update

from app.main import create_app
from app.service.gauges import Gauges
from app.settings import Settings
from app.store.database import make_engine
from app.store.models import GolfTable
from app.web.http.metrics import SWEEP_LOGGERS
from tests.web.golf.matchkit import act
from tests.web.tables.tablekit import make_table, ok, post_action, start

LOCAL = ("127.0.0.1", 50000)
FIGURES = (
    "golf_http_request_duration_seconds",
    "golf_moves",
    "golf_errors",
    "golf_event_streams_open",
    "golf_tables_in_play",
    "golf_quick_play_waiting",
    "golf_sweep_lag_seconds",
    "golf_sweep_duration_seconds",
)


def settings_for(database_url: str, **more) -> Settings:
    return Settings(database_url=database_url, deal_key="test-deal-key", rate_limit_enabled=False, metrics=True, **more)


@pytest.fixture
def watched(own_database):
    """An app with its figures on, and a client at the local machine's address."""
    app = create_app(settings_for(own_database))
    with TestClient(app, client=LOCAL) as client:
        yield app, client


def figures(client) -> dict[tuple[str, tuple], float]:
    """Every sample of ``/metrics``, by name and labels."""
    answer = client.get("/metrics")
    assert answer.status_code == 200, answer.text
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(answer.text)
        for sample in family.samples
    }


def test_off_by_default_metrics_is_an_unknown_page(golf_app, api):
    assert not Settings().metrics
    answer = TestClient(golf_app, client=LOCAL).get("/metrics")
    assert answer.status_code == 404 and "There is no page at this address." in answer.text


def test_every_figure_is_named_in_the_text_format(watched):
    app, client = watched
    answer = client.get("/metrics")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/plain; version=")
    families = {family.name: family for family in text_string_to_metric_families(answer.text)}
    assert set(FIGURES) <= set(families)
    assert all(families[name].documentation for name in FIGURES)
    assert "set-cookie" not in answer.headers  # a monitor is given no session
    # IPv6's local address, and an IPv4 client of a dual-stack socket, are the local machine too.
    for address in ("::1", "::ffff:127.0.0.1"):
        assert TestClient(app, client=(address, 1)).get("/metrics").status_code == 200


def test_requests_are_counted_by_route_template_not_by_path(watched):
    app, client = watched
    client.get("/t/some-table-code")
    client.get("/t/another-code")
    client.get("/no/such/page")
    seen = figures(client)
    assert (
        seen["golf_http_request_duration_seconds_count", (("method", "GET"), ("route", "/t/{code}"), ("status", "4xx"))]
        == 2
    )
    assert (
        seen["golf_http_request_duration_seconds_count", (("method", "GET"), ("route", "unmatched"), ("status", "4xx"))]
        == 1
    )
    assert not any("some-table-code" in str(labels) for _, labels in seen)


def test_another_address_is_answered_as_if_there_were_no_such_page(watched, own_database):
    app, _ = watched
    for address in ("10.0.0.1", "192.0.2.7", "2001:db8::1", "testclient"):
        stranger = TestClient(app, client=(address, 1))
        answer = stranger.get("/metrics", headers={"X-Forwarded-For": "127.0.0.1"})  # a header is not an address
        assert answer.status_code == 404 and "There is no page at this address." in answer.text
    other = create_app(settings_for(own_database, metrics_allow="10.0.0.0/8"))
    with TestClient(other, client=("10.1.2.3", 1)) as allowed:
        assert allowed.get("/metrics").status_code == 200
        assert TestClient(other, client=LOCAL).get("/metrics").status_code == 404


def test_a_move_is_counted_where_it_was_made(watched):
    app, client = watched
    before = figures(client)
    act(client, {"action": "reveal", "position": 0})
    refused = client.post("/api/match/swap", json={"position": 0})  # not a legal move now: not counted
    assert refused.status_code == 409
    table = make_table(client, seats=("host", "easy"), rules={"holes": 1})
    start(client, table["code"])
    ok(post_action(client, table["code"], {"action": "reveal", "position": 0}))
    after = figures(client)
    assert after["golf_moves_total", (("where", "match"),)] == before["golf_moves_total", (("where", "match"),)] + 1
    assert after["golf_moves_total", (("where", "table"),)] == before["golf_moves_total", (("where", "table"),)] + 1


def test_the_tables_in_play_the_people_waiting_and_the_open_streams_are_read_at_the_scrape(watched):
    app, client = watched
    waiting = TestClient(app)
    assert waiting.post("/api/quick-play", json={"players": 4, "name": "Wen"}).status_code == 200
    start(client, make_table(client, seats=("host", "easy"))["code"])
    make_table(client, seats=("host", "open"))  # waiting for its people: not in play
    seen = figures(client)
    assert seen["golf_quick_play_waiting", ()] == 1
    assert seen["golf_tables_in_play", ()] == 1
    assert seen["golf_event_streams_open", ()] == app.state.notifier.subscriber_count() == 0


def test_errors_of_the_answers_and_of_the_sweeps_are_counted(watched):
    app, client = watched

    def broken():
        raise RuntimeError("a fault of the server")

    app.router.add_api_route("/broken", broken)
    failing = TestClient(app, client=LOCAL, raise_server_exceptions=False)
    assert failing.get("/broken").status_code == 500
    logging.getLogger("app.service.tables.sweep").error("sweeping timed-out turns failed")
    logging.getLogger("app.service.tables.sweep").warning("not an error")
    seen = figures(client)
    assert seen["golf_errors_total", (("source", "response"),)] == 1
    assert seen["golf_errors_total", (("source", "sweep"),)] == 1
    assert (
        seen["golf_http_request_duration_seconds_count", (("method", "GET"), ("route", "/broken"), ("status", "5xx"))]
        == 1
    )


def test_the_sweep_is_timed_and_the_app_leaves_the_loggers_as_it_found_them(own_database):
    app = create_app(settings_for(own_database))
    handlers = {name: list(logging.getLogger(name).handlers) for name in SWEEP_LOGGERS}
    with TestClient(app, client=LOCAL) as client:
        app.state.tables.sweep()
        assert figures(client)["golf_sweep_duration_seconds", ()] > 0
        second = create_app(settings_for(own_database))  # an app of its own figures beside it
        with TestClient(second, client=LOCAL) as other:
            assert figures(other)["golf_sweep_duration_seconds", ()] == 0
    assert {name: list(logging.getLogger(name).handlers) for name in SWEEP_LOGGERS} == handlers


def test_the_sweeps_lag_is_how_far_past_its_deadline_the_oldest_due_table_is(own_database):
    app = create_app(Settings(database_url=own_database, deal_key="test-deal-key", rate_limit_enabled=False))
    with TestClient(app) as client:
        early, late = (make_table(client, seats=("host", "easy")) for _ in range(2))
        for table in (early, late):
            start(client, table["code"])
    engine = make_engine(own_database)  # the app has stopped: its sweep plays nothing meanwhile
    with engine.begin() as connection:
        t = GolfTable.__table__
        connection.execute(update(t).where(t.c.code == early["code"]).values(deadline_ms=1_000_000))
        connection.execute(update(t).where(t.c.code == late["code"]).values(deadline_ms=1_003_000))
    assert Gauges(engine, now=lambda: 1_007_500).sweep_lag_seconds() == 7.5
    assert Gauges(engine, now=lambda: 999_000).sweep_lag_seconds() == 0  # not due yet
    assert Gauges(engine).tables_in_play() == 2
    with engine.begin() as connection:
        connection.execute(update(GolfTable.__table__).values(deadline_ms=None))
    assert Gauges(engine, now=lambda: 1_007_500).sweep_lag_seconds() == 0
    engine.dispose()
