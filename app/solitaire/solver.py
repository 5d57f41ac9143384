"""An exact solver for Golf solitaire, and hints built on it.

The state of a game, for the solver, is the height of each pile, how many stock cards
have been turned and the rank showing on the foundation (its suit never matters): the
cards themselves are known and fixed. The solver finds every state reachable from a
position, so it proves a deal winnable (and gives the winning line) or proves it
cannot be cleared and gives the line that leaves the fewest cards.

Why sets of states rather than a depth-first search: a memoised depth-first search
over the same states is simple, but in pure Python it needs about 0.7 s for a typical
lost deal under the any-time rule, where every reachable state must be visited to
prove the best score (typically 100,000 to 2,000,000 of them). Here the pile heights are
instead read as the digits of one mixed-radix number, so a set of states sharing a
stock position and a foundation rank is one Python integer with a bit per height
vector, and "play the top card of pile p" is, for the whole set at once, an AND with
the states whose pile p shows that card followed by a right shift of pile p's digit
weight. Stock positions are handled one after the other, since turning a card only ever
moves forward, and within one the plays are repeated until no new state appears.
A whole deal then takes a few hundred big-integer operations instead of a million
Python steps. The line is recovered by walking back from the final state through the
recorded sets, always to a state the search did reach.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from app.cards import rank_value
from app.solitaire.game import (
    PLAYING,
    WON,
    Draw,
    Game,
    Move,
    Play,
    Position,
    describe_move,
    legal_moves,
    phase,
)
from app.solitaire.rules import SolitaireRules

RANKS = range(1, 14)
# Seven piles of five give 6**7 = 279,936 height vectors (35 KB per set). Boards read
# from files may differ; past this many height vectors the sets grow too costly.
MAX_STATES = 1 << 22


@dataclass(frozen=True)
class Solution:
    """The solver's verdict on a position.

    ``moves`` wins the game when ``won``; otherwise it leads to a position with the
    fewest cards that can be left in the piles, ``leftover``. Among such lines it is one
    that turns the fewest stock cards.
    """

    won: bool
    leftover: int
    moves: tuple[Move, ...]


@dataclass(frozen=True)
class Hint:
    """Advice for the player: a sentence, and the move it names (None once over)."""

    text: str
    move: Move | None
    winnable: bool
    best_leftover: int

    def as_dict(self) -> dict:
        """A JSON-able form for the API."""
        move: dict[str, str | int] | None
        if self.move is None:
            move = None
        elif isinstance(self.move, Draw):
            move = {"type": "draw"}
        else:
            move = {"type": "play", "pile": self.move.pile}
        return {
            "text": self.text,
            "move": move,
            "winnable": self.winnable,
            "best_leftover": self.best_leftover,
        }


@lru_cache(maxsize=16)
def _geometry(capacity: tuple[int, ...]) -> tuple[list[int], list[list[int]], list[int]]:
    """For piles of at most ``capacity`` cards: the weight of each pile's digit, the set
    of height vectors where pile p has height h (``digit[p][h]``) and the set of those
    holding exactly L cards in all (``total[L]``)."""
    weights = [1]
    for height in capacity[:-1]:
        weights.append(weights[-1] * (height + 1))
    size = weights[-1] * (capacity[-1] + 1)
    digit = []
    for pile, height in enumerate(capacity):
        block, masks = weights[pile], []
        for h in range(height + 1):
            # One period of the pattern, lowest bit first, repeated over the whole set.
            period = "0" * (h * block) + "1" * block + "0" * ((height - h) * block)
            masks.append(int((period * (size // len(period)))[::-1], 2))
        digit.append(masks)
    total = [1]
    for pile, height in enumerate(capacity):
        grown = [0] * (len(total) + height)
        for count, mask in enumerate(total):
            for h in range(height + 1):
                grown[count + h] |= mask << (h * weights[pile])
        total = grown
    return weights, digit, total


class _Board:
    """A position compiled for the search: the sets of states where each card can be
    played, and the rules as lists of ranks."""

    def __init__(self, position: Position, rules: SolitaireRules):
        self.rules = rules
        self.piles = [[rank_value(card[0]) for card in pile] for pile in position.tableau]
        self.stock = [rank_value(card[0]) for card in position.stock]
        heights = [len(pile) for pile in self.piles]
        # Positions of the usual seven piles of five share one cached geometry.
        capacity = tuple(max(h, 5) for h in heights) if len(heights) == 7 else tuple(heights)
        size = 1
        for height in capacity:
            size *= height + 1
        if size > MAX_STATES:
            raise ValueError("This board has too many piles or too tall piles to solve")
        self.weights, digit, self.total = _geometry(capacity)
        self.radix = [height + 1 for height in capacity]
        self.start = sum(h * w for h, w in zip(heights, self.weights))
        self.top = rank_value(position.top[0])
        # below[c]: ranks a card of rank c may go on; above[t]: ranks that may go on t.
        self.below = {c: [t for t in RANKS if rules.accepts(c, t)] for c in RANKS}
        above = {t: [c for c in RANKS if rules.accepts(c, t)] for t in RANKS}
        # shows[c]: (weight, states) for each pile whose top card has rank c there.
        shows: dict[int, dict[int, int]] = {c: {} for c in RANKS}
        for pile, ranks in enumerate(self.piles):
            for h, rank in enumerate(ranks, 1):
                weight = self.weights[pile]
                shows[rank][weight] = shows[rank].get(weight, 0) | digit[pile][h]
        self.shows = {c: list(shows[c].items()) for c in RANKS}
        # States with some play on a foundation rank t (the strict rule needs them).
        self.playable = {t: 0 for t in RANKS}
        for t in RANKS:
            for c in above[t]:
                for _, states in self.shows[c]:
                    self.playable[t] |= states


def _explore(board: _Board) -> tuple[list[dict[int, int]], bool]:
    """Every reachable state, as one dict per stock position from foundation rank to
    the set of height vectors; stops early, with True, once the piles can be cleared."""
    layers: list[dict[int, int]] = []
    entering = {board.top: 1 << board.start}
    for turned in range(len(board.stock) + 1):
        reached = dict.fromkeys(RANKS, 0)
        reached.update(entering)
        fresh, won = entering, False
        while fresh and not won:
            newer = {}
            for rank in RANKS:
                moves = board.shows[rank]
                if not moves:
                    continue
                under = 0
                for below in board.below[rank]:
                    under |= fresh.get(below, 0)
                if not under:
                    continue
                found = 0
                for weight, states in moves:
                    hit = under & states
                    if hit:
                        found |= hit >> weight  # that pile is one card lower
                found &= ~reached[rank]
                if found:
                    newer[rank] = found
                    reached[rank] |= found
                    won = won or bool(found & 1)  # state 0: every pile empty
            fresh = newer
        layers.append(reached)
        if won or turned == len(board.stock):
            return layers, won
        turnable = 0
        for rank, states in reached.items():
            if board.rules.any_time:
                turnable |= states
            else:  # strict: only from states where no play is left
                turnable |= states & ~board.playable[rank]
        if not turnable:
            return layers, False
        entering = {board.stock[turned]: turnable}
    return layers, False


def _line_to(board: _Board, layers: list[dict[int, int]], turned: int, rank: int, state: int):
    """The moves from the start to a reached state, found by stepping back, each time
    to a reached state that leads to the current one."""
    moves: list[Move] = []
    while (turned, state, rank) != (0, board.start, board.top):
        previous: tuple[Move, int, int, int] | None = None
        for pile, ranks in enumerate(board.piles):
            height = state // board.weights[pile] % board.radix[pile]
            if height < len(ranks) and ranks[height] == rank:
                before = state + board.weights[pile]
                for below in board.below[rank]:
                    if layers[turned][below] >> before & 1:
                        previous = (Play(pile), turned, below, before)
                        break
            if previous:
                break
        if previous is None and turned and board.stock[turned - 1] == rank:
            for below, states in layers[turned - 1].items():
                stuck = not (board.playable[below] >> state & 1)
                if states >> state & 1 and (board.rules.any_time or stuck):
                    previous = (Draw(), turned - 1, below, state)
                    break
        if previous is None:  # cannot happen: every reached state has a reached parent
            raise AssertionError("no way back to the start")
        move, turned, rank, state = previous
        moves.append(move)
    return tuple(reversed(moves))


def solve(position: Position, rules: SolitaireRules = SolitaireRules()) -> Solution:
    """Solve ``position`` exactly under ``rules`` (the solver sees the stock order)."""
    if not position.cards_left:
        return Solution(won=True, leftover=0, moves=())
    board = _Board(position, rules)
    layers, won = _explore(board)
    if won:
        for rank, states in layers[-1].items():
            if states & 1:
                return Solution(True, 0, _line_to(board, layers, len(layers) - 1, rank, 0))
    everything = 0
    for layer in layers:
        for states in layer.values():
            everything |= states
    best = next(count for count, mask in enumerate(board.total) if everything & mask)
    for turned, layer in enumerate(layers):
        for rank, states in layer.items():
            hit = states & board.total[best]
            if hit:
                state = (hit & -hit).bit_length() - 1
                return Solution(False, best, _line_to(board, layers, turned, rank, state))
    raise AssertionError("the best state was reached somewhere")


def hint(game: Game) -> Hint:
    """What to do next in ``game``, in a sentence, with the move itself."""
    position, rules = game.position, game.rules
    state = phase(position, rules)
    if state == WON:
        return Hint("You have won: every pile is cleared.", None, True, 0)
    if state != PLAYING:
        left = position.cards_left
        return Hint(f"The game is over: {_cards(left)} left in the piles.", None, False, left)
    solution = solve(position, rules)
    # An empty best line means nothing can improve the score: any legal move will do.
    move = solution.moves[0] if solution.moves else legal_moves(position, rules)[0]
    advice = describe_move(position, move)
    if solution.won:
        return Hint(advice, move, True, 0)
    text = f"This deal can no longer be won; best from here leaves {_cards(solution.leftover)}. {advice}."
    return Hint(text, move, False, solution.leftover)


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"
