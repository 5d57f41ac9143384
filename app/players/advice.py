"""The hint: what the Expert would do in the viewer's place, and why, in one sentence.

>>> place_name(4, 2, 3)
'bottom row, column 2'

Columns are numbered from 1 for people; rows are "top row", "bottom row", and "middle
row" in a grid of three. The advice is the Expert's own choice with a fixed seed, so the
same position always gets the same hint.
"""

from __future__ import annotations

from app.cards import card_name, rank_name
from app.players.expert import ExpertPlayer
from app.players.heuristic import Advisor
from app.players.knowledge import Table, read_table
from app.players.pace import ending_move

HINT_SEED = 0
ROW_NAMES = {2: ("top row", "bottom row"), 3: ("top row", "middle row", "bottom row")}


def place_name(position: int, rows: int, cols: int) -> str:
    return f"{ROW_NAMES[rows][position // cols]}, column {position % cols + 1}"


def article(rank: str) -> str:
    """``"an ace"``, ``"an 8"``, ``"a queen"``."""
    name = rank_name(rank)
    return ("an " if name[0] in "a8" else "a ") + name


def hint(view: dict) -> dict:
    """``{"action": <an action of view["legal"]>, "reason": "<one sentence>"}``.

    With nothing to do (another seat is to act), the action is None."""
    legal = view.get("legal") or []
    if not legal:
        return {"action": None, "reason": "Nothing to do now: wait for the other players."}
    if view["phase"] == "hole_over":
        return {"action": legal[0], "reason": "Deal the next hole."}
    table = read_table(view)
    action, advisor = ExpertPlayer(seed=HINT_SEED).decide(table)
    return {"action": action, "reason": Explainer(table, advisor).explain(action)}


class Explainer:
    """Puts one chosen action into words, from the viewer's side of the table."""

    def __init__(self, table: Table, advisor: Advisor):
        self.table, self.advisor = table, advisor
        self.rules = table.rules
        self.mine = table.grids[0]

    def place(self, position: int) -> str:
        return place_name(position, self.rules.rows, self.rules.cols)

    def column(self, position: int) -> int:
        return position % self.rules.cols + 1

    def own(self, position: int) -> str:
        card = self.mine[position]
        return f"your {rank_name(card[0])}" if card else "your face-down card"

    def pairs_with(self, position: int, rank: str) -> bool:
        """Whether ``rank`` at ``position`` completes a matched line with the cards already there."""
        for line in self.rules.lines:
            others = [self.mine[p] for p in line if p != position]
            if position in line and all(card and card[0] == rank for card in others):
                return True
        return False

    def ends_hole(self, position: int | None) -> bool:
        face_down = self.table.hidden(0)
        return (
            self.rules.ending == "all_face_up" and not self.table.closing
            and (face_down == [position] if position is not None else len(face_down) == 1)
        )

    def explain(self, action: dict) -> str:
        kind = action["action"]
        phase = self.table.phase
        if phase != "opening" and action == ending_move(self.table, self.advisor.odds):
            return self.hurry(action)
        if kind == "reveal" and phase == "opening":
            return f"Turn up your card at {self.place(action['position'])}: the first cards are as good as any to start with."
        if kind == "reveal":
            return self.reveal(action["position"])
        if kind == "draw":
            return self.take() if action["source"] == "discard" else self.draw_stock()
        if kind == "swap":
            return self.swap(self.table.held, action["position"])
        if kind == "reject":
            return self.reject(self.table.held)
        if kind == "skip":
            last = self.table.hidden(0)[0]
            return (f"Leave your face-down card at {self.place(last)} as it is: ending the hole now "
                    "would give the others the better of it.")
        if kind == "knock":
            expected = round(self.advisor.odds.grid(self.advisor.me))
            return f"Knock: your cards should score about {expected}, and the others are unlikely to beat that in one more turn."
        return "Deal the next hole."

    def hurry(self, action: dict) -> str:
        """Why a move that ends a hole that has gone on long."""
        kind = action["action"]
        if kind == "knock":
            return "Knock: this hole has gone on long, and it is time it ended."
        last = len(self.table.hidden(0)) == 1
        why = ("this hole has gone on long, and turning up your last card ends it." if last else
               "this hole has gone on long, so turn up a card every turn until it ends.")
        if kind == "swap":
            return f"Swap the {card_name(self.table.held)} for {self.own(action['position'])} at {self.place(action['position'])}: {why}"
        if kind == "reject":
            return f"Throw the {card_name(self.table.held)} away and turn up a card: {why}"
        return f"Turn up your card at {self.place(action['position'])}: {why}"

    def take(self) -> str:
        top = self.table.top
        swaps = [(price, a["position"]) for price, a in self.advisor.place_prices(top[0], "discard")]
        position = min(swaps)[1]
        name = card_name(top)
        if self.pairs_with(position, top[0]):
            return f"Take the {name}: it pairs your {rank_name(top[0])} in column {self.column(position)}."
        if self.mine[position]:
            return f"Take the {name}: it replaces {self.own(position)} at {self.place(position)}."
        return f"Take the {name}: put it on your face-down card at {self.place(position)}."

    def draw_stock(self) -> str:
        top = self.table.top
        if top is None or {"action": "draw", "source": "discard"} not in self.table.legal:
            return "Draw from the stock: there is no card on the pile to take."
        change, _ = self.advisor.odds.best_swap(self.advisor.me, top[0])
        if change < -0.25:
            return f"Draw from the stock: the {card_name(top)} on the pile would help you less than a fresh card is likely to."
        return f"Draw from the stock: the {card_name(top)} on the pile would not help you."

    def swap(self, held: str, position: int) -> str:
        rank = held[0]
        where = f"{self.own(position)} at {self.place(position)}"
        opening = f"Swap the {card_name(held)} for {where}"
        if self.pairs_with(position, rank):
            return f"{opening}: it pairs your {rank_name(rank)} in column {self.column(position)}."
        if self.ends_hole(position):
            return f"{opening}: that turns up your last card and ends the hole while you are doing well."
        values = self.rules.values
        old = self.mine[position]
        if old is None and values[rank] < self.advisor.odds.mean:
            return f"{opening}: {article(rank)} is lower than an unseen card is likely to be."
        if old is not None and values[old[0]] > values[rank]:
            return f"{opening}: it is {values[old[0]] - values[rank]} points lower."
        # Kept although it is no lower: throwing it away would help the next player more.
        return f"{opening}: the next player could use {article(rank)}, so keep it rather than throw it to them."

    def reject(self, held: str) -> str:
        name = card_name(held)
        flip = self.rules.flip_after_reject
        if flip == "must" and self.ends_hole(None):
            return f"Throw the {name} away and turn up your last card: ending the hole now suits you."
        if flip == "must" and self.table.hidden(0):
            return f"Throw the {name} away and turn up a card: it would not lower your score."
        return f"Throw the {name} away: it would not lower your score."

    def reveal(self, position: int) -> str:
        place = self.place(position)
        if self.ends_hole(position):
            return f"Turn up your last card, at {place}: ending the hole now suits you."
        column = self.advisor.odds.column_of[position]
        partners = [self.mine[p] for p in column if p != position and self.mine[p]]
        if partners:
            return (f"Turn up your card at {place}: it may pair your {rank_name(partners[0][0])} "
                    f"in column {self.column(position)}, and either way you learn what that column needs.")
        return f"Turn up your card at {place}: a card you can see is one you can plan around."
