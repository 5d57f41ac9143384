"""What the Golf table calls things: each card, each place in a grid, each player (as
the owner of a grid and as the subject of a sentence) and each computer level; and the
two readings of a seat's state that the table's sentences start from, its legal moves
by kind and its players' names.

Everything here reads the match state of one seat (``app.golf.view.view``, as the
service describes it), and so do the prompts (``app.web.golf.prompts``), the narration
(``app.web.golf.narration``) and the refusals (``app.web.golf.refusals``) built on it,
so a face-down card's rank can never reach the page: the state does not hold it. The
functions are plain and pure, for the templates and their tests. The board the
templates draw (``app.web.golf.board``) names its cards with these words.

>>> position_name(4, rows=2, cols=3)
'bottom row, column 2'
>>> card_label("TH"), card_label("X1")
('10 of hearts', 'joker')
"""

from __future__ import annotations

from functools import lru_cache

from app.cards import card_name
from app.players import LEVELS

ROW_NAMES = {2: ("top", "bottom"), 3: ("top", "middle", "bottom")}
LEVEL_NAMES = {level: level.capitalize() for level in LEVELS}


def card_label(card: str) -> str:
    return card_name(card)


@lru_cache(maxsize=1024)  # a few dozen places in all: each card of every board is named by one
def position_name(position: int, rows: int, cols: int) -> str:
    """``"top row, column 2"``: rows by name, columns counted from 1 on the left."""
    row, col = divmod(position, cols)
    names = ROW_NAMES.get(rows) or tuple(f"row {r + 1}" for r in range(rows))
    return f"{names[row]} row, column {col + 1}"


def owner_name(player: dict) -> str:
    """``"Your"``, ``"Computer's"``, ``"Computer 2's"``."""
    return "Your" if player["id"] == "you" else f"{player['name']}'s"


def subject(player_id: str, names: dict[str, str]) -> str:
    """How a sentence names a player: ``"you"``, ``"the computer"``, ``"Computer 2"``."""
    if player_id == "you":
        return "you"
    name = names.get(player_id, "the computer")
    return "the computer" if name == "Computer" else name


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# --------------------------------------------------------------------------- the state


def legal_kinds(state: dict) -> dict[str, dict]:
    """The person's legal actions by kind (``"draw-stock"``, ``"reject"``, ...)."""
    kinds: dict[str, dict] = {}
    for action in state.get("legal", []):
        kind = action["action"]
        if kind == "draw":
            kind = f"draw-{action['source']}"
        kinds.setdefault(kind, action)
    return kinds


def player_names(state: dict) -> dict[str, str]:
    return {p["id"]: p["name"] for p in state["players"]}
