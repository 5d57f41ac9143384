"""The review of a player's own decisions: each one weighed by the Expert, in expected points.

:func:`review_hole` replays a match's log (:func:`app.golf.engine.replay`'s way, action
by action), and before each decision of one seat in one hole takes that seat's view
then (:func:`app.golf.view.view`): what the player could see at that moment, the discard
pile as it lay, and nothing revealed later. Each decision is judged from that view alone
(:func:`judge`):

- the Expert's prices (:class:`~app.players.heuristic.Advisor`) shortlist the actions
  worth weighing: the few cheapest (as the Expert itself does) and the one chosen;
- each shortlisted action is played out on the same sampled deals of the unseen cards
  (:func:`~app.players.rollout.determinize`, common random numbers, so the differences
  between actions are measured precisely and not the luck of the deal): the rest of the
  turn as the Expert would play it, then the hole by quick players who see only what
  their seats could see;
- an action's value is the expected points of the hole, "my score minus the others'
  mean" (lower is better: a card thrown to the next player costs what it gives them);
  ``loss`` is how much worse the chosen action is than the best weighed, with its
  standard error.

The sampling is seeded by the decision's place in the log, so a decision reviewed again
gets the same verdict. Pure: no I/O, no clock.

Verdicts, by the expected points lost (:data:`VERDICTS`): best under 0.5, good under
1.5, inaccuracy under 2.5, mistake under 4, blunder from 4 up. A loss under twice its
standard error cannot be told apart from the best and is "good" at worst. The sampling
goes on, in batches, until the loss's standard error is under :data:`TARGET_SE` points,
or the verdict would be the same two standard errors either way (:func:`settled`), or
:data:`MAX_SAMPLES` deals have been played (fewer, in proportion, where a playout
costs more: bigger grids, rows and diagonals that match, more players).
"""

from __future__ import annotations

import math
import random
from dataclasses import asdict, dataclass

from app.cards import card_name, rank_name
from app.golf.actions import NextHole, action_from_json, parse_log_entry
from app.golf.engine import GolfState
from app.golf.phases import Phase
from app.golf.rules import RuleSet
from app.golf.view import view
from app.players.advice import Explainer, place_name
from app.players.expert import ExpertPlayer
from app.players.heuristic import Advisor
from app.players.knowledge import Table, read_table
from app.players.rollout import QuickPolicy, determinize, play_out

# (upper bound of the loss in expected points, verdict); a loss of 4 points or more is a blunder.
VERDICTS = ((0.5, "best"), (1.5, "good"), (2.5, "inaccuracy"), (4.0, "mistake"))
BLUNDER = "blunder"
SAMPLES = 64  # sampled deals per batch (each action weighed meets all of them)
MAX_SAMPLES = 192  # at most this many deals per decision (standard rules; fewer on bigger tables)
MIN_BATCH = 16
TARGET_SE = 0.35  # points: sample until the loss is known this well
SHORTLIST_SIZE = 3  # the cheapest priced actions weighed besides the one chosen
SHORTLIST_MARGIN = 3.0  # points: priced further from the cheapest is not a contender
PLAYOUT_LIMIT = 240
DECISION_PHASES = ("opening", "draw", "place", "flip")


class HoleNotFinished(ValueError):
    """The hole asked for has not been scored yet: reviewing it would show what is still hidden."""


def verdict_for(loss: float, se: float = 0.0) -> str:
    if 0 < loss < 2 * se:  # not told apart from the best by the sampling
        loss = min(loss, VERDICTS[0][0])
    for bound, name in VERDICTS:
        if loss < bound:
            return name
    return BLUNDER


@dataclass
class Decision:
    """One decision of the seat's, judged."""

    index: int  # its place in the match's log (the board then is the log before it)
    hole: int
    phase: str  # opening, draw, place, flip
    action: dict  # what the player did, in the API's terms
    best: dict  # what the Expert would have done
    loss: float  # expected points the choice cost against the best (0 when it is the best)
    se: float  # the standard error of ``loss``
    verdict: str
    reason: str  # one sentence, in the hint's words
    did: str  # what the player did, in words
    would: str  # what the Expert would have done, in words
    samples: int  # sampled deals the loss rests on (0: no sampling was needed)
    points_at: dict | None = None  # another seat's card the reason rests on ({"seat", "position"})

    def to_json(self) -> dict:
        return asdict(self)


def review_hole(rules: RuleSet, seed: int, log: list[str], seat: int, hole: int, samples: int = SAMPLES) -> dict:
    """Every decision ``seat`` made in ``hole`` of the match ``(seed, rules, log)``, judged.

    ``seed`` is the engine's (deal) seed. Raises :class:`HoleNotFinished` unless the log
    reaches the end of that hole."""
    state = GolfState.new(seed, rules)
    decisions: list[Decision] = []
    finished = False
    for index, entry in enumerate(log):
        actor, action = parse_log_entry(entry)
        if state.hole > hole:
            break
        if state.hole == hole and actor == seat and not isinstance(action, NextHole):
            decisions.append(judge(view(state, seat), action.to_json(), index, samples))
        state.apply(actor, action)
        if state.hole == hole and state.phase in (Phase.HOLE_OVER, Phase.MATCH_OVER):
            finished = True
            break
    if not finished:
        raise HoleNotFinished(f"Hole {hole} is not finished yet: it can be reviewed once it is scored.")
    lost = sum(d.loss for d in decisions)
    return {
        "hole": hole,
        "decisions": [d.to_json() for d in decisions],
        "points_lost": round(lost, 2),
    }


