"""The one loop every Golf game goes through: load, apply, let the computers move, save.

A match against the computer and a table of people share it: a call reads the stored
row, refuses it if the caller acted on an older version, applies the change, lets every
computer seat act until a person is to act (or the hole is over), settles what the end
of a match brings, and writes the row back naming the version it read. Two calls racing
from the same version cannot both write: the second gets :class:`Stale`.

The computer is asked for its move in one place, :func:`computer_choice`. A level that
thinks at length (:data:`app.players.THINKING_LEVELS`, the Expert) is never asked inside
the transaction: SQLite has one writer, and seven Experts thinking out their turns (half
a second) held every other game's move behind it. The transaction is given up when one
is about to think (nothing was written), the computers' turns are thought out on a copy
of the state outside it, and the transaction is made again with those choices ready.
The server has that thinking done in a process of its own
(:meth:`app.service.play.turn_process.TurnProcess.think_ahead`): on a thread of the server it
held the interpreter's lock, and every other request waited for it meanwhile.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection, Engine

from app.golf.actions import PLACED, Action, MalformedAction, action_from_json
from app.golf.engine import GolfState
from app.golf.events import Event, EventKind
from app.golf.phases import Phase
from app.golf.view import view
from app.players import THINKING_LEVELS, get_player
from app.players.fallback import choose_safely
from app.service.common import STALE_MESSAGE, in_transaction
from app.service.errors import Invalid, Stale
from app.store.tables import TableRecord

# change(connection, record, state) -> the engine events of the caller's move, or a new
# state to put in place (undo, a new deal), or None when there is nothing to save.
Change = Callable[[Connection, TableRecord, GolfState], "list[Event] | GolfState | None"]


def action_of(action: Action | dict) -> Action:
    """An action as the engine takes it: ``action``, or read from the API's JSON (refused
    as :class:`Invalid` with the reader's sentence when malformed)."""
    if not isinstance(action, dict):
        return action
    try:
        return action_from_json(action)
    except MalformedAction as error:
        raise Invalid(str(error)) from None


def check_position(action: Action, cells: int) -> None:
    """Refuse a reveal, swap or flip that names no place of a grid of ``cells`` cards."""
    if isinstance(action, PLACED) and not 0 <= action.position < cells:
        raise Invalid(f"There is no position {action.position}: positions run from 0 to {cells - 1}.")


