"""Engine speed: ``python -m bench.engine [--matches 200] [--rules standard]``.

Plays whole matches between two greedy players to get realistic logs (not timed),
then times replaying each log from its seed, the way every request rebuilds a stored
match, and prints the applied actions per second and the replay time of a match.
"""

from __future__ import annotations

import argparse
import statistics
import time

from app.golf.actions import action_from_json
from app.golf.engine import GolfState, replay
from app.golf.rules import PRESETS
from app.golf.view import view
from app.players.greedy import GreedyPlayer


def play_logged_match(seed: int, rules) -> list[str]:
    state = GolfState.new(seed, rules)
    player = GreedyPlayer()
    while not state.is_over:
        seat = (state.to_act() or (0,))[0]
        state.apply(seat, action_from_json(player.choose(view(state, seat))))
    return state.log


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--rules", default="standard", choices=sorted(PRESETS))
    args = parser.parse_args(argv)
    rules = PRESETS[args.rules]

    logs = [(seed, play_logged_match(seed, rules)) for seed in range(1, args.matches + 1)]
    times = []
    for seed, log in logs:
        started = time.perf_counter()
        replay(seed, rules, log)
        times.append(time.perf_counter() - started)
    actions = sum(len(log) for _, log in logs)
    times_ms = sorted(t * 1000 for t in times)
    started = time.perf_counter()
    for seed, log in logs:
        state = replay(seed, rules, log)
        view(state, 0)
    with_view = (time.perf_counter() - started) * 1000 / len(logs)

    print(f"rules: {args.rules}, {args.matches} whole {rules.holes}-hole matches, greedy v greedy")
    print(f"actions per match: mean {actions / len(logs):.0f}")
    print(f"applied actions per second (replay): {actions / sum(times):,.0f}")
    print(
        f"replay of a whole match: median {statistics.median(times_ms):.2f} ms, "
        f"p99 {times_ms[int(0.99 * (len(times_ms) - 1))]:.2f} ms, worst {times_ms[-1]:.2f} ms"
    )
    print(f"replay plus the player's view, mean: {with_view:.2f} ms")


if __name__ == "__main__":
    main()
