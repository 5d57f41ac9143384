"""The moves of draw-and-discard Golf, as small immutable values.

Each action has a short code for the match log (``"s4"`` is a swap into position 4)
and a JSON form in the terms of the public API (``{"action": "swap", "position": 4}``).
A log entry is the acting seat followed by the code: ``"1ds"`` is seat 1 drawing from
the stock, so a whole match reads as one line in a bug report.

>>> Swap(4).code, parse_code("s4") == Swap(4)
('s4', True)
>>> action_from_json({"action": "draw", "source": "discard"})
Draw(source='discard')
>>> parse_log_entry("0r3")
Logged(seat=0, action=Reveal(position=3))
>>> parse_log_entry("1f2"), Flip(2).to_json()
(Logged(seat=1, action=Flip(position=2)), {'action': 'flip', 'position': 2})

The log's format is read here alone: everything else asks :func:`parse_log_entry`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple

Source = Literal["stock", "discard"]


@dataclass(frozen=True, slots=True)
class Reveal:
    """Turn one of your face-down cards up (an opening reveal, or the flip after a reject)."""

    position: int

    @property
    def code(self) -> str:
        return f"r{self.position}"

    def to_json(self) -> dict:
        return {"action": "reveal", "position": self.position}


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the stock or of the discard pile."""

    source: Source

    @property
    def code(self) -> str:
        return "ds" if self.source == "stock" else "dd"

    def to_json(self) -> dict:
        return {"action": "draw", "source": self.source}


@dataclass(frozen=True, slots=True)
class Swap:
    """Put the held card face up at a position; the card there goes onto the discard pile."""

    position: int

    @property
    def code(self) -> str:
        return f"s{self.position}"

    def to_json(self) -> dict:
        return {"action": "swap", "position": self.position}


@dataclass(frozen=True, slots=True)
class Flip:
    """Turn one of your face-down cards up instead of drawing: the whole turn (Flip as
    Action rules only)."""

    position: int

    @property
    def code(self) -> str:
        return f"f{self.position}"

    def to_json(self) -> dict:
        return {"action": "flip", "position": self.position}


@dataclass(frozen=True, slots=True)
class Reject:
    """Throw a card drawn from the stock onto the discard pile without using it."""

    code = "x"

    def to_json(self) -> dict:
        return {"action": "reject"}


@dataclass(frozen=True, slots=True)
class Skip:
    """End the turn without the optional reveal after a reject (optional-flip rules only)."""

    code = "p"

    def to_json(self) -> dict:
        return {"action": "skip"}


@dataclass(frozen=True, slots=True)
class Knock:
    """Close the hole instead of drawing (knocking rules only)."""

    code = "k"

    def to_json(self) -> dict:
        return {"action": "knock"}


@dataclass(frozen=True, slots=True)
class NextHole:
    """Deal the next hole once the current one is scored."""

    code = "n"

    def to_json(self) -> dict:
        return {"action": "next_hole"}


Action = Reveal | Draw | Swap | Flip | Reject | Skip | Knock | NextHole
PLACED = (Reveal, Swap, Flip)  # the actions that name a position of the grid

REJECT, SKIP, KNOCK, NEXT_HOLE = Reject(), Skip(), Knock(), NextHole()
DRAW_STOCK, DRAW_DISCARD = Draw("stock"), Draw("discard")
MAX_POSITIONS = 12
REVEALS = tuple(Reveal(p) for p in range(MAX_POSITIONS))
SWAPS = tuple(Swap(p) for p in range(MAX_POSITIONS))
FLIPS = tuple(Flip(p) for p in range(MAX_POSITIONS))

EVERY_ACTION: tuple[Action, ...] = (
    *REVEALS,
    *SWAPS,
    *FLIPS,
    REJECT,
    SKIP,
    KNOCK,
    NEXT_HOLE,
    DRAW_STOCK,
    DRAW_DISCARD,
)
_BY_CODE: dict[str, Action] = {a.code: a for a in EVERY_ACTION}


class MalformedAction(ValueError):
    """An action that does not even name a move (as opposed to a move not allowed now)."""


def parse_code(code: str) -> Action:
    try:
        return _BY_CODE[code]
    except KeyError:
        raise MalformedAction(f"unknown action code {code!r}") from None


def log_entry(seat: int, action: Action) -> str:
    return f"{seat}{action.code}"


class Logged(NamedTuple):
    """One entry of the match log: who acted, and how."""

    seat: int
    action: Action


def parse_log_entry(entry: str) -> Logged:
    """The seat and the action of a log entry (seats are single digits, 0 to 7)."""
    if len(entry) < 2 or entry[0] not in "01234567":
        raise MalformedAction(f"unknown log entry {entry!r}")
    return Logged(int(entry[0]), parse_code(entry[1:]))


def actions_by(log: list[str], seat: int) -> int:
    """How many of the log's entries are ``seat``'s: read from each entry's first
    character (its seat's digit), without parsing the actions.

    >>> actions_by(["0r1", "1r0", "0ds"], 0)
    2
    """
    digit = str(seat)
    return sum(1 for entry in log if entry[:1] == digit)


def action_from_json(data: dict) -> Action:
    """Read an action in the API's terms; raises :class:`MalformedAction` if it names none."""
    kind = data.get("action") if isinstance(data, dict) else None
    if not isinstance(kind, str):
        raise MalformedAction(f"unknown action {kind!r}")
    placed: dict[str, tuple[Action, ...]] = {"reveal": REVEALS, "swap": SWAPS, "flip": FLIPS}
    if kind in placed:
        position = data.get("position")
        if not isinstance(position, int) or isinstance(position, bool) or not 0 <= position < MAX_POSITIONS:
            raise MalformedAction(f"a {kind} needs a position, a whole number from 0")
        return placed[kind][position]
    if kind == "draw":
        source = data.get("source")
        if source not in ("stock", "discard"):
            raise MalformedAction('a draw needs a source, "stock" or "discard"')
        return DRAW_STOCK if source == "stock" else DRAW_DISCARD
    simple: dict[str, Action] = {"reject": REJECT, "skip": SKIP, "knock": KNOCK, "next_hole": NEXT_HOLE}
    if kind in simple:
        return simple[kind]
    raise MalformedAction(f"unknown action {kind!r}")