def settled(loss: float, se: float) -> bool:
    """Whether more deals could not change the verdict: the loss two standard errors
    either side of its estimate gets the same one (a plain blunder of 8 points needs no
    more deals to be called a blunder, however loosely the 8 is known)."""
    return verdict_for(max(0.0, loss - 2 * se)) == verdict_for(loss + 2 * se)


def decision_seed(index: int, hole: int) -> str:
    """The sampling seed of one decision: its place in the log, nothing hidden."""
    return f"review:{hole}:{index}"


def judge(seen: dict, chosen: dict, index: int = 0, samples: int = SAMPLES) -> Decision:
    """Judge ``chosen`` (one of ``seen["legal"]``) from the view ``seen`` alone."""
    table = read_table(seen)
    words = Words(table)
    phase = table.phase
    legal = table.legal
    if chosen not in legal:
        raise ValueError(f"{chosen} is not a legal action here")

    def plain(best: dict, reason: str, pointed: dict | None = None) -> Decision:
        return Decision(
            index,
            table.hole,
            phase,
            chosen,
            best,
            0.0,
            0.0,
            "best",
            reason,
            words.did(chosen),
            words.would(best),
            0,
            pointed,
        )

    if phase == "opening":
        return plain(chosen, "Before any card is seen, every card is as good as another to turn up first.")
    advisor = Advisor(table, ExpertPlayer.style)
    explainer = Explainer(table, advisor)
    if len(legal) == 1:
        return plain(chosen, explainer.explain(chosen), explainer.pointed)
    ranked = advisor.ranked()
    cheapest = ranked[0][0]
    candidates = [a for price, a in ranked if price <= cheapest + SHORTLIST_MARGIN][:SHORTLIST_SIZE]
    if chosen not in candidates:
        candidates.append(chosen)
    if len(candidates) == 1:  # the only contender, by a wide margin
        return plain(chosen, explainer.explain(chosen), explainer.pointed)
    rng = random.Random(decision_seed(index, table.hole))
    values: list[list[float]] = [[] for _ in candidates]
    mine = candidates.index(chosen)
    # Bigger grids, lines beyond columns and more players make every playout dearer: fewer
    # deals keep a hole's review as quick as a standard one (its standard error says so).
    cost = (table.rules.cells / 6) * (1.0 if advisor.odds.partner is not None else 2.0) * (table.players / 2)
    batch = max(MIN_BATCH, round(samples / cost))
    most = max(2 * batch, round(MAX_SAMPLES * samples / SAMPLES / cost))
    policy = QuickPolicy(advisor.odds)  # one for every batch: what it remembers holds for the whole decision
    while True:
        for total, more in zip(values, weigh(table, advisor, policy, candidates, rng, batch)):
            total += more
        n = len(values[0])
        means = [sum(v) / n for v in values]
        best_index = min(range(len(candidates)), key=lambda i: (means[i], i))
        diffs = [a - b for a, b in zip(values[mine], values[best_index])]
        loss = max(0.0, sum(diffs) / n)
        mean_diff = sum(diffs) / n
        se = math.sqrt(sum((d - mean_diff) ** 2 for d in diffs) / (n - 1) / n) if n > 1 else 0.0
        if se <= TARGET_SE or n + batch > most or settled(loss, se):
            break
    best = candidates[best_index]
    verdict = verdict_for(loss, se)
    explainer.pointed = None
    if verdict == "best":
        best, reason = chosen, explainer.explain(chosen)
    else:
        reason = words.why_not(chosen, best, advisor) or explainer.explain(best)
    return Decision(
        index,
        table.hole,
        phase,
        chosen,
        best,
        round(loss, 2),
        round(se, 2),
        verdict,
        reason,
        words.did(chosen),
        words.would(best),
        n,
        explainer.pointed,
    )


