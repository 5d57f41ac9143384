"""Deal numbers the solver has proved winnable, for "winnable deals only".

Solving a deal takes a few tens of milliseconds, and under the strict rule only about
one deal in ten can be won, so looking for a winnable deal at the moment a player asks
could keep them waiting. Instead the winnable deal numbers among the first few thousand
are computed once, for every variant, into ``winnable_deals.json`` next to this module,
and a deal is picked from that list at once. To rebuild the file (a few minutes)::

    python -m app.solitaire.winnable --deals 2000

and to check a sample of it against the solver::

    python -m app.solitaire.winnable --check 50
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache
from pathlib import Path

from app.solitaire.deals import deal
from app.solitaire.rules import SolitaireRules
from app.solitaire.solver import solve

DATA_FILE = Path(__file__).with_name("winnable_deals.json")

# Every distinct variant: the two stock rules, each plain, with queens on kings, and
# with wrapping ranks (which already lets a queen go on a king).
VARIANTS = tuple(
    SolitaireRules(any_time=any_time, queens_on_kings=queens, wrap=wrap)
    for any_time in (False, True)
    for queens, wrap in ((False, False), (True, False), (False, True))
)


@lru_cache(maxsize=1)
def _table() -> dict[str, tuple[int, ...]]:
    data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    return {key: tuple(numbers) for key, numbers in data["winnable"].items()}


def winnable_deals(rules: SolitaireRules) -> tuple[int, ...]:
    """The deal numbers proved winnable under ``rules``, in increasing order."""
    return _table()[rules.key]


def winnable_deal(rules: SolitaireRules, rng: random.Random) -> int:
    """A deal number proved winnable under ``rules``, chosen with the caller's ``rng``."""
    return rng.choice(winnable_deals(rules))


def _is_winnable(job: tuple[int, str]) -> bool:
    number, key = job
    return solve(deal(number), SolitaireRules.from_key(key)).won


def build(deals: int, workers: int | None = None) -> dict:
    """Solve deals 1..``deals`` in every variant; the content of the data file."""
    table = {}
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for rules in VARIANTS:
            jobs = [(number, rules.key) for number in range(1, deals + 1)]
            verdicts = pool.map(_is_winnable, jobs, chunksize=20)
            table[rules.key] = [number for (number, _), won in zip(jobs, verdicts) if won]
    return {
        "about": "Deal numbers proved winnable by app.solitaire.solver, per rules key.",
        "command": f"python -m app.solitaire.winnable --deals {deals}",
        "deals": [1, deals],
        "winnable": table,
    }


def _render(data: dict) -> str:
    """The data as JSON with one line per variant, so that changes read well in a diff."""
    head = [f" {json.dumps(name)}: {json.dumps(data[name])}," for name in ("about", "command", "deals")]
    rows = [f"  {json.dumps(key)}: {json.dumps(numbers)}" for key, numbers in data["winnable"].items()]
    return "{\n" + "\n".join(head) + '\n "winnable": {\n' + ",\n".join(rows) + "\n }\n}\n"


def check(sample: int, rng: random.Random) -> list[str]:
    """Re-solve ``sample`` listed and unlisted deals per variant; the disagreements."""
    data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    first, last = data["deals"]
    problems = []
    for rules in VARIANTS:
        listed = set(data["winnable"][rules.key])
        for number in rng.sample(range(first, last + 1), sample):
            if _is_winnable((number, rules.key)) != (number in listed):
                problems.append(f"deal {number} under {rules.key}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.solitaire.winnable", description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, help="rebuild the file for deals 1..DEALS")
    parser.add_argument("--check", type=int, metavar="N", help="re-solve N deals per variant")
    parser.add_argument("--workers", type=int, help="processes to use (default: every core)")
    args = parser.parse_args(argv)
    if args.deals:
        data = build(args.deals, args.workers)
        DATA_FILE.write_text(_render(data), encoding="utf-8")
        for key, numbers in data["winnable"].items():
            print(f"{key:26} {len(numbers):5} of {args.deals} winnable")
    if args.check:
        problems = check(args.check, random.Random(args.check))
        print("\n".join(problems) or f"All {args.check * len(VARIANTS)} deals agree.")
        return 1 if problems else 0
    if not (args.deals or args.check):
        parser.print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
