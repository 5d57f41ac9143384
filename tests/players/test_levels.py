"""What sets the levels apart, in positions a person can check by eye."""

from __future__ import annotations

from app.golf.actions import action_from_json
from app.golf.engine import GolfState
from app.golf.layouts import from_deal
from app.golf.rules import PRESETS
from app.golf.view import view
from app.players import get_player

STANDARD = PRESETS["standard"]


def position(
    mine: list[str],
    theirs: list[str],
    discard: list[str],
    stock: list[str],
    up: tuple[int, ...] = (0, 1),
    their_up: tuple[int, ...] = (0, 1),
) -> GolfState:
    """Seat 0 to play, its cards at ``up`` face up, the other's at ``their_up``."""
    state = from_deal(STANDARD, [mine, theirs], discard, stock)
    for seat, shown in ((0, up), (1, their_up)):
        for p in shown[:2]:
            state.apply(seat, action_from_json({"action": "reveal", "position": p}))
        for p in shown[2:]:
            state.face_up[seat][p] = True  # further cards already turned up in earlier turns
    return state


def test_built_in_players_turn_up_their_first_positions_in_the_opening():
    state = GolfState.new(5)
    for level in ("easy", "medium", "hard", "expert", "greedy"):
        first = get_player(level).choose(view(state, 1))
        assert first == {"action": "reveal", "position": 0}


def test_easy_breaks_its_own_pair_for_a_low_card_and_hard_does_not():
    # Column 1 (queen over queen) is a pair; the 3 drawn belongs anywhere but there.
    state = position(
        ["QS", "9C", "4D", "QH", "8S", "6D"],
        ["KC", "KD", "5C", "5D", "7C", "7D"],
        ["JC"],
        ["3S", "TD", "TH"],
        up=(0, 3, 1),
    )
    state.apply(0, action_from_json({"action": "draw", "source": "stock"}))  # the 3 of spades
    seen = view(state, 0)
    assert get_player("easy").choose(seen) in ({"action": "swap", "position": 0}, {"action": "swap", "position": 3})
    assert get_player("hard").choose(seen) not in ({"action": "swap", "position": 0}, {"action": "swap", "position": 3})


def test_easy_takes_a_low_card_without_looking_at_columns_and_medium_takes_the_pair():
    state = position(
        ["JS", "9C", "4D", "3H", "8S", "6D"], ["KC", "KD", "5C", "5D", "7C", "7D"], ["9H"], ["3S", "TD", "TH"]
    )
    seen = view(state, 0)
    assert get_player("easy").choose(seen) == {"action": "draw", "source": "stock"}
    assert get_player("medium").choose(seen) == {"action": "draw", "source": "discard"}


def test_expert_keeps_the_card_the_next_player_needs_and_medium_throws_it():
    # The other player shows a 9 over a face-down card; the Expert drew a 9 it has no use for.
    state = position(
        ["KS", "AC", "2D", "5H", "8S", "6D"],
        ["9C", "QD", "5C", "7D", "7C", "4D"],
        ["JC"],
        ["9S", "TD", "TH"],
        up=(0, 1, 2),
    )
    state.apply(0, action_from_json({"action": "draw", "source": "stock"}))
    seen = view(state, 0)
    assert get_player("medium").choose(seen) == {"action": "reject"}
    assert get_player("expert").choose(seen)["action"] == "swap"
