"""Computer players against each other: ``python -m app.arena --players expert,greedy --matches 1000 --seed 1``.

Each match is played in full by the engine; the players only ever receive views (what a
person in their seat would see) through ``choose(view)``, the opening reveals included,
and the arena deals each next hole itself. Matches come in rounds that share one
sequence of deals while the players move round the table, so with two players every
deal is played from both seats (the seats swap every other match) and luck of the deal
largely cancels out.

For each player the arena prints the mean hole score, the rates of match wins, draws and
losses with 95% Wilson intervals, and the median and 99th-percentile time of a decision.
``--jobs`` spreads matches over processes; the results are those of a serial run, only
the timings differ. ``--players`` takes level names (``app.players.get_player``) or
``package.module:Class`` for a bot written elsewhere; there must be one per seat, and the
number of players sets the seats when ``--rules`` does not.

``--sweep`` plays every level and greedy (the fallback player) on every preset and on
eight seats of 3x4 grids with two decks (``--sweep-rules custom``: on the custom rule
sets of :data:`CUSTOM_RULES`; ``random``: on ``--rule-sets`` rule sets drawn at random),
at a table of its own kind and alone against players that never end a hole
(``"stalling"``), and fails on any error or on a hole longer than
:func:`~app.players.pace.hole_turn_bound`; it prints the longest hole of each run in turns.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from dataclasses import dataclass, field

from app.golf.actions import action_from_json
from app.golf.engine import GolfState
from app.golf.phases import Phase
from app.golf.rules import PRESETS, RulesError, RuleSet, rules_from_dict
from app.golf.view import view
from app.players import LEVELS, get_player
from app.players.pace import hole_turn_bound  # the sweep's bound on a hole's turns

Z95 = 1.959964
MAX_HOLE_ACTIONS = 5000  # players that never end a hole would otherwise hang the arena


class ArenaError(RuntimeError):
    """A player broke the bot interface (an illegal or malformed action)."""


@dataclass
class MatchResult:
    """One match, per entrant (the order of ``--players``, not the seats)."""

    hole_scores: list[list[int]]  # per entrant, its score on each hole
    results: list[str]  # per entrant: win, draw or loss
    times: list[list[float]] = field(default_factory=list)  # per entrant, seconds per decision (wall clock)
    cpu_times: list[list[float]] = field(default_factory=list)  # the same decisions in processor time
    hole_turns: list[int] = field(default_factory=list)  # per hole, the turns taken (a draw or a knock starts one)
    log: list[str] = field(default_factory=list)  # the match's log, in seat order (match_seed deals it)


def parse_rules(text: str | None, players: int) -> RuleSet:
    """A preset name or a JSON object of rule fields; the seats follow the players given."""
    if not text:
        data: dict = {"name": "standard"}
    elif text.lstrip().startswith("{"):
        data = json.loads(text)
    elif text in PRESETS:
        data = {k: v for k, v in PRESETS[text].model_dump().items() if k != "players"}
    else:
        raise RulesError(f"unknown rules {text!r}: a preset ({', '.join(PRESETS)}) or a JSON object")
    if "players" in data and data["players"] != players:
        raise RulesError(f"the rules seat {data['players']} players but {players} were given")
    return rules_from_dict({**data, "players": players})


def match_seed(seed: int, number: int, players: int) -> int:
    """The deal seed of a match: every match of one round (one per seating) shares it."""
    return random.Random(f"arena:{seed}:{number // players}").getrandbits(48)


def seating(number: int, players: int) -> list[int]:
    """Which entrant sits in each seat: the table turns by one seat every match."""
    shift = number % players
    return [(seat + shift) % players for seat in range(players)]


def play_match(
    names: list[str], rules: RuleSet, seed: int, number: int, max_hole_turns: int | None = None
) -> MatchResult:
    """One match in full; an illegal action, or a hole longer than ``max_hole_turns``
    turns, raises :class:`ArenaError`."""
    players = rules.players
    entrant_at = seating(number, players)
    bots = [get_player(names[e], seed=random.Random(f"bot:{seed}:{number}:{e}").getrandbits(32)) for e in entrant_at]
    state = GolfState.new(match_seed(seed, number, players), rules)
    times: list[list[float]] = [[] for _ in range(players)]
    cpu_times: list[list[float]] = [[] for _ in range(players)]
    actions_this_hole = turns = 0
    hole_turns: list[int] = []
    while not state.is_over:
        if state.phase is Phase.HOLE_OVER:
            hole_turns.append(turns)
            state.apply(0, action_from_json({"action": "next_hole"}))
            actions_this_hole = turns = 0
            continue
        actions_this_hole += 1
        if actions_this_hole > MAX_HOLE_ACTIONS:
            raise ArenaError(f"match {number}, hole {state.hole}: no end after {MAX_HOLE_ACTIONS} actions")
        if state.phase is Phase.DRAW:
            turns += 1
            if max_hole_turns is not None and turns > max_hole_turns:
                raise ArenaError(
                    f"match {number}, hole {state.hole}: no end after {max_hole_turns} turns "
                    f"({', '.join(names)}, rules {rules.name!r})"
                )
        seat = state.to_act()[0]
        seen = view(state, seat)
        started, started_cpu = time.perf_counter(), time.thread_time()
        choice = bots[seat].choose(seen)
        times[entrant_at[seat]].append(time.perf_counter() - started)
        cpu_times[entrant_at[seat]].append(time.thread_time() - started_cpu)
        if choice not in seen["legal"]:
            raise ArenaError(
                f"match {number}, hole {state.hole}: {names[entrant_at[seat]]} chose {choice!r} "
                f"in phase {seen['phase']!r}; legal: {seen['legal']}"
            )
        state.apply(seat, action_from_json(choice))
    hole_turns.append(turns)
    by_entrant = [0] * players
    for seat, entrant in enumerate(entrant_at):
        by_entrant[entrant] = seat
    return MatchResult(
        hole_scores=[[scores[by_entrant[e]] for scores in state.hole_scores] for e in range(players)],
        results=[_outcome(state, by_entrant[e]) for e in range(players)],
        times=times,
        cpu_times=cpu_times,
        hole_turns=hole_turns,
        log=list(state.log),
    )


def _outcome(state: GolfState, seat: int) -> str:
    """The result of a match played to its end for ``seat``."""
    result = state.result(seat)
    if result is None:
        raise AssertionError("the match is not over")
    return result


def _play_one(job: tuple) -> MatchResult:
    return play_match(*job)


def run(
    names: list[str], rules: RuleSet, matches: int, seed: int, jobs: int = 1, max_hole_turns: int | None = None
) -> list[MatchResult]:
    work = [(names, rules, seed, number, max_hole_turns) for number in range(matches)]
    if jobs <= 1:
        return [_play_one(job) for job in work]
    import multiprocessing

    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        return pool.map(_play_one, work, chunksize=max(1, matches // (jobs * 8)))


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate."""
    if trials == 0:
        return 0.0, 1.0
    rate = successes / trials
    centre = rate + z * z / (2 * trials)
    margin = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return (centre - margin) / scale, (centre + margin) / scale


