"""The Golf match of a browser: load, apply, let the computer answer, save, describe.

One call is one transaction: the stored match is read, the person's command is checked
and applied by the engine, the computer players take their turns until the person is
to act again (or the hole is over), and the new log is written with its version raised.
The response is built only after the commit, so an action a player saw accepted is
always stored, and a refused one changes nothing.

The match is kept as a table (:mod:`app.store.tables`) whose owner is the browser: seat 0
is the person; every other seat is a computer player of the match's level.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from sqlalchemy import Connection, Engine

from app.golf.actions import Action, MalformedAction, NextHole, Reveal, Swap, action_from_json, parse_log_entry
from app.golf.engine import GolfState, IllegalAction, replay
from app.golf.events import Event, EventKind
from app.golf.phases import Phase
from app.golf.rules import RulesError, RuleSet, rules_from_dict, rules_from_request
from app.golf.snapshots import snapshot_of
from app.golf.undo import undo_log
from app.golf.view import view, view_event
from app.names import NameRefused, checked_name
from app.players import LEVELS
from app.players import hint as expert_hint
from app.players.fallback import hint_safely
from app.service import clock
from app.service.common import StateCache, in_transaction
from app.service.errors import Conflict, Invalid
from app.service.play.match_state import Frame, Outcome, last_seen, match_state
from app.service.play.table_record import computer_levels, state_at
from app.service.play.turns import Thinker, computers_move, deal_seed, run_turn, think_ahead, told
from app.service.replays import daily, replays
from app.service.stats.results import record_golf_result
from app.store import repository
from app.store import tables as table_store
from app.store.tables import TableRecord, match_seats

PERSON = 0
MAX_SEED = 2**53 - 1  # exact in JavaScript too


def snapshots_of(state: GolfState, version: int) -> list[dict]:
    """What a match's row keeps of its state beside the log once ``state`` is saved as
    ``version`` (:func:`app.golf.snapshots.snapshot_of`): its pages are told each move as it is made,
    so the newest is all it needs."""
    return [{"version": version, "moves": len(state.log), "state": snapshot_of(state)}]


Change = Callable[[Connection, TableRecord, GolfState], "list[Event] | GolfState | None"]


class GolfService:
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

    def hint(self, browser_id: str) -> dict:
        """What the strongest computer player would do in the person's place, and why."""

        def count(connection: Connection) -> tuple[dict, str]:
            record = self._load_or_deal(connection, browser_id)
            state = self._state(record)
            seen = view(state, PERSON)  # before the state goes back where the next request alters it
            moment = f"hint, level {record.level}, seed {record.seed}, action {len(state.log)}"
            self.cache.put(self._key(record), state)
            self._refuse_if_paused(record)
            self._refuse_if_counted(record, "Hint")
            if state.phase in (Phase.HOLE_OVER, Phase.MATCH_OVER) or PERSON not in state.to_act():
                raise Conflict("There is no move of yours to advise on right now.")
            table_store.count_match_hint(connection, browser_id)
            return seen, moment

        # The Expert thinks once the hint is counted, outside the transaction: SQLite's one
        # writer is not held meanwhile. (Its fault gives a simple legal move: it is counted.)
        seen, moment = in_transaction(self.engine, count)
        return hint_safely(expert_hint, seen, moment)

    # ------------------------------------------------------------------ commands

    def act(self, browser_id: str, action: Action | dict, if_match: int | None = None, frames: bool = False) -> Outcome:
        """A move of the person's (reveal, draw, swap, reject, skip, knock, next hole)."""
        if isinstance(action, dict):
            try:
                action = action_from_json(action)
            except MalformedAction as error:
                raise Invalid(str(error)) from None

        def move(connection, record, state):
            self._refuse_if_paused(record)
            if isinstance(action, (Reveal, Swap)) and not 0 <= action.position < state.rules.cells:
                raise Invalid(
                    f"There is no position {action.position}: positions run from 0 to {state.rules.cells - 1}."
                )
            try:
                events = state.apply(PERSON, action)
            except IllegalAction as error:
                raise Conflict(str(error)) from None
            if not isinstance(action, NextHole):
                record.actions_taken += 1
                clock.run_on_move(record, self.now())
            return events

        return self._run(browser_id, if_match, move, frames=frames)

    def undo(self, browser_id: str, if_match: int | None = None) -> Outcome:
        """Back to before the person's last action, the computer's replies to it too."""
        undone: list[tuple[int, dict]] = []

        def take_back(connection, record, state):
            self._refuse_if_paused(record)
            self._refuse_if_counted(record, "Undo")
            if state.is_over:
                raise Conflict("The match is over: there is nothing left to undo.")
            shorter = undo_log(state.log, PERSON)
            if shorter is None:
                raise Conflict("There is nothing to undo yet.")
            # Said to the person afterwards: their own action, and what the others did after it.
            undone[:] = [(seat, action.to_json()) for seat, action in map(parse_log_entry, state.log[len(shorter) :])]
            return replay(self._engine_seed(record.seed), state.rules, shorter)

        outcome = self._run(browser_id, if_match, take_back)
        outcome.undone = undone
        return outcome

    def pause(self, browser_id: str, if_match: int | None = None) -> Outcome:
        """Stop play and the clock."""

        def stop(connection, record, state):
            if record.paused:
                raise Conflict("The game is already paused.")
            if state.is_over:
                raise Conflict("The match is over: there is no clock to pause.")
            clock.stop(record, self.now())
            record.paused = True
            return []

        return self._run(browser_id, if_match, stop)

    def resume(self, browser_id: str, if_match: int | None = None) -> Outcome:
        def go(connection, record, state):
            if not record.paused:
                raise Conflict("The game is not paused.")
            clock.resume(record, self.now())
            return []

        return self._run(browser_id, if_match, go)

    def pause_if_away(self, browser_id: str) -> Outcome:
        """A person coming back to a match left running: show it paused, with the clock
        credited only up to their last activity, so the time away is not counted."""

        def stop(connection, record, state):
            if record.paused or state.is_over or record.running_since_ms is None:
                return None  # nothing is running: nothing to stop (and no new version)
            clock.stop(record, record.last_active_ms)
            record.paused = True
            return []

        return self._run(browser_id, None, stop)

    def new_match(
        self,
        browser_id: str,
        seed: int | None = None,
        level: str | None = None,
        rules: dict | None = None,
        if_match: int | None = None,
        daily: bool = False,
        name: str | None = None,
    ) -> Outcome:
        """A new sequence of deals; an unfinished match already begun counts as a loss.
        Level and rules default to the ones this browser chose last. ``daily``: today's
        daily deal instead (its own seed, level and rules), counted if it is the
        browser's first of the date, under ``name`` on the leaderboard."""
        if daily:
            if seed is not None or level is not None or rules is not None:
                raise Invalid("Today's deal has its own seed, level and rules: ask for it alone.")
            return self._new_daily(browser_id, name, if_match)
        if level is not None and level not in LEVELS:
            raise Invalid(f"unknown level {level!r}: choose easy, medium, hard or expert")
        if seed is not None and not 0 <= seed <= MAX_SEED:
            raise Invalid(f"a seed is a whole number from 0 to {MAX_SEED}")
        if rules is not None:
            try:
                checked = rules_from_request(rules)
            except RulesError as error:
                raise Invalid(f"these rules cannot be played: {error}") from None
            if "name" in rules:  # kept as the check tidied it, the name every seat is shown
                rules = {**rules, "name": checked.name}

        def deal(connection, record, state):
            self._refuse_if_paused(record)
            preferences = dict(repository.ensure_browser(connection, browser_id)["preferences"] or {})
            preferences["level"] = level or preferences.get("level") or self.default_level
            if rules is not None:
                preferences["rules"] = rules
            repository.save_preferences(connection, browser_id, preferences)
            self._abandon(connection, record, state)
            self._reset(
                record,
                seed if seed is not None else secrets.randbelow(MAX_SEED),
                preferences["level"],
                self._rules_or_standard(preferences.get("rules")),
            )
            return self._fresh_state(record)

        return self._run(browser_id, if_match, deal)

    def _new_daily(self, browser_id: str, name: str | None, if_match: int | None) -> Outcome:
        try:
            shown_name = (
                checked_name(name, "A name on the leaderboard", daily.NAME_LENGTH) if name is not None else None
            )
        except NameRefused as refused:
            raise Invalid(str(refused)) from None

        def deal(connection, record, state):
            self._refuse_if_paused(record)
            now = self.now()
            day = daily.today(now)
            preferences = dict(repository.ensure_browser(connection, browser_id)["preferences"] or {})
            if shown_name is not None and preferences.get("daily_name") != shown_name:
                preferences["daily_name"] = shown_name  # the next day's deal is played under it too
                repository.save_preferences(connection, browser_id, preferences)
            self._abandon(connection, record, state)
            self._reset(record, daily.seed_of(self.deal_key, day), daily.LEVEL, daily.RULES)
            record.daily = day
            record.practice = not daily.claim(
                connection, browser_id, day, record.match_id, preferences.get("daily_name") or daily.DEFAULT_NAME, now
            )
            return self._fresh_state(record)

        return self._run(browser_id, if_match, deal)

    def restart(self, browser_id: str, if_match: int | None = None) -> Outcome:
        """The same deals again from hole 1; an unfinished match already begun counts as a loss."""

        def again(connection, record, state):
            self._refuse_if_paused(record)
            self._refuse_if_counted(record, "Restart")
            self._abandon(connection, record, state)
            day, practice = record.daily, record.practice
            self._reset(record, record.seed, record.level, state.rules)
            record.daily, record.practice = day, practice
            return self._fresh_state(record)

        return self._run(browser_id, if_match, again)

    # ------------------------------------------------------------------ the one loop

    def _run(self, browser_id: str, if_match: int | None, change: Change, frames: bool = False) -> Outcome:
        """Load the match, apply ``change``, let the computers move, save, describe
        (through :func:`app.service.play.turns.run_turn`, the loop a table shares).

        ``change`` returns the engine events of the person's move, or a new state to put
        in place (undo, a new deal), or None when there is nothing to save."""
        now = self.now()
        steps: list[Frame] = []

        def settle(connection: Connection, record: TableRecord, state: GolfState) -> None:
            if state.is_over and not record.recorded:
                clock.stop(record, now)
                record_golf_result(connection, record, state, clock.elapsed_seconds(record, now))
                if record.daily and not record.practice:
                    assert record.match_id is not None  # a daily match is dealt with its id
                    daily.settle(connection, record.browser_id, record.daily, record.match_id, state, now)
                self._keep_replay(connection, record, state, now)
                record.recorded = True
            clock.touch(record, now)
            record.status = "over" if state.is_over else "playing"
            record.snapshots = snapshots_of(state, record.version + 1)  # the version it is saved as

        def step(state: GolfState, events: list[Event]) -> None:
            steps.append(Frame([view_event(e, PERSON, state.rules.players) for e in events], view(state, PERSON)))

        def load(connection: Connection):
            steps.clear()  # a transaction run again starts afresh
            record = self._load_or_deal(connection, browser_id)
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
        shown = [view_event(e, PERSON, state.rules.players) for e in told(events or [], PERSON)]
        # The last step shows the match as it stands: its view is the answer's.
        outcome = Outcome(self._describe(record, state, shown, now, last_seen(steps)), steps)
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

    @staticmethod
    def _rules_or_standard(rules: dict | None) -> RuleSet:
        try:
            return rules_from_dict(rules)
        except RulesError:  # rules saved by an older version that no longer validate
            return RuleSet()

    def _reset(self, record: TableRecord, seed: int, level: str, rules: RuleSet) -> None:
        record.seed, record.rules, record.status = seed, rules.model_dump(), "playing"
        record.seats = match_seats(record.browser_id, level, rules.players)
        record.match_id = secrets.token_hex(16)
        record.log, record.actions_taken, record.hints_used, record.recorded = [], 0, 0, False
        record.daily, record.practice = None, False
        clock.reset(record, self.now())

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

    def _keep_replay(self, connection: Connection, record: TableRecord, state: GolfState, now: int) -> None:
        replays.keep_game(
            connection,
            self.deal_key,
            record,
            state,
            deal_seed=self._engine_seed(record.seed),
            now_ms=now,
            shown_from_ms=daily.over_ms(record.daily) if record.daily else 0,  # once everyone has played it
        )

    def _abandon(self, connection: Connection, record: TableRecord, state: GolfState) -> None:
        """Record a begun, unfinished match as a loss before it is replaced; a counted
        daily attempt given up counts as played, begun or not."""
        now = self.now()
        if record.daily and not record.practice and not state.is_over:
            assert record.match_id is not None  # a daily match is dealt with its id
            daily.settle(connection, record.browser_id, record.daily, record.match_id, state, now, abandoned=True)
        if record.actions_taken > 0 and not state.is_over and not record.recorded:
            clock.stop(record, now)
            record_golf_result(connection, record, state, clock.elapsed_seconds(record, now), abandoned=True)
            record.recorded = True

    @staticmethod
    def _refuse_if_paused(record: TableRecord) -> None:
        if record.paused:
            raise Conflict("The game is paused: resume it to play.")

    @staticmethod
    def _refuse_if_counted(record: TableRecord, what: str) -> None:
        if record.daily and not record.practice:
            raise Conflict(f"{what} is off in today's counted daily deal: everyone plays it alike.")

    def _describe(
        self, record: TableRecord, state: GolfState, events: list[dict], now: int, seen: dict | None = None
    ) -> dict:
        """The API's match state (``seen``: the match as the person sees it, when already made)."""
        return match_state(
            state,
            PERSON,
            version=record.version,
            seed=record.seed,
            level=record.level,
            paused=record.paused,
            elapsed_seconds=clock.elapsed_seconds(record, now),
            clock_running=record.running_since_ms is not None,
            actions_taken=record.actions_taken,
            hints_used=record.hints_used,
            can_undo=not state.is_over
            and not (record.daily and not record.practice)
            and undo_log(state.log, PERSON) is not None,
            events=events,
            replay=replays.link_of(self.deal_key, record) if state.is_over else None,
            daily=record.daily,
            practice=record.practice,
            seen=seen,
        )
