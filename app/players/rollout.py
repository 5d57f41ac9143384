"""Looking ahead by sampling: deal the unseen cards at random and play the hole out.

A view hides the face-down cards and the stock order. :func:`determinize` deals the cards
the viewer has not seen (:attr:`Table.unseen <app.players.knowledge.Table.unseen>`) at
random into those places and builds an engine state from them, so the engine itself
plays the sampled hole by its rules, whatever the rule set. The state is the player's own
guess, built from its view: nothing in it comes from the real match.

:func:`play_out` finishes a sampled hole quickly with :class:`QuickPolicy`, a lean column-
aware player that, like a person, looks only at the cards its seat could know (face up,
or peeked): a playout where the players saw the sampled face-down cards would value
every plan as if it knew them.
"""

from __future__ import annotations

import random

from app.golf.actions import DRAW_DISCARD, DRAW_STOCK, KNOCK, REJECT, REVEALS, SKIP, SWAPS
from app.golf.engine import GolfState
from app.golf.layouts import in_play
from app.golf.phases import Phase
from app.players.knowledge import Odds, Table

PHASES = {"draw": Phase.DRAW, "place": Phase.PLACE, "flip": Phase.FLIP}
TAKE_GAIN = 1.5  # what a pile card must save to beat an average stock draw, roughly
CLOSE_MARGIN = 1.0  # how far ahead a quick player wants to be before ending the hole
MAX_ACTIONS = 240  # a playout longer than this is scored as it lies


def determinize(table: Table, rng: random.Random) -> GolfState:
    """An engine state consistent with the table, the unseen cards dealt at random.

    The viewer sits in seat 0 and the others follow in turn order, as in the view."""
    rules = table.rules
    # Sorting by random keys is a fair shuffle and, in Python, several times faster
    # than random.shuffle: this runs thousands of times a decision.
    draw = rng.random
    cards = sorted(table.unseen, key=lambda _card: draw())
    grids = []
    for known in table.grids:
        grids.append([card if card else cards.pop() for card in known])
    # Every unseen card not in a grid is in the stock; more than the stock holds can only
    # mean the table was read in an odd moment, and fewer cannot happen by conservation.
    stock = cards[: table.stock_count]
    players = table.players
    return in_play(
        rules,
        seed=rng.getrandbits(32),  # reshuffles within the playout
        hole=table.hole,
        phase=PHASES[table.phase],
        turn=0,
        grids=grids,
        face_up=[list(up) for up in table.face_up],
        peeked=[{p for p, card in enumerate(table.grids[0]) if card and not table.face_up[0][p]}]
        + [set(rules.near_row) if rules.peek_near_row else set() for _ in range(players - 1)],
        stock=stock,
        discard=list(table.discard),
        held=table.held,
        held_source=table.held_source,
        closed_by=table.closer,
        final_turns=[
            (table.closer + i) % players for i in range(1, players) if table.final_pending[(table.closer + i) % players]
        ]
        if table.closer is not None
        else [],
    )


class QuickPolicy:
    """A fast, sensible player for playouts: the column-aware expectation of
    :class:`~app.players.knowledge.Odds`, simple thresholds, and no search."""

    def __init__(self, odds: Odds):
        self.odds = odds
        rules = odds.rules
        self.rules = rules
        self.cells = rules.cells
        self.may_flip = rules.optional_reveal
        self.kinds = rules.kinds
        self.knocking = rules.ending == "knock"
        self.closes_when_up = rules.ending == "all_face_up"
        self._best: dict[tuple, tuple[float, int]] = {}

    def best_swap(self, known: list[str | None], rank: str) -> tuple[float, int]:
        # Playouts of one decision revisit the same grids again and again: remember.
        key = (*known, rank)
        found = self._best.get(key)
        if found is None:
            found = self._best[key] = self.odds.best_swap(known, rank)
        return found

    def known(self, state: GolfState, seat: int) -> list[str | None]:
        grid, up, peeked, kinds = state.grids[seat], state.face_up[seat], state.peeked[seat], self.kinds
        return [kinds[grid[p]] if up[p] or p in peeked else None for p in range(self.cells)]

    def happy_to_close(self, state: GolfState, seat: int, mine: float) -> bool:
        """End the hole when clearly ahead of everyone as far as this seat can see."""
        if len(state.stock) <= 2 * self.rules.players:
            return True
        grid_value = self.odds.grid
        best_other = min(grid_value(self.known(state, other)) for other in range(self.rules.players) if other != seat)
        return mine < best_other - CLOSE_MARGIN

    def act(self, state: GolfState, seat: int):
        phase = state.phase
        odds = self.odds
        known = self.known(state, seat)
        up = state.face_up[seat]
        # The one face-down card left, where turning it up would end the hole; else -1.
        last_down = up.index(False) if self.closes_when_up and state.closed_by is None and up.count(False) == 1 else -1
        may_close = last_down >= 0
        if phase is Phase.DRAW:
            if self.knocking and state.closed_by is None and self.happy_to_close(state, seat, odds.grid(known)):
                return KNOCK
            if state.discard and (state.stock or len(state.discard) > 1):
                change, position = self.best_swap(known, self.kinds[state.discard[-1]])
                if change <= -TAKE_GAIN and not (may_close and position == last_down):
                    return DRAW_DISCARD
                return DRAW_STOCK
            return DRAW_STOCK if (state.stock or len(state.discard) > 1) else DRAW_DISCARD
        if phase is Phase.PLACE:
            assert state.held is not None  # a card is held in the place phase
            rank = self.kinds[state.held]
            change, position = self.best_swap(known, rank)
            if may_close and position == last_down:
                after = list(known)
                after[position] = rank
                if not self.happy_to_close(state, seat, odds.grid(after)):
                    others = [p for p in range(self.cells) if p != position]
                    change, position = odds.best_swap(known, rank, others)
            if change < 0 or state.held_source == "discard":
                return SWAPS[position]
            return REJECT
        if phase is Phase.FLIP:
            face_down = [p for p, is_up in enumerate(up) if not is_up]
            if (
                self.may_flip
                and (len(face_down) == 1 or not face_down)
                and (not face_down or not self.happy_to_close(state, seat, odds.grid(known)))
            ):
                return SKIP
            # A face-down card whose column shows a card settles whether that column pairs.
            for position in face_down:
                column = odds.column_of[position]
                if any(known[p] is not None for p in column if p != position):
                    return REVEALS[position]
            return REVEALS[face_down[0]]
        return None


def play_out(state: GolfState, policy: QuickPolicy, max_actions: int = MAX_ACTIONS) -> tuple[list[int], int]:
    """Finish the hole in place; return each seat's score and the actions it took.

    A playout cut short at ``max_actions`` is scored as the cards lie."""
    actions = 0
    while state.phase not in (Phase.HOLE_OVER, Phase.MATCH_OVER):
        if actions >= max_actions:
            from app.golf.scoring import score_grid

            return [score_grid(grid, state.rules) for grid in state.grids], actions
        seat = state.turn
        assert seat is not None  # a playout starts from a turn of play, never from the opening
        state.apply(seat, policy.act(state, seat))
        actions += 1
    return state.hole_scores[-1], actions
