"""The Golf solitaire table's view model: what ``solitaire/solitaire.html`` and its fragment draw
from the public state of a deal (``app.solitaire.game.view`` as the service describes
it), which holds the size of the stock and never its order.

The seven piles, the stock and the foundation as cards (``app.web.drawn_card.Card``,
the top card of a playable pile a button), the New deal form, the celebration of a
cleared deal, whether the deal is one proved winnable, and the control to focus next.
"""

from __future__ import annotations

from functools import lru_cache

from app.cards import card_name
from app.service.solitaire import RULE_FLAGS, rules_of
from app.solitaire.winnable import winnable_deals
from app.web.common import clock_text
from app.web.drawn_card import Card
from app.web.solitaire.sentences import cards_text, end_sentence, prompt

OPTIONS = [
    ("any_time", "Turn the stock at any time", "not only when no play is left"),
    ("queens_on_kings", "A queen may go on a king", "otherwise nothing goes on a king"),
    ("wrap", "Ranks wrap", "king and ace are neighbours, both ways"),
]


HINTED = "hinted"  # the class of the card the hint suggests, as on the Golf table


def hint_target(move: dict | None) -> str:
    """The hint's move as the table marks it: ``"play-3"`` (pile 4's top card), ``"draw"``
    (the stock), ``""`` for none.

    >>> hint_target({"type": "play", "pile": 3}), hint_target({"type": "draw"}), hint_target(None)
    ('play-3', 'draw', '')
    """
    if not move:
        return ""
    return f"play-{move.get('pile')}" if move.get("type") == "play" else "draw"


def suggest(card: Card, target: str) -> None:
    """Mark ``card`` as the hint's suggestion when its move is ``target``: ringed and
    starred, and said in its name."""
    move = f"{card.action}-{card.value}" if card.action == "play" else card.action
    if target and move == target:
        card.classes.append(HINTED)
        card.label += ", the hint's suggestion"


def pile_cards(state: dict, hinted: str = "") -> list[dict]:
    """The seven piles, each bottom to top; the top card of a playable pile is a button
    (marked when it is the hint's suggestion)."""
    playable = set(state["playable"]) if state["phase"] == "playing" else set()
    piles = []
    for index, pile in enumerate(state["tableau"]):
        number = index + 1
        cards = []
        for depth, code in enumerate(pile):
            top = depth == len(pile) - 1
            if not top:
                cards.append(Card(label=f"Pile {number}, covered, {card_name(code)}", card=code))
                continue
            card = Card(label=f"Pile {number}, {card_name(code)}", card=code)
            if index in playable:
                card.label += ", playable"
                card.action, card.param, card.value = "play", "pile", index
                card.classes.append("playable")
                suggest(card, hinted)
            cards.append(card)
        piles.append(
            {
                "number": number,
                "index": index,
                "cards": cards,
                "count": len(pile),
                "label": f"Pile {number}, empty" if not pile else None,
            }
        )
    return piles


def stock_card(state: dict, hinted: str = "") -> Card:
    count = state["stock_count"]
    can_draw = state["phase"] == "playing" and state["can_draw"]
    if not count:
        card = Card(label="Stock, empty")
        card.classes.append("space")
        return card
    label = f"Stock, {cards_text(count)}"
    card = Card(label=label + (": turn the next card" if can_draw else ""))
    card.classes.append("stock")
    if can_draw:
        card.action = "draw"
        suggest(card, hinted)
    return card


STOCK_WAITS = "Play from the piles first: the stock turns when no play is left."


def stock_waits(state: dict) -> str | None:
    """Why the stock cannot be turned, while it is only because a play is left (the rule
    as written; "turn the stock at any time" lifts it), else None."""
    waits = state["phase"] == "playing" and state["stock_count"] and state["playable"] and not state["can_draw"]
    return STOCK_WAITS if waits else None


def foundation_card(state: dict) -> Card:
    top, count = state["foundation"]["top"], state["foundation"]["count"]
    card = Card(label=f"Foundation, {card_name(top)}, {cards_text(count)}", card=top)
    card.classes.append("foundation")
    return card


