"""One card as a page draws it (the ``card`` macro of ``table/_cards.html``): its face or
its back, its accessible name, and the button it is when a move takes it. The Golf
table's board (``app.web.golf.board``) and the solitaire page draw their cards with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.cards import SUIT_SYMBOLS

RANK_SHOWN = {"T": "10", "X": "\u2605"}  # what the corner of a card shows


@dataclass
class Card:
    """One card as drawn: face (rank and suit shown) or back, and its accessible name."""

    label: str  # the accessible name
    card: str | None = None  # the code when face up, else None
    peeked: str | None = None  # four-card rules: the owner's own face-down card it looked at
    action: str | None = None  # the page route it submits to when it is a button
    param: str | None = None  # the form field the button sends ...
    value: str | int | None = None  # ... and its value
    matched: bool = False
    last_move: bool = False
    focusable: bool = False  # reachable by Tab though not a button (your drawn card)
    place: str = ""  # where it lies: "you-4", "stock", "discard", "held"
    vt: str = ""  # the place it is drawn as coming from (a view transition's name)
    base: str = "/play"  # where its page takes moves: a table of people has its own
    points: int | None = None  # what a face-up card scores on its own under the match's rules
    # In a matched line: what the whole line scores in place of its cards, and what it is
    # ("pair", "line" of three or four, "four of a kind": two pairs side by side scoring as one).
    line_points: int | None = None
    line_name: str = "pair"
    classes: list[str] = field(default_factory=list)

    @property
    def points_text(self) -> str:
        """``"−2"``, ``"10"``: the card's value as its face shows it (a true minus sign)."""
        return "" if self.points is None else str(self.points).replace("-", "\u2212")

    @property
    def line_points_text(self) -> str:
        """``"0"``, ``"−4"``: what the card's matched line scores, as its pair mark shows it."""
        return "" if self.line_points is None else str(self.line_points).replace("-", "\u2212")

    @property
    def worth(self) -> str:
        """``"Worth −2 points"``: shown on hover and on a long press. A card of a matched
        line counts only as its line does, so it says what its line scores, as the pair
        mark does."""
        if self.line_points is not None:
            return f"Paired: the {self.line_name} scores {self.line_points_text}"
        if self.points is None:
            return ""
        return f"Worth {self.points_text} point{'' if abs(self.points) == 1 else 's'}"

    @property
    def rank(self) -> str:
        return RANK_SHOWN.get(self.card[0], self.card[0]) if self.card else ""

    @property
    def suit(self) -> str:
        if not self.card:
            return ""
        return "\u2605" if self.card[0] == "X" else SUIT_SYMBOLS[self.card[1]]

    @property
    def peek_text(self) -> str:
        """The corner of a card its owner looked at: ``"5♠"``."""
        if not self.peeked:
            return ""
        rank = RANK_SHOWN.get(self.peeked[0], self.peeked[0])
        return rank if self.peeked[0] == "X" else rank + SUIT_SYMBOLS[self.peeked[1]]

    @property
    def button_label(self) -> str:
        """A button's accessible name begins with what the card shows (``"J♥ Your card,
        ..."``), so that the name a person sees is the name they can say or search for."""
        shown = self.rank + (self.suit if self.card and self.card[0] != "X" else "") if self.card else self.peek_text
        return f"{shown} {self.label}" if shown else self.label

    @property
    def css(self) -> str:
        classes = ["card"]
        if self.card:
            classes.append("up")
            if self.card[0] == "X":
                classes.append("joker")
            else:
                classes.append("red" if self.card[1] in "HD" else "black")
                classes.append(f"suit-{self.card[1].lower()}")
        else:
            classes.append("down")
        if self.matched:
            classes.append("matched")
        if self.last_move:
            classes.append("last-move")
        return " ".join(classes + self.classes)
