"""``GET /metrics``: the server's figures in Prometheus' text format (``prometheus-client``),
with ``GOLF_METRICS=true``, to the addresses ``GOLF_METRICS_ALLOW`` names alone.

Each app has its own registry (never the library's global one), so that several apps in
one process (the tests) count apart. What is counted, each named in docs/operations.md:

- every request and its time until its answer starts, by route template (``/t/{code}``,
  never the path itself, which would make a series per table), method and status class;
- the moves people make, at tables of people and in matches against the computer,
  counted around the services' ``act`` (every move of the pages and the JSON API goes
  through it);
- the open event streams of this process, the tables in play and the people waiting in
  quick play (read at each scrape, the last two by one query kept a second or two:
  :class:`app.service.gauges.Gauges`);
- the turn timers' sweep: how far past its deadline the table longest due is, and how
  long the last sweep took;
- errors: answers of 500 and more, and the failures the background sweeps log.

The figures are answered before anything else of the app (no session is made for a
monitor, no rate limit counts it). An address not allowed is answered as if there were
no such page: the request goes on to the app, which has no ``/metrics`` route (404). The
address is the connection's, or, behind a proxy uvicorn trusts (``FORWARDED_ALLOW_IPS``),
the client's it passes on: uvicorn puts that in the request's scope, never from a
header of an untrusted peer.
"""

from __future__ import annotations

import functools
import ipaddress
import logging
import math
import time
from collections.abc import Callable
from typing import Any

from anyio import to_thread
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest

from app.service.gauges import Gauges
from app.settings import Settings, metrics_networks

PATH = "/metrics"
# The loggers of the background sweeps (the turn timers', quick play's) and of the
# timeouts they play: an exception they log is a sweep's error.
SWEEP_LOGGERS = (
    "app.service.tables.sweep",
    "app.service.tables.timeouts",
    "app.service.quickplay.sweep",
    "app.service.quickplay.queue",
)
log = logging.getLogger(__name__)


class Metrics:
    """The figures of one app, in a registry of its own."""

    def __init__(self, settings: Settings):
        self.allowed = metrics_networks(settings.metrics_allow)
        self.registry = CollectorRegistry()
        self.requests = Histogram(
            "golf_http_request_duration_seconds",
            "Requests and their time until the answer starts, by route template, method and status class.",
            ["route", "method", "status"],
            registry=self.registry,
        )
        self.moves = Counter(
            "golf_moves",
            "Moves people made: at tables of people (table) and in matches against the computer (match).",
            ["where"],
            registry=self.registry,
        )
        self.errors = Counter(
            "golf_errors",
            "Errors: answers of status 500 and more (response), exceptions the background sweeps logged (sweep).",
            ["source"],
            registry=self.registry,
        )
        self.streams = Gauge(
            "golf_event_streams_open", "Live event streams this process holds open.", registry=self.registry
        )
        self.tables = Gauge("golf_tables_in_play", "Tables of people whose match is under way.", registry=self.registry)
        self.waiting = Gauge(
            "golf_quick_play_waiting", "People waiting in quick play, not seated yet.", registry=self.registry
        )
        self.sweep_lag = Gauge(
            "golf_sweep_lag_seconds",
            "How far past its deadline the table longest due is (0 when none is due).",
            registry=self.registry,
        )
        self.sweep_seconds = Gauge(
            "golf_sweep_duration_seconds",
            "How long this process's last sweep of timed-out turns took.",
            registry=self.registry,
        )
        for source in ("response", "sweep"):
            self.errors.labels(source)  # shown at 0 from the start
        for where in ("table", "match"):
            self.moves.labels(where)
        self._sweep_errors = _CountErrors(self.errors.labels("sweep"))

    # ------------------------------------------------------------------ the app's parts

    def watch(self, state: Any) -> None:
        """Count what the app's services do (``state``: the app's state, with its engine,
        notifier and services made); :meth:`unwatch` at its end."""
        gauges = Gauges(state.engine)
        self.streams.set_function(lambda: state.notifier.subscriber_count())
        self.tables.set_function(_or_nan(gauges.tables_in_play))
        self.waiting.set_function(_or_nan(gauges.waiting_in_quick_play))
        self.sweep_lag.set_function(_or_nan(gauges.sweep_lag_seconds))
        # Every move goes through the services' act: counted around it, on this app's own services.
        _wrap(state.tables, "act", functools.partial(_counted, self.moves.labels("table")))
        _wrap(state.golf, "act", functools.partial(_counted, self.moves.labels("match")))
        _wrap(state.tables, "sweep", functools.partial(_timed, self.sweep_seconds))
        for name in SWEEP_LOGGERS:
            logging.getLogger(name).addHandler(self._sweep_errors)

    def unwatch(self) -> None:
        for name in SWEEP_LOGGERS:
            logging.getLogger(name).removeHandler(self._sweep_errors)

    def allows(self, client: tuple[str, int] | None) -> bool:
        """Whether the request's client address may read the figures."""
        if not client:
            return False
        try:
            address = ipaddress.ip_address(client[0])
        except ValueError:
            return False  # a unix socket's name, "testclient": not an address named
        if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
            address = address.ipv4_mapped  # an IPv4 client of a dual-stack socket
        return any(address in network for network in self.allowed)

    def page(self) -> bytes:
        return generate_latest(self.registry)


