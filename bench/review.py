"""How long a hole's review takes, and how often the Expert's own moves are judged best or good.

    .venv/bin/python -m bench.review                    # 100 standard holes: median and worst
    .venv/bin/python -m bench.review --rules nine-card  # another rule set (a preset name)
    .venv/bin/python -m bench.review --agreement 50     # the Expert's moves over 50 matches

Holes come from matches where seat 0 is played by the Medium level (a player who makes
mistakes to find) and the others by the Expert; the review judges seat 0. The time is
the pure judge's (:func:`app.players.review.review_hole`: the replay, the views and the
sampling), one hole at a time, by the wall clock and in processor time (the second is
what the judge costs when other work shares the machine).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from app.golf.actions import action_from_json
from app.golf.engine import GolfState
from app.golf.phases import Phase
from app.golf.rules import PRESETS
from app.golf.view import view
from app.players import get_player
from app.players.review import review_hole


def play(rules, seed: int, levels: list[str]) -> GolfState:
    state = GolfState.new(seed, rules)
    while not state.is_over:
        if state.phase is Phase.HOLE_OVER:
            state.apply(0, action_from_json({"action": "next_hole"}))
            continue
        seat = state.to_act()[0]
        player = get_player(levels[seat], seed=seed + len(state.log))
        state.apply(seat, action_from_json(player.choose(view(state, seat))))
    return state


def timings(rules, holes: int) -> None:
    times: list[float] = []
    cpu: list[float] = []
    decisions: list[int] = []
    verdicts: Counter[str] = Counter()
    seed = 0
    levels = ["medium"] + ["expert"] * (rules.players - 1)
    while len(times) < holes:
        state = play(rules, seed, levels)
        for hole in range(1, rules.holes + 1):
            if len(times) == holes:
                break
            started, started_cpu = time.perf_counter(), time.process_time()
            review = review_hole(rules, seed, state.log, 0, hole)
            times.append(time.perf_counter() - started)
            cpu.append(time.process_time() - started_cpu)
            judged = [d for d in review["decisions"] if d["phase"] != "opening"]
            decisions.append(len(judged))
            verdicts.update(d["verdict"] for d in judged)
        seed += 1
    print(f"rules {rules.name}: {holes} holes, {statistics.mean(decisions):.1f} judged decisions a hole")
    for name, figures in (("wall clock", times), ("processor time", cpu)):
        print(
            f"review of a hole, {name}: median {statistics.median(figures) * 1000:.0f} ms, "
            f"90th percentile {sorted(figures)[int(0.9 * len(figures))] * 1000:.0f} ms, "
            f"worst {max(figures) * 1000:.0f} ms"
        )
    total = sum(verdicts.values())
    print(
        "Medium's verdicts: "
        + ", ".join(
            f"{v} {100 * verdicts[v] / total:.0f}%" for v in ("best", "good", "inaccuracy", "mistake", "blunder")
        )
    )


def agreement(rules, matches: int) -> None:
    verdicts: Counter[str] = Counter()
    for seed in range(matches):
        state = play(rules, seed, ["expert"] * rules.players)
        for hole in range(1, rules.holes + 1):
            review = review_hole(rules, seed, state.log, 0, hole)
            verdicts.update(d["verdict"] for d in review["decisions"] if d["phase"] != "opening")
    total = sum(verdicts.values())
    good = verdicts["best"] + verdicts["good"]
    print(
        f"the Expert's own decisions over {matches} matches ({total}): best or good {100 * good / total:.1f}% "
        f"({dict(verdicts)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rules", default="standard", choices=sorted(PRESETS))
    parser.add_argument("--holes", type=int, default=100)
    parser.add_argument("--agreement", type=int, default=0, metavar="MATCHES")
    args = parser.parse_args()
    rules = PRESETS[args.rules]
    if args.agreement:
        agreement(rules, args.agreement)
    else:
        timings(rules, args.holes)


if __name__ == "__main__":
    main()
