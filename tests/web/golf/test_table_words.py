"""The words the table uses (app/web/golf/names.py, prompts.py, narration.py): card
places, prompts, the computer's moves told as sentences. Pure functions, no server."""

from __future__ import annotations

import doctest

import pytest

import app.web.golf.board as table
import app.web.golf.names as names
import app.web.golf.narration as narration
import app.web.golf.prompts as prompts
from app.golf.actions import Draw, Knock, Reject, Reveal, Swap, action_from_json
from app.golf.engine import GolfState
from app.golf.phases import Phase
from app.golf.rules import PRESETS, RuleSet
from app.golf.view import Seat, spectator_view, view, view_event
from app.players.greedy import GreedyPlayer


def test_docstring_examples():
    for words in (names, prompts, narration):
        assert doctest.testmod(words).failed == 0
    assert doctest.testmod(table).failed == 0
    import app.service.stats.results as stats
    import app.web.charts as charts

    assert doctest.testmod(charts).failed == 0 and doctest.testmod(stats).failed == 0


@pytest.mark.parametrize("players", range(2, 9))
def test_the_others_sit_round_the_table_in_seat_order(players):
    board = table.board(view(GolfState.new(5, RuleSet(players=players)), 0))
    sides = [side for side, ring in board["rings"] for _ in ring]
    assert [s for _, ring in board["rings"] for s in ring] == board["opponents"]  # round the table in seat order
    assert len(sides) == players - 1
    assert sides == sorted(sides, key=["left", "top", "right"].index)  # from your left, across, down the right
    assert sides.count("left") == sides.count("right") <= 2 and sides.count("top") <= 3


def test_places_are_named_by_row_and_column():
    assert names.position_name(0, 2, 3) == "top row, column 1"
    assert names.position_name(5, 2, 3) == "bottom row, column 3"
    assert names.position_name(4, 3, 3) == "middle row, column 2"
    assert names.position_name(7, 2, 4) == "bottom row, column 4"


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
    told = narration.narrate(events, state)
    assert told == [
        ("The computer took the 7 of hearts and swapped it into top row, column 2, discarding the king of spades.", 1),
        ("The computer drew the queen of diamonds from the stock and threw it away.", 3),
        ("The computer revealed the 4 of clubs at bottom row, column 1.", 4),
        ("Hole 3 is over: you scored 5, the computer 12.", 6),
    ]


def test_your_own_moves_are_not_told_back_but_what_they_set_off_is():
    state = view(GolfState.new(3), 0)
    events = [
        {"player": "you", "action": "draw", "source": "stock"},
        {"player": "you", "action": "swap", "position": 1, "card": "7H", "discarded": "KS"},
        {"player": "you", "action": "closing"},
        {"player": "computer", "action": "draw", "source": "stock"},
        {"player": "computer", "action": "reject", "card": "QD"},
    ]
    assert narration.narrate(events, state) == [
        (narration.closing_sentence("you", state), 2),
        ("The computer drew the queen of diamonds from the stock and threw it away.", 4),
    ]


def test_a_draw_alone_is_told_without_its_card():
    state = view(GolfState.new(3), 0)
    told = narration.narrate([{"player": "computer", "action": "draw", "source": "stock"}], state)
    assert told == [("The computer drew from the stock.", 0)]


def test_prompts_follow_the_phase():
    state = GolfState.new(4)
    seen = view(state, 0)
    assert prompts.prompt(seen) == "Choose two cards to reveal"
    assert prompts.prompt(seen, paused=True) == "Paused: the clock is stopped. Press Resume to continue."
    assert prompts.prompt(seen, paused=True, returning=True).startswith("Welcome back")
    for seat in (0, 1):
        for position in (0, 1):
            state.apply(seat, Reveal(position))
    seen = view(state, 0)
    top = names.card_label(seen["discard"]["top"])
    assert prompts.prompt(seen) == f"Draw from the stock or take the {top}"


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


def test_the_four_card_peek_is_shown_until_your_first_turn_then_laid_face_down():
    # The seed: look once at your two near cards and lay them face down again.
    state = GolfState.new(6, PRESETS["four-card"])
    while state.turn != 0:  # the others play their turns (from the stock, then throw it away)
        seat = state.turn
        state.apply(seat, action_from_json({"action": "draw", "source": "stock"}))
        state.apply(seat, action_from_json({"action": "reject"}))
        assert not view(state, 0)["peek_over"]  # others' turns do not end your look
        assert sum(c.peeked is not None for c in table.board(view(state, 0))["me"]["cards"]) == 2
    state.apply(0, action_from_json({"action": "draw", "source": "stock"}))
    seen = view(state, 0)
    assert seen["peek_over"]
    mine = table.board(seen)["me"]["cards"]
    assert all(c.peeked is None and "looked" not in c.label for c in mine)
    assert not any("peeked" in cell for cell in seen["players"][0]["grid"])  # nor does the view name them


