"""The judgement the computer levels share: every legal action valued in points, one move deep.

An :class:`Advisor` reads one seat's table and prices each legal action as the change
it makes to "my expected hole score minus the others' mean": lower is better. The
price of a move counts

- the change to the expected score of the own grid (:class:`~app.players.knowledge.Odds`:
  a column pair is weighed against a low card elsewhere, face-down cards at the mean of
  what is still unseen, pair chances from what is left of each rank);
- what the card thrown away is worth to the next player (who may take it), beyond what
  a stock draw would give them: the "don't throw it the rank it needs" of seed 004;
- when the move ends the hole: the final turn it hands the others, the turns of
  improvement both sides give up, the expected going-out penalty, the going-out bonus,
  and the underdog bonus as far as ending the hole now makes it likelier to be yours.
  (Tied shame is left to the Expert's playouts, which score every hole by the rules.)

A turned-up card as the whole turn (Flip as Action) is priced as a reveal: what it costs
is the draw it gives up, whose price is the stock's or the pile's.

A :class:`Style` switches these parts on and off and sets how much is remembered, which
is how the levels differ. The Expert starts from the same prices and checks the best few
by sampling the unseen cards (:mod:`app.players.expert`).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

from app.players.knowledge import Odds, Table, fresh_deck_ranks, unseen_kinds
from app.players.pace import is_late, lateness

MIN_TAKE = 0.25  # the least improvement worth taking the pile's card for
NEVER = 100.0  # the price of a move a level will not make unless it is the only one
REVEAL_INFO = 0.05  # a reveal changes no expectation; this small price only breaks ties towards knowing
PASS_PRICE = 0.01  # a swap over a face-up card that changes nothing is a pass: any progress beats it
STUCK_GAIN = 0.5  # points: a grid a stock draw is expected to improve by less than this is as good as it gets
LOW_PER_CARD = 10 / 6  # a careless level ahead knocks once its grid is this low a card


@dataclass(frozen=True)
class Style:
    """How a level thinks."""

    memory: str = "full"  # "full": every card ever seen face up; "table": only what lies face up now; "none"
    deny: float = 1.0  # weight of the help a thrown card gives the next player
    careful_close: bool = True  # weigh the final turn handed to the others before ending the hole
    horizon: float = 1.5  # turns of improvement both sides give up when the hole ends now
    take_threshold: float | None = None  # None: compare a discard with the exact value of a stock draw


def pool_for(table: Table, memory: str) -> Counter:
    """The kinds of card the player believes unseen, by how much it remembers."""
    if memory == "full":
        return unseen_kinds(table)
    pool = fresh_deck_ranks(table.rules)
    if memory == "table":
        on_table = [card for grid in table.grids for card in grid if card]
        on_table += [card for card in (table.top, table.held) if card]
        pool.subtract(table.kind(card) for card in on_table)
    return pool


def normal_cdf(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


class Advisor:
    """Prices every legal action of the viewer's table (lower is better)."""

    def __init__(self, table: Table, style: Style = Style()):
        self.table, self.style = table, style
        self.rules = table.rules
        self.odds = Odds(table.rules, pool_for(table, style.memory))
        self.me = table.ranks(0)
        self.others = [table.ranks(i) for i in range(1, table.players)]
        self.top_rank = table.kind(table.top) if table.top else None
        self.share = 1.0 / len(self.others)  # each other player's weight in "the others' mean"
        self._deny: dict[str | None, float] = {}
        self._closing_extra: dict[tuple[str | None, float], float] = {}  # (top, my change): extra
        self._draw_gain: dict[int, float] = {}
        self._placement: dict[tuple[str, str], dict] = {}
        self._flip: dict | None = None

    # ------------------------------------------------------------------ the parts of a price

    def draw_gain(self, index: int) -> float:
        """What one stock draw is worth to a player (0 is the viewer), cached per decision."""
        if index not in self._draw_gain:
            ranks = self.me if index == 0 else self.others[index - 1]
            self._draw_gain[index] = self.odds.draw_gain(ranks)
        return self._draw_gain[index]

    def take_gain(self, index: int, rank: str | None) -> float:
        """What a player gains on its next turn when ``rank`` lies on top of the pile."""
        stock = self.draw_gain(index)
        if rank is None:
            return stock
        change, _ = self.odds.best_swap(self.others[index - 1], rank)
        return max(stock, -change)

    def deny(self, rank: str | None) -> float:
        """The price of throwing ``rank`` (None: a face-down card of unknown rank) to the next player."""
        if rank in self._deny:
            return self._deny[rank]
        if not self.style.deny or not self.table.will_act_again(1):
            cost = 0.0
        elif rank is None:
            cost = sum(p * self.deny(r) for r, p in self.odds.prob.items())
        else:
            cost = self.style.deny * self.share * (self.take_gain(1, rank) - self.draw_gain(1))
        self._deny[rank] = cost
        return cost

    def closes(self, positions_left: list[int]) -> bool:
        """Whether leaving only these face-down positions would end the hole (they are empty)."""
        return not positions_left and self.rules.ending == "all_face_up" and not self.table.closing

    def closing_extra(self, top: str | None, my_change: float = 0.0) -> float:
        """The added price of ending the hole now with ``top`` on the discard pile.

        The price of an ordinary move already counts the next player's use of the card
        thrown; what ending the hole changes is that neither side improves any further
        (the side with more to gain gives up more) and, with a final turn, that the others
        improve once while we do not, or, without one, that they lose their turn."""
        if not self.style.careful_close:
            # Ending the hole whenever that lowers its own score: the going-out bonus does.
            return float(self.rules.going_out_bonus)
        key = (top, round(my_change, 3))
        if key in self._closing_extra:
            return self._closing_extra[key]
        others = range(1, self.table.players)
        others_gain = self.share * sum(self.draw_gain(i) for i in others)
        extra = self.deny(top) if self.rules.final_turn else -others_gain
        extra += self.style.horizon * (self.draw_gain(0) - others_gain)
        mine = self.odds.grid(self.me) + my_change
        extra += self.going_out_penalty(mine) + self.rules.going_out_bonus + self.underdog_gain(mine)
        if is_late(self.table):
            # The hole has gone on long: stop holding it open (so that no hole goes on for
            # ever between players who all wait for another to end it), and grow keener
            # to end it the longer it lasts, up to two points a card.
            extra = min(extra, -0.01) - 2.0 * self.rules.cells * lateness(self.table)
        self._closing_extra[key] = extra
        return extra

    def chance_lowest(self, my_expected: float) -> float:
        """The chance that a hole ended now leaves the viewer with the strictly lowest
        score, each other grid taken at its expected score (after its final turn) give or
        take the spread of its face-down cards."""
        odds = self.odds
        spread = math.sqrt(max(sum(p * odds.values[r] ** 2 for r, p in odds.prob.items()) - odds.mean**2, 1.0))
        lowest = 1.0
        for i, ranks in enumerate(self.others, start=1):
            final_turn = self.take_gain(i, None) if self.rules.final_turn else 0.0
            theirs = odds.grid(ranks) - final_turn
            sd = spread * math.sqrt(ranks.count(None)) + 1.0
            lowest *= normal_cdf((theirs - my_expected - 0.5) / sd)
        return lowest

    def going_out_penalty(self, my_expected: float) -> float:
        """The expected charge for closing without the strictly lowest score."""
        rule = self.rules.going_out_penalty
        if rule == "none":
            return 0.0
        cost = 10.0 if rule == "plus10" else max(my_expected, 0.0)
        return (1.0 - self.chance_lowest(my_expected)) * cost

    def underdog_gain(self, my_expected: float) -> float:
        """What ending the hole now does to the viewer's share of the underdog bonus: the
        bonus times how much likelier than an even share (one in so many players) it is
        that the viewer ends with the lowest score."""
        bonus = self.rules.underdog_bonus
        if not bonus:
            return 0.0
        return bonus * (self.chance_lowest(my_expected) - 1.0 / self.table.players)

    # ------------------------------------------------------------------ prices of moves

    def place_prices(self, rank: str, source: str) -> list[tuple[float, dict]]:
        """Every way to play a held card of ``rank``: swaps, and a throw when it came from the stock."""
        me, odds = self.me, self.odds
        face_down = self.table.hidden(0)
        unknown = [p for p in face_down if me[p] is None]  # face down and not peeked at
        prices = []
        for position in range(len(me)):
            change = odds.swap_change(me, position, rank)
            thrown = me[position]
            price = change + self.deny(thrown)
            if self.closes([p for p in face_down if p != position]):
                price = change + self.closing_extra(thrown, change)
            elif position not in face_down and abs(change) < 1e-9:
                # Without this, a level that will not close could swap a ten for a ten for ever.
                price += PASS_PRICE
            prices.append((price, {"action": "swap", "position": position}))
        if source == "stock":
            price = self.deny(rank)
            reveal = self.table.reveal_follows_reject()
            if reveal and not self.rules.optional_reveal and len(face_down) == 1 and self.closes([]):
                price = self.closing_extra(rank)
            elif reveal and unknown:
                price -= REVEAL_INFO
            prices.append((price, {"action": "reject"}))
        return prices

    def placement(self, rank: str, source: str) -> dict:
        """The best way to play a held card of ``rank`` (cached: playouts ask again and again)."""
        key = (rank, source)
        if key not in self._placement:
            self._placement[key] = min(self.place_prices(rank, source), key=lambda item: item[0])[1]
        return self._placement[key]

    def flip_choice(self) -> dict:
        """The best reveal after a throw (or leaving the cards as they are, where that is allowed)."""
        if self._flip is None:
            prices = self.reveal_prices()
            if self.rules.optional_reveal:
                prices.append((0.0, {"action": "skip"}))
            self._flip = min(prices, key=lambda item: item[0])[1]
        return self._flip

    def stock_price(self) -> float:
        """The expected price of drawing from the stock and then playing the card as well as possible."""
        if self.style.take_threshold is not None:
            return -self.style.take_threshold
        return sum(
            p * min(price for price, _ in self.place_prices(rank, "stock")) for rank, p in self.odds.prob.items()
        )

    def knock_price(self) -> float:
        table, odds = self.table, self.odds
        mine = odds.grid(self.me)
        if not self.style.careful_close:
            mine += self.rules.going_out_bonus  # knocking earns it
            best_other = min(odds.grid(ranks) for ranks in self.others)
            # Clearly ahead, and low: under about 1.7 points a card (10 on six cards).
            ahead = mine < min(best_other - 3, LOW_PER_CARD * self.rules.cells)
            # The hole has gone on long: knock unless still behind with something to gain,
            # and, half way to full urgency (app.players.pace), knock regardless.
            done = mine <= best_other or self.draw_gain(0) < STUCK_GAIN or lateness(table) >= 0.5
            if ahead or (is_late(table) and done):
                # Below every draw's price: a careless level knocks as soon as it wants to.
                return min(-1.0, self.stock_price() - 0.01)
            return NEVER
        # The draws are priced with this turn's improvement; knocking gives it up.
        return self.closing_extra(self.top_rank)

    def reveal_prices(self) -> list[tuple[float, dict]]:
        face_down = self.table.hidden(0)
        prices = []
        for position in face_down:
            if self.closes([p for p in face_down if p != position]):
                price = self.closing_extra(self.top_rank)
            else:
                # Prefer a card whose column shows a card: it settles whether that column pairs.
                column = self.odds.column_of[position]
                partner_known = any(self.me[p] is not None for p in column if p != position)
                price = -REVEAL_INFO * (2 if partner_known else 1)
            prices.append((price, {"action": "reveal", "position": position}))
        return prices

    def ranked(self) -> list[tuple[float, dict]]:
        """Every legal action with its price, best first (ties keep the order of ``legal``)."""
        table = self.table
        legal = table.legal
        phase = table.phase
        if phase == "opening":
            # The computer's first positions start face up, as the standard game says.
            first = min(a["position"] for a in legal)
            return sorted(((float(a["position"] - first), a) for a in legal), key=lambda item: item[0])
        prices: list[tuple[float, dict]] = []
        if phase == "draw":
            flips = {a["position"]: price for price, a in self.reveal_prices()} if self.rules.flip_as_action else {}
            for action in legal:
                if action["action"] == "knock":
                    prices.append((self.knock_price(), action))
                elif action["action"] == "flip":
                    prices.append((flips[action["position"]], action))
                elif action["source"] == "discard":
                    prices.append((self.discard_price(), action))
                else:
                    prices.append((self.stock_price(), action))
        elif phase == "place":
            prices = self.place_prices(table.kind(table.held_card), table.held_source or "stock")
        elif phase == "flip":
            prices = self.reveal_prices()
            if {"action": "skip"} in legal:
                prices.append((0.0, {"action": "skip"}))
        else:
            prices = [(0.0, action) for action in legal]
        prices = [item for item in prices if item[1] in legal]
        return sorted(prices, key=lambda item: item[0])

    def discard_price(self) -> float:
        top = self.table.kind(self.table.top_card)
        improvement, _ = self.odds.best_swap(self.me, top)
        # Taking the pile's card only to put it back would be a pass: never (two players
        # passing to each other would play on for ever).
        threshold = self.style.take_threshold if self.style.take_threshold is not None else MIN_TAKE
        if improvement > -threshold:
            return NEVER
        return min(price for price, _ in self.place_prices(top, "discard"))