def new_deal_model(state: dict, typed: dict | None = None, error: str | None = None) -> dict:
    """The New deal form; after a refused deal number, with what was typed and why."""
    rules = state.get("rules") or {}
    moved = state["moves_taken"] and state["phase"] == "playing"
    typed = typed or {}
    return {
        "version": state["version"],
        "seed": typed.get("seed") or "",
        "seed_error": error if typed else None,
        "options": [(name, text, about, bool(rules.get(name))) for name, text, about in OPTIONS],
        "winnable_only": state.get("winnable_only", False),
        "warn": (
            f"Leaving this deal now counts it as played, with {cards_text(state['score'])} left." if moved else None
        ),
    }


def table_context(
    state: dict,
    *,
    message: str | None = None,
    hint: str | None = None,
    hinted: str = "",
    say: str = "",
    focus: str = "",
    running: bool | None = None,
    typed: dict | None = None,
    stats: dict | None = None,
) -> dict:
    phase = state["phase"]
    if running is None:
        running = phase == "playing" and state["moves_taken"] > 0
    rules = state.get("rules") or {}
    hinted = hinted if hint and phase == "playing" else ""
    return {
        "version": state["version"],
        "seed": state["seed"],
        "phase": phase,
        "over": phase != "playing",
        "end": end_sentence(state),
        "prompt": prompt(state),
        "rules_text": None if rules.get("key", "strict") == "strict" else _rules_text(rules),
        "winnable": bool(state.get("winnable_only")) and proved_winnable(state["seed"], rules),
        "moves": state["moves"],
        "score": state["score"],
        "elapsed": state["elapsed_seconds"],
        "clock": clock_text(state["elapsed_seconds"]),
        "running": running and phase == "playing",
        "piles": pile_cards(state, hinted),
        "stock": stock_card(state, hinted),
        "stock_count": state["stock_count"],
        "stock_waits": stock_waits(state),
        "foundation": foundation_card(state),
        "foundation_count": state["foundation"]["count"],
        "can_undo": state["can_undo"],
        "can_hint": phase == "playing",
        "hint": hint,
        "message": message,
        "say": say,
        "focus": focus or default_focus(state),
        "new_deal": new_deal_model(state, typed, message),
        # A refused deal number: the form opens again with it, and the alert stays for the rest.
        "reopen_new_deal": bool(typed),
        "confirm_restart": phase == "playing" and state["moves_taken"] > 0,
        "left_if_restarted": cards_text(state["score"]),
        "won": _won_model(state, stats) if phase == "won" else None,
    }


def _won_model(state: dict, stats: dict | None) -> dict:
    """The celebration of a cleared deal: how it went, and the statistics it adds to."""
    stats = stats or {}
    rate = stats.get("win_rate")
    return {
        "moves": state["moves"],
        "clock": clock_text(state["elapsed_seconds"]),
        "facts": [
            ("Deals won", f"{stats.get('won', 0)} of {stats.get('played', 0)}"),
            ("Win rate", f"{rate * 100:.0f}%" if rate is not None else "–"),
            ("Current winning streak", str(stats.get("current_streak", 0))),
            ("Best winning streak", str(stats.get("best_streak", 0))),
        ],
    }


@lru_cache(maxsize=16)
def _proved(key: str) -> frozenset[int]:
    return frozenset(winnable_deals(rules_of({name: True for name in RULE_FLAGS if name in key.split("|")})))


def proved_winnable(seed: int, rules: dict) -> bool:
    """Whether the deal is one the solver proved winnable under these rules (the deal
    of "winnable deals only"; a number typed in may or may not be one)."""
    return seed in _proved("|".join(name for name in RULE_FLAGS if rules.get(name)))


def _rules_text(rules: dict) -> str:
    """``"Rules: turn the stock at any time; ranks wrap (king and ace are neighbours)"``."""
    return "Rules: " + str(rules.get("description", "")).removeprefix("Golf: ")


def default_focus(state: dict, after_pile: int = 0) -> str:
    """The control a person most likely wants next: a playable card (the first at or
    after the pile just played), else the stock, else the end of the game."""
    if state["phase"] != "playing":
        return "sol-prompt"
    playable = state["playable"]
    if playable:
        later = [p for p in playable if p >= after_pile]
        return f"pile-{(later or playable)[0] + 1}"
    if state["can_draw"]:
        return "stock"
    return "sol-prompt"
