"""The person's play in their match against the computer: a move (:meth:`MatchPlay.act`),
taking back their last action and the computer's replies to it (:meth:`MatchPlay.undo`),
the strongest computer player's advice (:meth:`MatchPlay.hint`), and the match paused and
resumed with its clock.

:class:`MatchPlay` is the part of :class:`app.service.play.match.GolfService` that plays
them: each goes through the service's one loop (``_run``), but the hint, which is
counted in a transaction of its own and thought out once that is committed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from sqlalchemy import Connection, Engine

from app.golf.actions import Action, NextHole, parse_log_entry
from app.golf.engine import GolfState, IllegalAction, replay
from app.golf.phases import Phase
from app.golf.undo import undo_log
from app.golf.view import view
from app.players import hint as expert_hint
from app.players.fallback import hint_safely
from app.service import clock
from app.service.common import StateCache, in_transaction
from app.service.errors import Conflict
from app.service.play.match_state import Outcome
from app.service.play.table_record import PERSON, hand_device, pass_to, passes_device, seat_shown
from app.service.play.turns import Change, action_of, check_position
from app.store import tables as table_store
from app.store.tables import TableRecord

if TYPE_CHECKING:
    pass


class MatchPlay:
    """The person's moves, undo, hint and pause (a mixin of
    :class:`app.service.play.match.GolfService`, whose loop and state it uses)."""

    if TYPE_CHECKING:  # what the service gives it
        engine: Engine
        now: Callable[[], int]
        cache: StateCache

        def _run(
            self,
            browser_id: str,
            if_match: int | None,
            change: Change,
            frames: bool = False,
        ) -> Outcome: ...

        def _load_or_deal(self, connection: Connection, browser_id: str) -> TableRecord: ...

        def _state(self, record: TableRecord) -> GolfState: ...

        @staticmethod
        def _key(record: TableRecord) -> tuple: ...

        def _engine_seed(self, seed: int) -> int: ...

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
            self._refuse_if_shared(record, "Hint")
            if state.phase in (Phase.HOLE_OVER, Phase.MATCH_OVER) or PERSON not in state.to_act():
                raise Conflict("There is no move of yours to advise on right now.")
            table_store.count_match_hint(connection, browser_id)
            return seen, moment

        # The Expert thinks once the hint is counted, outside the transaction: SQLite's one
        # writer is not held meanwhile. (Its fault gives a simple legal move: it is counted.)
        seen, moment = in_transaction(self.engine, count)
        return hint_safely(expert_hint, seen, moment)

    def act(self, browser_id: str, action: Action | dict, if_match: int | None = None, frames: bool = False) -> Outcome:
        """A move of the person's (reveal, draw, swap, reject, skip, knock, next hole)."""
        action = action_of(action)
        movers: list[int] = []

        def move(connection, record, state):
            self._refuse_if_paused(record)
            self._refuse_if_passing(record, state)
            check_position(action, state.rules.cells)
            movers[:] = [seat_shown(record, state)]
            try:
                events = state.apply(movers[0], action)
            except IllegalAction as error:
                raise Conflict(str(error)) from None
            if not isinstance(action, NextHole):
                record.actions_taken += 1
                clock.run_on_move(record, self.now())
            return events

        outcome = self._run(browser_id, if_match, move, frames=frames)
        outcome.mover = movers[0] if movers else None
        return outcome

    def undo(self, browser_id: str, if_match: int | None = None) -> Outcome:
        """Back to before the person's last action, the computer's replies to it too."""
        undone: list[tuple[int, dict]] = []

        def take_back(connection, record, state):
            self._refuse_if_paused(record)
            self._refuse_if_counted(record, "Undo")
            self._refuse_if_shared(record, "Undo")
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

    def open_pass(self, browser_id: str, if_match: int | None = None) -> Outcome:
        """Pass and play: the person the device was passed to opens their pass screen, and
        the match is shown from their seat, their own cards and moves with it."""

        def take_device(connection, record, state):
            self._refuse_if_paused(record)
            seat = pass_to(record, state)
            if seat is None:
                raise Conflict("There is no pass screen to open: the table is already shown to the person to play.")
            hand_device(record, seat)
            return []

        return self._run(browser_id, if_match, take_device)

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

    @staticmethod
    def _refuse_if_paused(record: TableRecord) -> None:
        if record.paused:
            raise Conflict("The game is paused: resume it to play.")

    @staticmethod
    def _refuse_if_passing(record: TableRecord, state: GolfState) -> None:
        seat = pass_to(record, state)
        if seat is not None:
            name = record.seats[seat].name
            raise Conflict(f"Pass the device to {name}: the table is shown to {name} once they open it.")

    @staticmethod
    def _refuse_if_shared(record: TableRecord, what: str) -> None:
        # Among people a move the others have seen stays made, and nobody is advised: as
        # at a table of people.
        if passes_device(record):
            raise Conflict(f"{what} is off when people share the device: play is as at a table of people.")

    @staticmethod
    def _refuse_if_counted(record: TableRecord, what: str) -> None:
        if record.daily and not record.practice:
            raise Conflict(f"{what} is off in today's counted daily deal: everyone plays it alike.")
