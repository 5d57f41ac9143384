"""Whose seat a pass-and-play match is shown from, and when a pass screen stands between
two people (app.service.play.table_record): the person to act once they hold the device,
no pass when a computer plays between two turns of the same person, and each hole's
opening behind a pass screen."""

from app.golf.actions import Reveal
from app.golf.engine import GolfState
from app.golf.phases import Phase
from app.golf.rules import RuleSet
from app.service.play.table_record import (
    PERSON,
    device_holder,
    hand_device,
    pass_to,
    passes_device,
    people_names,
    seat_shown,
)
from app.store.tables import TableRecord, match_seats


def match(people: list[str] | None, players: int = 3) -> TableRecord:
    return TableRecord.new(
        code="c",
        name="",
        status="playing",
        rules={},
        seed=1,
        seats=match_seats("browser", "easy", players, people),
        now_ms=0,
        owner="browser",
    )


def test_a_match_of_one_person_is_always_shown_from_their_seat_with_no_pass():
    record = match(None)
    state = GolfState.new(seed=3, rules=RuleSet(players=3))
    assert not passes_device(record) and people_names(record) is None
    assert (seat_shown(record, state), pass_to(record, state)) == (PERSON, None)
    assert record.level == "easy"


def test_the_people_sit_first_by_name_and_each_opening_waits_for_its_pass():
    record = match(["Ann", "Bea"])
    assert [(s.kind, s.name) for s in record.seats] == [
        ("person", "Ann"),
        ("person", "Bea"),
        ("computer", "Computer 2"),
    ]
    assert people_names(record) == ["Ann", "Bea"]
    state = GolfState.new(seed=3, rules=RuleSet(players=3))
    state.apply(2, Reveal(0))
    state.apply(2, Reveal(1))  # the computer's opening: the people's are left
    assert pass_to(record, state) == 0 and seat_shown(record, state) == 0
    hand_device(record, 0)
    assert pass_to(record, state) is None and seat_shown(record, state) == 0
    state.apply(0, Reveal(0))
    assert pass_to(record, state) is None  # Ann still has a reveal to make, and holds the device
    state.apply(0, Reveal(1))
    assert pass_to(record, state) == 1 and seat_shown(record, state) == 1  # behind Bea's pass screen
    hand_device(record, 1)
    assert device_holder(record) == 1 and seat_shown(record, state) == 1


def test_no_pass_when_a_computer_plays_between_two_turns_of_the_same_person():
    record = match(["Ann", "Bea"], players=4)
    state = GolfState.new(seed=4, rules=RuleSet(players=4))
    for seat in range(4):
        state.apply(seat, Reveal(0))
        state.apply(seat, Reveal(1))
    hand_device(record, 1)
    # While the computers play, the match stays with the person holding the device.
    state.turn = 2
    state.phase = Phase.DRAW
    assert pass_to(record, state) is None and seat_shown(record, state) == 1
    state.turn = 1
    assert pass_to(record, state) is None and seat_shown(record, state) == 1
    state.turn = 0
    assert pass_to(record, state) == 0


def test_the_holes_end_is_shown_from_the_first_person_and_the_next_hole_needs_a_pass():
    record = match(["Ann", "Bea"], players=2)
    assert record.level is None  # no computer plays
    state = GolfState.new(seed=5, rules=RuleSet(players=2))
    state.phase = Phase.HOLE_OVER
    hand_device(record, None)
    assert pass_to(record, state) is None and seat_shown(record, state) == PERSON
