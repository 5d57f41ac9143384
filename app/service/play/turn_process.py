"""The turns a timeout plays (a stand-in for a person out of time, then each computer
seat), and the Experts' choices of a move's turn, thought out in a process of their own.

Thirty tables of one person and seven Experts left to their turn timers keep a computer
thinking a few times a second; on a thread of the server it held the interpreter's lock
while the other tables' moves waited for it (``python -m bench.self_playing_tables``).
The turn is worked out from the table's rules, deal seed and log alone (a replay, then
the computer's steps), so the process needs nothing of the server's, and gives the
same moves as the server's own thread would.
"""

from __future__ import annotations

from app.golf.engine import GolfState, replay
from app.golf.phases import Phase
from app.golf.rules import RuleSet
from app.service.play.turns import Thought, computer_step, think_ahead
from app.service.worker_process import WorkerProcess, preload

preload(__name__)  # imported once, in the fork server

MAX_STEPS_A_TURN = 8  # a turn is at most draw, place, reveal; the opening at most three reveals


def computer_turn(state: GolfState, seat: int, level: str, seed: int) -> None:
    """``seat``'s whole turn (or its whole opening, not the turn after it) played on
    ``state`` by a computer player of ``level``."""
    opening = state.phase is Phase.OPENING
    for _ in range(MAX_STEPS_A_TURN):
        if seat not in state.to_act() or state.phase in (Phase.HOLE_OVER, Phase.MATCH_OVER):
            return
        if opening and state.phase is not Phase.OPENING:
            return  # the opening was out of time, not the first turn after it
        computer_step(state, seat, level, seed)


def _turn_entries(rules: dict, seed: int, log: tuple, seat: int, level: str) -> list[str]:
    state = replay(seed, RuleSet(**rules), list(log))
    computer_turn(state, seat, level, seed)
    return state.log[len(log) :]


class TurnProcess(WorkerProcess):
    """Plays :func:`computer_turn` in one process of its own; returns the log entries.
    And thinks out the Experts' choices of a move's turn (:meth:`think_ahead`)."""

    def turn(self, rules: dict, seed: int, log: tuple, seat: int, level: str) -> list[str]:
        return self.call(_turn_entries, rules, seed, log, seat, level)

    def think_ahead(self, state: GolfState, levels: dict[int, str], seed: int) -> Thought:
        """:func:`app.service.play.turns.think_ahead` in the process: the Experts of a move
        posted to the server think there, not on the thread serving it, so the other
        requests are not kept from the interpreter meanwhile."""
        return self.call(think_ahead, state, levels, seed)