def percentile(sorted_values: list[float], fraction: float) -> float:
    if not sorted_values:
        return 0.0
    return sorted_values[min(len(sorted_values) - 1, int(fraction * len(sorted_values)))]


def summarise(names: list[str], rules: RuleSet, results: list[MatchResult], seed: int) -> dict:
    entrants = []
    for e, name in enumerate(names):
        holes = [score for match in results for score in match.hole_scores[e]]
        outcomes = [match.results[e] for match in results]
        times = sorted(t for match in results for t in match.times[e])
        cpu = sorted(t for match in results for t in match.cpu_times[e])
        rates = {}
        for outcome in ("win", "draw", "loss"):
            count = outcomes.count(outcome)
            low, high = wilson(count, len(outcomes))
            rates[outcome] = {"count": count, "rate": count / len(outcomes), "low": low, "high": high}
        entrants.append(
            {
                "player": name,
                "mean_hole_score": statistics.fmean(holes),
                "hole_score_sd": statistics.pstdev(holes),
                "holes": len(holes),
                "results": rates,
                "decisions": len(times),
                "median_ms": 1000 * percentile(times, 0.5),
                "p99_ms": 1000 * percentile(times, 0.99),
                "max_ms": 1000 * (times[-1] if times else 0.0),
                "cpu_median_ms": 1000 * percentile(cpu, 0.5),
                "cpu_p99_ms": 1000 * percentile(cpu, 0.99),
            }
        )
    turns = [t for match in results for t in match.hole_turns]
    return {
        "rules": rules.name,
        "players": rules.players,
        "holes": rules.holes,
        "matches": len(results),
        "seed": seed,
        "rule_set": rules.summary(),
        "entrants": entrants,
        "mean_hole_turns": statistics.fmean(turns) if turns else 0.0,
        "longest_hole_turns": max(turns, default=0),
    }


