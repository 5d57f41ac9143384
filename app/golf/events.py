"""What an action sets off at the table, as the engine tells it: small frozen values of
a few kinds, as python-chess's ``Move`` and golfgame's ``EventType``.

An event never holds a hidden card: a draw from the stock names no card, a reveal and a
swap name only cards now face up. :func:`app.golf.view.view_event` says them in the
API's terms, each seat named as the viewer names it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class EventKind(StrEnum):
    REVEAL = "reveal"  # a card turned face up: its position and the card
    DRAW = "draw"  # a card taken: its source, and the card when it came from the discard pile
    SWAP = "swap"  # the held card put into the grid: the position, the card and the one discarded
    REJECT = "reject"  # the card drawn from the stock thrown away
    SKIP = "skip"  # no reveal after throwing a card away (when the rules let you)
    KNOCK = "knock"
    CLOSING = "closing"  # the seat went out (or knocked): the others' final turns, or the end
    RESHUFFLE = "reshuffle"  # the stock ran out: the discards under the top one shuffled into it
    REVEAL_ALL = "reveal_all"  # every card turned up at the hole's end
    HOLE_SCORED = "hole_scored"  # the hole and every seat's score, in seat order
    DEAL = "deal"  # the next hole dealt


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened; the fields its kind has are set, the others ``None``.

    >>> Event(EventKind.DRAW, seat=1, source="stock").to_json()
    {'seat': 1, 'action': 'draw', 'source': 'stock'}
    """

    kind: EventKind
    seat: int | None = None  # whose move set it off; none for the table's own (a deal, a reshuffle)
    position: int | None = None
    card: str | None = None
    discarded: str | None = None
    source: str | None = None
    hole: int | None = None
    stock_count: int | None = None
    scores: tuple[int, ...] | None = None

    def to_json(self) -> dict:
        """The event with seats by number, in the API's field names (``action`` for the kind)."""
        shown: dict = {} if self.seat is None else {"seat": self.seat}
        shown["action"] = self.kind.value
        for name in ("position", "card", "discarded", "source", "hole", "stock_count"):
            value = getattr(self, name)
            if value is not None:
                shown[name] = value
        if self.scores is not None:
            shown["scores"] = list(self.scores)
        return shown
