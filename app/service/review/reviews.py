"""Reviews of play: computed off the request path when a hole ends, stored, served.

When a hole is scored the Golf service tells :meth:`ReviewService.hole_scored`, which
queues the hole's review on a background thread. The thread has the pure judge
(:func:`app.players.review.review_hole`) run in a process of its own
(:mod:`app.service.review.judge_process`: one review at a time, on the other processor,
without the server's interpreter lock) and stores the result (:mod:`app.store.reviews`).
A request for a review that is not stored yet (still being computed, or lost to a
restart of the server) queues it and answers "pending"; the page asks again until it is
there.

A review is looked up by (browser, match, hole, seat) and trusted only if its digest,
the SHA-256 of the match's seed, rules and log up to the end of the hole, is the one of
the match as it stands: an undo across holes that changes a finished hole makes it be
reviewed afresh.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from sqlalchemy import Connection, Engine

from app.golf.actions import NextHole, parse_log_entry
from app.golf.engine import GolfState, replay
from app.golf.rules import RuleSet
from app.golf.view import view
from app.service import clock
from app.service.common import in_transaction
from app.service.errors import Conflict, Forbidden, Invalid, NotFound
from app.service.play.table_record import passes_device, seat_of, seated
from app.service.play.turns import deal_seed
from app.service.review.judge_process import ReviewProcess
from app.store import reviews
from app.store import tables as table_store
from app.store.tables import TableRecord

log = logging.getLogger(__name__)
PERSON = 0
GOOD = ("best", "good")
BIGGEST = 5  # the mistakes a match review lists first
# Reviews waiting for the judge at most. Holes ending faster than one process reviews
# them (a flood of scripted matches) would otherwise grow the queue without end; about
# two minutes of the judge's work at a hole's median time.
MAX_QUEUED = 500


@dataclass(frozen=True)
class HoleJob:
    """Everything the worker needs to review one hole of one seat, copied from the match."""

    browser_id: str
    match_id: str
    seat: int
    hole: int
    rules: dict
    seed: int  # the engine's (deal) seed
    log: tuple  # the log up to the end of the hole
    digest: str

    @property
    def key(self) -> tuple:
        return self.browser_id, self.match_id, self.hole, self.seat


def hole_log(log: list[str], hole: int) -> list[str] | None:
    """The log up to the end of ``hole`` (before the next hole is dealt); None if the log
    does not reach that hole's end. A hole ends where the next is dealt, or where the
    log ends when it is the last one scored (the caller checks that it is scored)."""
    dealt = 0
    for index, entry in enumerate(log):
        if isinstance(parse_log_entry(entry).action, NextHole):
            dealt += 1
            if dealt == hole:
                return log[:index]
    return list(log) if dealt == hole - 1 else None


def digest_of(public_seed: int, rules: dict, log: list[str]) -> str:
    text = json.dumps([public_seed, rules, list(log)], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def summary(decisions: list[dict]) -> dict:
    """Points lost and accuracy (the share of judged decisions that were best or good, in
    percent) over some decisions; the opening reveals are not judged."""
    judged = [d for d in decisions if d["phase"] != "opening"]
    return {
        "points_lost": round(sum(d["loss"] for d in judged), 2),
        "judged": len(judged),
        "accuracy": round(100 * sum(d["verdict"] in GOOD for d in judged) / len(judged)) if judged else None,
    }


class ReviewService:
    def __init__(self, engine: Engine, deal_key: bytes, now: Callable[[], int] = clock.now_ms):
        self.engine = engine
        self.deal_key = deal_key
        self.now = now
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="review")  # the judge takes one at a time
        self.judge = ReviewProcess()
        self._pending: set[tuple] = set()
        self._lock = threading.Lock()

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
        self.judge.close()

    # ------------------------------------------------------------------ computing

    def hole_scored(self, record: TableRecord, state: GolfState) -> None:
        """A hole of a match against the computer was scored and committed: review it."""
        job = self.job(
            record.browser_id, match_key(record), PERSON, record.seed, record.rules, state.log, len(state.hole_scores)
        )
        if job is not None:
            self.schedule(job)

    def job(
        self, browser_id: str, match_id: str, seat: int, public_seed: int, rules: dict, log: list[str], hole: int
    ) -> HoleJob | None:
        prefix = hole_log(log, hole)
        if prefix is None:
            return None
        return HoleJob(
            browser_id,
            match_id,
            seat,
            hole,
            dict(rules),
            deal_seed(self.deal_key, public_seed),
            tuple(prefix),
            digest_of(public_seed, rules, prefix),
        )

    def schedule(self, job: HoleJob) -> bool:
        """Queue ``job`` unless it is queued already, or the queue is full; whether it was
        queued now. A review not queued is queued again when someone asks for it."""
        with self._lock:
            if job.key in self._pending:
                return False
            if len(self._pending) >= MAX_QUEUED:
                log.warning(
                    "%s reviews are waiting: the review of hole %s is left until it is asked for", MAX_QUEUED, job.hole
                )
                return False
            self._pending.add(job.key)
        try:
            self._executor.submit(self._compute, job)
        except RuntimeError:  # shutting down
            with self._lock:
                self._pending.discard(job.key)
            return False
        return True

    def is_pending(self, key: tuple) -> bool:
        with self._lock:
            return key in self._pending

    def _compute(self, job: HoleJob) -> None:
        try:
            review = self.judge.review(job.rules, job.seed, job.log, job.seat, job.hole)
            in_transaction(
                self.engine,
                lambda connection: reviews.store_review(
                    connection,
                    browser_id=job.browser_id,
                    match_id=job.match_id,
                    hole=job.hole,
                    seat=job.seat,
                    digest=job.digest,
                    review=review,
                    now_ms=self.now(),
                ),
            )
        except Exception:
            # The browser may have been purged meanwhile, or storage be down: the next
            # request for this review queues it again.
            log.exception("the review of hole %s could not be made", job.hole)
        finally:
            with self._lock:
                self._pending.discard(job.key)

    # ------------------------------------------------------------------ reading

    def hole_reviews(self, connection: Connection, jobs: list[HoleJob]) -> tuple[list[dict], int]:
        """The stored reviews of ``jobs`` that are current; the others are queued. Returns
        the reviews found (in order) and how many are still being prepared."""
        found, missing = [], 0
        for job in jobs:
            row = reviews.load_review(connection, job.browser_id, job.match_id, job.hole, job.seat)
            if row is not None and row["digest"] == job.digest:
                found.append(row["review"])
            else:
                missing += 1
                self.schedule(job)
        return found, missing

    def match_review(self, browser_id: str, hole: int | None = None, seat: int | None = None) -> tuple[int, dict]:
        """``(status, body)``: 200 with the review of ``hole`` (or of every finished hole
        of the match), or 202 while it is being prepared; of ``seat``'s person when given
        (pass and play), else of the first person's."""
        return in_transaction(
            self.engine, lambda connection: self.reviewed(connection, own_match(connection, browser_id, seat), hole)
        )

    def table_review(self, browser_id: str, code: str, hole: int | None = None) -> tuple[int, dict]:
        """The review of the caller's own seat at an online table (as :meth:`match_review`)."""
        return in_transaction(
            self.engine, lambda connection: self.reviewed(connection, table_seat(connection, browser_id, code), hole)
        )

    def reviewed(self, connection: Connection, who: Reviewed, hole: int | None) -> tuple[int, dict]:
        """The review of ``who``'s decisions in ``hole`` (every finished hole when None)."""
        rules = RuleSet(**who.rules)
        if hole is not None and not 1 <= hole <= rules.holes:
            raise Invalid(f"There is no hole {hole}: this match has holes 1 to {rules.holes}.")
        state = replay(deal_seed(self.deal_key, who.public_seed), rules, who.log)
        finished = len(state.hole_scores)
        if hole is not None and hole > finished:
            raise Conflict(f"Hole {hole} is not finished yet: it can be reviewed once it is scored.")
        if hole is None and not finished:
            raise Conflict("No hole of this match is finished yet: a hole can be reviewed once it is scored.")
        holes = [hole] if hole is not None else list(range(1, finished + 1))
        # Every hole asked for is scored by now, so each has its log and its job.
        jobs = [
            job
            for h in holes
            if (job := self.job(who.browser_id, who.match_id, who.seat, who.public_seed, who.rules, state.log, h))
            is not None
        ]
        return self.respond(connection, jobs, hole)

    def table_hole_scored(self, record: TableRecord, state: GolfState) -> None:
        """A hole of an online table was scored and committed: review it for each person."""
        for seat, entry in enumerate(record.seats):
            if entry.kind == "person" and entry.browser:
                job = self.job(
                    entry.browser,
                    table_key(record.code),
                    seat,
                    record.seed,
                    record.rules,
                    state.log,
                    len(state.hole_scores),
                )
                if job is not None:
                    self.schedule(job)

    def decision(self, browser_id: str, hole: int, number: int, seat: int | None = None) -> tuple[int, dict]:
        """``(status, body)``: 200 with ``{"decision", "number", "count", "view"}``, the
        ``number``-th (from 1) decision of ``hole`` and the person's view just before it;
        202 while the hole's review is being prepared. ``seat``: as for :meth:`match_review`."""
        return self.decision_of(lambda connection: own_match(connection, browser_id, seat), hole, number)

    def table_decision(self, browser_id: str, code: str, hole: int, number: int) -> tuple[int, dict]:
        """:meth:`decision` for the caller's own seat at an online table."""
        return self.decision_of(lambda connection: table_seat(connection, browser_id, code), hole, number)

    def decision_of(self, find: Callable[[Connection], Reviewed], hole: int, number: int) -> tuple[int, dict]:
        def read(connection: Connection) -> tuple[int, dict]:
            who = find(connection)
            status, review = self.reviewed(connection, who, hole)
            if status != 200:
                return status, review
            decisions = review["decisions"]
            if not 1 <= number <= len(decisions):
                raise Invalid(f"Hole {hole} has decisions 1 to {len(decisions)}.")
            decision = decisions[number - 1]
            return 200, {
                "decision": decision,
                "number": number,
                "count": len(decisions),
                "review": review,
                "view": board_at(self.deal_key, who, decision["index"]),
            }

        return in_transaction(self.engine, read)

    def respond(self, connection: Connection, jobs: list[HoleJob], hole: int | None) -> tuple[int, dict]:
        found, missing = self.hole_reviews(connection, jobs)
        if missing:
            what = f"hole {hole}" if hole is not None else "the match"
            return 202, {
                "hole": hole,
                "status": "pending",
                "ready": len(found),
                "holes": len(jobs),
                "detail": f"The review of {what} is being prepared: ask again in a moment.",
            }
        if hole is not None:
            review = found[0]
            return 200, {**review, "status": "ready", **summary(review["decisions"])}
        decisions = [d for review in found for d in review["decisions"]]
        biggest = sorted((d for d in decisions if d["verdict"] not in GOOD), key=lambda d: (-d["loss"], d["index"]))
        return 200, {
            "hole": None,
            "status": "ready",
            "decisions": decisions,
            **summary(decisions),
            "per_hole": [{"hole": review["hole"], **summary(review["decisions"])} for review in found],
            "biggest": biggest[:BIGGEST],
        }