def report(summary: dict) -> str:
    lines = [
        f"{summary['matches']} matches of {summary['holes']} holes, rules {summary['rules']!r}, "
        f"{summary['players']} players, seed {summary['seed']}; turns per hole: mean "
        f"{summary['mean_hole_turns']:.1f}, longest {summary['longest_hole_turns']}"
    ]
    for e in summary["entrants"]:
        r = e["results"]
        rate = " ".join(
            f"{label} {100 * r[key]['rate']:5.1f}% [{100 * r[key]['low']:.1f}, {100 * r[key]['high']:.1f}]"
            for key, label in (("win", "win"), ("draw", "draw"), ("loss", "loss"))
        )
        lines.append(
            f"  {e['player']:<12} mean hole {e['mean_hole_score']:6.2f}  {rate}  "
            f"decision median {e['median_ms']:.2f} ms, p99 {e['p99_ms']:.2f} ms "
            f"(processor time: median {e['cpu_median_ms']:.2f} ms, p99 {e['cpu_p99_ms']:.2f} ms)"
        )
    return "\n".join(lines)


SWEEP_RULES: dict[str, RuleSet] = {
    **PRESETS,
    "eight-seats": RuleSet(name="eight-seats", players=8, rows=3, cols=4, decks=2),
}

# Rule sets beyond the presets where a level once played a hole on without end: twelve
# cards a grid (knocking limits sized for six cards), eight seats (a stock that is
# always "low"), no flip after a throw (cards turned up only by swaps), optional flips.
CUSTOM_RULES: dict[str, RuleSet] = {
    "8x3x4-knock": RuleSet(name="8x3x4-knock", players=8, rows=3, cols=4, ending="knock"),
    "8x3x4-knock-no-final": RuleSet(
        name="8x3x4-knock-no-final", players=8, rows=3, cols=4, ending="knock", final_turn=False
    ),
    "2x3x4-knock-no-flip": RuleSet(
        name="2x3x4-knock-no-flip", rows=3, cols=4, ending="knock", flip_after_reject="never"
    ),
    "nine-card-no-flip": PRESETS["nine-card"].model_copy(
        update={"name": "nine-card-no-flip", "flip_after_reject": "never"}
    ),
    "4p-optional-flip": PRESETS["optional-flip"].model_copy(update={"name": "4p-optional-flip", "players": 4}),
    # golfgame's house rules: a reveal after a throw only near the end, a card turned up as
    # a turn; and the hole's bonuses with the card values, at a knocking table.
    "3p-endgame-flip-as-action": RuleSet(
        name="3p-endgame-flip-as-action", players=3, flip_after_reject="endgame", flip_as_action=True
    ),
    "golfgame-knock-bonuses": RuleSet(
        name="golfgame-knock-bonuses",
        ending="knock",
        super_kings=True,
        one_eyed_jacks=True,
        wolfpack=-20,
        blackjack=True,
        going_out_bonus=-5,
        underdog_bonus=-3,
        tied_shame=5,
    ),
}

