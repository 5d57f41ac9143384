"""A sensible first computer player: greedy, one move deep, seeing only its view.

It counts every face-down card at a fixed guess, takes a discard that lowers its grid
(a column pair, a low card), keeps low stock cards and throws high ones, and turns a
card up after a throw. Where knocking ends the hole it knocks once its grid is worth
about a point a card, readier the longer the hole lasts, and when the hole nears its
bound it ends it (:mod:`app.players.pace`). It is the yardstick the stronger levels are
measured against, and the move played for a computer player that fails.
"""

from __future__ import annotations

from app.golf.scoring import score_grid
from app.players.knowledge import read_rules, read_table
from app.players.pace import ending_move, is_late, lateness

HIDDEN_GUESS = 5.0  # about the mean value of an unseen card under the standard rules
KNOCK_PER_CARD = 1.0  # greedy knocks once its grid is worth this much a card (6 on six cards)


def expected_score(cards: list[str | None], rules, hidden_guess: float = HIDDEN_GUESS) -> float:
    """The grid's score counting known cards as they are and each unknown one at the guess."""
    known = score_grid(cards, rules)
    return known + hidden_guess * sum(1 for c in cards if c is None)


def own_cards(view: dict) -> list[str | None]:
    """The viewer's grid as it knows it: face-up and peeked cards, None where unknown."""
    return [cell["card"] or cell.get("peeked") for cell in view["players"][0]["grid"]]


def best_swap(cards: list[str | None], card: str, rules) -> tuple[float, int]:
    """The position where ``card`` lowers the expected score most, and that change."""
    before = expected_score(cards, rules)
    best: tuple[float, int] | None = None
    for position in range(len(cards)):
        trial = list(cards)
        trial[position] = card
        change = expected_score(trial, rules) - before
        if best is None or change < best[0]:
            best = (change, position)
    if best is None:
        raise ValueError("a grid with no place has no swap")
    return best


class GreedyPlayer:
    """Greedy one-ply play; ``choose(view)`` returns an action in the API's terms."""

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.seed = seed  # accepted like every player's; greedy play needs no chance

    def choose(self, view: dict) -> dict:
        rules = read_rules(view)
        legal = view["legal"]
        cards = own_cards(view)
        hidden = [p for p, cell in enumerate(view["players"][0]["grid"]) if not cell["face_up"]]
        phase = view["phase"]
        table = read_table(view) if phase in ("draw", "place", "flip") else None
        if table is not None:
            forced = ending_move(table)
            if forced is not None:
                return forced

        if phase in ("opening", "flip"):
            # Leave the last card down rather than end the hole, until the hole runs long.
            if {"action": "skip"} in legal and len(hidden) <= 1 and table is not None and not is_late(table):
                return {"action": "skip"}
            return {"action": "reveal", "position": self._reveal_choice(cards, hidden, rules, phase)}
        if phase == "draw":
            assert table is not None  # read for the draw, place and flip phases
            # A point a card, and up to the worth of an unseen grid as the hole runs late.
            limit = rules.cells * (KNOCK_PER_CARD + (HIDDEN_GUESS - KNOCK_PER_CARD) * lateness(table))
            if {"action": "knock"} in legal and expected_score(cards, rules) <= limit:
                return {"action": "knock"}
            top = view["discard"]["top"]
            if top is not None and {"action": "draw", "source": "discard"} in legal:
                change, _ = best_swap(cards, top, rules)
                if change <= -3 or {"action": "draw", "source": "stock"} not in legal:
                    return {"action": "draw", "source": "discard"}
            return {"action": "draw", "source": "stock"}
        if phase == "place":
            held = view["held"]
            change, position = best_swap(cards, held["card"], rules)
            if change < 0 or {"action": "reject"} not in legal:
                return {"action": "swap", "position": position}
            return {"action": "reject"}
        if phase == "hole_over":
            return {"action": "next_hole"}
        raise ValueError(f"nothing to choose in phase {phase!r}")

    @staticmethod
    def _reveal_choice(cards, hidden, rules, phase) -> int:
        if phase == "opening":
            return hidden[0]  # the computer's opening cards are its first positions
        # After a throw, turn up a card whose column partner is showing: it may pair.
        for position in hidden:
            for column in rules.columns:
                if position in column and any(cards[p] is not None for p in column if p != position):
                    return position
        return hidden[0]
