"""The draw-and-discard Golf engine: the whole state of a match and the moves that change it.

A match is ``(seed, rules, log)``. :meth:`GolfState.new` deals the first hole from the
seed; :meth:`GolfState.apply` validates one seat's action with
:meth:`GolfState.allows` (the single source of truth, which
:meth:`GolfState.legal_actions` lists) and then changes the state
in place, returning the events it caused. An illegal action raises
:class:`IllegalAction` with a sentence a person understands and changes nothing.

:func:`replay` plays a logged match from its deal: the deals are seeded, so a replay
always gives the same state, Restart repeats the same deals, and Undo is a replay of a
shorter log.

This module is the engine's face: the state, what may be done in it, and what each move
does to the cards. The parts that are a concern of their own live beside it: the deals
and reshuffles (:mod:`app.golf.dealing`), the phases of a hole and the passing of turns
(:mod:`app.golf.phases`), the words of a refusal (:mod:`app.golf.refusals`), the stored
form of a state (:mod:`app.golf.snapshots`) and holes laid out from chosen cards, for
tests and search (:mod:`app.golf.layouts`).

The state holds every card, hidden ones included: nothing outside the engine reads it
directly; :mod:`app.golf.view` gives each seat what it may see.
"""

from __future__ import annotations

from collections.abc import Iterable

from app.golf.actions import (
    DRAW_DISCARD,
    DRAW_STOCK,
    FLIPS,
    KNOCK,
    NEXT_HOLE,
    REJECT,
    REVEALS,
    SKIP,
    SWAPS,
    Action,
    Draw,
    Flip,
    Knock,
    NextHole,
    Reject,
    Reveal,
    Skip,
    Swap,
    log_entry,
    parse_log_entry,
)
from app.golf.dealing import deal_hole, reshuffle
from app.golf.events import Event, EventKind
from app.golf.phases import Phase, close, end_turn, first_to_move, next_turn, start_play
from app.golf.refusals import refusal
from app.golf.rules import RuleSet


class IllegalAction(ValueError):
    """An action the rules do not allow now. The state is unchanged."""


