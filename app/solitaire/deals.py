"""Numbered deals and the plain text board format of black-hole-solver.

``deal(number)`` gives the same cards for the same number on every machine and every
Python version: it seeds a private ``random.Random(number)`` and shuffles with its own
Fisher-Yates loop over ``getrandbits``, the generator's raw output, so that no change
in how the standard library shuffles can ever change a deal. Cards are dealt the way a
person deals, one card to each of the seven piles in turn, five rounds; the next card
starts the foundation and the last sixteen form the stock.

The text format, as read by black-hole-solver (``--game golf``)::

    Talon: 6D KC KS AH AC KD 4S 8D 8H JD TC AD QH 4C JS 2C
    Foundations: 5S
    9D TS 5C 7D 7H
    ... one line per pile, bottom to top; the last card is the one that can be played

``Talon`` lists the stock, the next card to turn first. Pile lines may also start with
``:`` as in the boards black-hole-solver displays; a lone ``:`` is an empty pile.
"""

from __future__ import annotations

import random

from app.cards import RANKS, STANDARD_DECK, SUITS
from app.solitaire.position import Position

PILES, PILE_SIZE = 7, 5
MAX_DEAL = 2**63 - 1  # any number a person can type is fine; this keeps it an integer


def deal(number: int) -> Position:
    """The position dealt for deal ``number`` (0 or more)."""
    if isinstance(number, bool) or not isinstance(number, int):
        raise TypeError(f"A deal number is an integer, not {number!r}")
    if not 0 <= number <= MAX_DEAL:
        raise ValueError(f"A deal number is between 0 and {MAX_DEAL}, not {number}")
    cards = _shuffled(list(STANDARD_DECK), random.Random(number))
    tableau = tuple(tuple(cards[pile : PILES * PILE_SIZE : PILES]) for pile in range(PILES))
    dealt = PILES * PILE_SIZE
    return Position(tableau=tableau, stock=tuple(cards[dealt + 1 :]), foundation=(cards[dealt],))


def _shuffled(cards: list[str], rng: random.Random) -> list[str]:
    """Fisher-Yates with rejection sampling on raw generator bits, stable forever."""
    for last in range(len(cards) - 1, 0, -1):
        bits = (last + 1).bit_length()
        pick = rng.getrandbits(bits)
        while pick > last:
            pick = rng.getrandbits(bits)
        cards[last], cards[pick] = cards[pick], cards[last]
    return cards


class BoardFormatError(ValueError):
    """A board text that cannot be read; the message names the line and the problem."""


def board_text(position: Position) -> str:
    """``position`` in the black-hole-solver format. Only the foundation's top card is
    written, as the format has room for no more."""
    lines = ["Talon: " + " ".join(position.stock) if position.stock else "Talon:"]
    lines.append(f"Foundations: {position.top}")
    lines += [" ".join(pile) if pile else ":" for pile in position.tableau]
    return "\n".join(lines) + "\n"


def parse_board(text: str) -> Position:
    """The position written in ``text``; raises :class:`BoardFormatError` if malformed.

    Cards are read case-blind and ``10`` is taken for ``T``. Cut-down or part-played
    boards are fine (fewer piles or cards, up to seven piles), but a card may not
    appear twice.
    """
    stock: tuple[str, ...] | None = None
    top: str | None = None
    piles: list[tuple[str, ...]] = []
    seen: dict[str, int] = {}

    def cards_of(words: list[str], number: int) -> tuple[str, ...]:
        cards = []
        for word in words:
            card = word.upper().replace("10", "T")
            if len(card) != 2 or card[0] not in RANKS or card[1] not in SUITS:
                raise BoardFormatError(f"Line {number}: {word!r} is not a card (e.g. 7H, TD, AS)")
            if card in seen:
                raise BoardFormatError(f"Line {number}: {card} appears twice (first on line {seen[card]})")
            seen[card] = number
            cards.append(card)
        return tuple(cards)

    for number, line in enumerate(text.splitlines(), 1):
        words = line.split()
        if not words:
            continue
        head = words[0].lower()
        if head.startswith("talon:") or head.startswith("foundations:"):
            name, _, rest = line.partition(":")
            words = rest.split()
            if name.strip().lower() == "talon":
                if stock is not None:
                    raise BoardFormatError(f"Line {number}: a second Talon line")
                stock = cards_of(words, number)
            else:
                if top is not None:
                    raise BoardFormatError(f"Line {number}: a second Foundations line")
                if len(words) != 1:
                    raise BoardFormatError(f"Line {number}: Foundations holds exactly one card")
                top = cards_of(words, number)[0]
        elif piles or stock is not None or top is not None:
            if words[0].startswith(":"):  # a displayed board: ": 9D TS" or ":"
                words = [words[0][1:]] + words[1:] if words[0] != ":" else words[1:]
                words = [word for word in words if word]
            piles.append(cards_of(words, number))
        else:
            raise BoardFormatError(f"Line {number}: expected a 'Talon:' or 'Foundations:' line")
    if stock is None:
        raise BoardFormatError("No 'Talon:' line (the stock, next card to turn first)")
    if top is None:
        raise BoardFormatError("No 'Foundations:' line (the card turned to start the pile)")
    if not piles:
        raise BoardFormatError("No piles: expected one line per tableau pile after the header")
    if len(piles) > PILES:
        raise BoardFormatError(f"{len(piles)} piles: Golf has seven, and at most 7 are read")
    return Position(tableau=tuple(piles), stock=stock, foundation=(top,))
