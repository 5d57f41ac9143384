"""Whether a match's chances to win are right, and what they cost to work out.

    .venv/bin/python -m bench.win_chance                         # 300 matches on 2 processes, then the timings
    .venv/bin/python -m bench.win_chance --matches 60 --jobs 1   # a quicker look

Matches between the computer's levels are played in the arena (``app.arena.play_match``,
tables of two, three and four; every deal played from every seat), and each one's
chances are worked out as a finished match's are (:func:`app.players.win_chance.win_chances`).
At the start of each hole (the deal, before anyone acts) each seat's chance is set against
how the match ended (1 for the winner, a share for tied winners, else 0), beside two
baselines: every seat alike (1 / players), and "the leader by the totals wins" (the
lowest total so far has it all, shared when tied). The Brier score is the mean squared
difference over every seat at every hole's start (lower is better). The calibration table
pools the chances by deciles: in each, the share of the wins the seats went on to take
should be the chance they were given, within 10 points.

Then the time to work out whole matches, in processor time: standard nine-hole matches of
two, and nine-hole matches of eight seats (standard grids; and 3x4 grids with two decks,
the largest table the arena sweeps).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import time
from dataclasses import dataclass

from app.arena import match_seed, play_match
from app.golf.actions import NextHole, parse_log_entry
from app.golf.engine import replay
from app.golf.rules import RuleSet
from app.players.win_chance import win_chances, win_shares

# The tables played, in turn: the levels at each (the arena turns the seats every match).
TABLES: tuple[tuple[str, ...], ...] = (
    ("expert", "hard"),
    ("hard", "hard"),
    ("expert", "expert"),
    ("medium", "hard"),
    ("expert", "hard", "medium"),
    ("hard", "expert", "hard", "expert"),
)
WITHIN = 0.10  # each decile's observed share of wins must lie this close to its chance
LEAST_IN_DECILE = 30  # predictions a decile needs before it is judged


@dataclass(frozen=True)
class Prediction:
    chance: float
    uniform: float
    leader: float
    outcome: float  # the seat's share of the win


def table_of(number: int) -> tuple[str, ...]:
    """The levels of match ``number``'s table: each table is played for a round (one match
    a seat, the same deal from every seat) before the next."""
    rounds = [(names, len(names)) for names in TABLES]
    cycle = sum(size for _, size in rounds)
    position = number % cycle
    for names, size in rounds:
        if position < size:
            return names
        position -= size
    raise AssertionError("unreachable")


def one_match(job: tuple[int, int]) -> tuple[list[Prediction], float, int]:
    """Play match ``number`` and weigh its chances; its predictions, the processor time
    the chances took, and its seats."""
    seed, number = job
    names = list(table_of(number))
    players = len(names)
    rules = RuleSet(players=players)
    result = play_match(names, rules, seed, number)
    deal = match_seed(seed, number, players)
    started = time.process_time()
    chances = win_chances(rules, deal, result.log)
    spent = time.process_time() - started
    state = replay(deal, rules, result.log)
    outcome = win_shares(state.totals())
    starts = [0] + [i + 1 for i, entry in enumerate(result.log) if isinstance(parse_log_entry(entry).action, NextHole)]
    predictions = []
    for hole, step in enumerate(starts):
        totals = [sum(scores[seat] for scores in state.hole_scores[:hole]) for seat in range(players)]
        leader = win_shares(totals)
        for seat in range(players):
            predictions.append(Prediction(chances[step][seat], 1 / players, leader[seat], outcome[seat]))
    return predictions, spent, players


def brier(predictions: list[Prediction], field: str) -> float:
    return statistics.fmean((getattr(p, field) - p.outcome) ** 2 for p in predictions)


def calibration(predictions: list[Prediction]) -> tuple[list[str], bool, float]:
    """The table by deciles, whether every decile judged lies within :data:`WITHIN`, and
    the largest difference of a decile judged."""
    lines = [f"{'chance':>10} {'predictions':>12} {'mean chance':>12} {'won':>8} {'difference':>11}"]
    good, largest = True, 0.0
    for decile in range(10):
        inside = [p for p in predictions if min(int(p.chance * 10), 9) == decile]
        label = f"{10 * decile}-{10 * decile + 10}%"
        if not inside:
            lines.append(f"{label:>10} {0:>12}")
            continue
        mean = statistics.fmean(p.chance for p in inside)
        won = statistics.fmean(p.outcome for p in inside)
        judged = len(inside) >= LEAST_IN_DECILE
        verdict = ("within" if abs(won - mean) <= WITHIN else "OUTSIDE") if judged else "too few to judge"
        good = good and (not judged or abs(won - mean) <= WITHIN)
        largest = max(largest, abs(won - mean)) if judged else largest
        lines.append(
            f"{label:>10} {len(inside):>12} {100 * mean:>11.1f}% {100 * won:>7.1f}% {100 * (won - mean):>+10.1f}  {verdict}"
        )
    return lines, good, largest


def timed(rules: RuleSet, seed: int, levels: list[str]) -> tuple[float, int]:
    """Processor seconds to work out one match of ``rules`` between ``levels``, and its length."""
    result = play_match(levels, rules, seed, 0)
    started = time.process_time()
    win_chances(rules, match_seed(seed, 0, rules.players), result.log)
    return time.process_time() - started, len(result.log)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--eights", type=int, default=1, help="matches of eight seats timed, of each kind")
    args = parser.parse_args()

    jobs = [(args.seed, number) for number in range(args.matches)]
    if args.jobs > 1:
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            done = pool.map(one_match, jobs, chunksize=1)
    else:
        done = [one_match(job) for job in jobs]
    predictions = [p for found, _, _ in done for p in found]
    levels = sorted({name for names in TABLES for name in names})
    print(
        f"win chance: {args.matches} matches of 9 holes between {', '.join(levels)} "
        f"(tables of {', '.join(str(n) for n in sorted({len(t) for t in TABLES}))}), seed {args.seed}; "
        f"{len(predictions)} chances at the holes' starts"
    )
    chance, uniform, leader = (brier(predictions, f) for f in ("chance", "uniform", "leader"))
    print(f"Brier score: chance {chance:.4f}, 1/players {uniform:.4f}, the leader by totals {leader:.4f}")
    print(f"the chance beats both baselines: {'yes' if chance < min(uniform, leader) else 'NO'}")
    lines, good, largest = calibration(predictions)
    print("calibration by deciles (the share of wins taken against the chance given):")
    print("\n".join(lines))
    print(
        f"every decile within {100 * WITHIN:.0f} points: {'yes' if good else 'NO'} "
        f"(the largest difference {100 * largest:.1f} points)"
    )

    twos = sorted(spent for _, spent, players in done if players == 2)
    if twos:
        print(
            f"time to work out a standard 9-hole match of two ({len(twos)} matches): median "
            f"{statistics.median(twos):.2f} s, worst {twos[-1]:.2f} s"
        )
    rng = random.Random(args.seed)
    for name, rules in (
        ("standard grids", RuleSet(players=8)),
        ("3x4 grids, two decks", RuleSet(players=8, rows=3, cols=4, decks=2)),
    ):
        spent = [timed(rules, rng.getrandbits(32), ["hard", "expert"] * 4) for _ in range(args.eights)]
        worst = max(spent)
        print(f"time to work out a 9-hole match of eight, {name}: {worst[0]:.1f} s ({worst[1]} steps)")


if __name__ == "__main__":
    main()