class MetricsMiddleware:
    """Times and counts every request, and answers ``GET /metrics`` to the allowed
    addresses. Placed within the HEAD middleware (a HEAD is timed as the GET it is
    answered as) and outside every other, so that their refusals are counted too."""

    def __init__(self, app, metrics: Metrics):
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        metrics = self.metrics
        if scope["path"] == PATH and scope["method"] == "GET" and metrics.allows(scope.get("client")):
            body = await to_thread.run_sync(metrics.page)  # its gauges may ask the database
            await send(
                {
                    "type": "http.response.start",
                    "status": 200,
                    "headers": [
                        (b"content-type", CONTENT_TYPE_LATEST.encode()),
                        (b"content-length", str(len(body)).encode()),
                        (b"cache-control", b"no-store"),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": body})
            return
        started = time.perf_counter()
        status = 0

        async def timed(message):
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                self._count(scope, status, time.perf_counter() - started)
            await send(message)

        try:
            await self.app(scope, receive, timed)
        except BaseException:
            if not status:  # failed before answering: the server answers 500
                self._count(scope, 500, time.perf_counter() - started)
            raise

    def _count(self, scope, status: int, seconds: float) -> None:
        route = scope.get("route")
        template = getattr(route, "path", None) or "unmatched"
        self.metrics.requests.labels(template, scope["method"], f"{status // 100}xx").observe(seconds)
        if status >= 500:
            self.metrics.errors.labels("response").inc()


class _CountErrors(logging.Handler):
    """Counts the records of level ERROR and above (``log.exception`` among them)."""

    def __init__(self, counter):
        super().__init__(logging.ERROR)
        self.counter = counter

    def emit(self, record: logging.LogRecord) -> None:
        self.counter.inc()


def _wrap(service: Any, name: str, around: Callable) -> None:
    """Put ``around(method)`` in place of the service's own ``name`` (on this instance alone)."""
    setattr(service, name, around(getattr(service, name)))


def _counted(counter, method: Callable) -> Callable:
    @functools.wraps(method)
    def counting(*args, **kwargs):
        outcome = method(*args, **kwargs)
        counter.inc()  # an accepted move: a refused one raised
        return outcome

    return counting


def _timed(gauge, method: Callable) -> Callable:
    @functools.wraps(method)
    def timing(*args, **kwargs):
        started = time.perf_counter()
        try:
            return method(*args, **kwargs)
        finally:
            gauge.set(time.perf_counter() - started)

    return timing


def _or_nan(read: Callable[[], float]) -> Callable[[], float]:
    """``read``, or NaN when the database cannot say (the scrape still answers)."""

    def reading() -> float:
        try:
            return float(read())
        except Exception:
            log.warning("a gauge of /metrics could not be read", exc_info=True)
            return math.nan

    return reading
