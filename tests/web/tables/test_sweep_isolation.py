"""One table whose due turn fails never stops the others' timers, on SQLite and
PostgreSQL: the sweep plays every other table's timed-out turn on time, the failing table
is logged once (not at every sweep), tried again after a growing wait, and in the end
ended where it stands with a notice to its seats, instead of being tried for ever."""

from __future__ import annotations

import logging

import pytest
from sqlalchemy import select, update

from app.service.failures import Failures
from app.service.tables.notify import notifier_for
from app.service.tables.service import TableService
from app.service.tables.timeouts import ENDED_AFTER_FAILURES, FAILURES_BEFORE_ENDING
from app.store.database import make_engine, migrate
from app.store.models import GolfTable

TIMER_MS = 30_000
DEAL_KEY = b"sweep-isolation-deal-key"


class Clock:
    """The tables' clock and the failures' clock, moved by hand."""

    def __init__(self) -> None:
        self.ms = 1_800_000_000_000

    def now(self) -> int:
        return self.ms

    def monotonic(self) -> float:
        return self.ms / 1000


@pytest.fixture
def tables(own_database):
    engine = make_engine(own_database)
    migrate(engine)
    clock = Clock()
    # Nobody is ever away long enough for a table to stop and wait: every timer keeps running.
    service = TableService(engine, DEAL_KEY, notifier_for(own_database), now=clock.now, away_seconds=10**9)
    service.timeouts.failures = Failures(clock=clock.monotonic)
    yield service, clock
    service.close()
    engine.dispose()


def timed_table(service: TableService, host: str, name: str) -> str:
    """A started table of one person and a computer, with a turn timer."""
    made = service.create(host, name=name, rules={"holes": 9}, seats=["host", "easy"], timer_seconds=TIMER_MS // 1000)
    code = made.table["code"]
    service.start(host, code)
    return code


def row(service: TableService, code: str) -> dict:
    with service.engine.connect() as connection:
        t = GolfTable.__table__
        return dict(connection.execute(select(t).where(t.c.code == code)).mappings().one())


def test_a_failing_table_never_holds_up_the_others(tables, caplog):
    service, clock = tables
    healthy = [timed_table(service, f"{n:064x}", f"Healthy {n}") for n in (1, 2)]
    broken = timed_table(service, f"{3:064x}", "Broken")
    with service.engine.begin() as connection:  # a log the engine cannot replay: every turn of it fails
        t = GolfTable.__table__
        connection.execute(update(t).where(t.c.code == broken).values(log=["not a move"], snapshots=None))
    service.cache.clear()

    caplog.set_level(logging.INFO)
    rounds = 0
    while row(service, broken)["status"] != "over":
        rounds += 1
        assert rounds < 200, "the failing table was tried for ever"
        clock.ms += TIMER_MS + 1000  # every table's time has run out
        service.sweep()
        for code in healthy:
            # Each healthy table's turn was played on time: its deadline lies ahead again.
            assert row(service, code)["deadline_ms"] > clock.ms, (rounds, code)
    about_it = [record for record in caplog.records if broken in record.getMessage()]
    assert len(about_it) == 2  # the first failure, with its traceback, and the ending
    assert about_it[0].exc_info is not None and "ended after" in about_it[1].getMessage()
    ended = row(service, broken)
    assert ended["deadline_ms"] is None and ended["notices"][-1]["message"] == ENDED_AFTER_FAILURES
    assert rounds >= FAILURES_BEFORE_ENDING
    # The others play on, and nothing is due at the ended table any more.
    clock.ms += TIMER_MS + 1000
    assert service.sweep() == len(healthy)


def test_a_table_that_recovers_is_forgotten(tables, monkeypatch):
    service, clock = tables
    code = timed_table(service, f"{4:064x}", "Flaky")
    real_step = service.timeouts._step
    failing = {"left": 1}

    def flaky(code_: str) -> bool:
        if failing["left"]:
            failing["left"] -= 1
            raise RuntimeError("a fault of this table's")
        return real_step(code_)

    monkeypatch.setattr(service.timeouts, "_step", flaky)
    clock.ms += TIMER_MS + 1000
    assert service.sweep() == 0 and service.timeouts.failures.waiting(code)
    clock.ms += 2_000  # the first wait: two seconds
    assert service.sweep() == 1 and not service.timeouts.failures.waiting(code)
    assert row(service, code)["status"] == "playing"


def test_failures_at_once_are_each_counted():
    """A table's due turn is played by the sweep and by a request that finds it due, in
    threads of their own: failing at once, each failure is counted (the first alone is
    logged, and the waits grow as they should), none lost to the other."""
    import threading
    import time

    def slow_clock() -> float:
        time.sleep(0.01)  # another thread's failure comes meanwhile
        return 0.0

    failures = Failures(clock=slow_clock)
    counts: list[int] = []
    threads = [threading.Thread(target=lambda: counts.append(failures.failed("T1"))) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(counts) == [1, 2, 3, 4]
