"""Each seat's chance to win a finished match, after every step of it.

A finished match hides nothing any more: from each step of its log (step 0 the first
deal, step N after its N-th action) every grid's cards are known, and what is left
unknown is the order of the stock and the holes still to come. :func:`win_chances`
samples those, plays the futures out and counts the share of them each seat wins (the
lowest match total wins; a tie shares the win):

- **The hole in play** is played out from the step as it stood, the stock put in a
  sampled order, by the Expert's own playout player
  (:class:`~app.players.rollout.QuickPolicy`, the one its search plays sampled holes
  with), each seat seeing only what its seat could see. The Expert itself takes about
  ten milliseconds a decision (a hundred or so on a big table); played out from every
  step of a match it would take hours, where its playout player takes microseconds.
- **The seat to move** decides as the Expert does: the actions its prices shortlist
  (and, at the start of a turn, both draws) are each played out on the same samples,
  and the seat takes the one its chance is best after (between choices within
  :data:`INDIFFERENT` of the best for it, any: their chances are averaged). A playout
  player alone would throw away the card that wins, or take the discard where only a
  stock card could still win, and call the seat's chance nil.
- **The holes to come** are dealt at random and played out the same way, once per match:
  :data:`FUTURES` sampled rests of the match, whose scores, added to each sampled end
  of the hole in play, give the match's totals.

Every sample is seeded by the match (its deal seed) and the sample's number, never by
the step: sample ``i`` puts the stock in one order (each card keeps its sampled place
from step to step) and meets the same holes to come at every step, so that the chances
of two steps differ by what happened between them and not by the luck of the sampling
(common random numbers). The same match always gives the same chances.

The work is bounded: about :data:`WORK` simulated actions a match, shared out over its
steps by how long each step's hole still had to go, between :data:`MIN_SAMPLES` and
:data:`MAX_SAMPLES` sampled futures a step. Pure: no I/O, no clock.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from app.golf.actions import (
    DRAW_DISCARD,
    DRAW_STOCK,
    REVEALS,
    SKIP,
    Action,
    NextHole,
    action_from_json,
    parse_log_entry,
)
from app.golf.dealing import deal_hole
from app.golf.engine import GolfState
from app.golf.phases import Phase
from app.golf.rules import RuleSet
from app.golf.view import view
from app.players.expert import SHORTLIST_MARGIN, SHORTLIST_SIZE, ExpertPlayer
from app.players.heuristic import Advisor
from app.players.knowledge import Odds, fresh_deck_ranks, read_table
from app.players.pace import hole_turn_bound
from app.players.rollout import QuickPolicy, play_out

WORK = 400_000  # simulated actions a match, about: 3 s of a core for a standard match of two
MAX_SAMPLES = 96  # sampled futures a step at most
MIN_SAMPLES = 8  # and at least, however long the match
FUTURES = 64  # sampled rests of the match (the holes to come), shared by every step
PAIRINGS = 16  # holes to come met by each sampled end of the hole in play
INDIFFERENT = 0.02  # choices whose chances for the seat to move are this close are as good to it


def win_shares(totals: Sequence[float]) -> list[float]:
    """The share of a win each seat has with these final totals: the lowest wins, a
    tie shares it.

    >>> win_shares([20, 12, 12])
    [0.0, 0.5, 0.5]
    """
    best = min(totals)
    winners = [seat for seat, total in enumerate(totals) if total == best]
    share = 1.0 / len(winners)
    return [share if total == best else 0.0 for total in totals]


def samples_for(rules: RuleSet, steps: Sequence[GolfState], weighed: Sequence[Sequence[Action | None]]) -> int:
    """Sampled futures a step gets in this match: :data:`WORK` shared out over the
    actions each step's hole still had to go, once for each choice weighed there (a long
    match of many seats gets fewer a step, down to :data:`MIN_SAMPLES`)."""
    cost, left, holes = 0.0, 0, 0
    for state, choices in zip(reversed(steps), reversed(weighed)):
        if state.phase is Phase.HOLE_OVER or state.phase is Phase.MATCH_OVER:
            left = 0
        else:
            left += 1
        cost += left * len(choices)
        holes += left == 1
    rests = FUTURES * (rules.holes - 1) * len(steps) / max(holes, 1)  # the holes to come, played once
    return max(MIN_SAMPLES, min(MAX_SAMPLES, int((WORK - rests) / max(cost, 1.0))))


class Futures:
    """The sampled futures of one match: the stock's order, reshuffles and holes to come
    of each sample, all seeded by the match and the sample's number."""

    def __init__(self, rules: RuleSet, seed: int, samples: int, policy: QuickPolicy, futures: int = FUTURES):
        self.rules = rules
        self.seed = seed
        self.samples = samples
        self.policy = policy
        self.limit = 3 * hole_turn_bound(rules)  # a draw, a throw and a flip a turn at most
        deck = sorted(set(rules.deck()))
        self.places: list[dict[str, float]] = []  # per sample, each card's place in a shuffled stock
        self.reshuffle_seeds: list[int] = []
        for sample in range(samples):
            rng = random.Random(f"win-chance:{seed}:stock:{sample}")
            self.places.append({card: rng.random() for card in deck})
            self.reshuffle_seeds.append(rng.getrandbits(48))
        self.rests = [self._rest(number) for number in range(futures)]

    def _rest(self, number: int) -> list[list[int]]:
        """One sampled rest of the match: ``rest[h]`` is every seat's total over the holes
        after hole ``h`` (``rest[holes]`` all zero)."""
        rules = self.rules
        rng = random.Random(f"win-chance:{self.seed}:rest:{number}")
        holes = [[0] * rules.players for _ in range(rules.holes + 1)]
        for hole in range(rules.holes, 1, -1):
            state = GolfState.__new__(GolfState)
            state.rules, state.seed, state.log, state.hole_scores = rules, rng.getrandbits(48), [], []
            state.actions = [0] * rules.players
            deal_hole(state, hole)
            scores = self.play(state)
            holes[hole - 1] = [after + score for after, score in zip(holes[hole], scores)]
        return holes

    def play(self, state: GolfState) -> list[int]:
        """Finish ``state``'s hole: the opening reveals as the computer makes them (its
        first positions), then the Expert's playout player. Each seat's score."""
        if state.phase is Phase.OPENING:
            for seat, left in enumerate(state.opening_left):
                for position in [p for p, up in enumerate(state.face_up[seat]) if not up][:left]:
                    state.apply(seat, REVEALS[position])
        if state.phase is Phase.HOLE_OVER or state.phase is Phase.MATCH_OVER:
            return state.hole_scores[-1]
        scores, _ = play_out(state, self.policy, self.limit)
        return scores

    def hole_ends(self, state: GolfState, first: Action | None = None) -> Iterator[list[int]]:
        """Each sample's scores of the hole in play, played out from ``state`` (``first``:
        the seat to move's action first, else the playout player's)."""
        for sample in range(self.samples):
            played = bare_copy(state)
            places = self.places[sample]
            played.stock.sort(key=places.__getitem__, reverse=True)  # the top card is the last
            played.seed = self.reshuffle_seeds[sample]
            if first is not None:
                assert played.turn is not None  # a choice is the seat to move's
                played.apply(played.turn, first)
            yield self.play(played)


