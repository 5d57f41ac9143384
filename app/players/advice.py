"""The hint: what the Expert would do in the viewer's place, and why, in one sentence.

>>> place_name(4, 2, 3)
'bottom row, column 2'

Columns are numbered from 1 for people; rows are "top row", "bottom row", and "middle
row" in a grid of three. The advice is the Expert's own choice with a fixed seed, so the
same position always gets the same hint.
"""

from __future__ import annotations

from app.cards import card_name, rank_name
from app.golf.scoring import points_text, score_grid, wolfpack_places
from app.players.expert import ExpertPlayer
from app.players.heuristic import Advisor
from app.players.knowledge import Table, read_table
from app.players.pace import ending_move

HINT_SEED = 0
# The Expert keeps its priced choice unless sampled playouts find another better by this many
# standard errors. In play it switches at 1; a hint says why, and a switch on thin evidence
# (often a near tie of the samples) cannot be put into words a player would believe.
HINT_SWITCH_Z = 3.0
ROW_NAMES = {2: ("top row", "bottom row"), 3: ("top row", "middle row", "bottom row")}


def place_name(position: int, rows: int, cols: int) -> str:
    return f"{ROW_NAMES[rows][position // cols]}, column {position % cols + 1}"


def article(rank: str) -> str:
    """``"an ace"``, ``"an 8"``, ``"a queen"``."""
    name = rank_name(rank)
    return ("an " if name[0] in "a8" else "a ") + name


def points(n: int) -> str:
    """``"1 point"``, ``"7 points"``.

    >>> points(1), points(2)
    ('1 point', '2 points')
    """
    return f"{n} point{'' if abs(n) == 1 else 's'}"


def hint(view: dict) -> dict:
    """``{"action": <an action of view["legal"]>, "reason": "<one sentence>"}``.

    With nothing to do (another seat is to act), the action is None."""
    legal = view.get("legal") or []
    if not legal:
        return {"action": None, "reason": "Nothing to do now: wait for the other players."}
    if view["phase"] == "hole_over":
        return {"action": legal[0], "reason": "Deal the next hole."}
    table = read_table(view)
    expert = ExpertPlayer(seed=HINT_SEED)
    expert.switch_z = HINT_SWITCH_Z
    action, advisor = expert.decide(table)
    return {"action": action, "reason": Explainer(table, advisor).explain(action)}


