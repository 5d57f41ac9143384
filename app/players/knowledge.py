"""What a computer player knows: its view of the table read once, and the odds of the cards it cannot see.

Everything here is built from a view (``app.golf.view.view``), never from an engine
state, so no player can see more than a person in its seat. Cards are handled by kind
(:attr:`RuleSet.kinds <app.golf.rules.RuleSet.kinds>`): their rank (one character,
``"Q"``, ``"X"`` for a joker), for suits never score, except a one-eyed jack under the
One-Eyed Jacks rule, which scores 0 and pairs as a jack.

:class:`Odds` answers the one question every level asks: what is this grid likely to
score? A face-down card counts at the mean of the cards still unseen, and a line
(column, or row and diagonal where they match) that can still be completed by one rank
is discounted by the chance that the unseen cards complete it. Every value is the
rules': the cards', the matched lines', four of a kind, the wolfpack, and Blackjack for
a grid wholly known.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from app.golf.rules import RuleSet, rules_read_again


def read_rules(view: dict) -> RuleSet:
    """The view's rules as a RuleSet, built once per distinct rule set (validation is slow)."""
    return rules_read_again(view["rules"])


@dataclass
class Table:
    """One seat's knowledge, in turn order: index 0 is the viewer, 1 the next to play, ..."""

    rules: RuleSet
    phase: str
    legal: list[dict]
    grids: list[list[str | None]]  # card codes where known to the viewer (face up, or its own peeks)
    face_up: list[list[bool]]
    discard: list[str]  # bottom to top
    held: str | None  # the card the viewer holds
    held_source: str | None
    closing: bool  # someone closed the hole; the others are taking their final turns
    closer: int | None
    final_pending: list[bool]  # who still has a final turn to take
    stock_count: int
    hole: int
    holes: int
    totals: list[int]  # match totals before this hole
    unseen: list[str]  # every card whose place the viewer does not know
    turns: int = 0  # turns begun so far this hole, by every seat

    @property
    def players(self) -> int:
        return len(self.grids)

    @property
    def top(self) -> str | None:
        return self.discard[-1] if self.discard else None

    @property
    def top_card(self) -> str:
        """The discard pile's top card, where the pile has one (a draw from it is legal)."""
        if not self.discard:
            raise ValueError("the discard pile is empty")
        return self.discard[-1]

    @property
    def held_card(self) -> str:
        """The card the viewer holds, where it holds one (the place phase)."""
        if self.held is None:
            raise ValueError("no card is held")
        return self.held

    def hidden(self, index: int = 0) -> list[int]:
        """Positions of a player's face-down cards."""
        return [p for p, up in enumerate(self.face_up[index]) if not up]

    def ranks(self, index: int = 0) -> list[str | None]:
        """A player's grid as the kinds of its known cards (None where unknown)."""
        kinds = self.rules.kinds
        return [kinds[card] if card else None for card in self.grids[index]]

    def kind(self, card: str) -> str:
        """A card's kind: the key of its value (its rank, or a one-eyed jack)."""
        return self.rules.kinds[card]

    def reveal_follows_reject(self) -> bool:
        """Whether the viewer, throwing a stock card away now, turns a card up after it (or
        may): as the engine decides, from the face-down cards every seat shows."""
        rule = self.rules.flip_after_reject
        if rule == "never" or not self.hidden(0):
            return False
        return rule != "endgame" or any(up.count(False) <= 1 for up in self.face_up)

    def will_act_again(self, index: int) -> bool:
        """Whether that player has another turn this hole (so a card thrown now may help it)."""
        return not self.closing or self.final_pending[index]


def read_table(view: dict) -> Table:
    rules = read_rules(view)
    grids, face_up, pending = [], [], []
    seen: list[str] = list(view["discard"]["cards"])
    held = view["held"]["card"] if view.get("held") else None
    for index, player in enumerate(view["players"]):
        cells = player["grid"]
        known = [cell["card"] or (cell.get("peeked") if index == 0 else None) for cell in cells]
        grids.append(known)
        face_up.append([cell["face_up"] for cell in cells])
        pending.append(bool(player.get("final_turn_pending")))
        seen += [card for card in known if card]
        if index > 0 and player.get("holding_card"):
            seen.append(player["holding_card"])
    # The viewer's own card taken from the pile is both its "held" card and its
    # "holding_card": one card, counted once.
    if held:
        seen.append(held)
    ids = [player["id"] for player in view["players"]]
    closer = ids.index(view["closed_by"]) if view.get("closed_by") in ids else None
    unseen = Counter(rules.deck())
    unseen.subtract(seen)
    return Table(
        rules=rules,
        phase=view["phase"],
        legal=view["legal"],
        grids=grids,
        face_up=face_up,
        discard=list(view["discard"]["cards"]),
        held=held,
        held_source=view["held"]["source"] if view.get("held") else None,
        closing=bool(view.get("closing")),
        closer=closer,
        final_pending=pending,
        stock_count=view["stock_count"],
        hole=view["hole"],
        holes=view["holes"],
        totals=[view["totals"].get(i, 0) for i in ids],
        unseen=sorted(unseen.elements()),
        turns=view.get("hole_turns", 0),
    )