# --------------------------------------------------------------------------- how a hole closes


def _closing_told(rules: RuleSet, closer: int) -> list[str]:
    """What the person is told when seat ``closer`` closes hole 1 under ``rules``: the
    hand-built position has that seat to move with every card but one face down, or with
    only the top-left card face down when a full grid closes the hole. As the service
    does, the person's own moves are not told back, but the closing they set off is."""
    state = GolfState.new(7, rules)
    while state.phase is Phase.OPENING:
        seat = next(s for s, left in enumerate(state.opening_left) if left)
        state.apply(seat, Reveal(state.face_up[seat].index(False)))
    state.turn, state.phase = closer, Phase.DRAW
    if rules.ending == "knock":
        state.face_up[closer] = [False] * rules.cells
        events = state.apply(closer, Knock())
    else:
        state.face_up[closer] = [False] + [True] * (rules.cells - 1)
        events = state.apply(closer, Draw("stock")) + state.apply(closer, Swap(0))
    seen = [view_event(e, 0, rules.players) for e in events]
    seen = [e for e in seen if e.get("player") != "you" or e["action"] == "closing"]
    return [text for text, _ in narration.narrate(seen, view(state, 0))]


@pytest.mark.parametrize(
    "rules, closer, told",
    [
        (PRESETS["four-card"], 0, "You knocked: the computer has one final turn."),
        (PRESETS["four-card"], 1, "The computer knocked: you have one final turn."),
        (PRESETS["knocking"], 0, "You knocked: the computer has one final turn."),
        (PRESETS["standard"], 0, "All your cards are face up: the computer has one final turn."),
        (PRESETS["standard"], 1, "The computer has every card face up: you have one final turn."),
        (PRESETS["no-final-turn"], 0, "All your cards are face up: the hole ends."),
        (PRESETS["no-final-turn"], 1, "The computer has every card face up: the hole ends."),
        (RuleSet(ending="knock", final_turn=False), 0, "You knocked: the hole ends."),
        (RuleSet(ending="knock", final_turn=False), 1, "The computer knocked: the hole ends."),
        (RuleSet(players=4), 0, "All your cards are face up: each of the others has one final turn."),
        (RuleSet(players=4), 2, "Computer 2 has every card face up: everyone else, you too, has one final turn."),
        (RuleSet(players=4, ending="knock"), 0, "You knocked: each of the others has one final turn."),
        (RuleSet(players=4, ending="knock"), 3, "Computer 3 knocked: everyone else, you too, has one final turn."),
    ],
    ids=lambda value: (
        f"{value.players}p-{value.cols * value.rows}cards-{value.ending}-final{value.final_turn}"
        if isinstance(value, RuleSet)
        else f"seat{value}"
        if isinstance(value, int)
        else "told"
    ),
)
def test_how_the_hole_closed_is_told_once_and_truly(rules, closer, told):
    sentences = _closing_told(rules, closer)
    closing = [s for s in sentences if "final turn" in s or "hole ends" in s or "knocked" in s]
    assert closing == [told]
    if not rules.final_turn:
        assert sentences[-1].startswith("Hole 1 is over:")


def test_a_knock_not_followed_by_its_closing_is_still_told():
    state = view(GolfState.new(3, PRESETS["four-card"]), 0)
    told = narration.narrate([{"player": "computer", "action": "knock"}], state)
    assert told == [("The computer knocked.", 0)]


@pytest.mark.parametrize("preset", ["standard", "four-card", "knocking", "no-final-turn", "optional-flip"])
@pytest.mark.parametrize("players", [2, 3])
def test_over_whole_matches_each_closing_is_told_once_and_no_sentence_twice_in_a_row(preset, players):
    """Greedy players play a match of each kind; what the person hears of every batch of
    moves (one of its actions and everything until it acts again) tells each closing in
    exactly one sentence, and never says the same sentence twice in a row."""
    rules = PRESETS[preset].model_copy(update={"players": players, "holes": 3})
    state = GolfState.new(11, rules)
    greedy = GreedyPlayer()
    batch: list[dict] = []
    closings = 0
    for _ in range(5000):
        if state.is_over:
            break
        seat = next(s for s in range(players) if state.legal_actions(s))
        events = state.apply(seat, action_from_json(greedy.choose(view(state, seat))))
        seen = [view_event(e, 0, players) for e in events]
        batch += [e for e in seen if e.get("player") != "you" or e["action"] == "closing"]
        if state.is_over or state.legal_actions(0):
            told = [text for text, _ in narration.narrate(batch, view(state, 0))]
            closing_events = sum(e["action"] == "closing" for e in batch)
            closings += closing_events
            assert sum(("final turn" in s or "hole ends" in s) for s in told) == closing_events, told
            assert all(a != b for a, b in zip(told, told[1:])), told
            assert not any(s.endswith(" knocked.") for s in told), told
            batch = []
    assert state.is_over and closings >= 3


