"""The words the table uses (app/web/table_words.py): card places, prompts, the computer's
moves told as sentences. Pure functions, no server."""

from __future__ import annotations

import doctest

import app.web.table as table
import app.web.table_words as words
from app.golf.actions import Reveal
from app.golf.engine import GolfState
from app.golf.rules import PRESETS, RuleSet
from app.golf.view import view


def test_docstring_examples():
    assert doctest.testmod(words).failed == 0


def test_places_are_named_by_row_and_column():
    assert words.position_name(0, 2, 3) == "top row, column 1"
    assert words.position_name(5, 2, 3) == "bottom row, column 3"
    assert words.position_name(4, 3, 3) == "middle row, column 2"
    assert words.position_name(7, 2, 4) == "bottom row, column 4"


def test_a_draw_and_its_swap_are_told_as_one_sentence():
    state = view(GolfState.new(3), 0)
    events = [
        {"player": "computer", "action": "draw", "source": "discard", "card": "7H"},
        {"player": "computer", "action": "swap", "position": 1, "card": "7H", "discarded": "KS"},
        {"player": "computer", "action": "draw", "source": "stock"},
        {"player": "computer", "action": "reject", "card": "QD"},
        {"player": "computer", "action": "reveal", "position": 3, "card": "4C"},
        {"action": "reveal_all"},
        {"action": "hole_scored", "hole": 3, "scores": {"you": 5, "computer": 12}},
    ]
    told = words.narrate(events, state)
    assert told == [
        ("The computer took the 7 of hearts and swapped it into top row, column 2, discarding the king of spades.", 1),
        ("The computer drew the queen of diamonds from the stock and threw it away.", 3),
        ("The computer revealed the 4 of clubs at bottom row, column 1.", 4),
        ("Hole 3 is over: you scored 5, the computer 12.", 6),
    ]


def test_a_draw_alone_is_told_without_its_card():
    state = view(GolfState.new(3), 0)
    told = words.narrate([{"player": "computer", "action": "draw", "source": "stock"}], state)
    assert told == [("The computer drew from the stock.", 0)]


def test_prompts_follow_the_phase():
    state = GolfState.new(4)
    seen = view(state, 0)
    assert words.prompt(seen) == "Choose two cards to reveal"
    assert words.prompt(seen, paused=True) == "Paused: the clock is stopped. Press Resume to continue."
    assert words.prompt(seen, paused=True, returning=True).startswith("Welcome back")
    for seat in (0, 1):
        for position in (0, 1):
            state.apply(seat, Reveal(position))
    seen = view(state, 0)
    top = words.card_label(seen["discard"]["top"])
    assert words.prompt(seen) == f"Draw from the stock or take the {top}"


def test_many_players_are_named_in_seat_order():
    rules = RuleSet(players=4)
    seen = view(GolfState.new(5, rules), 0)
    board = table.board(seen)
    assert [s["name"] for s in board["opponents"]] == ["Computer 1", "Computer 2", "Computer 3"]
    assert board["opponents"][2]["cards"][0].label == "Computer 3's card, top row, column 1, face down"
    assert board["many"]


def test_the_four_card_peek_is_named_for_its_owner_only():
    seen = view(GolfState.new(6, PRESETS["four-card"]), 0)
    board = table.board(seen)
    mine = [c.label for c in board["me"]["cards"]]
    assert sum("(you looked: " in label for label in mine) == 2
    assert not any("looked" in c.label for c in board["opponents"][0]["cards"])
