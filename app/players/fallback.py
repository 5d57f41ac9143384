"""A computer player's failure never reaches the person: a simple legal move takes its place.

The service asks a player (or the hint) for a move through :func:`choose_safely` and
:func:`hint_safely`. An exception, or an answer that is not one of the legal actions, is
logged with where it happened and the position as the table shows it to everyone, and
the greedy player's move is played instead (or, should that fail too, the first legal
action), so the match goes on.

>>> choose_safely(lambda view: 1 / 0, {"phase": "hole_over", "legal": [{"action": "next_hole"}]}, "a test")
{'action': 'next_hole'}
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable

from app.players.greedy import GreedyPlayer

log = logging.getLogger(__name__)

REASONS = {
    "reveal": "Turn up a card: a card you can see is one you can plan around.",
    "draw": "Take a card and see whether it lowers your score.",
    "swap": "Swap the card you hold into your grid.",
    "reject": "Throw the card away: it would not lower your score.",
    "skip": "Leave your cards as they are.",
    "knock": "Knock: your cards are low enough to end the hole.",
    "next_hole": "Deal the next hole.",
}


def public_position(view: dict) -> str:
    """The position as every seat sees it (no peeked card, no card held from the stock),
    in one line of JSON: enough to rebuild the decision in a test."""
    players = [
        {
            "id": p["id"],
            "grid": [cell["card"] for cell in p["grid"]],
            "holding_card": p.get("holding_card"),
            "final_turn_pending": p.get("final_turn_pending"),
        }
        for p in view.get("players", [])
    ]
    held = view.get("held") or {}
    shown = {
        "rules": view.get("rules"),
        "hole": view.get("hole"),
        "hole_turns": view.get("hole_turns"),
        "phase": view.get("phase"),
        "turn": view.get("turn"),
        "closed_by": view.get("closed_by"),
        "stock_count": view.get("stock_count"),
        "discard": (view.get("discard") or {}).get("cards"),
        "players": players,
        "held_source": held.get("source"),
        "legal": view.get("legal"),
    }
    return json.dumps(shown, separators=(",", ":"))


def simple_move(view: dict) -> dict:
    """The greedy player's move, or the first legal action if even that fails."""
    legal = view["legal"]
    try:
        choice = GreedyPlayer().choose(view)
        if choice in legal:
            return choice
    except Exception:  # the last resort below must always answer
        log.exception("the greedy fallback failed too; playing the first legal action")
    return legal[0]


def choose_safely(choose: Callable[[dict], dict], view: dict, who: str) -> dict:
    """``choose(view)`` if it answers a legal action, else a simple legal move (logged)."""
    try:
        choice = choose(view)
        if choice in view["legal"]:
            return choice
        raise ValueError(f"chose {choice!r}, which is not one of the legal actions")
    except Exception:  # any fault of a player's: the person must never see it
        log.exception(
            "%s failed in phase %s; playing a simple legal move instead. Position: %s",
            who,
            view.get("phase"),
            public_position(view),
        )
    return simple_move(view)


def hint_safely(hint: Callable[[dict], dict], view: dict, who: str) -> dict:
    """``hint(view)`` if it answers a legal action, else a simple legal move with a plain reason."""
    try:
        advice = hint(view)
        if advice["action"] is None or advice["action"] in view["legal"]:
            return advice
        raise ValueError(f"advised {advice['action']!r}, which is not one of the legal actions")
    except Exception:  # the person asked for help, not for an error
        log.exception(
            "%s failed in phase %s; advising a simple legal move instead. Position: %s",
            who,
            view.get("phase"),
            public_position(view),
        )
    action = simple_move(view)
    return {"action": action, "reason": REASONS.get(action["action"], "A safe move.")}
