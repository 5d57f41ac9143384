"""Playing cards as two-character codes, shared by every game of the product.

A card is its rank then its suit: ``"TH"`` is the ten of hearts, ``"AS"`` the ace of
spades. Jokers are ``"X1"`` and ``"X2"`` (rank ``X``). Codes are plain strings because
they are what the API sends, what the log stores and what a person reads in a bug
report; with two decks the same code appears twice, and that is fine: two sevens of
hearts are interchangeable in every game here.

>>> card_name("TH")
'10 of hearts'
>>> rank_value("Q")
12
>>> len(new_deck(decks=2, jokers=True))
108
"""

from __future__ import annotations

RANKS = "A23456789TJQK"
SUITS = "CDHS"
JOKER_RANK = "X"
JOKERS = ("X1", "X2")

RANK_NAMES = {
    "A": "ace",
    "2": "2",
    "3": "3",
    "4": "4",
    "5": "5",
    "6": "6",
    "7": "7",
    "8": "8",
    "9": "9",
    "T": "10",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "X": "joker",
}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}

STANDARD_DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)


def new_deck(decks: int = 1, jokers: bool = False) -> list[str]:
    """The cards of ``decks`` standard packs, in a fixed order, with two jokers each if asked."""
    one = list(STANDARD_DECK) + (list(JOKERS) if jokers else [])
    return one * decks


def is_card(code: object) -> bool:
    """Whether ``code`` is a valid card code (jokers included)."""
    return isinstance(code, str) and ((len(code) == 2 and code[0] in RANKS and code[1] in SUITS) or code in JOKERS)


def rank_of(card: str) -> str:
    """The rank letter of a card: ``"T"`` for ``"TH"``, ``"X"`` for a joker."""
    return card[0]


def rank_value(rank: str) -> int:
    """The position of a rank from ace (1) to king (13), for games of sequences."""
    return RANKS.index(rank) + 1


def card_name(card: str) -> str:
    """How a person says the card: ``"7 of hearts"``, ``"ace of spades"``, ``"joker"``."""
    if card[0] == JOKER_RANK:
        return "joker"
    return f"{RANK_NAMES[card[0]]} of {SUIT_NAMES[card[1]]}"


def rank_name(rank: str, plural: bool = False) -> str:
    """``"queen"``, or ``"queens"`` with ``plural``."""
    return RANK_NAMES[rank] + ("s" if plural else "")
