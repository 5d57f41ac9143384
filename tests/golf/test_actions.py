"""Actions as log codes and as JSON: every one round-trips, anything else is MalformedAction."""

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.golf.actions import (
    DRAW_DISCARD,
    DRAW_STOCK,
    KNOCK,
    MAX_POSITIONS,
    NEXT_HOLE,
    REJECT,
    SKIP,
    Draw,
    Knock,
    MalformedAction,
    NextHole,
    Reject,
    Reveal,
    Skip,
    Swap,
    action_from_json,
    log_entry,
    parse_code,
    parse_log_entry,
)

EVERY_ACTION = [
    *(Reveal(p) for p in range(MAX_POSITIONS)),
    *(Swap(p) for p in range(MAX_POSITIONS)),
    DRAW_STOCK,
    DRAW_DISCARD,
    REJECT,
    SKIP,
    KNOCK,
    NEXT_HOLE,
]


@pytest.mark.parametrize(
    ("action", "code", "json"),
    [
        (Reveal(3), "r3", {"action": "reveal", "position": 3}),
        (Reveal(11), "r11", {"action": "reveal", "position": 11}),
        (Draw("stock"), "ds", {"action": "draw", "source": "stock"}),
        (Draw("discard"), "dd", {"action": "draw", "source": "discard"}),
        (Swap(0), "s0", {"action": "swap", "position": 0}),
        (Reject(), "x", {"action": "reject"}),
        (Skip(), "p", {"action": "skip"}),
        (Knock(), "k", {"action": "knock"}),
        (NextHole(), "n", {"action": "next_hole"}),
    ],
)
def test_each_action_has_its_log_code_and_api_json(action, code, json):
    assert action.code == code
    assert action.to_json() == json
    assert parse_code(code) == action
    assert action_from_json(json) == action


@pytest.mark.parametrize("action", EVERY_ACTION, ids=lambda a: a.code)
def test_every_action_round_trips_through_its_code_and_its_json(action):
    assert parse_code(action.code) == action
    assert action_from_json(action.to_json()) == action


@pytest.mark.parametrize("seat", range(8))
def test_a_log_entry_is_the_seat_then_the_code(seat):
    for action in EVERY_ACTION:
        entry = log_entry(seat, action)
        assert entry == f"{seat}{action.code}"
        assert parse_log_entry(entry) == (seat, action)


def test_codes_are_unique():
    assert len({a.code for a in EVERY_ACTION}) == len(EVERY_ACTION)


def test_actions_are_immutable_values():
    assert Swap(4) == Swap(4) and hash(Swap(4)) == hash(Swap(4)) and Swap(4) != Reveal(4)
    with pytest.raises(dataclasses.FrozenInstanceError):
        Swap(4).position = 5  # type: ignore[misc]


@pytest.mark.parametrize("code", ["", "z", "r", "r12", "s-1", "d", "dx", "R3", "r3 ", "ds\n", "k1"])
def test_an_unknown_code_is_malformed(code):
    with pytest.raises(MalformedAction, match="unknown action code"):
        parse_code(code)


@pytest.mark.parametrize("entry", ["", "0", "x", "ads", "-1ds"])
def test_an_unknown_log_entry_is_malformed(entry):
    with pytest.raises(MalformedAction):
        parse_log_entry(entry)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({}, "unknown action None"),
        ({"action": "fly"}, "unknown action 'fly'"),
        ({"action": "reveal"}, "a reveal needs a position, a whole number from 0"),
        ({"action": "swap", "position": -1}, "a swap needs a position, a whole number from 0"),
        ({"action": "swap", "position": MAX_POSITIONS}, "a swap needs a position, a whole number from 0"),
        ({"action": "swap", "position": "3"}, "a swap needs a position, a whole number from 0"),
        ({"action": "swap", "position": 2.0}, "a swap needs a position, a whole number from 0"),
        ({"action": "swap", "position": True}, "a swap needs a position, a whole number from 0"),
        ({"action": "draw"}, 'a draw needs a source, "stock" or "discard"'),
        ({"action": "draw", "source": "deck"}, 'a draw needs a source, "stock" or "discard"'),
        (["draw"], "unknown action None"),
        (None, "unknown action None"),
        ("reject", "unknown action None"),
    ],
)
def test_malformed_json_is_refused_with_a_reason(data, message):
    with pytest.raises(MalformedAction) as caught:
        action_from_json(data)
    assert str(caught.value) == message


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=6))
def test_any_text_is_a_code_or_malformed(text):
    try:
        action = parse_code(text)
    except MalformedAction:
        return
    assert action.code == text


JSON_VALUES = st.none() | st.booleans() | st.integers(-3, 15) | st.floats(allow_nan=False) | st.text(max_size=8)


@settings(max_examples=300, deadline=None)
@given(
    st.fixed_dictionaries(
        {},
        optional={
            "action": st.sampled_from(["reveal", "draw", "swap", "reject", "skip", "knock", "next_hole"]) | JSON_VALUES,
            "position": JSON_VALUES,
            "source": st.sampled_from(["stock", "discard"]) | JSON_VALUES,
        },
    )
)
def test_any_json_object_is_an_action_or_malformed(data):
    try:
        action = action_from_json(data)
    except MalformedAction as refused:
        assert str(refused)
        return
    assert action.to_json()["action"] == data["action"]
    assert action_from_json(action.to_json()) == action
