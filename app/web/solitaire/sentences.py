"""What the Golf solitaire page says in words: the one line that says what to do now,
the end of a deal, a move told back, and what Undo took back.

Plain and pure, read from the public state of the deal (``app.solitaire.game.view`` as
the service describes it), which holds the size of the stock and never its order.
"""

from __future__ import annotations

from app.cards import card_name


def cards_text(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def end_sentence(state: dict) -> str | None:
    """What the page says once the deal is over, or None while it is being played."""
    if state["phase"] == "won":
        return "You won: every pile is cleared. Your score is 0."
    if state["phase"] == "stuck":
        left = state["score"]
        return f"No more moves: {cards_text(left)} left. Your score is {left}."
    return None


def prompt(state: dict) -> str:
    """The one line that says what to do now."""
    end = end_sentence(state)
    if end:
        return end
    top = card_name(state["foundation"]["top"])
    if state["playable"] and state["can_draw"]:
        return f"Play a card onto the {top}, or turn the next stock card."
    if state["playable"]:
        return f"Play a card onto the {top}."
    return f"No card goes on the {top}: turn the next stock card."


def played_sentence(before: dict, pile: int) -> str:
    """``"You played the 7 of clubs from pile 3 onto the 6 of hearts."``"""
    card = before["tableau"][pile][-1]
    return f"You played the {card_name(card)} from pile {pile + 1} onto the {card_name(before['foundation']['top'])}."


def undone_sentence(before: dict, after: dict) -> str:
    """What Undo took back, told from the states before and after it."""
    if after["stock_count"] > before["stock_count"]:
        return f"Took back turning the {card_name(before['foundation']['top'])}: it is back in the stock."
    for pile, (old, new) in enumerate(zip(before["tableau"], after["tableau"])):
        if len(new) > len(old):
            return f"Took back playing the {card_name(new[-1])}: it is back on pile {pile + 1}."
    return "Took back the last move."
