"""The levels below Expert: Easy, Medium and Hard.

- **Easy** plays like a beginner with habits a person learns to exploit: it judges a card
  by its value alone (as the rules value it: a king at −2 under Super Kings) (it takes a low card from the pile without looking at its
  columns, puts low cards over its highest showing card even when that breaks a pair,
  and never hunts a pair), remembers nothing of the discards, turns cards up at random
  and ends the hole whenever it can (it knocks at about two points a card). It always
  draws a card: turning one up instead (Flip as Action) does not occur to it.
- **Medium** knows column pairs and the odds of a face-down card, but remembers only what
  lies face up now, takes the pile's card only when it clearly helps, and ends the hole
  whenever that lowers its own score, without a thought for the final turn it hands over.
- **Hard** remembers every card seen, weighs a column pair against a low card with the
  exact odds of the unseen cards, prices a stock draw exactly against the pile's card,
  and keeps half an eye on what the next player collects; but it ends the hole whenever
  that lowers its own score, without a thought for the final turn it hands over.

The Expert (:mod:`app.players.expert`) has all of Hard, reads the next player fully,
ends the hole only when that pays, and checks its best moves by sampling.

Every level grows readier to end a hole the longer it lasts, and ends it itself before
the hole's bound (:mod:`app.players.pace`).
"""

from __future__ import annotations

import random

from app.players.heuristic import Advisor, Style
from app.players.knowledge import read_table
from app.players.pace import ending_move, lateness

EASY_TAKES = 3  # Easy takes a pile card worth at most this much
EASY_KEEPS = 4  # and keeps a stock card worth at most this much on a face-down card
EASY_KNOCKS = 2  # Easy knocks once its guess of its own score is this low a card (12 on six cards)
UNSEEN_GUESS = 5  # what Easy supposes a face-down card is worth

MEDIUM = Style(memory="table", deny=0.0, careful_close=False, take_threshold=2.5)
HARD = Style(deny=0.5, careful_close=False)


class StyledPlayer:
    """A level that plays the cheapest action its :class:`Style` sees (Medium, Hard)."""

    def __init__(self, name: str, style: Style, seed: int = 0):
        # The seed is accepted like every player's; these levels break ties by the order
        # of the legal actions and need no chance.
        self.name, self.style, self.seed = name, style, seed

    def choose(self, view: dict) -> dict:
        table = read_table(view)
        advisor = Advisor(table, self.style)
        return ending_move(table, advisor.odds) or advisor.ranked()[0][1]


class EasyPlayer:
    """A beginner: face values only, no memory, eager to end the hole."""

    name = "easy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view: dict) -> dict:
        table = read_table(view)
        forced = ending_move(table, remembers=False)
        if forced is not None:
            return forced
        legal, phase = table.legal, table.phase
        points_of = table.rules.points_of
        mine = table.grids[0]
        face_down = [p for p, card in enumerate(mine) if card is None]
        showing = {p: points_of(card) for p, card in enumerate(mine) if card is not None}  # position: value
        highest = max(showing, key=showing.__getitem__, default=None)
        high_value = showing[highest] if highest is not None else None

        if phase == "opening":
            return {"action": "reveal", "position": min(a["position"] for a in legal)}
        if phase == "draw":
            guess = sum(showing.values()) + UNSEEN_GUESS * len(face_down)
            # Two points a card, and up to the worth of an unseen grid as the hole runs late.
            cells = table.rules.cells
            limit = cells * (EASY_KNOCKS + (UNSEEN_GUESS - EASY_KNOCKS) * lateness(table))
            if {"action": "knock"} in legal and guess <= limit:
                return {"action": "knock"}
            top = table.top
            take = {"action": "draw", "source": "discard"}
            if take in legal and top is not None and points_of(top) <= EASY_TAKES:
                return take
            stock = {"action": "draw", "source": "stock"}
            return stock if stock in legal else legal[0]
        if phase == "place":
            value = points_of(table.held_card)
            if highest is not None and high_value is not None and high_value > value:
                # Over the highest card showing, pair or not: the beginner's reflex.
                return {"action": "swap", "position": highest}
            if face_down and (value <= EASY_KEEPS or table.held_source == "discard"):
                return {"action": "swap", "position": self.rng.choice(face_down)}
            if {"action": "reject"} in legal:
                return {"action": "reject"}
            return {"action": "swap", "position": highest if highest is not None else 0}
        if phase == "flip":
            reveals = [a for a in legal if a["action"] == "reveal"]
            return self.rng.choice(reveals) if reveals else legal[0]
        return legal[0]