def table_key(code: str) -> str:
    return f"table-{code}"


def match_key(record: TableRecord) -> str:
    """The match's identity for its reviews (matches from before reviews have none: their seed)."""
    return record.match_id or f"seed-{record.seed}"


@dataclass(frozen=True)
class Reviewed:
    """Whose decisions a review weighs, and the match they were made in: the browser's
    own match against the computer (seat 0), or its seat at an online table."""

    browser_id: str
    match_id: str
    seat: int
    public_seed: int
    rules: dict
    log: list
    table: TableRecord | None = None  # at a table: the players' names for its board


def own_match(connection: Connection, browser_id: str, seat: int | None = None) -> Reviewed:
    """The browser's match, reviewed for its person: the first person's decisions (the
    browser's statistics are theirs) unless ``seat`` asks for another person's (pass and
    play: each person's holes are theirs to review). A computer's seat, or a seat the
    match does not have, is refused with the reason (422)."""
    record = table_store.load_match(connection, browser_id)
    if record is None:
        raise Conflict("There is no match to review yet.")
    if seat is None:
        seat = PERSON
    elif not 0 <= seat < len(record.seats):
        raise Invalid(f"There is no seat {seat}: this match has seats 0 to {len(record.seats) - 1}.")
    elif record.seats[seat].kind != "person":
        raise Invalid(f"Seat {seat} is a computer's: only the people's play is reviewed.")
    # Pass and play: the board naming everyone at the table as the match did.
    named = record if passes_device(record) else None
    return Reviewed(browser_id, match_key(record), seat, record.seed, record.rules, record.log, named)


