"""Solve a Golf solitaire board from the command line.

Usage::

    python -m app.solitaire.solve FILE [--any-time] [--queens-on-kings] [--wrap]
    python -m app.solitaire.solve --deal 17
    python -m app.solitaire.solve --deal 17 | python -m app.solitaire.solve - --any-time

FILE (or ``-`` for standard input) holds a board in the text format of Shlomi Fish's
black-hole-solver::

    Talon: 6D KC KS AH AC KD 4S 8D 8H JD TC AD QH 4C JS 2C
    Foundations: 5S
    9D TS 5C 7D 7H
    ... one line per pile, bottom to top

The answer is ``Solved!`` and the winning moves, or ``Unsolved!``, the fewest cards
that can be left and the moves that leave them; the exit status is 0 either way, and
2 for a board that cannot be read. Moves are written as black-hole-solver writes them,
with its stack numbers (from 0, in the order of the file) and the card's name, so
the two outputs can be compared line by line.

The rule by default is the game as written: the stock may be turned only when no play
is left. black-hole-solver lets the stock be turned at any time, so compare with
``--any-time``; ``--wrap`` is its ``--wrap-ranks`` (which also lets queens go on kings).
``--deal N`` prints numbered deal N as a board.
"""

from __future__ import annotations

import argparse
import sys

from app.cards import card_name
from app.solitaire.deals import BoardFormatError, board_text, deal, parse_board
from app.solitaire.game import Draw, Move, Position, apply_move
from app.solitaire.rules import SolitaireRules
from app.solitaire.solver import solve

EXIT_BAD_INPUT = 2


def describe(position: Position, rules: SolitaireRules, moves: tuple[Move, ...]) -> list[str]:
    """One line per move, in black-hole-solver's words with the card named."""
    lines = []
    for move in moves:
        if isinstance(move, Draw):
            card = position.stock[0]
            lines.append(f"Deal talon: {card}, the {card_name(card)}")
        else:
            card = position.tableau[move.pile][-1]
            lines.append(f"Move a card from stack {move.pile} to the foundations: {card}, the {card_name(card)}")
        position = apply_move(position, rules, move)
    return lines


def report(position: Position, rules: SolitaireRules) -> str:
    """The solver's answer for ``position``, as printed."""
    solution = solve(position, rules)
    steps = describe(position, rules, solution.moves)
    if solution.won:
        return "\n".join(["Solved!", *steps]) + "\n"
    left = solution.leftover
    summary = f"Best score: {left} card{'s' if left != 1 else ''} left in the piles"
    if steps:
        summary += ", after these moves:"
    return "\n".join(["Unsolved!", summary, *steps]) + "\n"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m app.solitaire.solve",
        description="Solve a Golf solitaire board exactly (black-hole-solver's text format).",
        epilog="The default rule turns the stock only when no play is left; "
        "black-hole-solver's golf turns it at any time (use --any-time to compare).",
    )
    parser.add_argument("file", nargs="?", help="the board file, or - for standard input")
    parser.add_argument("--deal", type=int, metavar="N", help="print numbered deal N as a board")
    parser.add_argument("--any-time", action="store_true", help="the stock may be turned at any time")
    parser.add_argument("--queens-on-kings", action="store_true", help="a queen may go on a king")
    parser.add_argument("--wrap", "--wrap-ranks", action="store_true", help="ranks wrap: king and ace are neighbours")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.deal is not None:
        if args.file:
            parser.error("give either a board file or --deal, not both")
        try:
            sys.stdout.write(board_text(deal(args.deal)))
        except (TypeError, ValueError) as error:
            print(f"error: {error}", file=sys.stderr)
            return EXIT_BAD_INPUT
        return 0
    if not args.file:
        parser.error("a board file (or -) is needed, or --deal N")
    rules = SolitaireRules(any_time=args.any_time, queens_on_kings=args.queens_on_kings, wrap=args.wrap)
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as handle:
                text = handle.read()
        position = parse_board(text)
        sys.stdout.write(report(position, rules))
    except (OSError, UnicodeDecodeError) as error:
        print(f"error: cannot read {args.file}: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except (BoardFormatError, ValueError) as error:
        print(f"error: {args.file}: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    return 0


if __name__ == "__main__":
    sys.exit(main())
