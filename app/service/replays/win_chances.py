"""The story of a finished match: each seat's chance to win after every step, and the
turning points of its people; worked out off the request path, stored, served.

When a match ends, :meth:`WinChances.match_over` queues its replay on a background
thread, which has the estimator (:mod:`app.players.win_chance` and
:mod:`app.players.turning_points`) run in a process of its own
(:mod:`app.service.replays.chance_process`) and stores the result
(:mod:`app.store.win_chances`), as the reviews of play are made. A request for a story
not stored yet (still being worked out, or lost to a restart) queues it and is answered
"not yet" (None) at once: a replay never waits on it.

A stored story holds the turning points as data; their sentences are made as they are
read (:func:`app.players.turning_points.sentence`), with the seats' names as the replay
has them then.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from sqlalchemy import Connection, Engine

from app.players.turning_points import peak_sentence, sentence
from app.players.win_chance import step_holes
from app.service import clock
from app.service.common import in_transaction
from app.service.play.table_record import seat_of
from app.service.replays.chance_process import ChanceProcess
from app.service.replays.replays import Replays, replay_id, source_of
from app.store import replays as replay_store
from app.store import tables as table_store
from app.store import win_chances as store
from app.store.tables import TableRecord

log = logging.getLogger(__name__)
# Matches waiting for the process at most: a flood of finished matches (scripted play)
# would otherwise grow the queue without end; a match left out is queued again when its
# replay is looked at.
MAX_QUEUED = 200
PERSON = 0  # a match against the computer: the browser's person sits in seat 0


@dataclass(frozen=True)
class Story:
    """A finished match's chances (one entry a step, seat order) and turning points."""

    chances: list[list[float]]
    turning_points: list[dict]  # as stored: app.players.turning_points.TurningPoint
    holes: list[int]  # each step's hole
    names: list[str]  # the seats' names, as the replay has them
    people: tuple[int, ...]  # the people's seats (whose turning points are told)

    def points(self, seat: int | None = None) -> list[dict]:
        """The turning points in the API's terms (``step``, ``seat``, ``change``, ``text``),
        largest change first; only ``seat``'s when given."""
        return [
            {"step": p["step"], "seat": p["seat"], "change": p["change"], "text": sentence(p, self.names)}
            for p in self.turning_points
            if seat is None or p["seat"] == seat
        ]

    def peak(self, seat: int, whose: str = "Your") -> str | None:
        """ "Your chance peaked at 71% on hole 6" (``whose``: "Ann's" for another's page)."""
        return peak_sentence(self.chances, self.holes, seat, whose)


def people_of(row: dict) -> tuple[int, ...]:
    """The seats of the replay's people: whose turning points are told."""
    return tuple(seat for seat, entry in enumerate(row["seats"]) if entry.get("kind") == "person")


class WinChances:
    """The stories of the replays ``replays`` keeps."""

    def __init__(self, engine: Engine, deal_key: bytes, replays: Replays, now: Callable[[], int] = clock.now_ms):
        self.engine = engine
        self.deal_key = deal_key
        self.replays = replays
        self.now = now
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="win-chances")
        self.process = ChanceProcess()
        self._pending: set[str] = set()
        self._lock = threading.Lock()

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
        self.process.close()

    # ------------------------------------------------------------------ working out

    def match_over(self, record: TableRecord, state) -> None:
        """A hole was scored and committed (the hook the reviews hang on too): once it
        ended the match, work out the match's story."""
        if state.is_over:
            self.schedule(replay_id(self.deal_key, source_of(record)))

    def schedule(self, identifier: str) -> bool:
        """Queue the replay ``identifier`` unless it is queued already or the queue is
        full; whether it was queued now."""
        with self._lock:
            if identifier in self._pending:
                return False
            if len(self._pending) >= MAX_QUEUED:
                log.warning(
                    "%s matches are waiting for their chances: this one waits until it is looked at", MAX_QUEUED
                )
                return False
            self._pending.add(identifier)
        try:
            self._executor.submit(self._compute, identifier)
        except RuntimeError:  # shutting down
            with self._lock:
                self._pending.discard(identifier)
            return False
        return True

    def is_pending(self, identifier: str) -> bool:
        with self._lock:
            return identifier in self._pending

    def _compute(self, identifier: str) -> None:
        try:
            row = in_transaction(self.engine, lambda connection: replay_store.load_replay(connection, identifier))
            if row is None:
                return  # gone with its account meanwhile
            if in_transaction(self.engine, lambda connection: store.load_story(connection, identifier)) is not None:
                return  # worked out by another process meanwhile
            made = self.process.work_out(row["rules"], int(row["deal_seed"]), tuple(row["log"]), people_of(row))
            in_transaction(
                self.engine,
                lambda connection: store.store_story(
                    connection, identifier, made["chances"], made["turning_points"], made["peaks"], self.now()
                ),
            )
        except Exception:
            # Storage may be down, or the replay deleted as it was stored: the next look
            # at the replay queues it again.
            log.exception("the chances of replay %s could not be worked out", identifier)
        finally:
            with self._lock:
                self._pending.discard(identifier)

    # ------------------------------------------------------------------ reading

    def export(self, identifier: str) -> dict:
        """The API's replay (:meth:`Replays.export`) with its story: ``win_chance`` (each
        step's chances, seat order) and ``turning_points``, both null while worked out."""
        row = self.replays.load(identifier)
        found = self.story_of(row)
        return {
            **self.replays.exported(row),
            "win_chance": found.chances if found is not None else None,
            "turning_points": found.points() if found is not None else None,
        }

    def story(self, connection: Connection, row: dict) -> Story | None:
        """The stored story of the replay ``row``; None (and queued) while it is worked out."""
        found = store.load_story(connection, row["id"])
        if found is None:
            self.schedule(row["id"])
            return None
        return Story(
            found["chances"],
            found["turning_points"],
            step_holes(row["log"]),
            [entry["name"] for entry in row["seats"]],
            people_of(row),
        )

    def story_of(self, row: dict) -> Story | None:
        """:meth:`story` in a transaction of its own."""
        return in_transaction(self.engine, lambda connection: self.story(connection, row))

    def finished_match(self, browser_id: str, code: str | None = None) -> tuple[dict, int] | None:
        """The replay of the browser's own finished match (``code``: of its seat at that
        table of people) and its seat there, for the match's review; None while the match
        is not over (or its replay is not shown yet: a daily's before its date is over)."""

        def read(connection: Connection) -> tuple[dict, int] | None:
            if code is None:
                record = table_store.load_match(connection, browser_id)
                seat: int | None = PERSON
            else:
                record = table_store.load_table(connection, code)
                seat = seat_of(record, browser_id) if record is not None else None
            if record is None or seat is None or record.status != "over":
                return None
            row = replay_store.load_replay(connection, replay_id(self.deal_key, source_of(record)))
            if row is None or row["shown_from_ms"] > self.now():
                return None
            return row, seat

        return in_transaction(self.engine, read)

    def peak_line(self, identifier: str, seat: int) -> str | None:
        """The line for ``seat``'s person at the end of the match ``identifier``: "Your
        chance peaked at 71% on hole 6"; None while the chances are worked out (or for
        no such replay)."""

        def read(connection: Connection) -> str | None:
            row = replay_store.load_replay(connection, identifier)
            if row is None or not 0 <= seat < len(row["seats"]):
                return None
            found = self.story(connection, row)
            return found.peak(seat) if found is not None else None

        return in_transaction(self.engine, read)