def test_every_step_of_a_final_turn_says_it_is_the_final_turn():
    """Draw, place and (after throwing a stock card away) reveal: each prompt of the
    person's final turn says so, not only the first."""
    state = GolfState.new(7, RuleSet())
    for seat in (0, 1):
        for position in (0, 1):
            state.apply(seat, Reveal(position))
    state.closed_by, state.final_turns, state.turn, state.phase = 1, [0], 0, Phase.DRAW
    shown = [prompts.prompt(view(state, 0))]
    state.apply(0, Draw("stock"))
    shown.append(prompts.prompt(view(state, 0)))
    state.apply(0, Reject())
    shown.append(prompts.prompt(view(state, 0)))
    assert [p.split(":")[0] for p in shown] == ["Final turn"] * 3, shown


# --------------------------------------------------------------------------- who sits there

PEOPLE = [Seat("Ann", "person"), Seat("Bea", "person")]


def _closed_by(seat: int, viewer: int | None, seats=PEOPLE, rules: RuleSet | None = None) -> dict:
    """The view of a two-seat hole that ``seat`` has just closed, from ``viewer``."""
    state = GolfState.new(3, rules or RuleSet())
    state.closed_by = seat
    return view(state, viewer, seats) if viewer is not None else spectator_view(state, seats)


def test_at_a_table_of_two_people_the_closing_names_the_person_who_plays_last():
    seen = _closed_by(0, 0)
    assert narration.closing_sentence("you", seen) == "All your cards are face up: Bea has one final turn."
    seen = _closed_by(0, 1)
    closer = seen["players"][1]["id"]
    assert narration.closing_sentence(closer, seen) == "Ann has every card face up: you have one final turn."


def test_a_spectator_is_never_told_it_has_a_final_turn():
    seen = _closed_by(1, None)
    assert narration.closing_sentence("seat-1", seen) == "Bea has every card face up: Ann has one final turn."
    four = [Seat(name, "person") for name in ("Ann", "Bea", "Cy", "Di")]
    seen = _closed_by(2, None, four, RuleSet(players=4))
    assert (
        narration.closing_sentence("seat-2", seen)
        == "Cy has every card face up: each of the others has one final turn."
    )


def test_against_the_computer_the_closing_names_the_computer():
    seen = view(GolfState.new(3), 0)
    assert narration.closing_sentence("you", seen) == "All your cards are face up: the computer has one final turn."


def test_the_view_names_and_marks_each_seat_as_the_table_does():
    seats = [Seat("Ann", "person"), Seat("Expert", "computer"), Seat("Bea", "person")]
    state = GolfState.new(3, RuleSet(players=3))
    seen = view(state, 2, seats)
    assert [(p["id"], p["seat"], p["name"], p["kind"]) for p in seen["players"]] == [
        ("you", 2, "Bea", "person"),
        ("computer-1", 0, "Ann", "person"),
        ("computer-2", 1, "Expert", "computer"),
    ]
    assert [(p["seat"], p["name"]) for p in spectator_view(state, seats)["players"]] == [
        (0, "Ann"),
        (1, "Expert"),
        (2, "Bea"),
    ]
    assert [p["name"] for p in view(state, 0)["players"]] == ["You", "Computer 1", "Computer 2"]


def test_an_undo_at_a_table_names_the_person_whose_moves_it_took_back():
    seats = [Seat("Ann", "person"), Seat("Bea", "person"), Seat("Cy", "person")]
    seen = view(GolfState.new(3, RuleSet(players=3)), 0, seats)
    undone = [(0, {"action": "draw", "source": "stock"}), (1, {"action": "draw", "source": "stock"})]
    assert narration.undo_sentence(undone, seen) == "Taken back: your draw from the stock, and Bea's 1 move after it."
    undone.append((2, {"action": "draw", "source": "stock"}))
    assert (
        narration.undo_sentence(undone, seen)
        == "Taken back: your draw from the stock, and the 2 moves the others made after it."
    )
    alone = view(GolfState.new(3, RuleSet(players=3)), 0)
    assert narration.undo_sentence(undone, alone).endswith("and the 2 moves the computers made after it.")