def choices(state: GolfState, policy: QuickPolicy) -> list[Action | None]:
    """What the seat to move is weighed doing: the playout player's own action (None),
    the actions the Expert shortlists by its prices, and where a turn begins, both
    draws. The Expert weighs its shortlist by sampling, as this does: a playout player
    that takes the discard where only a stock card could still win, or throws away
    the card that wins, would say the seat had no chance at all."""
    turn = state.turn
    if turn is None or state.phase not in (Phase.DRAW, Phase.PLACE, Phase.FLIP):
        return [None]
    own = policy.act(state, turn)
    if state.phase is Phase.FLIP:
        # Which card to turn up changes what the seat knows, not its cards (known to
        # the sampling); whether to end the hole by turning up the last one does.
        return [None, SKIP] if own != SKIP and state.allows(turn, SKIP) else [None]
    ranked = Advisor(read_table(view(state, turn)), ExpertPlayer.style).ranked()
    cheapest = ranked[0][0]
    weighed = [action_from_json(a) for price, a in ranked if price <= cheapest + SHORTLIST_MARGIN][:SHORTLIST_SIZE]
    if state.phase is Phase.DRAW:
        weighed += [draw for draw in (DRAW_STOCK, DRAW_DISCARD) if state.allows(turn, draw)]
    choices: list[Action | None] = [None]
    for action in weighed:
        if action != own and action not in choices:
            choices.append(action)
    return choices


def bare_copy(state: GolfState, scores: bool = False) -> GolfState:
    """A copy of the hole in play without the match's log (a playout needs none, and
    copying it from every step of a long match costs more than the play), nor its holes'
    scores unless ``scores``."""
    log, kept = state.log, state.hole_scores
    state.log = []
    if not scores:
        state.hole_scores = []
    try:
        return state.clone()
    finally:
        state.log, state.hole_scores = log, kept


