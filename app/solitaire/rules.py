"""The rules of Golf solitaire and the three options people commonly play with.

The game as written: cards go from the top of a tableau pile to the discard pile
(we call it the foundation) when they are one rank above or below its top card,
suits do not matter, aces are low (an ace goes only on a two, and only a two goes on
an ace) and nothing may be played on a king. The next stock card may be turned only
when no play from the piles is left.

Each option is one field of :class:`SolitaireRules`:

* ``any_time``: the stock may be turned at any time, as most computer versions allow;
* ``queens_on_kings``: a queen may be played on a king (a king on a queen is legal
  anyway, since they are consecutive);
* ``wrap``: ranks wrap around, so king and ace are neighbours ("Relaxed Golf",
  "Putt Putt"); kings are then no dead end and a queen goes on a king as well.

>>> SolitaireRules().accepts(12, 13)
False
>>> SolitaireRules(queens_on_kings=True).accepts(12, 13)
True
>>> SolitaireRules(wrap=True).accepts(1, 13)
True
"""

from __future__ import annotations

from dataclasses import dataclass

from app.cards import card_name, rank_value

ACE, QUEEN, KING = 1, 12, 13

# The flags in the order they appear in a rules key such as "any-time+wrap".
_FLAGS = (("any_time", "any-time"), ("queens_on_kings", "queens-on-kings"), ("wrap", "wrap"))


@dataclass(frozen=True)
class SolitaireRules:
    """One variant of Golf solitaire; the default is the game as written (strict)."""

    any_time: bool = False
    queens_on_kings: bool = False
    wrap: bool = False

    def accepts(self, card_rank: int, top_rank: int) -> bool:
        """Whether a card of rank ``card_rank`` (1..13) may go on one of ``top_rank``."""
        if top_rank == KING:
            if card_rank == QUEEN:
                return self.queens_on_kings or self.wrap
            return self.wrap and card_rank == ACE
        gap = abs(card_rank - top_rank)
        # A gap of 12 is ace and king, neighbours only when ranks wrap.
        return gap == 1 or (self.wrap and gap == 12)

    def refusal(self, card: str, top: str) -> str | None:
        """Why ``card`` may not go on ``top``, in words a person reads; None if it may."""
        if self.accepts(rank_value(card[0]), rank_value(top[0])):
            return None
        sentence = f"The {card_name(card)} cannot go on the {card_name(top)}"
        if rank_value(top[0]) == KING:
            if self.queens_on_kings:
                return sentence + ": only a queen may be played on a king"
            return sentence + ": no card may be played on a king"
        if {rank_value(card[0]), rank_value(top[0])} == {ACE, KING}:
            return sentence + ": aces are low, so an ace and a king are not neighbours"
        return sentence + ": only a card one rank above or below may be played"

    def normalized(self) -> SolitaireRules:
        """The same game with redundant flags dropped (wrapping ranks already lets a
        queen go on a king), so that equal games have equal keys."""
        if self.wrap and self.queens_on_kings:
            return SolitaireRules(any_time=self.any_time, wrap=True)
        return self

    @property
    def key(self) -> str:
        """A short stable name: ``"strict"``, ``"any-time"``, ``"any-time+wrap"``, ..."""
        rules = self.normalized()
        words = [word for field, word in _FLAGS if getattr(rules, field)]
        if not rules.any_time:
            words.insert(0, "strict")
        return "+".join(words)

    @classmethod
    def from_key(cls, key: str) -> SolitaireRules:
        """The rules named by :attr:`key` (``"strict+wrap"``, ``"any-time"``, ...)."""
        words = set(key.split("+"))
        known = {word for _, word in _FLAGS} | {"strict"}
        if not words <= known or ("strict" in words) == ("any-time" in words):
            raise ValueError(f"Unknown rules {key!r}")
        return cls(**{field: word in words for field, word in _FLAGS})

    def describe(self) -> str:
        """The rules in a sentence, for people."""
        parts = ["turn the stock at any time" if self.any_time else "turn the stock only when no play is left"]
        if self.wrap:
            parts.append("ranks wrap (king and ace are neighbours)")
        elif self.queens_on_kings:
            parts.append("a queen may go on a king")
        return "Golf: " + "; ".join(parts)

    def as_dict(self) -> dict:
        """The flags as a JSON-able dict, with the key and a description."""
        return {
            "any_time": self.any_time,
            "queens_on_kings": self.queens_on_kings,
            "wrap": self.wrap,
            "key": self.key,
            "description": self.describe(),
        }