SWEEP_LEVELS = (*LEVELS, "greedy")  # greedy: also the fallback player


def random_rules(rng: random.Random, holes: int = 1) -> RuleSet:
    """A valid rule set drawn at random over every field that changes play: grid shape,
    seats, decks (at least as many as the grids need), jokers, card values, matched
    lines, opening reveals and peeks, flip rule, ending, final turn, going-out penalty, and
    golfgame's house rules (drawn last, so that the other fields are drawn as they always
    were)."""
    rows, cols = rng.choice((2, 3)), rng.choice((2, 3, 4))
    cells = rows * cols
    players = rng.randint(2, 8)
    jokers = rng.random() < 0.3
    pack = 52 + (2 if jokers else 0)
    decks_needed = -(-(players * cells + 2) // pack)
    decks = rng.choice((None, 1, 2, 3))
    default_decks = 2 if players >= 6 else 1
    if max(decks or default_decks, 1) < decks_needed:
        decks = decks_needed
    ending = rng.choice(("all_face_up", "knock"))
    reveal_cap = min(3, cells - (1 if ending == "all_face_up" else 0))
    fields = dict(
        name="random",
        players=players,
        rows=rows,
        cols=cols,
        decks=decks,
        jokers=jokers,
        joker_value=rng.randint(-5, 0),
        twos_face_value=rng.random() < 0.3,
        jacks_zero=rng.random() < 0.3,
        match_value=rng.choice((0, 0, -4)),
        joker_pair_value=rng.choice((None, -4)) if jokers else None,
        match_rows=rng.random() < 0.3,
        match_diagonals=rows == cols and rng.random() < 0.3,
        four_of_a_kind=rng.choice((None, -10, -20)) if rows == 2 else None,
        opening_reveals=rng.randint(0, reveal_cap),
        peek_near_row=rng.random() < 0.3,
        flip_after_reject=rng.choice(("must", "may", "never")),
        ending=ending,
        final_turn=rng.random() < 0.7,
        going_out_penalty=rng.choice(("none", "double", "plus10")),
        holes=holes,
    )
    jacks_zero, two_rows = fields["jacks_zero"], rows == 2
    fields.update(
        super_kings=not jacks_zero and rng.random() < 0.2,
        ten_penny=rng.random() < 0.2,
        one_eyed_jacks=not jacks_zero and rng.random() < 0.2,
        single_joker=jokers and fields["joker_pair_value"] is None and rng.random() < 0.3,
        wolfpack=-20 if two_rows and rng.random() < 0.2 else 0,
        flip_as_action=rng.random() < 0.2,
        going_out_bonus=rng.choice((0, 0, -5)),
        blackjack=rng.random() < 0.2,
        underdog_bonus=rng.choice((0, 0, -3)),
        tied_shame=rng.choice((0, 0, 5)),
    )
    if rng.random() < 0.15:
        fields["flip_after_reject"] = "endgame"
    return RuleSet(**fields)


def sweep_tables(level: str, players: int) -> dict[str, list[str]]:
    """The tables a level is swept at: itself in every seat, and alone against players
    that never end a hole (so it must end every one itself)."""
    return {"itself": [level] * players, "v stalling": [level] + ["stalling"] * (players - 1)}


def sweep(
    levels: list[str],
    matches: int,
    expert_matches: int,
    seed: int,
    jobs: int,
    out=print,
    rule_sets: dict[str, RuleSet] | None = None,
) -> list[str]:
    """Every level at every table of every rule set (the presets and eight seats, unless
    given); one line each. Returns the failures."""
    failures, played, longest = [], 0, 0
    for rules_name, rules in (SWEEP_RULES if rule_sets is None else rule_sets).items():
        bound = hole_turn_bound(rules)
        for level in levels:
            count = expert_matches if level == "expert" else matches
            if count <= 0:
                continue
            for table, names in sweep_tables(level, rules.players).items():
                started = time.perf_counter()
                try:
                    results = run(names, rules, count, seed, jobs, bound)
                except Exception as error:  # a crash or a hole without end: report it and go on
                    failures.append(f"{rules_name} {level} {table}: {error!r}")
                    out(f"{rules_name:<20} {level:<7} {table:<11} FAILED: {error!r}")
                    continue
                turns = [t for match in results for t in match.hole_turns]
                played += count
                longest = max(longest, max(turns))
                out(
                    f"{rules_name:<20} {level:<7} {table:<11} {count:4d} matches {len(turns):5d} holes  "
                    f"turns per hole mean {statistics.fmean(turns):5.1f} longest {max(turns):4d} "
                    f"(bound {bound})  {time.perf_counter() - started:.0f} s",
                    flush=True,
                )
    out(
        f"{played} matches; longest hole {longest} turns (bound: one pass of the stock and two turns per card for every seat); "
        f"{len(failures)} failure{'s' if len(failures) != 1 else ''}"
    )
    for failure in failures:
        out(f"  {failure}")
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.arena", description=__doc__.splitlines()[0])
    parser.add_argument("--players", help="comma-separated: level names or module:Class, one per seat")
    parser.add_argument(
        "--sweep",
        action="store_true",
        help="every level and greedy, by itself and against players that never end a hole, on every "
        "preset and on 8 seats of 3x4 grids with two decks; fails on any error or too long a hole",
    )
    parser.add_argument(
        "--sweep-rules",
        choices=("presets", "custom", "random"),
        default="presets",
        help="with --sweep: the presets, the custom rule sets that once failed, or random rule sets",
    )
    parser.add_argument(
        "--rule-sets", type=int, default=20, help="with --sweep-rules random: how many rule sets to draw (from --seed)"
    )
    parser.add_argument(
        "--expert-matches",
        type=int,
        default=None,
        help="with --sweep: matches for the Expert (default a quarter of --matches)",
    )
    parser.add_argument(
        "--max-hole-turns",
        type=int,
        default=None,
        help="fail when a hole lasts more turns than this (--sweep: see hole_turn_bound)",
    )
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default=None, help="a preset name or a JSON object of rule fields")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play in (results do not change)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.sweep:
        expert_matches = args.expert_matches if args.expert_matches is not None else max(1, args.matches // 4)
        if args.sweep_rules == "presets":
            rule_sets = SWEEP_RULES
        elif args.sweep_rules == "custom":
            rule_sets = CUSTOM_RULES
        else:
            rng = random.Random(f"rules:{args.seed}")
            rule_sets = {}
            for number in range(args.rule_sets):
                rules = random_rules(rng)
                rule_sets[f"random-{number} {rules.players}p {rules.rows}x{rules.cols} {rules.ending}"] = rules
        failures = sweep(list(SWEEP_LEVELS), args.matches, expert_matches, args.seed, args.jobs, rule_sets=rule_sets)
        return 1 if failures else 0
    if not args.players:
        parser.error("--players is required (or --sweep)")
    names = [name.strip() for name in args.players.split(",") if name.strip()]
    if len(names) < 2:
        parser.error("--players needs at least two players")
    try:
        rules = parse_rules(args.rules, len(names))
        for name in set(names):
            get_player(name)
    except (RulesError, ValueError, ImportError, AttributeError) as error:
        parser.error(str(error))
    results = run(names, rules, args.matches, args.seed, args.jobs, args.max_hole_turns)
    summary = summarise(names, rules, results, args.seed)
    print(json.dumps(summary, indent=2) if args.json else report(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