class Explainer:
    """Puts one chosen action into words, from the viewer's side of the table."""

    def __init__(self, table: Table, advisor: Advisor):
        self.table, self.advisor = table, advisor
        self.rules = table.rules
        self.mine = table.grids[0]
        # The card of another seat the last sentence rests on, as {"seat", "position"}
        # (seats counted from the viewer's, 1 the next player), for a board to point at.
        self.pointed: dict | None = None

    def place(self, position: int) -> str:
        return place_name(position, self.rules.rows, self.rules.cols)

    def column(self, position: int) -> int:
        return position % self.rules.cols + 1

    def own(self, position: int) -> str:
        card = self.mine[position]
        return f"your {rank_name(card[0])}" if card else "your face-down card"

    def pairs_with(self, position: int, rank: str, grid: list[str | None] | None = None) -> bool:
        """Whether ``rank`` at ``position`` completes a matched line with the cards already
        there (in my grid, or in ``grid``)."""
        grid = self.mine if grid is None else grid
        for line in self.rules.lines:
            others = [grid[p] for p in line if p != position]
            if position in line and all(card and card[0] == rank for card in others):
                return True
        return False

    def ends_hole(self, position: int | None) -> bool:
        face_down = self.table.hidden(0)
        return (
            self.rules.ending == "all_face_up"
            and not self.table.closing
            and (face_down == [position] if position is not None else len(face_down) == 1)
        )

    def explain(self, action: dict) -> str:
        self.pointed = None
        kind = action["action"]
        phase = self.table.phase
        if phase != "opening" and action == ending_move(self.table, self.advisor.odds):
            return self.hurry(action)
        if kind == "reveal" and phase == "opening":
            return f"Turn up your card at {self.place(action['position'])}: the first cards are as good as any to start with."
        if kind == "reveal":
            return self.reveal(action["position"])
        if kind == "flip":
            return self.flip(action["position"])
        if kind == "draw":
            return self.take() if action["source"] == "discard" else self.draw_stock()
        if kind == "swap":
            return self.swap(self.table.held_card, action["position"])
        if kind == "reject":
            return self.reject(self.table.held_card)
        if kind == "skip":
            last = self.table.hidden(0)[0]
            return (
                f"Leave your face-down card at {self.place(last)} as it is: ending the hole now "
                "would give the others the better of it."
            )
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
        why = (
            "this hole has gone on long, and turning up your last card ends it."
            if last
            else "this hole has gone on long, so turn up a card every turn until it ends."
        )
        if kind == "swap":
            position = action["position"]
            return (
                f"Swap the {card_name(self.table.held_card)} for {self.own(position)} at {self.place(position)}: {why}"
            )
        if kind == "reject":
            return f"Throw the {card_name(self.table.held_card)} away and turn up a card: {why}"
        return f"Turn up your card at {self.place(action['position'])}: {why}"

    def take(self) -> str:
        top = self.table.top_card
        kind = self.table.kind(top)
        swaps = [(price, a["position"]) for price, a in self.advisor.place_prices(kind, "discard")]
        position = min(swaps)[1]
        name = card_name(top)
        if self.pairs_with(position, top[0]):
            return f"Take the {name}: it pairs your {rank_name(top[0])} in column {self.column(position)}."
        saving = self.saving(top, position)
        if saving is not None and saving > 0:
            return f"Take the {name}: it is {points(saving)} lower than {self.own(position)} at {self.place(position)}."
        if self.mine[position]:
            return f"Take the {name}: it replaces {self.own(position)} at {self.place(position)}."
        return f"Take the {name}: put it on your face-down card at {self.place(position)}."

    def draw_stock(self) -> str:
        top = self.table.top
        if top is None or {"action": "draw", "source": "discard"} not in self.table.legal:
            return "Draw from the stock: there is no card on the pile to take."
        change, _ = self.advisor.odds.best_swap(self.advisor.me, self.table.kind(top))
        if change < -0.25:
            return f"Draw from the stock: the {card_name(top)} on the pile would help you less than a fresh card is likely to."
        return f"Draw from the stock: the {card_name(top)} on the pile would not help you."

    # ------------------------------------------------------------------ a held card

    def parts(self, rank: str, action: dict) -> tuple[float, float]:
        """A way to play the held card (of the kind ``rank``) split in two: what it does to
        my own expected score, and what the card it throws away is worth to the next
        player (both in points)."""
        if action["action"] == "reject":
            return 0.0, self.advisor.deny(rank)
        position = action["position"]
        own = self.advisor.odds.swap_change(self.advisor.me, position, rank)
        return own, self.advisor.deny(self.advisor.me[position])

    def rival(self, rank: str, chosen: dict) -> tuple[dict | None, dict]:
        """The best-priced other way to play the held card, and the priced favourite."""
        prices = sorted(self.advisor.place_prices(rank, self.table.held_source or "stock"), key=lambda item: item[0])
        prices = [item for item in prices if item[1] in self.table.legal]
        others = [action for _, action in prices if action != chosen]
        return (others[0] if others else None), prices[0][1]

    def what(self, action: dict) -> str:
        """``"swapping your 7"``, ``"putting it on your face-down card at ..."``, ``"throwing it away"``."""
        if action["action"] == "reject":
            return "throwing it away"
        position = action["position"]
        if self.mine[position]:
            return f"swapping {self.own(position)}"
        return f"putting it on your face-down card at {self.place(position)}"

    def saving(self, held: str, position: int) -> int | None:
        """How much lower the held card is than the face-up card at ``position`` (None: face down)."""
        old = self.mine[position]
        return None if old is None else self.rules.points_of(old) - self.rules.points_of(held)

    def other_name(self) -> str:
        return "the next player" if self.table.players > 2 else "your opponent"

    def next_player_use(self, kind: str) -> str:
        """What the next player would do with a card of ``kind`` if it were thrown to them:
        ``"pair it with their queen"``, ``"swap it for their 9"``, ``"put it on a face-down card"``."""
        rank = self.rules.pairs_as[kind]
        theirs = self.advisor.others[0] if self.advisor.others else []
        _, position = self.advisor.odds.best_swap(theirs, kind) if theirs else (0.0, -1)
        if position < 0:
            return f"use {article(rank)}"
        self.pointed = {"seat": 1, "position": position}
        card = self.table.grids[1][position]
        if self.pairs_with(position, rank, self.table.grids[1]):
            return f"pair it with their {rank_name(rank)}"
        if card:
            return f"swap it for their {rank_name(card[0])}"
        return "put it on a face-down card"

    def swap(self, held: str, position: int) -> str:
        rank, kind = held[0], self.table.kind(held)
        chosen = {"action": "swap", "position": position}
        opening = f"Swap the {card_name(held)} for {self.own(position)} at {self.place(position)}"
        after = [held if p == position else card for p, card in enumerate(self.mine)]
        if self.rules.blackjack and all(after) and score_grid(after, self.rules) == 21:
            return f"{opening}: your grid then scores exactly 21, which Blackjack turns into 0."
        if self.pairs_with(position, rank):
            pack = (
                f", and two pairs of jacks make a wolfpack ({points_text(self.rules.wolfpack)})"
                if wolfpack_places(after, self.rules)
                else ""
            )
            return f"{opening}: it pairs your {rank_name(rank)} in column {self.column(position)}{pack}."
        if self.ends_hole(position):
            return f"{opening}: that turns up your last card and ends the hole while you are doing well."
        rival, favourite = self.rival(kind, chosen)
        if favourite != chosen:
            # The sampled playouts overturned the prices: that is what decided, so say so.
            return f"{opening}: played out over many sampled deals, it does better than {self.what(favourite)}."
        own, thrown = self.parts(kind, chosen)
        saving = self.saving(held, position)
        if saving is not None and saving > 0:
            gain = f"it is {points(saving)} lower"
        elif saving is None and own < 0:
            gain = f"{article(rank)} is lower than an unseen card is likely to be"
        else:
            gain = None
        forced = self.table.held_source == "discard"
        if rival is None:
            return f"{opening}: {gain}." if gain else f"{opening}: it is the best place for it."
        if own > 0 and {"action": "reject"} in self.table.legal:
            # It raises my score, yet is kept: what decided is not throwing it to the next player.
            rival = {"action": "reject"}
        rival_own, rival_thrown = self.parts(kind, rival)
        if rival["action"] == "reject":
            if own < 0 and gain:
                return f"{opening}: {gain}."
            # No lower, yet kept: what decided is the card not thrown to the next player.
            cost = f", and keeping it costs you only {points(-saving)}" if saving is not None and saving < 0 else ""
            return f"{opening}: thrown away, {self.other_name()} could {self.next_player_use(kind)}{cost}."
        # Against another place in the grid: the change to my own score, unless that place
        # would do my score more good and the card thrown from here is what decided.
        if rival_own >= own or rival_own - own >= rival_thrown - thrown:
            rival_saving = self.saving(held, rival["position"])
            if gain and saving is not None and rival_saving is not None and 0 < rival_saving < saving:
                return f"{opening}: {gain}, more than {self.what(rival)} would save."
            if gain:
                return f"{opening}: {gain}."
            if forced:
                cost = f" ({points(-saving)} more)" if saving is not None and saving < 0 else ""
                return f"{opening}: a card taken from the pile must go into your grid, and here it costs least{cost}."
            return f"{opening}: this is where it does your score the least harm."
        kept = self.mine[rival["position"]]
        if kept:
            return (
                f"{opening} rather than your {rank_name(kept[0])}: thrown away, your {rank_name(kept[0])} "
                f"would let {self.other_name()} {self.next_player_use(self.table.kind(kept))}."
            )
        other = self.other_name()
        card = self.mine[position]
        old = f", and your {rank_name(card[0])} would not" if card and thrown < 0.05 else ""
        return f"{opening} rather than on a face-down card: the unseen card thrown from there could help {other}{old}."

    def reject(self, held: str) -> str:
        name = card_name(held)
        must = self.table.reveal_follows_reject() and not self.rules.optional_reveal
        if must and self.ends_hole(None):
            return f"Throw the {name} away and turn up your last card: ending the hole now suits you."
        opening = f"Throw the {name} away" + (" and turn up a card" if must else "")
        rival, _ = self.rival(self.table.kind(held), {"action": "reject"})
        if rival is not None and rival["action"] == "swap":
            own, _ = self.parts(self.table.kind(held), rival)
            kept = self.mine[rival["position"]]
            if own < -0.25 and kept:
                return (
                    f"{opening}: swapping it for {self.own(rival['position'])} would save a little, "
                    f"but {self.other_name()} could take your {rank_name(kept[0])} and "
                    f"{self.next_player_use(self.table.kind(kept))}."
                )
        return f"{opening}: it would not lower your score."

    def flip(self, position: int) -> str:
        """Why turn a card up as the whole turn, instead of drawing (Flip as Action)."""
        place = self.place(position)
        if self.ends_hole(position):
            return f"Turn up your last card, at {place}, instead of drawing: ending the hole now suits you."
        return (
            f"Turn up your card at {place} instead of drawing: neither the pile's card nor a fresh one is "
            "likely to help you more than knowing that card."
        )

    def reveal(self, position: int) -> str:
        place = self.place(position)
        if self.ends_hole(position):
            return f"Turn up your last card, at {place}: ending the hole now suits you."
        column = self.advisor.odds.column_of[position]
        partners = [card for card in (self.mine[p] for p in column if p != position) if card]
        if partners:
            return (
                f"Turn up your card at {place}: it may pair your {rank_name(partners[0][0])} "
                f"in column {self.column(position)}, and either way you learn what that column needs."
            )
        return f"Turn up your card at {place}: a card you can see is one you can plan around."