def weigh(
    table: Table, advisor: Advisor, policy: QuickPolicy, actions: list[dict], rng: random.Random, samples: int
) -> list[list[float]]:
    """Each action's hole points ("mine minus the others' mean") on the same sampled deals.

    The player's unknown face-down cards are interchangeable in a sample, so an action on
    one of them (turn it up, swap onto it) meets the card the sample put under the first
    such action's position: "turn up this one or that one" is then weighed with the same
    card turned up, which measures the choice of place rather than the luck of the card."""
    moves = [action_from_json(a) for a in actions]
    unknown = {p for p, card in enumerate(table.grids[0]) if card is None}
    targets = [a.get("position") if a.get("position") in unknown else None for a in actions]
    reference = next((t for t in targets if t is not None), None)
    values: list[list[float]] = [[] for _ in actions]
    players = table.players
    for _ in range(samples):
        sample = determinize(table, rng)
        for index, move in enumerate(moves):
            state = sample.clone()
            target = targets[index]
            if target is not None and reference is not None and target != reference:
                grid = state.grids[0]
                grid[target], grid[reference] = grid[reference], grid[target]
            state.apply(0, move)
            ExpertPlayer.finish_turn(state, advisor)
            scores, _ = play_out(state, policy, PLAYOUT_LIMIT)
            values[index].append(scores[0] - sum(scores[1:]) / (players - 1))
    return values


class Words:
    """Puts a decision into words from the player's side, naming only cards they could see."""

    def __init__(self, table: Table):
        self.table = table
        self.rules = table.rules
        self.mine = table.grids[0]

    def place(self, position: int) -> str:
        return place_name(position, self.rules.rows, self.rules.cols)

    def own(self, position: int) -> str:
        card = self.mine[position]
        return f"your {rank_name(card[0])}" if card else "your face-down card"

    def did(self, action: dict) -> str:
        """What the player did, in the past tense."""
        return self.say(action, past=True)

    def would(self, action: dict) -> str:
        """What to do, as an instruction."""
        return self.say(action, past=False)

    def say(self, action: dict, past: bool) -> str:
        kind = action["action"]
        table = self.table

        def verb(now: str, then: str) -> str:
            return then if past else now

        if kind == "reveal":
            return f"{verb('Turn up', 'Turned up')} the card at {self.place(action['position'])}"
        if kind == "flip":
            return f"{verb('Turn up', 'Turned up')} the card at {self.place(action['position'])} instead of drawing"
        if kind == "draw" and action["source"] == "discard":
            return f"{verb('Take', 'Took')} the {card_name(table.top_card)} from the discard pile"
        if kind == "draw":
            return f"{verb('Draw', 'Drew')} from the stock"
        if kind == "swap":
            position = action["position"]
            return f"{verb('Swap', 'Swapped')} the {card_name(table.held_card)} for {self.own(position)} at {self.place(position)}"
        if kind == "reject":
            return f"{verb('Throw', 'Threw')} the {card_name(table.held_card)} away"
        if kind == "skip":
            return f"{verb('Leave', 'Left')} the face-down card as it is"
        if kind == "knock":
            return verb("Knock", "Knocked")
        return verb("Deal the next hole", "Dealt the next hole")

    def pair_rank(self, position: int) -> str | None:
        """The rank of a matched line through ``position`` in the player's grid now, if any."""
        for line in self.rules.lines:
            if position in line:
                cards = [card for card in (self.mine[p] for p in line) if card]
                if len(cards) == len(line) and len({c[0] for c in cards}) == 1:
                    return cards[0][0]
        return None

    def why_not(self, chosen: dict, best: dict, advisor: Advisor) -> str | None:
        """One sentence on what was wrong with ``chosen``, where a plain one applies."""
        kind = chosen["action"]
        points_of = self.rules.points_of
        held = self.table.held
        if kind == "swap" and held:
            position = chosen["position"]
            old = self.mine[position]
            pair = self.pair_rank(position)
            if pair is not None and pair != held[0]:
                column = position % self.rules.cols + 1
                return (
                    f"That swap broke the pair of {rank_name(pair)}s in column {column}; "
                    f"better: {self.lower(self.would(best))}."
                )
            if old is not None and self.table.face_up[0][position] and points_of(held) > points_of(old):
                return (
                    f"That swap put {article(held[0])} in place of your {rank_name(old[0])}, "
                    f"{points_of(held) - points_of(old)} points more; better: {self.lower(self.would(best))}."
                )
        if kind == "reject" and held and best["action"] == "swap" and points_of(held) < advisor.odds.mean:
            return (
                f"That threw away {article(held[0])}, lower than an unseen card is likely to be; "
                f"better: {self.lower(self.would(best))}."
            )
        thrown = self.thrown(chosen)
        if thrown is not None and self.table.players > 1 and self.table.will_act_again(1):
            change, _ = advisor.odds.best_swap(advisor.others[0], self.table.kind(thrown))
            if change < -3 and self.thrown(best) != thrown:
                return (
                    f"That throws the {card_name(thrown)} that the next player needs; "
                    f"better: {self.lower(self.would(best))}."
                )
        return None

    def thrown(self, action: dict) -> str | None:
        """The card an action puts on the discard pile, where the player knew it."""
        if action["action"] == "reject":
            return self.table.held
        if action["action"] == "swap":
            return self.mine[action["position"]]
        return None

    @staticmethod
    def lower(sentence: str) -> str:
        return sentence[0].lower() + sentence[1:]


def article(rank: str) -> str:
    name = rank_name(rank)
    return ("an " if name[0] in "a8" else "a ") + name
