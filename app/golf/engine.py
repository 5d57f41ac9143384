"""The draw-and-discard Golf engine: the whole state of a match and the moves that change it.

A match is ``(seed, rules, log)``. :meth:`GolfState.new` deals the first hole from the
seed; :meth:`GolfState.apply` validates one seat's action with
:meth:`GolfState.allows` (the single source of truth, which
:meth:`GolfState.legal_actions` lists) and then changes the state
in place, returning the events it caused. An illegal action raises
:class:`IllegalAction` with a sentence a person understands and changes nothing.

Deals and reshuffles draw from generators seeded by the match seed, the hole and the
reshuffle count, so replaying a log (:func:`replay`) always gives the same state,
Restart repeats the same deals, and Undo is a replay of a shorter log.

The state holds every card, hidden ones included: nothing outside the engine reads it
directly; :mod:`app.golf.view` gives each seat what it may see.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from enum import Enum

from app.cards import new_deck
from app.golf.actions import (
    DRAW_DISCARD,
    DRAW_STOCK,
    KNOCK,
    NEXT_HOLE,
    REJECT,
    REVEALS,
    SKIP,
    SWAPS,
    Action,
    Draw,
    Knock,
    NextHole,
    Reject,
    Reveal,
    Skip,
    Swap,
    actions_by,
    log_entry,
    parse_log_entry,
)
from app.golf.events import Event, EventKind
from app.golf.rules import RuleSet
from app.golf.scoring import apply_going_out_penalty, score_grid


class Phase(str, Enum):
    OPENING = "opening"  # players turn up their opening cards, in any order
    DRAW = "draw"  # the player to move takes a card (or knocks)
    PLACE = "place"  # the player to move holds a card: swap it in, or throw a stock card away
    FLIP = "flip"  # the player threw a stock card away and reveals a card
    HOLE_OVER = "hole_over"  # every card is up and the hole is scored
    MATCH_OVER = "match_over"


class IllegalAction(ValueError):
    """An action the rules do not allow now. The state is unchanged."""


def deal_rng(seed: int, hole: int, reshuffle: int) -> random.Random:
    """The generator for one shuffle: the deal of a hole is reshuffle 0."""
    return random.Random(f"golf:{seed}:{hole}:{reshuffle}")


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
    turns: list[int]  # per seat, turns begun this hole (a draw or a knock begins one)
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
        state._deal(1)
        return state

    def _deal(self, hole: int, deck: list[str] | None = None) -> None:
        """Deal ``hole``: shuffle the deck(s), six (or so) cards each, one discard, the rest stock.

        ``deck`` stacks the cards for tests: the last card is dealt first, as from a
        face-down pile; the public API never passes one."""
        rules = self.rules
        if deck is None:
            deck = new_deck(rules.deck_count, rules.jokers)
            deal_rng(self.seed, hole, 0).shuffle(deck)
        else:
            deck = list(deck)
        cells, players = rules.cells, rules.players
        self.hole = hole
        self.grids = [[deck.pop() for _ in range(cells)] for _ in range(players)]
        self.face_up = [[False] * cells for _ in range(players)]
        self.peeked = [set(rules.near_row) if rules.peek_near_row else set() for _ in range(players)]
        self.discard = [deck.pop()]
        self.stock = deck
        self.held = self.held_source = None
        self.closed_by = None
        self.final_turns = []
        self.reshuffles = 0
        self.opening_left = [rules.opening_reveals] * players
        self.turns = [0] * players
        self.turn = None
        self.phase = Phase.OPENING
        if rules.opening_reveals == 0:
            self._start_play()

    @classmethod
    def from_deal(
        cls,
        rules: RuleSet,
        grids: list[list[str]],
        discard: list[str],
        stock: list[str],
        seed: int = 0,
        hole: int = 1,
    ) -> GolfState:
        """A hole dealt from chosen cards, for tests and worked examples (never the API).

        ``grids`` are row-major per seat, ``discard`` bottom to top, ``stock`` in the
        order it will be drawn (the next card first). Later holes and reshuffles still
        come from ``seed``."""
        state = cls.__new__(cls)
        state.rules, state.seed, state.log = rules, seed, []
        state.actions = [0] * rules.players
        state.hole_scores = [[0] * rules.players for _ in range(hole - 1)]
        # _deal pops from the end: lay the cards out in reverse of the order they are dealt.
        deck = list(reversed(stock)) + [discard[0]] + [card for grid in reversed(grids) for card in reversed(grid)]
        state._deal(hole, deck)
        state.discard = list(discard)
        return state

    @classmethod
    def in_play(
        cls,
        rules: RuleSet,
        *,
        seed: int,
        hole: int,
        phase: Phase,
        turn: int,
        grids: list[list[str]],
        face_up: list[list[bool]],
        peeked: list[set[int]],
        stock: list[str],
        discard: list[str],
        held: str | None = None,
        held_source: str | None = None,
        closed_by: int | None = None,
        final_turns: list[int] | None = None,
    ) -> GolfState:
        """A hole in play, its opening over, laid out from given cards: the position a
        player imagines when it deals the cards it has not seen at random and plays the
        hole out (:func:`app.players.rollout.determinize`); never the API. ``seed`` draws
        the reshuffles of the rest of the hole; no hole has been scored and the log is empty."""
        state = cls.__new__(cls)
        state.rules, state.seed, state.hole, state.phase, state.turn = rules, seed, hole, phase, turn
        state.grids, state.face_up, state.peeked = grids, face_up, peeked
        state.opening_left = [0] * rules.players
        state.stock, state.discard = stock, discard
        state.held, state.held_source = held, held_source
        state.closed_by, state.final_turns = closed_by, final_turns or []
        state.reshuffles = 0
        state.hole_scores = []
        state.log = []
        state.turns = [0] * rules.players
        state.actions = [0] * rules.players
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

    def snapshot(self) -> dict:
        """Everything but the rules and the log, as JSON: kept beside the log, so that a
        state is had again (:meth:`restore`) without replaying the match from its deal.
        It holds every hidden card: it never leaves the server. A copy: the state may
        go on changing."""
        return {
            "seed": self.seed,
            "hole": self.hole,
            "phase": self.phase.value,
            "turn": self.turn,
            "grids": [list(g) for g in self.grids],
            "face_up": [list(f) for f in self.face_up],
            "peeked": [sorted(p) for p in self.peeked],
            "opening_left": list(self.opening_left),
            "stock": list(self.stock),
            "discard": list(self.discard),
            "held": self.held,
            "held_source": self.held_source,
            "closed_by": self.closed_by,
            "final_turns": list(self.final_turns),
            "reshuffles": self.reshuffles,
            "hole_scores": [list(s) for s in self.hole_scores],
            "turns": list(self.turns),
            "actions": list(self.actions),
        }

    @classmethod
    def restore(cls, rules: RuleSet, snapshot: dict, log: list[str]) -> GolfState:
        """The state a :meth:`snapshot` was taken of, ``log`` being the log it had then.

        >>> state = GolfState.new(7)
        >>> state.apply(0, Reveal(0)) and None
        >>> GolfState.restore(state.rules, state.snapshot(), state.log) == state
        True
        """
        state = cls.__new__(cls)
        state.rules, state.seed, state.hole = rules, snapshot["seed"], snapshot["hole"]
        state.phase, state.turn = Phase(snapshot["phase"]), snapshot["turn"]
        state.grids = [list(grid) for grid in snapshot["grids"]]
        state.face_up = [list(row) for row in snapshot["face_up"]]
        state.peeked = [set(p) for p in snapshot["peeked"]]
        state.opening_left = list(snapshot["opening_left"])
        state.stock, state.discard = list(snapshot["stock"]), list(snapshot["discard"])
        state.held, state.held_source, state.closed_by = (
            snapshot["held"],
            snapshot["held_source"],
            snapshot["closed_by"],
        )
        state.final_turns, state.reshuffles = list(snapshot["final_turns"]), snapshot["reshuffles"]
        state.hole_scores = [list(scores) for scores in snapshot["hole_scores"]]
        state.turns = list(snapshot["turns"])
        state.log = list(log)
        # Snapshots stored before the count was kept: counted from the log once.
        actions = snapshot.get("actions")
        state.actions = list(actions) if actions is not None else [actions_by(log, s) for s in range(rules.players)]
        return state

    # ----------------------------------------------------------------- reading

    @property
    def first_player(self) -> int:
        """Who moves first this hole: the deal passes round, seat 0 first on hole 1."""
        return (self.hole - 1) % self.rules.players

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
            return type(action) is Knock and self.rules.ending == "knock" and self.closed_by is None
        if phase is Phase.PLACE:
            if type(action) is Swap:
                return type(action.position) is int and 0 <= action.position < self.rules.cells
            return type(action) is Reject and self.held_source == "stock"
        if phase is Phase.FLIP:
            if type(action) is Reveal:
                return self._face_down(seat, action.position)
            return type(action) is Skip and self.rules.flip_after_reject == "may"
        return False

    def _face_down(self, seat: int, position: int) -> bool:
        return type(position) is int and 0 <= position < self.rules.cells and not self.face_up[seat][position]

    # ----------------------------------------------------------------- changing

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply ``seat``'s action; return the events it caused, its own move first."""
        if not self.allows(seat, action):
            raise IllegalAction(self._why_illegal(seat, action))
        self.log.append(log_entry(seat, action))
        self.actions[seat] += 1
        events: list[Event] = []
        if isinstance(action, Reveal):
            card = self._turn_up(seat, action.position)
            events.append(Event(EventKind.REVEAL, seat, position=action.position, card=card))
            if self.phase is Phase.OPENING:
                self.opening_left[seat] -= 1
                if not any(self.opening_left):
                    self._start_play()
            else:
                self._end_turn(seat, events)
        elif isinstance(action, Draw):
            self.turns[seat] += 1
            self._draw(seat, action.source, events)
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
            self._end_turn(seat, events)
        elif isinstance(action, Reject):
            assert self.held is not None, "a card is thrown away only when one is held"
            card = self.held
            self.discard.append(card)
            self.held = self.held_source = None
            events.append(Event(EventKind.REJECT, seat, card=card))
            if self.rules.flip_after_reject != "never" and not all(self.face_up[seat]):
                self.phase = Phase.FLIP
            else:
                self._end_turn(seat, events)
        elif isinstance(action, Skip):
            events.append(Event(EventKind.SKIP, seat))
            self._end_turn(seat, events)
        elif isinstance(action, Knock):
            self.turns[seat] += 1
            events.append(Event(EventKind.KNOCK, seat))
            self._close(seat, events)
            if self.phase is not Phase.HOLE_OVER and self.phase is not Phase.MATCH_OVER:
                self._next_turn(seat)
        elif isinstance(action, NextHole):
            self._deal(self.hole + 1)
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
                self._reshuffle(events)
            self.held = self.stock.pop()
            events.append(Event(EventKind.DRAW, seat, source="stock"))
        self.held_source = source
        self.phase = Phase.PLACE

    def _reshuffle(self, events: list[Event]) -> None:
        """Shuffle every discard but the top one into a new stock."""
        self.reshuffles += 1
        top = self.discard.pop()
        self.stock, self.discard = self.discard, [top]
        deal_rng(self.seed, self.hole, self.reshuffles).shuffle(self.stock)
        events.append(Event(EventKind.RESHUFFLE, stock_count=len(self.stock)))

    def _start_play(self) -> None:
        self.phase = Phase.DRAW
        self.turn = self.first_player

    def _end_turn(self, seat: int, events: list[Event]) -> None:
        if self.closed_by is not None:
            if seat in self.final_turns:
                self.final_turns.remove(seat)
            if not self.final_turns:
                self._score_hole(events)
                return
        elif self.rules.ending == "all_face_up" and all(self.face_up[seat]):
            self._close(seat, events)
            if self.phase in (Phase.HOLE_OVER, Phase.MATCH_OVER):
                return
        self._next_turn(seat)

    def _close(self, seat: int, events: list[Event]) -> None:
        """``seat`` went out (or knocked): the others take their final turn, or the hole ends."""
        self.closed_by = seat
        events.append(Event(EventKind.CLOSING, seat))
        players = self.rules.players
        self.final_turns = [(seat + i) % players for i in range(1, players)] if self.rules.final_turn else []
        if not self.final_turns:
            self._score_hole(events)

    def _next_turn(self, seat: int) -> None:
        self.turn = (seat + 1) % self.rules.players
        self.phase = Phase.DRAW

    def _score_hole(self, events: list[Event]) -> None:
        for face_up in self.face_up:
            face_up[:] = [True] * len(face_up)
        events.append(Event(EventKind.REVEAL_ALL))
        scores = [score_grid(grid, self.rules) for grid in self.grids]
        scores = apply_going_out_penalty(scores, self.closed_by, self.rules)
        self.hole_scores.append(scores)
        self.turn = None
        self.phase = Phase.MATCH_OVER if self.hole >= self.rules.holes else Phase.HOLE_OVER
        events.append(Event(EventKind.HOLE_SCORED, hole=self.hole, scores=tuple(scores)))

    # ----------------------------------------------------------------- explaining

    def _why_illegal(self, seat: int, action: Action) -> str:
        """A sentence for a person saying why ``action`` is refused now."""
        if not 0 <= seat < self.rules.players:
            return f"There is no seat {seat} at this table."
        phase = self.phase
        if isinstance(action, (Reveal, Swap)) and not 0 <= action.position < self.rules.cells:
            return f"There is no position {action.position}: positions run from 0 to {self.rules.cells - 1}."
        if phase is Phase.MATCH_OVER:
            return "The match is over: start a new game or restart the match."
        if phase is Phase.HOLE_OVER:
            return "The hole is over: deal the next hole."
        if isinstance(action, NextHole):
            return "The hole is still being played."
        if phase is Phase.OPENING:
            if not self.opening_left[seat]:
                return "You have revealed your opening cards; the others are still choosing theirs."
            if isinstance(action, Reveal):
                return "That card is already face up: choose a face-down card."
            return f"First reveal {self.opening_left[seat]} of your face-down cards."
        if seat != self.turn:
            return "It is not your turn."
        if isinstance(action, Knock):
            if self.rules.ending != "knock":
                return "Knocking is not part of these rules."
            if phase is Phase.DRAW:
                return "The hole is already closing: take your final turn."
            return "You can knock only at the start of your turn, instead of drawing."
        if phase is Phase.DRAW:
            if isinstance(action, Draw):
                return "The stock is empty and there are no discards under the top card to shuffle into a new one."
            return "Draw a card first, from the stock or the discard pile."
        if phase is Phase.PLACE:
            if isinstance(action, Reject):
                return "A card taken from the discard pile must be swapped into your grid."
            if isinstance(action, Draw):
                return "You already hold a card: swap it into your grid or throw it away."
            return "You hold a card: swap it into your grid or throw it away."
        if phase is Phase.FLIP:
            if isinstance(action, Reveal):
                return "That card is already face up: choose a face-down card."
            if isinstance(action, Skip):
                return "You must reveal one of your face-down cards."
            return "Reveal one of your face-down cards to finish your turn."
        return "That move is not allowed now."


def replay(seed: int, rules: RuleSet, log: Iterable[str]) -> GolfState:
    """The state after applying a logged match from its deal; raises if the log is not legal."""
    state = GolfState.new(seed, rules)
    for entry in log:
        seat, action = parse_log_entry(entry)
        state.apply(seat, action)
    return state
