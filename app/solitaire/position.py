"""What lies on the table in Golf solitaire: the piles, the stock and the foundation.

Its own module so that the deals (which make positions) and the game (which plays them,
from a deal) each import it, and the game imports the deals, never the reverse.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Position:
    """Cards on the table. Piles and the foundation list cards bottom to top (the last
    one is the one that can be played, or the one showing); the stock lists the next
    card to turn first."""

    tableau: tuple[tuple[str, ...], ...]
    stock: tuple[str, ...]
    foundation: tuple[str, ...]

    @property
    def top(self) -> str:
        """The card showing on the foundation."""
        return self.foundation[-1]

    @property
    def cards_left(self) -> int:
        """Cards still in the piles: the player's score when the game ends."""
        return sum(len(pile) for pile in self.tableau)

    def cards(self) -> list[str]:
        """Every card of the position, wherever it lies (for checks and tests)."""
        return [card for pile in self.tableau for card in pile] + list(self.stock) + list(self.foundation)
