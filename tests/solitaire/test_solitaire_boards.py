"""black-hole-solver's board format, and the command line that reads it."""

import subprocess
import sys
from pathlib import Path

import pytest

from app.solitaire.deals import BoardFormatError, board_text, deal, parse_board
from app.solitaire.position import Position

ROOT = Path(__file__).resolve().parents[2]


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "app.solitaire.solve", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


# ------------------------------------------------------------------ the format


@pytest.mark.parametrize("number", [1, 17, 906])
def test_numbered_deals_round_trip_through_the_text(number):
    position = deal(number)
    text = board_text(position)
    assert text.splitlines()[0].startswith("Talon: ") and len(text.splitlines()) == 9
    assert parse_board(text) == position


def test_part_played_boards_round_trip_apart_from_the_foundation_history():
    position = Position((("5H", "4C"), (), ("KD",)), ("2S",), ("AC", "3D"))
    again = parse_board(board_text(position))
    assert again.tableau == position.tableau and again.stock == position.stock
    assert again.foundation == ("3D",)


def test_displayed_boards_and_lenient_spelling_are_read():
    text = "Foundations: 5s\nTalon: 6D 10C\n: 9D TS\n:\n: 3S\n"
    position = parse_board(text)
    assert position.tableau == (("9D", "TS"), (), ("3S",))
    assert position.stock == ("6D", "TC") and position.foundation == ("5S",)


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "No 'Talon:' line"),
        ("Talon: 2C\n9D\n", "No 'Foundations:' line"),
        ("9D TS\nTalon: 2C\n", "Line 1: expected a 'Talon:'"),
        ("Talon: 2C\nFoundations: 5S\n", "No piles"),
        ("Talon: 2C\nFoundations: 5S 6S\n9D\n", "Foundations holds exactly one card"),
        ("Talon: 2C\nFoundations: 5S\n9D 1X\n", "Line 3: '1X' is not a card"),
        ("Talon: 2C\nFoundations: 5S\n9D 2C\n", "Line 3: 2C appears twice \\(first on line 1\\)"),
        ("Talon: 2C\nTalon: 3C\nFoundations: 5S\n9D\n", "a second Talon line"),
        ("Talon:\nFoundations: 5S\n" + "".join(f"{rank}H\n" for rank in "A23456789"), "at most 7 are"),
    ],
)
def test_malformed_boards_are_refused_with_the_reason(text, message):
    with pytest.raises(BoardFormatError, match=message):
        parse_board(text)


# ------------------------------------------------------------------ the command line


WON_ANY_TIME = "Talon: 9C KD\nFoundations: QD\nJC\nQH TH\n"


def test_cli_prints_solved_and_the_moves(tmp_path):
    path = tmp_path / "board.txt"
    path.write_text(WON_ANY_TIME)
    result = run_cli(str(path), "--any-time")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "Solved!",
        "Deal talon: 9C, the 9 of clubs",
        "Move a card from stack 1 to the foundations: TH, the 10 of hearts",
        "Move a card from stack 0 to the foundations: JC, the jack of clubs",
        "Move a card from stack 1 to the foundations: QH, the queen of hearts",
    ]


def test_cli_prints_unsolved_and_the_best_score(tmp_path):
    path = tmp_path / "board.txt"
    path.write_text(WON_ANY_TIME)
    result = run_cli(str(path))  # the strict rule by default
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Unsolved!"
    assert lines[1] == "Best score: 1 card left in the piles, after these moves:"
    assert lines[2] == "Move a card from stack 0 to the foundations: JC, the jack of clubs"


def test_cli_reads_standard_input_and_prints_numbered_deals():
    printed = run_cli("--deal", "17")
    assert printed.returncode == 0 and parse_board(printed.stdout) == deal(17)
    solved = run_cli("-", "--any-time", "--wrap", stdin=printed.stdout)
    assert solved.returncode == 0 and solved.stdout.splitlines()[0] in ("Solved!", "Unsolved!")


def test_cli_refuses_a_malformed_board_with_exit_status_2(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("Talon: 2C\nFoundations: 5S\n9D ZZ\n")
    result = run_cli(str(path))
    assert result.returncode == 2 and result.stdout == ""
    assert "Line 3: 'ZZ' is not a card" in result.stderr
    missing = run_cli(str(tmp_path / "nowhere.txt"))
    assert missing.returncode == 2 and "cannot read" in missing.stderr
