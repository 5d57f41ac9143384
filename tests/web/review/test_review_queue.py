"""The reviews waiting for the judge are bounded: holes that end faster than they can be
reviewed do not grow the queue without end, and a review left out is queued when asked."""

from __future__ import annotations

import threading
import time

from sqlalchemy import create_engine

from app.service.review.reviews import MAX_QUEUED, HoleJob, ReviewService


def test_at_most_so_many_reviews_wait_and_one_left_out_is_queued_once_there_is_room(monkeypatch, caplog):
    service = ReviewService(create_engine("sqlite://"), b"deal key")
    release = threading.Event()
    monkeypatch.setattr(service.judge, "review", lambda *args: release.wait(30) and {})  # a judge still busy
    jobs = [HoleJob("browser", f"match {i}", 0, 1, {}, 1, (), "digest") for i in range(MAX_QUEUED + 3)]
    try:
        queued = [service.schedule(job) for job in jobs]
        assert queued == [True] * MAX_QUEUED + [False] * 3
        assert not any(service.is_pending(job.key) for job in jobs[MAX_QUEUED:])
        assert "reviews are waiting" in caplog.text
        release.set()
        deadline = time.monotonic() + 30
        while any(service.is_pending(job.key) for job in jobs) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert service.schedule(jobs[-1])  # asked for again once the judge has caught up
    finally:
        release.set()
        service.close()