def table_seat(connection: Connection, browser_id: str, code: str) -> Reviewed:
    """The browser's own seat at the table; refused to anyone without one."""
    record = table_store.load_table(connection, code) if len(code) <= 32 else None
    if record is None:
        raise NotFound("There is no table with this code: check the invite link.")
    seat = seat_of(record, browser_id)
    if seat is None:
        raise Forbidden("Only the people seated at this table have decisions of their own to review.")
    if record.status == "waiting":
        raise Conflict("The match has not begun: no hole is finished yet.")
    return Reviewed(browser_id, table_key(record.code), seat, record.seed, record.rules, record.log, record)


def board_at(deal_key: bytes, who: Reviewed, index: int) -> dict:
    """``who``'s view just before the log's ``index``-th action: the table as that player
    saw it when deciding (nothing turned up later is in it)."""
    state = replay(deal_seed(deal_key, who.public_seed), RuleSet(**who.rules), who.log[:index])
    return view(state, who.seat, seated(who.table) if who.table is not None else None)


RECENT_MATCHES = 10


def review_stats(connection: Connection, browser_id: str) -> dict:
    """The expected points lost per judged decision over the browser's recently reviewed
    matches, newest first, and over them all: whether the player is improving."""
    matches = reviews.recent_matches(connection, browser_id, RECENT_MATCHES)
    rows = [
        {
            "decisions": m["decisions"],
            "points_lost": round(m["points_lost"], 2),
            "per_decision": round(m["points_lost"] / m["decisions"], 2) if m["decisions"] else None,
        }
        for m in matches
    ]
    decisions = sum(m["decisions"] for m in matches)
    lost = sum(m["points_lost"] for m in matches)
    return {"matches": rows, "decisions": decisions, "per_decision": round(lost / decisions, 2) if decisions else None}
