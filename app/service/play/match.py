"""The Golf match of a browser: load, apply, let the computer answer, save, describe.

One call is one transaction: the stored match is read, the person's command is checked
and applied by the engine, the computer players take their turns until the person is
to act again (or the hole is over), and the new log is written with its version raised.
The response is built only after the commit, so an action a player saw accepted is
always stored, and a refused one changes nothing.

The match is kept as a table (:mod:`app.store.tables`) whose owner is the browser: seat 0
is the person; every other seat is a computer player of the match's level.

:class:`GolfService` keeps that one loop (``_run``), the match's loading (one is dealt
for a browser that has none) and its description, and is made of parts of one concern
each, which change the match only through the loop: the person's play
(:class:`app.service.play.match_play.MatchPlay`) and new deals
(:class:`app.service.play.match_deals.MatchDeals`).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from sqlalchemy import Connection, Engine

from app.golf.engine import GolfState
from app.golf.events import Event, EventKind
from app.golf.phases import Phase
from app.golf.rules import RuleSet
from app.golf.snapshots import snapshot_of
from app.golf.undo import undo_log
from app.golf.view import screened_view, view, view_event
from app.service import clock
from app.service.common import StateCache
from app.service.play.match_deals import MAX_SEED, MatchDeals
from app.service.play.match_play import MatchPlay
from app.service.play.match_state import Frame, Outcome, last_seen, match_state
from app.service.play.table_record import (
    PERSON,
    computer_levels,
    device_holder,
    hand_device,
    pass_to,
    passes_device,
    people_names,
    seat_shown,
    seated,
    state_at,
)
from app.service.play.turns import Change, Thinker, computers_move, deal_seed, run_turn, think_ahead, told
from app.service.replays import daily, replays
from app.service.stats.results import record_golf_result
from app.store import repository
from app.store import tables as table_store
from app.store.tables import TableRecord


def snapshots_of(state: GolfState, version: int) -> list[dict]:
    """What a match's row keeps of its state beside the log once ``state`` is saved as
    ``version`` (:func:`app.golf.snapshots.snapshot_of`): its pages are told each move as it is made,
    so the newest is all it needs."""
    return [{"version": version, "moves": len(state.log), "state": snapshot_of(state)}]


class GolfService(MatchPlay, MatchDeals):
    """Every browser's match against the computer and the one loop that plays each change
    to it (the person's play: :class:`app.service.play.match_play.MatchPlay`; new deals:
    :class:`app.service.play.match_deals.MatchDeals`)."""

    def __init__(
        self,
        engine: Engine,
        deal_key: bytes,
        now: Callable[[], int] = clock.now_ms,
        default_level: str = "medium",
        think: Thinker = think_ahead,
    ):
        self.engine = engine
        self.deal_key = deal_key
        self.now = now
        self.default_level = default_level
        self.think = think  # where the Experts think out their turns (the server: a process of its own)
        self.cache = StateCache()
        # Told (record, state) after a commit that scored a hole: the reviews hang here.
        self.on_hole_scored: Callable[[TableRecord, GolfState], None] | None = None

    # ------------------------------------------------------------------ reads

    def current(self, browser_id: str) -> Outcome:
        """The browser's match; one is dealt if it has none."""
        return self._run(browser_id, None, lambda connection, record, state: None)

    def unfinished(self, browser_id: str) -> int | None:
        """The version of the browser's match if dealing another now would count it as a
        loss (an action taken, not over, not yet recorded), else None. Asking deals nothing."""
        with self.engine.connect() as connection:
            record = table_store.load_match(connection, browser_id)
        if record is None or not record.actions_taken or record.recorded or record.status == "over":
            return None
        return record.version

    # ------------------------------------------------------------------ the one loop

    def _run(self, browser_id: str, if_match: int | None, change: Change, frames: bool = False) -> Outcome:
        """Load the match, apply ``change``, let the computers move, save, describe
        (through :func:`app.service.play.turns.run_turn`, the loop a table shares).

        ``change`` returns the engine events of the person's move, or a new state to put
        in place (undo, a new deal), or None when there is nothing to save."""
        now = self.now()
        steps: list[Frame] = []
        # Pass and play: the steps are drawn once the move is over, from the seat the
        # match is then shown from (behind a pass screen, with no one's secrets), so that
        # a step never shows the last person's cards to the next.
        shared_steps: list[tuple[list[Event], GolfState]] = []
        sharing = False
        own_level: str | None = None  # the daily deal's: the level this browser deals its own matches at

        def settle(connection: Connection, record: TableRecord, state: GolfState) -> None:
            if state.is_over and not record.recorded:
                clock.stop(record, now)
                replay = self._keep_replay(connection, record, state, now)
                record_golf_result(connection, record, state, clock.elapsed_seconds(record, now), replay_id=replay)
                if record.daily and not record.practice:
                    assert record.match_id is not None  # a daily match is dealt with its id
                    daily.settle(connection, record.browser_id, record.daily, record.match_id, state, now)
                record.recorded = True
            if sharing and state.phase in (Phase.HOLE_OVER, Phase.MATCH_OVER) and device_holder(record) is not None:
                hand_device(record, None)  # every grid is shown to all now; the next hole begins with a pass
            clock.touch(record, now)
            record.status = "over" if state.is_over else "playing"
            record.snapshots = snapshots_of(state, record.version + 1)  # the version it is saved as

        def step(state: GolfState, events: list[Event]) -> None:
            if sharing:
                shared_steps.append((events, state.clone()))
            else:
                steps.append(Frame([view_event(e, PERSON, state.rules.players) for e in events], view(state, PERSON)))

        def load(connection: Connection):
            nonlocal sharing, own_level
            steps.clear()  # a transaction run again starts afresh
            shared_steps.clear()
            record = self._load_or_deal(connection, browser_id)
            sharing = passes_device(record)
            own_level = None
            if record.daily:
                preferences = repository.ensure_browser(connection, browser_id)["preferences"] or {}
                own_level = preferences.get("level") or self.default_level
            return record, self._state(record)

        record, state, events = run_turn(
            self.engine,
            load,
            if_match,
            change,
            level_of=computer_levels,
            seed_of=lambda record: self._engine_seed(record.seed),
            settle=settle,
            save=table_store.save_match,
            on_step=step if frames else None,
            think=self.think,
        )
        if self.on_hole_scored is not None and any(e.kind is EventKind.HOLE_SCORED for e in events or []):
            self.on_hole_scored(record, state)
        seat = seat_shown(record, state)
        if sharing:
            screened = pass_to(record, state) is not None
            steps[:] = [
                Frame([view_event(e, seat, then.rules.players) for e in made], self._seen(record, then, seat, screened))
                for made, then in shared_steps
            ]
        shown = [view_event(e, seat, state.rules.players) for e in told(events or [], seat)]
        # The last step shows the match as it stands: its view is the answer's.
        outcome = Outcome(self._describe(record, state, shown, now, last_seen(steps)), steps)
        if record.daily and own_level is None:  # the daily dealt by this very call
            with self.engine.connect() as connection:
                preferences = repository.ensure_browser(connection, browser_id)["preferences"] or {}
            own_level = preferences.get("level") or self.default_level
        if record.daily:
            outcome.state["own_level"] = own_level
        self.cache.put(self._key(record), state)  # only once described: the next request alters it
        return outcome

    # ------------------------------------------------------------------ helpers

    def _load_or_deal(self, connection: Connection, browser_id: str) -> TableRecord:
        record = table_store.load_match(connection, browser_id)
        if record is not None:
            return record
        preferences = repository.ensure_browser(connection, browser_id)["preferences"] or {}
        record = TableRecord.new(
            code=secrets.token_urlsafe(18),  # never sent: the match is found by its owner
            name="",
            status="playing",
            rules={},
            seed=0,
            seats=[],
            now_ms=self.now(),
            owner=browser_id,
        )
        self._reset(
            record,
            secrets.randbelow(MAX_SEED),
            preferences.get("level") or self.default_level,
            self._rules_or_standard(preferences.get("rules")),
        )
        state = self._fresh_state(record)
        computers_move(state, computer_levels(record), self._engine_seed(record.seed))
        record.log = list(state.log)
        record.snapshots = snapshots_of(state, record.version)
        return table_store.insert_match(connection, record)

    def _fresh_state(self, record: TableRecord) -> GolfState:
        return GolfState.new(self._engine_seed(record.seed), RuleSet(**record.rules))

    def _state(self, record: TableRecord) -> GolfState:
        state = self.cache.take(self._key(record))
        return state if state is not None else state_at(record, self._engine_seed(record.seed), len(record.log))

    @staticmethod
    def _key(record: TableRecord) -> tuple:
        return record.browser_id, record.version, record.seed

    def _engine_seed(self, seed: int) -> int:
        return deal_seed(self.deal_key, seed)

    def _keep_replay(self, connection: Connection, record: TableRecord, state: GolfState, now: int) -> str:
        return replays.keep_game(
            connection,
            self.deal_key,
            record,
            state,
            deal_seed=self._engine_seed(record.seed),
            now_ms=now,
            shown_from_ms=daily.over_ms(record.daily) if record.daily else 0,  # once everyone has played it
        )

    @staticmethod
    def _seen(record: TableRecord, state: GolfState, seat: int, screened: bool) -> dict:
        """The match as ``seat`` sees it; in pass and play its players named, and without
        its secrets while it is ``screened`` (the device on its way to its person)."""
        if not passes_device(record):
            return view(state, seat)
        return (screened_view if screened else view)(state, seat, seated(record))

    def _describe(
        self, record: TableRecord, state: GolfState, events: list[dict], now: int, seen: dict | None = None
    ) -> dict:
        """The API's match state (``seen``: the match as the person sees it, when already made)."""
        seat = seat_shown(record, state)
        sharing = passes_device(record)
        described = match_state(
            state,
            seat,
            version=record.version,
            seed=record.seed,
            level=record.level,
            paused=record.paused,
            elapsed_seconds=clock.elapsed_seconds(record, now),
            clock_running=record.running_since_ms is not None,
            actions_taken=record.actions_taken,
            hints_used=record.hints_used,
            can_undo=not state.is_over
            and not sharing
            and not (record.daily and not record.practice)
            and undo_log(state.log, PERSON) is not None,
            events=events,
            replay=replays.link_of(self.deal_key, record) if state.is_over else None,
            daily=record.daily,
            practice=record.practice,
            seen=seen if seen is not None else self._seen(record, state, seat, pass_to(record, state) is not None),
        )
        if sharing:
            waiting = pass_to(record, state)
            described["people"] = people_names(record)
            described["pass_to"] = (
                {"seat": waiting, "name": record.seats[waiting].name} if waiting is not None else None
            )
        return described
