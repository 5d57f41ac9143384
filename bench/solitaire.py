"""Benchmark of the Golf solitaire solver over the first numbered deals.

    python -m bench.solitaire [--deals 1000] [--variants strict,any-time]

Solves deals 1..N under each variant and prints, per variant, the fraction of deals
that can be won and the median, 99th percentile and worst solve time. Published
figures for the any-time rule are about 26% winnable, 45% with queens on kings and over
90% with wrapping ranks; a figure far from those usually means a rule is wrong.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

from app.solitaire.deals import deal
from app.solitaire.rules import SolitaireRules
from app.solitaire.solver import solve

VARIANTS = (
    "strict",
    "any-time",
    "any-time+queens-on-kings",
    "any-time+wrap",
    "strict+queens-on-kings",
    "strict+wrap",
)


def measure(rules: SolitaireRules, deals: int) -> dict:
    """Solve deals 1..``deals`` under ``rules``; the fraction won and the times."""
    won, times = 0, []
    for number in range(1, deals + 1):
        position = deal(number)
        started = time.perf_counter()
        solution = solve(position, rules)
        times.append((time.perf_counter() - started, number))
        won += solution.won
    times.sort()
    seconds = [elapsed for elapsed, _ in times]
    return {
        "winnable": won / deals,
        "median": statistics.median(seconds),
        "p99": seconds[max(0, -(-99 * deals // 100) - 1)],
        "worst": times[-1],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.solitaire", description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000, help="solve deals 1..DEALS (default 1000)")
    parser.add_argument("--variants", default=",".join(VARIANTS), help="comma-separated rules keys")
    args = parser.parse_args(argv)
    variants = [SolitaireRules.from_key(key) for key in args.variants.split(",")]

    # The solver caches a table per pile shape the first time it meets it; build it
    # before timing so that no single deal carries that one-off cost.
    started = time.perf_counter()
    solve(deal(0), SolitaireRules())
    warm_up = time.perf_counter() - started

    print(
        f"Golf solitaire solver: deals 1-{args.deals}, Python {platform.python_version()}, "
        f"{os.cpu_count()} CPUs ({platform.machine()})"
    )
    print(f"{'variant':26} {'winnable':>8} {'median':>9} {'p99':>9} {'worst':>9}  worst deal")
    for rules in variants:
        result = measure(rules, args.deals)
        worst, number = result["worst"]
        print(
            f"{rules.key:26} {result['winnable']:8.1%} {result['median'] * 1000:7.1f}ms "
            f"{result['p99'] * 1000:7.1f}ms {worst * 1000:7.1f}ms  #{number}",
            flush=True,
        )
    print(f"(one-off table build before timing: {warm_up * 1000:.0f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
