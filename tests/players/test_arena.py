"""The arena: its command line, its figures, seats that alternate, and runs that repeat."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from app.arena import ArenaError, main, match_seed, parse_rules, play_match, run, seating, summarise, wilson
from app.golf.rules import PRESETS

SHORT = '{"holes": 2}'


def test_the_command_line_prints_each_players_figures(capsys):
    assert main(["--players", "greedy,random", "--matches", "4", "--seed", "1", "--rules", SHORT]) == 0
    out = capsys.readouterr().out
    assert "4 matches of 2 holes" in out
    assert "turns per hole: mean" in out and "longest" in out
    for name in ("greedy", "random"):
        line = next(line for line in out.splitlines() if line.strip().startswith(name))
        for figure in ("mean hole", "win", "draw", "loss", "median", "p99"):
            assert figure in line


def test_json_output_has_rates_with_intervals_and_times(capsys):
    main(["--players", "easy,medium", "--matches", "4", "--seed", "2", "--rules", SHORT, "--json"])
    summary = json.loads(capsys.readouterr().out)
    assert summary["matches"] == 4 and summary["holes"] == 2
    for entrant in summary["entrants"]:
        assert entrant["holes"] == 8
        rates = entrant["results"]
        assert sum(rates[k]["count"] for k in ("win", "draw", "loss")) == 4
        assert all(rates[k]["low"] <= rates[k]["rate"] <= rates[k]["high"] for k in rates)
        assert entrant["p99_ms"] >= entrant["median_ms"] >= 0


def test_python_dash_m_runs_with_a_bot_written_elsewhere():
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "app.arena",
            "--players",
            "app.players:RandomPlayer,hard",
            "--matches",
            "2",
            "--rules",
            "four-card",
            "--seed",
            "3",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "app.players:RandomPlayer" in done.stdout and "hard" in done.stdout


def test_parallel_runs_give_the_serial_results():
    rules = parse_rules(SHORT, 2)
    serial = run(["medium", "easy"], rules, 6, seed=4)
    parallel = run(["medium", "easy"], rules, 6, seed=4, jobs=2)
    assert [(m.hole_scores, m.results) for m in serial] == [(m.hole_scores, m.results) for m in parallel]


def test_seats_swap_every_other_match_on_the_same_deals():
    assert seating(0, 2) == [0, 1] and seating(1, 2) == [1, 0]
    assert match_seed(9, 0, 2) == match_seed(9, 1, 2) != match_seed(9, 2, 2)
    assert [seating(n, 3) for n in range(3)] == [[0, 1, 2], [1, 2, 0], [2, 0, 1]]


def test_the_same_seed_repeats_a_run():
    rules = parse_rules(SHORT, 2)
    first = summarise(["easy", "random"], rules, run(["easy", "random"], rules, 4, seed=8), 8)
    again = summarise(["easy", "random"], rules, run(["easy", "random"], rules, 4, seed=8), 8)
    assert [e["mean_hole_score"] for e in first["entrants"]] == [e["mean_hole_score"] for e in again["entrants"]]


def test_rules_are_a_preset_or_json_and_seat_the_players_given():
    assert parse_rules("nine-card", 2).rows == 3
    assert parse_rules("standard", 4).players == 4
    assert parse_rules('{"cols": 4, "jokers": true}', 3).cols == 4
    with pytest.raises(ValueError):
        parse_rules('{"players": 3}', 2)
    with pytest.raises(ValueError):
        parse_rules("no-such-rules", 2)


def test_bad_players_are_refused_with_a_message(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--players", "grandmaster,random", "--matches", "1"])
    assert stop.value.code == 2
    assert "unknown player" in capsys.readouterr().err


class Cheater:
    """A bot that ignores the legal actions."""

    def choose(self, view):
        return {"action": "knock"}


def test_an_illegal_action_stops_the_arena_with_the_reason():
    with pytest.raises(ArenaError, match="knock"):
        play_match(["tests.players.test_arena:Cheater", "random"], PRESETS["standard"], seed=1, number=0)


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert round(low, 3) == 0.404 and round(high, 3) == 0.596
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


def test_a_hole_that_never_ends_stops_the_arena_at_the_bound():
    # Two players that never knock, under rules where only a knock ends the hole.
    with pytest.raises(ArenaError, match="no end after 63 turns"):
        play_match(["stalling", "stalling"], PRESETS["knocking"], seed=1, number=0, max_hole_turns=63)


def test_each_hole_reports_its_turns():
    result = play_match(["easy", "greedy"], parse_rules(SHORT, 2), seed=3, number=0)
    assert len(result.hole_turns) == 2 and all(turns >= 1 for turns in result.hole_turns)
