"""The hidden-card oracle: which cards a seat may not know, worked out by the engine
from the whole state, and every card code a response holds, to check that no response
ever shows one of them.

One deck has each code once, so a hidden card's code in a response means that very card.
"""

from __future__ import annotations

from collections.abc import Iterable

from app.cards import is_card
from app.golf.actions import parse_log_entry
from app.golf.engine import GolfState


def card_strings(value) -> list[str]:
    """Every string in a JSON value that is a card code (keys and values, any depth)."""
    if isinstance(value, str):
        return [value] if is_card(value) else []
    if isinstance(value, dict):
        return [card for key, item in value.items() for card in (*card_strings(key), *card_strings(item))]
    if isinstance(value, (list, tuple)):
        return [card for item in value for card in card_strings(item)]
    return []


def hidden_cards(state: GolfState, log: Iterable[str], viewer: int | None) -> set[str]:
    """Cards ``viewer`` (a seat, or None for a spectator) may not know once ``log`` is
    played on ``state`` (a match's state before its log; it is played on in place):
    face-down cards (but the viewer's own peeked ones while the peek lasts, until its first
    turn of the hole), the stock cards never seen face up this hole, and a card another
    seat drew from the stock."""
    seen: set[str] = set(state.discard)
    for entry in log:
        hole = state.hole
        state.apply(*parse_log_entry(entry))
        if state.hole != hole:
            seen = set()
        seen.update(state.discard)
        for grid, face_up in zip(state.grids, state.face_up):
            seen.update(card for card, up in zip(grid, face_up) if up)
    peeking = viewer is not None and state.turns[viewer] == 0
    hidden = set()
    for seat, (grid, face_up) in enumerate(zip(state.grids, state.face_up)):
        for position, (card, up) in enumerate(zip(grid, face_up)):
            if not up and not (peeking and seat == viewer and position in state.peeked[seat]):
                hidden.add(card)
    hidden |= set(state.stock) - seen
    if state.held is not None and state.held_source == "stock" and state.turn != viewer:
        hidden.add(state.held)
    return hidden