def playout_player(rules: RuleSet) -> QuickPolicy:
    """The Expert's playout player, with the odds of a player who remembers nothing (one
    for the whole match: what it remembers of grids holds for every step)."""
    return QuickPolicy(Odds(rules, fresh_deck_ranks(rules)))


def match_steps(rules: RuleSet, seed: int, log: Sequence[str]) -> list[GolfState]:
    """The match at each step, step 0 (the first deal) to the end of ``log``, each a
    :func:`bare_copy` with its holes' scores so far."""
    state = GolfState.new(seed, rules)
    steps = [bare_copy(state, scores=True)]
    for entry in log:
        seat, action = parse_log_entry(entry)
        state.apply(seat, action)
        steps.append(bare_copy(state, scores=True))
    if not state.is_over:
        raise ValueError("the log does not end the match: its chances are worked out once it is over")
    return steps


def win_chances(rules: RuleSet, seed: int, log: Sequence[str], samples: int | None = None) -> list[list[float]]:
    """Each seat's chance to win the match ``(seed, rules, log)`` after each step, step 0
    (the first deal) to the end: ``len(log) + 1`` lists in seat order, each summing to 1.

    ``seed`` is the engine's (deal) seed; ``log`` must end the match. The last step gives
    the winner the whole chance (tied winners share it)."""
    policy = playout_player(rules)
    steps = match_steps(rules, seed, log)
    weighed = [choices(state, policy) for state in steps]
    samples = samples if samples is not None else samples_for(rules, steps, weighed)
    futures = Futures(rules, seed, samples, policy)
    return [step_chance(state, options, futures) for state, options in zip(steps, weighed)]


def step_chance(state: GolfState, options: Sequence[Action | None], futures: Futures) -> list[float]:
    """Each seat's chance to win from ``state``: the share of sampled futures it wins,
    the seat to move taking the best for it of ``options`` (:func:`choices`)."""
    players = state.rules.players
    totals = state.totals()
    if state.phase is Phase.MATCH_OVER:
        return win_shares(totals)
    rests = futures.rests
    if state.phase is Phase.HOLE_OVER:  # the hole is scored: only the holes to come are unknown
        return mean_shares([[t + r for t, r in zip(totals, rest[state.hole])] for rest in rests], players)
    weighed = []
    for first in options:
        shares = [0.0] * players
        count = 0
        for sample, scores in enumerate(futures.hole_ends(state, first)):
            after = [t + s for t, s in zip(totals, scores)]
            for pairing in range(PAIRINGS):
                rest = rests[(sample * PAIRINGS + pairing) % len(rests)][state.hole]
                for seat, share in enumerate(win_shares([a + r for a, r in zip(after, rest)])):
                    shares[seat] += share
                count += 1
        weighed.append([share / count for share in shares])
    if len(weighed) == 1 or state.turn is None:
        return weighed[0]
    # The seat to move takes the choice its chance is best after; between choices as good
    # as each other to it (it cannot win whatever it does, say), any may be taken.
    mover = state.turn
    best = max(shares[mover] for shares in weighed)
    taken = [shares for shares in weighed if shares[mover] >= best - INDIFFERENT]
    return [sum(shares[seat] for shares in taken) / len(taken) for seat in range(players)]


def mean_shares(finals: list[list[float]], players: int) -> list[float]:
    shares = [0.0] * players
    for final in finals:
        for seat, share in enumerate(win_shares(final)):
            shares[seat] += share
    return [share / len(finals) for share in shares]


def step_holes(log: Sequence[str]) -> list[int]:
    """Each step's hole, step 0 (the first deal) to the end of ``log``.

    >>> step_holes(["0r0", "1r0", "0n", "0r1"])
    [1, 1, 1, 2, 2]
    """
    holes, hole = [1], 1
    for entry in log:
        if isinstance(parse_log_entry(entry).action, NextHole):
            hole += 1
        holes.append(hole)
    return holes


def rounded(chances: Sequence[Sequence[float]], places: int = 4) -> list[list[float]]:
    """The chances to ``places`` decimals, each step's still summing to 1 (what rounding
    took from the others given to the likeliest seat), as they are stored and sent.

    >>> rounded([[1 / 3, 1 / 3, 1 / 3]])
    [[0.3334, 0.3333, 0.3333]]
    """
    result = []
    for step in chances:
        shares = [round(share, places) for share in step]
        likeliest = max(range(len(shares)), key=lambda seat: (step[seat], -seat))
        shares[likeliest] = round(1.0 - sum(s for seat, s in enumerate(shares) if seat != likeliest), places)
        result.append(shares)
    return result