class GolfState:
    """Everything about a match in progress. Mutable; copy with :meth:`clone`."""

    __slots__ = (
        "rules",
        "seed",
        "hole",
        "phase",
        "turn",
        "grids",
        "face_up",
        "peeked",
        "opening_left",
        "stock",
        "discard",
        "held",
        "held_source",
        "closed_by",
        "final_turns",
        "reshuffles",
        "hole_scores",
        "log",
        "turns",
        "actions",
    )

    rules: RuleSet
    seed: int
    hole: int  # 1-based
    phase: Phase
    turn: int | None  # the seat to move, None in the opening and after the hole
    grids: list[list[str]]  # per seat, row-major card codes
    face_up: list[list[bool]]
    peeked: list[set[int]]  # positions whose face-down card the owner has looked at
    opening_left: list[int]  # opening reveals each seat still owes
    stock: list[str]  # the top card is the last
    discard: list[str]  # the top card is the last
    held: str | None
    held_source: str | None  # "stock" or "discard"
    closed_by: int | None  # the seat that went out or knocked
    final_turns: list[int]  # seats still owed their final turn, in order
    reshuffles: int  # reshuffles so far this hole
    hole_scores: list[list[int]]  # per completed hole, per seat
    log: list[str]  # every applied action, as "<seat><code>"
    turns: list[int]  # per seat, turns begun this hole (a draw, a knock or a flip as a turn begins one)
    actions: list[int]  # per seat, the log's entries that are its own (its actions this match)

    # ----------------------------------------------------------------- creation

    @classmethod
    def new(cls, seed: int, rules: RuleSet | None = None) -> GolfState:
        """A match whose first hole is dealt and waiting for the opening reveals."""
        state = cls.__new__(cls)
        state.rules = rules or RuleSet()
        state.seed = seed
        state.hole = 0
        state.hole_scores = []
        state.log = []
        state.actions = [0] * state.rules.players
        deal_hole(state, 1)
        return state

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GolfState):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.__slots__)

    # Defining __eq__ leaves __hash__ None: a state is mutable, never a key.

    def clone(self) -> GolfState:
        """An independent copy, for search."""
        other = GolfState.__new__(GolfState)
        other.rules, other.seed, other.hole, other.phase, other.turn = (
            self.rules,
            self.seed,
            self.hole,
            self.phase,
            self.turn,
        )
        other.grids = [list(g) for g in self.grids]
        other.face_up = [list(f) for f in self.face_up]
        other.peeked = [set(p) for p in self.peeked]
        other.opening_left = list(self.opening_left)
        other.stock, other.discard = list(self.stock), list(self.discard)
        other.held, other.held_source, other.closed_by = self.held, self.held_source, self.closed_by
        other.final_turns, other.reshuffles = list(self.final_turns), self.reshuffles
        other.hole_scores = [list(s) for s in self.hole_scores]
        other.log = list(self.log)
        other.turns = list(self.turns)
        other.actions = list(self.actions)
        return other

    # ----------------------------------------------------------------- reading

    @property
    def first_player(self) -> int:
        """Who moves first this hole: the deal passes round, seat 0 first on hole 1."""
        return first_to_move(self.hole, self.rules.players)

    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now (several only during the opening)."""
        if self.phase is Phase.OPENING:
            return tuple(seat for seat, left in enumerate(self.opening_left) if left)
        if self.turn is not None:
            return (self.turn,)
        return ()

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.MATCH_OVER

    def totals(self) -> list[int]:
        return [sum(scores[seat] for scores in self.hole_scores) for seat in range(self.rules.players)]

    def result(self, seat: int) -> str | None:
        """``"win"``, ``"loss"`` or ``"draw"`` for ``seat`` once the match is over: the lowest
        total wins, and a lowest total shared is a draw."""
        if not self.is_over:
            return None
        totals = self.totals()
        best = min(totals)
        if totals[seat] > best:
            return "loss"
        return "draw" if totals.count(best) > 1 else "win"

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (those :meth:`allows`), in the order of the
        moves of a turn; anything else is refused by :meth:`apply`."""
        cells = self.rules.cells
        candidates: tuple[Action, ...] = (
            *REVEALS[:cells],
            DRAW_STOCK,
            DRAW_DISCARD,
            KNOCK,
            *FLIPS[:cells],
            *SWAPS[:cells],
            REJECT,
            SKIP,
            NEXT_HOLE,
        )
        return [action for action in candidates if self.allows(seat, action)]

    def allows(self, seat: int, action: Action) -> bool:
        """Whether ``seat`` may take ``action`` now: the rules of what may be done when,
        checked for one action without listing them all (every move of every search and
        playout is checked, and building the list each time was a tenth of a playout's
        cost)."""
        if not 0 <= seat < self.rules.players:
            return False
        phase = self.phase
        if phase is Phase.HOLE_OVER:
            return type(action) is NextHole
        if phase is Phase.OPENING:
            return type(action) is Reveal and self.opening_left[seat] > 0 and self._face_down(seat, action.position)
        if seat != self.turn:
            return False
        if phase is Phase.DRAW:
            if type(action) is Draw:
                if action.source == "stock":
                    return bool(self.stock) or len(self.discard) > 1
                return action.source == "discard" and bool(self.discard)
            if type(action) is Flip:
                return self.rules.flip_as_action and self._face_down(seat, action.position)
            return type(action) is Knock and self.rules.ending == "knock" and self.closed_by is None
        if phase is Phase.PLACE:
            if type(action) is Swap:
                return type(action.position) is int and 0 <= action.position < self.rules.cells
            return type(action) is Reject and self.held_source == "stock"
        if phase is Phase.FLIP:
            if type(action) is Reveal:
                return self._face_down(seat, action.position)
            return type(action) is Skip and self.rules.optional_reveal
        return False

    def reveal_follows_reject(self, seat: int) -> bool:
        """Whether ``seat``, throwing a stock card away now, turns a card up after it (or,
        where that is optional, may): never without a face-down card; under the endgame
        rule only once some player has at most one face-down card left."""
        rule = self.rules.flip_after_reject
        if rule == "never" or all(self.face_up[seat]):
            return False
        return rule != "endgame" or any(up.count(False) <= 1 for up in self.face_up)

    def _face_down(self, seat: int, position: int) -> bool:
        return type(position) is int and 0 <= position < self.rules.cells and not self.face_up[seat][position]

    # ----------------------------------------------------------------- changing

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply ``seat``'s action; return the events it caused, its own move first."""
        if not self.allows(seat, action):
            raise IllegalAction(refusal(self, seat, action))
        self.log.append(log_entry(seat, action))
        self.actions[seat] += 1
        events: list[Event] = []
        if isinstance(action, Reveal):
            card = self._turn_up(seat, action.position)
            events.append(Event(EventKind.REVEAL, seat, position=action.position, card=card))
            if self.phase is Phase.OPENING:
                self.opening_left[seat] -= 1
                if not any(self.opening_left):
                    start_play(self)
            else:
                end_turn(self, seat, events)
        elif isinstance(action, Draw):
            self.turns[seat] += 1
            self._draw(seat, action.source, events)
        elif isinstance(action, Flip):
            self.turns[seat] += 1
            card = self._turn_up(seat, action.position)
            events.append(Event(EventKind.REVEAL, seat, position=action.position, card=card))
            end_turn(self, seat, events)
        elif isinstance(action, Swap):
            assert self.held is not None, "a swap is allowed only with a card held"
            position, card = action.position, self.held
            discarded = self.grids[seat][position]
            self.grids[seat][position] = card
            self.face_up[seat][position] = True
            self.peeked[seat].discard(position)
            self.discard.append(discarded)
            self.held = self.held_source = None
            events.append(Event(EventKind.SWAP, seat, position=position, card=card, discarded=discarded))
            end_turn(self, seat, events)
        elif isinstance(action, Reject):
            assert self.held is not None, "a card is thrown away only when one is held"
            card = self.held
            self.discard.append(card)
            self.held = self.held_source = None
            events.append(Event(EventKind.REJECT, seat, card=card))
            if self.reveal_follows_reject(seat):
                self.phase = Phase.FLIP
            else:
                end_turn(self, seat, events)
        elif isinstance(action, Skip):
            events.append(Event(EventKind.SKIP, seat))
            end_turn(self, seat, events)
        elif isinstance(action, Knock):
            self.turns[seat] += 1
            events.append(Event(EventKind.KNOCK, seat))
            close(self, seat, events)
            if self.phase is not Phase.HOLE_OVER and self.phase is not Phase.MATCH_OVER:
                next_turn(self, seat)
        elif isinstance(action, NextHole):
            deal_hole(self, self.hole + 1)
            events.append(Event(EventKind.DEAL, hole=self.hole))
        return events

    def _turn_up(self, seat: int, position: int) -> str:
        self.face_up[seat][position] = True
        return self.grids[seat][position]

    def _draw(self, seat: int, source: str, events: list[Event]) -> None:
        if source == "discard":
            self.held = self.discard.pop()
            events.append(Event(EventKind.DRAW, seat, source="discard", card=self.held))
        else:
            if not self.stock:
                reshuffle(self, events)
            self.held = self.stock.pop()
            events.append(Event(EventKind.DRAW, seat, source="stock"))
        self.held_source = source
        self.phase = Phase.PLACE


def replay(seed: int, rules: RuleSet, log: Iterable[str]) -> GolfState:
    """The state after applying a logged match from its deal; raises if the log is not legal."""
    state = GolfState.new(seed, rules)
    for entry in log:
        seat, action = parse_log_entry(entry)
        state.apply(seat, action)
    return state