def deal_seed(deal_key: bytes, seed: int) -> int:
    """The seed the deals come from: a keyed hash of the public one, so that a seed
    shown to players (and typed back for the same deals) never lets them work out
    the stock or a face-down card."""
    digest = hmac.new(deal_key, str(seed).encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big")


def told(events: list[Event], seat: int | None) -> list[Event]:
    """The events ``seat`` is told of: its own moves are not news to it, what they set
    off (a reshuffle, the hole closing and being scored) is. A spectator (None) is told all."""
    return [e for e in events if seat is None or e.seat != seat or e.kind is EventKind.CLOSING]


def computer_choice(state: GolfState, seat: int, level: str, seed: int) -> dict:
    """The move ``seat``'s computer player (of ``level``) chooses from its own view.

    Seeded by the match and the moment (``seed`` plus the log's length), so the same
    position always gets the same answer."""
    player = get_player(level, seed=seed + len(state.log))
    # A player's fault is logged and replaced by a simple legal move: never a person's
    # problem. (The seed is the deals' secret one, so the log names the moment instead.)
    return choose_safely(
        player.choose, view(state, seat), f"computer at seat {seat}, level {level}, action {len(state.log)}"
    )


def computer_step(state: GolfState, seat: int, level: str, seed: int) -> list[Event]:
    """``seat``'s computer player (of ``level``) makes one move."""
    return state.apply(seat, action_from_json(computer_choice(state, seat, level, seed)))


# The computers' choices thought out before a transaction, by position: the deals' seed,
# the rules, the seat, its level and the whole log (the same position, the same answer).
Thought = dict[tuple, dict]
THINK_FIRST_ROUNDS = 3  # transactions given up to think outside, before one thinks inside


# think(state, levels by seat, seed) -> the thinking levels' choices from ``state`` on,
# until a person is to act: on this thread (think_ahead), or in a process of its own
# (app.service.play.turn_process.TurnProcess.think_ahead, the server's).
Thinker = Callable[[GolfState, dict[int, str], int], Thought]


def think_ahead(state: GolfState, levels: dict[int, str], seed: int) -> Thought:
    """The choices of the computers of ``levels`` (seat -> level) from ``state`` on, each
    made where it is reached, until a person is to act or the hole is over. ``state`` is
    played on: give a copy."""
    thought: Thought = {}
    computers_move(state, levels.get, seed, thought=thought)
    return thought


class _ThinkFirst(Exception):
    """A computer of a level that thinks at length is to choose inside the transaction:
    it is given up, to think outside it from ``state`` (a copy) on."""

    def __init__(self, state: GolfState, level_of: Callable[[int], str | None], seed: int):
        super().__init__("a computer thinks before the transaction")
        self.state, self.level_of, self.seed = state, level_of, seed


def computers_move(
    state: GolfState,
    level_of: Callable[[int], str | None],
    seed: int,
    on_step: Callable[[GolfState, list[Event]], None] | None = None,
    thought: Thought | None = None,
    think_at_length: bool = True,
) -> list[Event]:
    """Every computer seat (those ``level_of`` gives a level) acts until a person is to
    act or the hole is over; returns the engine events, in order. ``on_step`` hears each
    computer action's events as it is made (the page shows a turn step by step).

    ``thought``: the choices of the levels of :data:`~app.players.THINKING_LEVELS`
    already made, used where the position is the same, and every new one added; without
    ``think_at_length`` such a level with no choice there raises :class:`_ThinkFirst`."""
    events: list[Event] = []
    while state.phase not in (Phase.HOLE_OVER, Phase.MATCH_OVER):
        computers = [(seat, level) for seat in state.to_act() if (level := level_of(seat)) is not None]
        if not computers:
            break
        seat, level = computers[0]
        if thought is None or level not in THINKING_LEVELS:
            step = computer_step(state, seat, level, seed)  # quick: thought where it is played
        else:
            position = (seed, state.rules, seat, level, tuple(state.log))
            choice = thought.get(position)
            if choice is None:
                if not think_at_length:
                    raise _ThinkFirst(state.clone(), level_of, seed)
                choice = thought[position] = computer_choice(state, seat, level, seed)
            step = state.apply(seat, action_from_json(choice))
        events += step
        if on_step is not None:
            on_step(state, step)
    return events


def run_turn(
    engine: Engine,
    load: Callable[[Connection], tuple[Any, GolfState]],
    if_match: int | None,
    change: Change,
    *,
    level_of: Callable[[Any], Callable[[int], str | None]],
    seed_of: Callable[[Any], int],
    settle: Callable[[Connection, Any, GolfState], None],
    save: Callable[[Connection, Any, int], None],
    on_step: Callable[[GolfState, list[Event]], None] | None = None,
    think: Thinker = think_ahead,
) -> tuple[Any, GolfState, list[Event] | None]:
    """One transaction: load ``(record, state)``, check ``if_match``, apply ``change``,
    let the computers move, ``settle`` (results at the end of a match), ``save`` over
    the version read. Returns the record, the state and the engine events since the
    caller's move began (None when ``change`` saved nothing). ``on_step`` hears the
    caller's move and then each computer action, each with the state just after it.

    A computer of a level that thinks at length thinks outside the transaction (see the
    module's words): the transaction is made again, up to :data:`THINK_FIRST_ROUNDS`
    times, each time with more of the computers' choices ready; should the table keep
    changing under it meanwhile, the last one thinks inside, as a computer of any other
    level does. ``think`` does that thinking outside (on this thread unless told where)."""
    thought: Thought = {}
    think_at_length = False

    def work(connection: Connection):
        record, state = load(connection)
        read_version = record.version
        if if_match is not None and if_match != read_version:
            raise Stale(STALE_MESSAGE)
        result = change(connection, record, state)
        if result is None:
            return record, state, None
        if isinstance(result, GolfState):
            state, events = result, []
        else:
            events = list(result)
            if on_step is not None:
                on_step(state, events)
        events += computers_move(state, level_of(record), seed_of(record), on_step, thought, think_at_length)
        settle(connection, record, state)
        record.log = list(state.log)
        save(connection, record, read_version)
        return record, state, events

    for _ in range(THINK_FIRST_ROUNDS):
        try:
            return in_transaction(engine, work)
        except _ThinkFirst as waiting:
            seats = range(waiting.state.rules.players)
            levels = {seat: level for seat in seats if (level := waiting.level_of(seat)) is not None}
            thought.update(think(waiting.state, levels, waiting.seed))
    think_at_length = True
    return in_transaction(engine, work)