def unseen_kinds(table: Table) -> Counter:
    """The kinds of the cards the viewer has not seen."""
    kinds = table.rules.kinds
    return Counter(kinds[card] for card in table.unseen)


def fresh_deck_ranks(rules: RuleSet) -> Counter:
    """The kinds of a whole deck: the odds of a player who remembers nothing."""
    return Counter(rules.kinds[card] for card in rules.deck())


class Odds:
    """Expected scores of partly known grids, given the ranks still unseen.

    Ranks are one-character strings, ``None`` for an unknown card. An unknown card counts
    at the mean of the unseen ranks; a line whose known cards share a rank is discounted
    by the chance that its unknown cards are that rank too (drawing without replacement).
    A wholly known grid scores exactly as the rules say, but for a card matched in two
    lines at once (five of a rank), rare enough to ignore.
    """

    def __init__(self, rules: RuleSet, unseen_ranks: Counter):
        self.rules = rules
        self.values = values = rules.values
        counts = {rank: n for rank, n in unseen_ranks.items() if n > 0}
        if not counts:  # nothing unseen (only in odd endings): fall back on a whole deck's odds
            counts = dict(fresh_deck_ranks(rules))
        self.counts = counts
        self.total = sum(counts.values())
        self.prob = {rank: n / self.total for rank, n in counts.items()}
        self.mean = sum(self.values[rank] * p for rank, p in self.prob.items())
        # Lines match by rank, and under One-Eyed Jacks two kinds of card share one:
        # the unseen cards by the rank they match as, and what one of them is worth.
        self.pairs_as = pairs_as = rules.pairs_as
        if rules.one_eyed_jacks:
            self.rank_counts: dict[str, int] = {}
            points: dict[str, int] = {}
            for kind, n in counts.items():
                rank = pairs_as[kind]
                self.rank_counts[rank] = self.rank_counts.get(rank, 0) + n
                points[rank] = points.get(rank, 0) + n * values[kind]
            self.rank_mean: dict[str, float] = {rank: points[rank] / n for rank, n in self.rank_counts.items()}
        else:
            self.rank_counts = counts
            self.rank_mean = {rank: values[rank] for rank in counts}
        lines = rules.lines
        self.columns = rules.columns
        self.extra_lines = tuple(line for line in lines if line not in rules.columns)
        self.lines_through = [tuple(line for line in lines if p in line) for p in range(rules.cells)]
        self.column_of = [next(c for c in rules.columns if p in c) for p in range(rules.cells)]
        self._correction: dict[tuple, float] = {}
        self._column: dict[tuple, float] = {}
        # Columns only, nothing scored across columns (four of a kind, the wolfpack) or on
        # the whole grid (Blackjack): a swap changes one column and nothing else.
        self.simple = not self.extra_lines and rules.four_of_a_kind is None and not rules.wolfpack
        self.whole = rules.blackjack  # a swap's change is that of the whole grid's score
        self.partner = (
            [(p + rules.cols) % rules.cells for p in range(rules.cells)]
            if self.simple and not self.whole and rules.rows == 2
            else None
        )

    def line_value(self, rank: str) -> int:
        rules = self.rules
        if rank == "X" and rules.joker_pair_value is not None:
            return rules.joker_pair_value
        return rules.match_value

    def all_same(self, rank: str, unknown: int) -> float:
        """The chance that ``unknown`` unseen cards are all of ``rank``."""
        n, total, p = self.rank_counts.get(rank, 0), self.total, 1.0
        for i in range(unknown):
            if n - i <= 0 or total - i <= 0:
                return 0.0
            p *= (n - i) / (total - i)
        return p

    def correction(self, ranks: tuple) -> float:
        """How much a line's chance of matching takes off the sum of its cards' values."""
        found = self._correction.get(ranks)
        if found is not None:
            return found
        known = [r for r in ranks if r is not None]
        unknown = len(ranks) - len(known)
        values, pairs_as, mean = self.values, self.pairs_as, self.rank_mean
        if known and any(pairs_as[r] != pairs_as[known[0]] for r in known):
            result = 0.0
        elif known:
            rank = pairs_as[known[0]]
            p = 1.0 if unknown == 0 else self.all_same(rank, unknown)
            result = p * (
                sum(values[r] for r in known) + unknown * mean.get(rank, values[rank]) - self.line_value(rank)
            )
        else:
            result = sum(
                self.all_same(rank, unknown) * (unknown * mean[rank] - self.line_value(rank))
                for rank in self.rank_counts
            )
        self._correction[ranks] = result
        return result

    def cell(self, rank: str | None) -> float:
        return self.mean if rank is None else self.values[rank]

    def column(self, cells: tuple) -> float:
        """The expected score of one column (a tuple of ranks, None where unknown)."""
        try:
            return self._column[cells]
        except KeyError:
            value = sum(self.cell(r) for r in cells) - self.correction(cells)
            self._column[cells] = value
            return value

    def grid(self, ranks: list[str | None]) -> float:
        """The expected score of a grid (exact when every card is known, but for the rare
        card matched in two lines at once)."""
        if self.simple:
            column = self.column
            total = sum(column(tuple([ranks[p] for p in cells])) for cells in self.columns)
        else:
            total = sum(self.cell(r) for r in ranks)
            for line in self.rules.lines:
                total -= self.correction(tuple([ranks[p] for p in line]))
            total += self.four_of_a_kind(ranks) + self.wolfpack(ranks)
        if self.whole and total == 21 and None not in ranks:  # Blackjack: known to be exactly 21
            return 0.0
        return total

    def matched_columns(self, ranks: list[str | None]) -> list[str | None]:
        """Each column's rank where its known cards fill it with one rank, else None."""
        pairs_as = self.pairs_as
        matched: list[str | None] = []
        for cells in self.columns:
            first = ranks[cells[0]]
            rank = pairs_as[first] if first is not None else None
            same = rank is not None and all((r := ranks[p]) is not None and pairs_as[r] == rank for p in cells)
            matched.append(rank if same else None)
        return matched

    def wolfpack(self, ranks: list[str | None]) -> float:
        """The wolfpack, where two known column pairs of jacks make one and the rule is on."""
        bonus = self.rules.wolfpack
        if not bonus or self.matched_columns(ranks).count("J") < 2:
            return 0.0
        return float(bonus)

    def four_of_a_kind(self, ranks: list[str | None]) -> float:
        """What two adjacent known column pairs of one rank change, where that rule is on."""
        bonus = self.rules.four_of_a_kind
        if bonus is None:
            return 0.0
        matched = self.matched_columns(ranks)
        adjustment, column = 0.0, 0
        while column < len(matched) - 1:  # left to right, each column in one group, as scored
            rank = matched[column]
            if rank is not None and matched[column + 1] == rank:
                adjustment += bonus - 2 * self.line_value(rank)
                column += 2
            else:
                column += 1
        return adjustment

    def swap_change(self, ranks: list[str | None], position: int, rank: str | None) -> float:
        """How the expected score changes when the card at ``position`` becomes ``rank``."""
        if self.whole:
            trial = list(ranks)
            trial[position] = rank
            return self.grid(trial) - self.grid(ranks)
        if self.simple:
            column = self.column_of[position]
            before = tuple([ranks[p] for p in column])
            after = tuple([rank if p == position else ranks[p] for p in column])
            return self.column(after) - self.column(before)
        # Rows, diagonals, four of a kind: only the lines through the position change.
        change = self.cell(rank) - self.cell(ranks[position])
        correction = self.correction
        for line in self.lines_through[position]:
            change += correction(tuple([ranks[p] for p in line]))
            change -= correction(tuple([rank if p == position else ranks[p] for p in line]))
        if self.rules.four_of_a_kind is not None or self.rules.wolfpack:
            trial = list(ranks)
            trial[position] = rank
            change += self.four_of_a_kind(trial) - self.four_of_a_kind(ranks)
            change += self.wolfpack(trial) - self.wolfpack(ranks)
        return change

    def best_swap(self, ranks: list[str | None], rank: str, positions=None) -> tuple[float, int]:
        """The position where ``rank`` lowers the expected score most, and that change."""
        if positions is None and self.partner is not None:
            return self._best_swap_two_rows(ranks, rank, self.partner)
        best_change, best_position = 1e9, -1
        for position in positions if positions is not None else range(len(ranks)):
            change = self.swap_change(ranks, position, rank)
            if change < best_change:
                best_change, best_position = change, position
        return best_change, best_position

    def _best_swap_two_rows(self, ranks: list[str | None], rank: str, partners: list[int]) -> tuple[float, int]:
        # The inner loop of every playout: columns of two cards, looked up in one table.
        column, cols = self.column, self.rules.cols
        best_change, best_position = 1e9, -1
        for position, partner in enumerate(partners):
            old, other = ranks[position], ranks[partner]
            if position < cols:
                change = column((rank, other)) - column((old, other))
            else:
                change = column((other, rank)) - column((other, old))
            if change < best_change:
                best_change, best_position = change, position
        return best_change, best_position

    def draw_gain(self, ranks: list[str | None], positions=None) -> float:
        """The expected gain of one stock draw for a player who keeps it only when it helps."""
        gain = 0.0
        for rank, p in self.prob.items():
            change, _ = self.best_swap(ranks, rank, positions)
            if change < 0:
                gain -= p * change
        return gain
