"""The Expert: the Hard level's judgement, checked by playing the hole out on sampled deals.

The :class:`~app.players.heuristic.Advisor` prices every legal action one move deep. The
few best (within :data:`SHORTLIST_MARGIN` points of the cheapest) are then compared by
determinized playouts: the unseen cards are dealt at random consistently with the view
(:func:`~app.players.rollout.determinize`), each shortlisted action is applied to the
same sample, the rest of the Expert's own turn is played by the prices (so a draw is
judged by what would really be done with the card), and the hole is played out by
quick players seeing only what their seats could see. Every action meets the same
samples (common random numbers), so the comparison measures the actions and not the
luck of the deal; the priced favourite is kept unless another action beats it by more
than the sampling noise. A playout is scored by
the match, not only the hole: the chance of winning given the totals and the holes left,
so the Expert takes risks when behind late and avoids them when ahead.

The work per decision is a fixed number of simulated actions, so a seed always gives the
same play; a guard on the processor time spent stops early on a machine far slower than
expected (or a rule set far larger), which is then the only source of irreproducibility.
"""

from __future__ import annotations

import math
import random
import time

from app.golf.actions import action_from_json
from app.golf.phases import Phase
from app.players.heuristic import Advisor, Style
from app.players.knowledge import Table, read_table
from app.players.pace import ending_move
from app.players.rollout import QuickPolicy, determinize, play_out

SHORTLIST_MARGIN = 3.0  # points: actions priced further from the best are not worth sampling
SHORTLIST_SIZE = 3
WORK_BUDGET = 3000  # simulated actions per decision
PLAYOUT_LIMIT = 240  # simulated actions before a playout is scored as it lies
PLAYOUT_OVERHEAD = 5  # a playout's fixed cost (copy, first action, scoring) in simulated actions
MIN_SAMPLES = 8  # fewer samples than this cannot overturn the prices
# Seconds of processor time: stop sampling early on a far slower machine. A decision's
# 3,000 simulated actions take 60 to 70 ms of a core on the slowest machine the game has
# met; with another process on the same core the time counted for the same work grows by
# half again, and a guard of 100 ms then cut some decisions short, so that one seed no
# longer always gave the same play.
TIME_GUARD = 0.250
SWITCH_Z = 1.0  # how many standard errors a sampled action must gain to overturn the prices
HOLE_SPREAD = 8.0  # the spread of one hole's score difference between two players


def win_chance(lead: float, holes_left: int) -> float:
    """The chance of winning the match leading by ``lead`` points with ``holes_left`` to play."""
    if holes_left <= 0:
        return 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
    return 0.5 * (1.0 + math.erf(lead / (HOLE_SPREAD * math.sqrt(2.0 * holes_left))))


class ExpertPlayer:
    """The strongest level: priced actions, checked by sampled playouts."""

    name = "expert"
    style = Style()
    switch_z = SWITCH_Z

    def __init__(
        self,
        seed: int = 0,
        work_budget: int = WORK_BUDGET,
        time_guard: float | None = TIME_GUARD,
        playout_limit: int = PLAYOUT_LIMIT,
        shortlist_size: int = SHORTLIST_SIZE,
        shortlist_margin: float = SHORTLIST_MARGIN,
    ):
        self.rng = random.Random(seed)
        self.playout_limit = playout_limit
        self.shortlist_size, self.shortlist_margin = shortlist_size, shortlist_margin
        self.work_budget = work_budget
        self.time_guard = time_guard

    def choose(self, view: dict) -> dict:
        return self.decide(read_table(view))[0]

    def decide(self, table: Table) -> tuple[dict, Advisor]:
        """The chosen action, and the advisor whose prices it started from (for the hint)."""
        advisor = Advisor(table, self.style)
        forced = ending_move(table, advisor.odds)
        if forced is not None:  # the hole has gone on too long: end it, whatever the samples say
            return forced, advisor
        ranked = advisor.ranked()
        best_price = ranked[0][0]
        shortlist = [a for price, a in ranked if price <= best_price + self.shortlist_margin][: self.shortlist_size]
        if len(shortlist) < 2 or table.phase not in ("draw", "place", "flip"):
            return ranked[0][1], advisor
        return self.sample(table, advisor, shortlist), advisor

    def sample(self, table: Table, advisor: Advisor, shortlist: list[dict]) -> dict:
        # Processor time, not the wall clock: a busy machine must not change the play.
        started = time.thread_time()
        policy = QuickPolicy(advisor.odds)
        actions = [action_from_json(a) for a in shortlist]
        utility = self.utility_function(table)
        totals: list[list[float]] = [[] for _ in shortlist]
        # Bigger grids and lines beyond columns make every simulated action dearer.
        odds = advisor.odds
        action_cost = table.rules.cells / 6 * (1.0 if odds.partner is not None else 2.0)
        budget = self.work_budget / action_cost
        work = 0
        while work < budget or len(totals[0]) < MIN_SAMPLES:
            sample = determinize(table, self.rng)
            for index, action in enumerate(actions):
                state = sample.clone()
                state.apply(0, action)
                self.finish_turn(state, advisor)
                scores, used = play_out(state, policy, self.playout_limit)
                work += used + PLAYOUT_OVERHEAD
                totals[index].append(utility(scores))
            if self.time_guard is not None and time.thread_time() - started > self.time_guard:
                break
        if len(totals[0]) < MIN_SAMPLES:
            return shortlist[0]
        # Keep the priced favourite unless another is better by more than the sampling noise.
        n = len(totals[0])
        best, best_gain = 0, 0.0
        for index in range(1, len(shortlist)):
            diffs = [b - a for a, b in zip(totals[0], totals[index])]
            mean = sum(diffs) / n
            spread = math.sqrt(max(sum((d - mean) ** 2 for d in diffs) / (n - 1), 1e-12))
            if mean > self.switch_z * spread / math.sqrt(n) and mean > best_gain:
                best, best_gain = index, mean
        return shortlist[best]

    @staticmethod
    def finish_turn(state, advisor: Advisor) -> None:
        """Play the rest of this turn as the prices say, so that a draw is judged by what
        would really be done with the card drawn, not by what a quick player would do."""
        while state.turn == 0 and state.phase in (Phase.PLACE, Phase.FLIP):
            if state.phase is Phase.PLACE:
                choice = advisor.placement(state.rules.kinds[state.held], state.held_source)
            else:
                choice = advisor.flip_choice()
            state.apply(0, action_from_json(choice))

    @staticmethod
    def utility_function(table: Table):
        """How good a playout's hole scores are: the chance of winning the match after them,
        plus a little of the hole difference so that a hopeless or safe match is still played well."""
        players = table.players
        holes_left = table.holes - table.hole
        totals = table.totals

        def utility(scores: list[int]) -> float:
            mine = totals[0] + scores[0]
            best_other = min(totals[i] + scores[i] for i in range(1, players))
            others_mean = sum(scores[1:]) / (players - 1)
            return win_chance(best_other - mine, holes_left) + 0.01 * (others_mean - scores[0])

        return utility
