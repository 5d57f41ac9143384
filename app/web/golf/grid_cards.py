"""The cards of one seat's grid as the board draws them: each named by its owner, its
place and its face (a face-down card's rank never, as the seat's view has none), the
person's own cards as buttons where a legal move takes them, and the hint's suggestion
marked."""

from __future__ import annotations

from collections.abc import Set

from app.web.drawn_card import Card
from app.web.golf.names import card_label, owner_name, position_name

HINTED = "hinted"  # the class of the card or button the hint suggests


def hint_target(action: dict | None) -> str:
    """The hint's move as the board marks it: ``"draw-stock"``, ``"swap-3"``, ``"reject"``.

    >>> hint_target({"action": "swap", "position": 3}), hint_target({"action": "draw", "source": "stock"})
    ('swap-3', 'draw-stock')
    """
    if not action:
        return ""
    kind = action.get("action", "")
    if kind == "draw":
        return f"draw-{action.get('source')}"
    if kind in ("swap", "reveal", "flip"):
        return f"{kind}-{action.get('position')}"
    return kind


def suggest(card: Card, target: str) -> None:
    """Mark ``card`` as the hint's suggestion when its move is ``target``."""
    if target and card.action and target == f"{card.action}-{card.value}":
        card.classes.append(HINTED)
        card.label += ", the hint's suggestion"


def grid_cards(state: dict, index: int, live: bool, touched: Set[int] = frozenset(), hinted: str = "") -> list[Card]:
    """The cards of ``players[index]``, each named by owner, place and face; the person's
    cards are buttons where an action of theirs takes that position."""
    rules = state["rules"]
    rows, cols = rules["rows"], rules["cols"]
    player = state["players"][index]
    matched = {p for line in player.get("matched", []) for p in line}
    mine = player["id"] == "you"
    reveal, swap, flip = set(), set(), set()
    if mine and live:
        for action in state.get("legal", []):
            if action["action"] == "reveal":
                reveal.add(action["position"])
            elif action["action"] == "swap":
                swap.add(action["position"])
            elif action["action"] == "flip":  # Flip as Action: a face-down card turned up as the turn
                flip.add(action["position"])
    cards = []
    for position, cell in enumerate(player["grid"]):
        where = position_name(position, rows, cols)
        face = card_label(cell["card"]) if cell["face_up"] and cell["card"] else "face down"
        label = f"{owner_name(player)} card, {where}, {face}"
        # The view names the near cards looked at only while the peek lasts: after that, memory is part of the game.
        peeked = cell.get("peeked") if mine else None
        if peeked:
            label += f" (you looked: {card_label(peeked)})"
        if position in matched:
            label += ", paired"
        card = Card(
            label=label,
            card=cell["card"] if cell["face_up"] else None,
            peeked=peeked,
            matched=position in matched,
            last_move=position in touched,
        )
        if position in swap:
            card.action, card.param, card.value = "swap", "position", position
        elif position in reveal:
            card.action, card.param, card.value = "reveal", "position", position
        elif position in flip:
            card.action, card.param, card.value = "flip", "position", position
            card.label += ": turn it up instead of drawing"
        suggest(card, hinted)
        cards.append(card)
    return cards


def touched_positions(events: list[dict], player_id: str) -> set[int]:
    """The positions of ``player_id``'s grid that these events changed."""
    return {
        e["position"]
        for e in events
        if e.get("player") == player_id and e.get("action") in ("swap", "reveal") and "position" in e
    }
