"""Golf solitaire as plain immutable values: positions, moves, games and their view.

A :class:`Position` is what lies on the table. :func:`legal_moves` is the one
authority on what may be done in it, and :func:`apply_move` returns the next
position or raises :class:`IllegalMove` with a sentence a person understands. A
:class:`Game` is only a deal number, the rules and the moves made so far: replaying
the moves gives the position, and undo is the same game without its last move.

>>> game = Game(seed=1)
>>> len(game.position.stock), len(game.position.foundation)
(16, 1)
>>> game.play(Play(6)).position.top
'AC'
>>> game.play(Draw())
Traceback (most recent call last):
  ...
app.solitaire.game.IllegalMove: You can still play from the piles: turn the stock only when no play is left
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from app.cards import card_name, rank_value
from app.solitaire.deals import deal
from app.solitaire.position import Position
from app.solitaire.rules import SolitaireRules

PLAYING, WON, STUCK = "playing", "won", "stuck"


@dataclass(frozen=True)
class Play:
    """Move the top card of tableau pile ``pile`` (0 for the leftmost) to the foundation."""

    pile: int


@dataclass(frozen=True)
class Draw:
    """Turn the next stock card onto the foundation."""


Move = Play | Draw


class IllegalMove(ValueError):
    """A move the rules do not allow here; the message says why, for a person."""


def playable_piles(position: Position, rules: SolitaireRules) -> tuple[int, ...]:
    """The piles whose top card may go on the foundation now."""
    top = rank_value(position.top[0])
    return tuple(
        index for index, pile in enumerate(position.tableau) if pile and rules.accepts(rank_value(pile[-1][0]), top)
    )


def legal_moves(position: Position, rules: SolitaireRules) -> tuple[Move, ...]:
    """Every move allowed in ``position``: plays in pile order, then the draw if allowed.

    Nothing is legal once the piles are cleared, and under the strict rule the stock
    may be turned only when no play is left.
    """
    if not position.cards_left:
        return ()
    plays = tuple(Play(index) for index in playable_piles(position, rules))
    if position.stock and (rules.any_time or not plays):
        return plays + (Draw(),)
    return plays


def phase(position: Position, rules: SolitaireRules) -> str:
    """``"won"`` once the piles are cleared, ``"stuck"`` when nothing more can be done
    (stock spent and no play), otherwise ``"playing"``."""
    if not position.cards_left:
        return WON
    return PLAYING if legal_moves(position, rules) else STUCK


def apply_move(position: Position, rules: SolitaireRules, move: Move) -> Position:
    """The position after ``move``; raises :class:`IllegalMove` if the rules forbid it."""
    if not _is_move(move) or move not in legal_moves(position, rules):
        raise IllegalMove(_why_illegal(position, rules, move))
    if isinstance(move, Draw):
        return Position(position.tableau, position.stock[1:], position.foundation + position.stock[:1])
    pile = position.tableau[move.pile]
    tableau = position.tableau[: move.pile] + (pile[:-1],) + position.tableau[move.pile + 1 :]
    return Position(tableau, position.stock, position.foundation + pile[-1:])


def _is_move(move: object) -> bool:
    """Whether ``move`` is a well-formed move (``Play(True)`` would otherwise equal ``Play(1)``)."""
    if isinstance(move, Play):
        return isinstance(move.pile, int) and not isinstance(move.pile, bool)
    return isinstance(move, Draw)


def _why_illegal(position: Position, rules: SolitaireRules, move: object) -> str:
    """The reason a move is not legal, for a person (piles are numbered from 1 here)."""
    state = phase(position, rules)
    if state == WON:
        return "The game is won: every pile is cleared"
    if state == STUCK:
        return "The game is over: the stock is spent and no play is left"
    if isinstance(move, Draw):
        if not position.stock:
            return "The stock is empty"
        return "You can still play from the piles: turn the stock only when no play is left"
    if not isinstance(move, Play) or not _is_move(move):  # a Draw was answered above
        return f"Not a move: {move!r}"
    count = len(position.tableau)
    if not 0 <= move.pile < count:
        return f"There is no pile {move.pile + 1}: the piles are numbered 1 to {count}"
    pile = position.tableau[move.pile]
    if not pile:
        return f"Pile {move.pile + 1} is empty"
    return rules.refusal(pile[-1], position.top) or "That move is not allowed"


def replay(start: Position, rules: SolitaireRules, moves: tuple[Move, ...]) -> Position:
    """The position reached from ``start`` by ``moves``; raises :class:`IllegalMove`
    (naming the move's number) at the first illegal one."""
    position = start
    for number, move in enumerate(moves, 1):
        try:
            position = apply_move(position, rules, move)
        except IllegalMove as error:
            raise IllegalMove(f"Move {number}: {error}") from None
    return position


@dataclass(frozen=True)
class Game:
    """A game of Golf solitaire: a deal number, the rules and the moves made so far."""

    seed: int
    rules: SolitaireRules = field(default_factory=SolitaireRules)
    moves: tuple[Move, ...] = ()

    @cached_property
    def start(self) -> Position:
        """The position as dealt."""
        return deal(self.seed)

    @cached_property
    def position(self) -> Position:
        """The position now, from replaying the moves over the deal."""
        return replay(self.start, self.rules, self.moves)

    def play(self, move: Move) -> Game:
        """The game after ``move``; raises :class:`IllegalMove` and changes nothing if
        the rules forbid it."""
        after = apply_move(self.position, self.rules, move)
        game = Game(self.seed, self.rules, self.moves + (move,))
        # The instance is frozen; cached values live in its __dict__, so hand over
        # what is already known instead of replaying every move again.
        game.__dict__["start"] = self.start
        game.__dict__["position"] = after
        return game

    def undo(self) -> Game:
        """The game without its last move (undo is unlimited)."""
        if not self.moves:
            raise IllegalMove("There is nothing to undo")
        game = Game(self.seed, self.rules, self.moves[:-1])
        game.__dict__["start"] = self.start
        return game

    def legal_moves(self) -> tuple[Move, ...]:
        """Every move allowed now."""
        return legal_moves(self.position, self.rules)

    @property
    def phase(self) -> str:
        """``"playing"``, ``"won"`` or ``"stuck"``."""
        return phase(self.position, self.rules)

    @property
    def score(self) -> int:
        """Cards left in the piles (zero once won)."""
        return self.position.cards_left


def view(game: Game) -> dict:
    """What a player may see of ``game``, as a JSON-able dict (the public contract of
    the API). The order of the stock is never part of it, only its size."""
    position = game.position
    playable = list(playable_piles(position, game.rules)) if position.cards_left else []
    moves = legal_moves(position, game.rules)
    return {
        "seed": game.seed,
        "tableau": [list(pile) for pile in position.tableau],
        "stock_count": len(position.stock),
        "foundation": {"top": position.top, "count": len(position.foundation)},
        "phase": phase(position, game.rules),
        "score": position.cards_left,
        "moves": len(game.moves),
        "can_undo": bool(game.moves),
        "playable": playable,
        "can_draw": Draw() in moves,
        "rules": game.rules.as_dict(),
    }


def describe_move(position: Position, move: Move) -> str:
    """A move in words, before it is made: "Play the 7 of clubs from pile 3" (piles
    numbered from 1 for people) or "Turn the next stock card"."""
    if isinstance(move, Draw):
        return "Turn the next stock card"
    card = position.tableau[move.pile][-1]
    return f"Play the {card_name(card)} from pile {move.pile + 1}"


def encode_moves(moves: tuple[Move, ...]) -> str:
    """Moves as a short string for storage or a URL: a pile digit (0..9) per play and
    ``d`` per draw, e.g. ``"3d01"``."""
    return "".join("d" if isinstance(move, Draw) else str(move.pile) for move in moves)


def decode_moves(text: str) -> tuple[Move, ...]:
    """The moves of :func:`encode_moves`; raises ValueError on anything else."""
    if not all(char == "d" or char in "0123456789" for char in text):
        raise ValueError(f"Not a move string: {text!r}")
    return tuple(Draw() if char == "d" else Play(int(char)) for char in text)
