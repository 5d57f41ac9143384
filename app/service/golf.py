"""The Golf match of a browser: load, apply, let the computer answer, save, describe.

One call is one transaction: the stored match is read, the person's command is checked
and applied by the engine, the computer players take their turns until the person is
to act again (or the hole is over), and the new log is written with its version raised.
The response is built only after the commit, so an action a player saw accepted is
always stored, and a refused one changes nothing.

Seat 0 is the person; every other seat is a computer player of the match's level.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from sqlalchemy import update
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.orm.exc import StaleDataError

from app.golf.actions import Action, MalformedAction, NextHole, Reveal, Swap, action_from_json
from app.golf.engine import GolfState, IllegalAction, Phase, replay, undo_log
from app.golf.rules import RuleSet, RulesError, rules_from_dict
from app.golf.view import view, view_event
from app.players import get_player, hint as expert_hint
from app.service import clock
from app.service.browsers import ensure_browser
from app.service.errors import Conflict, Invalid, Stale, Unavailable
from app.service.stats import record_golf_result
from app.store.models import GolfMatch

LEVELS = ("easy", "medium", "hard", "expert")
PERSON = 0
MAX_SEED = 2**53 - 1  # exact in JavaScript too
STALE_MESSAGE = "This game has moved on since that page was shown (another tab, or a second click); here it is as it stands now."
log = logging.getLogger(__name__)


@dataclass
class Outcome:
    """What a call produced: the API's match state, and for the page the states the
    table went through while the computer played (one per event), to show it step by step."""

    state: dict
    frames: list[tuple[list[dict], dict]] = field(default_factory=list)


class StateCache:
    """Recently used states by (browser, version), so most requests skip the replay.

    A state is taken out while a request works on it and put back under the new
    version only after the commit; the stored log stays the truth."""

    def __init__(self, size: int = 4096):
        self._states: OrderedDict[tuple[str, int], GolfState] = OrderedDict()
        self._lock = threading.Lock()
        self._size = size

    def take(self, key: tuple[str, int]) -> GolfState | None:
        with self._lock:
            return self._states.pop(key, None)

    def put(self, key: tuple[str, int], state: GolfState) -> None:
        with self._lock:
            self._states[key] = state
            while len(self._states) > self._size:
                self._states.popitem(last=False)


class GolfService:
    def __init__(self, sessions: sessionmaker[Session], deal_key: bytes, now: Callable[[], int] = clock.now_ms,
                 default_level: str = "medium"):
        self.sessions = sessions
        self.deal_key = deal_key
        self.now = now
        self.default_level = default_level
        self.cache = StateCache()

    # ------------------------------------------------------------------ reads

    def current(self, browser_id: str) -> Outcome:
        """The browser's match; one is dealt if it has none."""
        return self._run(browser_id, None, lambda db, row, state: [], read_only=True)

    def hint(self, browser_id: str) -> dict:
        """What the strongest computer player would do in the person's place, and why."""
        with transaction(self.sessions) as db:
            row = self._load_row(db, browser_id)
            state = self._state(row)
            self._refuse_if_paused(row)
            if state.phase in (Phase.HOLE_OVER, Phase.MATCH_OVER) or PERSON not in state.to_act():
                raise Conflict("There is no move of yours to advise on right now.")
            advice = expert_hint(view(state, PERSON))
            # A hint is counted but changes nothing in play, so it does not raise the
            # version: the page's next move must not be refused because of it.
            db.execute(update(GolfMatch).where(GolfMatch.browser_id == browser_id)
                       .values(hints_used=GolfMatch.hints_used + 1)
                       .execution_options(synchronize_session=False))
            self.cache.put((browser_id, row.version), state)
        return advice

    # ------------------------------------------------------------------ commands

    def act(self, browser_id: str, action: Action | dict, if_match: int | None = None,
            frames: bool = False) -> Outcome:
        """A move of the person's (reveal, draw, swap, reject, skip, knock, next hole)."""
        if isinstance(action, dict):
            try:
                action = action_from_json(action)
            except MalformedAction as error:
                raise Invalid(str(error)) from None

        def move(db, row, state):
            self._refuse_if_paused(row)
            if isinstance(action, (Reveal, Swap)) and not 0 <= action.position < state.rules.cells:
                raise Invalid(f"There is no position {action.position}: positions run from 0 to {state.rules.cells - 1}.")
            try:
                events = state.apply(PERSON, action)
            except IllegalAction as error:
                raise Conflict(str(error)) from None
            if not isinstance(action, NextHole):
                row.actions_taken += 1
            # The person's own move is not news to them; what it set off (a reshuffle,
            # the hole closing and being scored) is.
            return [e for e in events if e.get("seat") != PERSON or e["action"] == "closing"]

        return self._run(browser_id, if_match, move, frames=frames)

    def undo(self, browser_id: str, if_match: int | None = None) -> Outcome:
        def take_back(db, row, state):
            self._refuse_if_paused(row)
            if state.is_over:
                raise Conflict("The match is over: there is nothing left to undo.")
            shorter = undo_log(state.log, PERSON)
            if shorter is None:
                raise Conflict("There is nothing to undo yet.")
            return replay(self._engine_seed(row.seed), state.rules, shorter)

        return self._run(browser_id, if_match, take_back)

    def pause(self, browser_id: str, if_match: int | None = None, at: int | None = None) -> Outcome:
        """Stop play and the clock (``at``: credit time only up to that moment)."""
        def stop(db, row, state):
            if row.paused:
                raise Conflict("The game is already paused.")
            if state.is_over:
                raise Conflict("The match is over: there is no clock to pause.")
            clock.stop(row, at if at is not None else self.now())
            row.paused = True
            return []

        return self._run(browser_id, if_match, stop)

    def resume(self, browser_id: str, if_match: int | None = None) -> Outcome:
        def go(db, row, state):
            if not row.paused:
                raise Conflict("The game is not paused.")
            clock.resume(row, self.now())
            return []

        return self._run(browser_id, if_match, go)

    def pause_if_away(self, browser_id: str) -> Outcome:
        """A person coming back to a match left running: show it paused, with the clock
        credited up to their last activity, so the time away is not counted."""
        def stop(db, row, state):
            if row.paused or state.is_over:
                return None
            if row.actions_taken == 0:
                clock.start(row, self.now())  # nothing played yet: start afresh
            else:
                clock.stop(row, row.last_active_ms)
                row.paused = True
            return []

        return self._run(browser_id, None, stop)

    def new_match(self, browser_id: str, seed: int | None = None, level: str | None = None,
                  rules: dict | None = None, if_match: int | None = None) -> Outcome:
        """A new sequence of deals; an unfinished match already begun counts as a loss."""
        if level is not None and level not in LEVELS:
            raise Invalid(f"unknown level {level!r}: choose easy, medium, hard or expert")
        if seed is not None and not 0 <= seed <= MAX_SEED:
            raise Invalid(f"a seed is a whole number from 0 to {MAX_SEED}")
        if rules is not None:
            try:
                rules_from_dict(rules)
            except RulesError as error:
                raise Invalid(f"these rules cannot be played: {error}") from None

        def deal(db, row, state):
            browser = ensure_browser(db, browser_id)
            preferences = dict(browser.preferences or {})
            chosen_level = level or preferences.get("level") or self.default_level
            chosen_rules = rules if rules is not None else preferences.get("rules")
            preferences.update(level=chosen_level, rules=chosen_rules)
            browser.preferences = preferences
            self._abandon(db, row, state)
            self._reset(row, seed if seed is not None else secrets.randbelow(MAX_SEED), chosen_level,
                        rules_from_dict(chosen_rules))
            return self._fresh_state(row)

        return self._run(browser_id, if_match, deal, allow_paused=False)

    def restart(self, browser_id: str, if_match: int | None = None) -> Outcome:
        """The same deals again from hole 1; an unfinished match already begun counts as a loss."""
        def again(db, row, state):
            self._abandon(db, row, state)
            self._reset(row, row.seed, row.level, state.rules)
            return self._fresh_state(row)

        return self._run(browser_id, if_match, again, allow_paused=False)

    # ------------------------------------------------------------------ the one loop

    def _run(self, browser_id: str, if_match: int | None, change, read_only: bool = False,
             allow_paused: bool = True, frames: bool = False) -> Outcome:
        """Load the match, apply ``change``, let the computers move, save, describe.

        ``change(db, row, state)`` returns the events of the person's move, or a new
        state to put in place (undo, a new deal), or None when there is nothing to save."""
        with transaction(self.sessions) as db:
            row = self._load_row(db, browser_id)
            if if_match is not None and if_match != row.version:
                raise Stale(STALE_MESSAGE)
            if not allow_paused:
                self._refuse_if_paused(row)
            state = self._state(row)
            now = self.now()
            result = change(db, row, state)
            if result is None or read_only:
                self.cache.put((browser_id, row.version), state)
                return Outcome(self._describe(row, state, [], now))
            if isinstance(result, GolfState):
                state, events = result, []
            else:
                players = state.rules.players
                events = [view_event(e, PERSON, players) for e in result]
            steps: list[tuple[list[dict], dict]] | None = [] if frames else None
            events += self._computers_move(row, state, steps)
            if state.is_over and not row.recorded:
                clock.stop(row, now)
                record_golf_result(db, row, state, clock.elapsed_seconds(row, now))
                row.recorded = True
            clock.touch(row, now)
            row.log = list(state.log)
            db.flush()  # raises StaleDataError if another request saved first
        self.cache.put((browser_id, row.version), state)
        return Outcome(self._describe(row, state, events, now), steps or [])

    def _computers_move(self, row: GolfMatch, state: GolfState, steps: list | None) -> list[dict]:
        """Every computer seat acts until the person is to act or the hole is over.

        With ``steps``, each computer action's events and the table as the person sees
        it afterwards are appended, for the page to show the turn step by step."""
        events: list[dict] = []
        players = state.rules.players
        while state.phase not in (Phase.HOLE_OVER, Phase.MATCH_OVER):
            seats = [seat for seat in state.to_act() if seat != PERSON]
            if not seats:
                break
            seat = seats[0]
            player = get_player(row.level, seed=self._engine_seed(row.seed) + len(state.log))
            try:
                action = action_from_json(player.choose(view(state, seat)))
                step = state.apply(seat, action)
            except (IllegalAction, MalformedAction):
                log.exception("computer player %s chose an illegal action; playing its first legal one", row.level)
                step = state.apply(seat, state.legal_actions(seat)[0])
            shown = [view_event(event, PERSON, players) for event in step]
            events += shown
            if steps is not None:
                steps.append((shown, view(state, PERSON)))
        return events

    # ------------------------------------------------------------------ helpers

    def _load_row(self, db: Session, browser_id: str) -> GolfMatch:
        row = db.get(GolfMatch, browser_id)
        if row is None:
            browser = ensure_browser(db, browser_id)
            preferences = browser.preferences or {}
            row = GolfMatch(browser_id=browser_id)
            try:
                rules = rules_from_dict(preferences.get("rules"))
            except RulesError:
                rules = RuleSet()
            self._reset(row, secrets.randbelow(MAX_SEED), preferences.get("level") or self.default_level, rules)
            state = self._fresh_state(row)
            self._computers_move(row, state, [])
            row.log = list(state.log)
            db.add(row)
            db.flush()
        return row

    def _reset(self, row: GolfMatch, seed: int, level: str, rules: RuleSet) -> None:
        row.seed, row.level, row.rules = seed, level, rules.model_dump()
        row.log, row.actions_taken, row.hints_used, row.recorded = [], 0, 0, False
        clock.start(row, self.now())

    def _fresh_state(self, row: GolfMatch) -> GolfState:
        return GolfState.new(self._engine_seed(row.seed), RuleSet(**row.rules))

    def _state(self, row: GolfMatch) -> GolfState:
        state = self.cache.take((row.browser_id, row.version))
        if state is None:
            state = replay(self._engine_seed(row.seed), RuleSet(**row.rules), row.log)
        return state

    def _engine_seed(self, seed: int) -> int:
        """The seed the deals come from: a keyed hash of the public one, so that a seed
        shown to players (and typed back for the same deals) never lets them work out
        the stock or a face-down card."""
        digest = hmac.new(self.deal_key, str(seed).encode(), hashlib.sha256).digest()
        return int.from_bytes(digest[:8], "big")

    def _abandon(self, db: Session, row: GolfMatch, state: GolfState) -> None:
        """Record a begun, unfinished match as a loss before it is replaced."""
        if row.actions_taken > 0 and not state.is_over and not row.recorded:
            now = self.now()
            clock.stop(row, now)
            record_golf_result(db, row, state, clock.elapsed_seconds(row, now), abandoned=True)
            row.recorded = True

    @staticmethod
    def _refuse_if_paused(row: GolfMatch) -> None:
        if row.paused:
            raise Conflict("The game is paused: resume it to play.")

    def _describe(self, row: GolfMatch, state: GolfState, events: list[dict], now: int) -> dict:
        """The API's match state."""
        seen = view(state, PERSON)
        return {
            "version": row.version,
            "seed": row.seed,
            "level": row.level,
            **seen,
            "paused": row.paused,
            "elapsed_seconds": clock.elapsed_seconds(row, now),
            "actions_taken": row.actions_taken,
            "hints_used": row.hints_used,
            "can_undo": not state.is_over and undo_log(state.log, PERSON) is not None,
            "events": events,
        }


@contextmanager
def transaction(sessions: sessionmaker[Session]) -> Iterator[Session]:
    """One transaction, committed at the end; a lost race or a storage failure becomes
    the service's refusal (nothing is saved in either case)."""
    try:
        with sessions.begin() as db:
            yield db
    except StaleDataError:
        raise Stale(STALE_MESSAGE) from None
    except OperationalError:
        log.exception("storage failed")
        raise Unavailable("The game's storage cannot be reached right now; nothing was changed. Try again in a moment.") from None
