"""What a seat sees: the API's match state (shared/API.md), hidden cards kept hidden, the scorecard."""

import pytest

from app.golf.engine import GolfState
from app.golf.events import Event, EventKind
from app.golf.rules import PRESETS, RuleSet
from app.golf.view import view, view_event
from app.players.greedy import GreedyPlayer
from tests.oracle import card_strings

from .golfkit import STANDARD, deal, deal_next_hole, known_to, open_hole, play, play_out_hole

ALICE = "5H KS 2C / 5D 9C JD"
BEN = "7C KH 2D / 7D 3S AH"


def hole_in_play(**kwargs) -> GolfState:
    state = deal(STANDARD, [ALICE, BEN], **kwargs)
    open_hole(state)
    return state


def test_a_fresh_match_shows_six_face_down_cards_each_the_stock_count_and_the_discard():
    state = GolfState.new(seed=1)
    seen = view(state, 0)
    assert seen["hole"] == 1 and seen["holes"] == 9
    assert seen["rules"] == STANDARD.summary()
    assert seen["first_player"] == "you"
    assert seen["phase"] == "opening" and seen["opening_left"] == 2
    assert (seen["closing"], seen["closed_by"], seen["held"], seen["result"]) == (False, None, None, None)
    assert seen["stock_count"] == 39
    assert seen["discard"] == {"top": state.discard[0], "count": 1, "cards": state.discard}
    assert [p["id"] for p in seen["players"]] == ["you", "computer"]
    assert [p["name"] for p in seen["players"]] == ["You", "Computer"]
    for player in seen["players"]:
        assert player["grid"] == [{"card": None, "face_up": False}] * 6
        assert (player["showing"], player["hole_score"], player["holding"]) == (0, None, False)
    assert seen["scorecard"] == [] and seen["totals"] == {"you": 0, "computer": 0}
    assert seen["legal"] == [{"action": "reveal", "position": p} for p in range(6)]


def test_each_seat_sees_itself_as_you():
    state = GolfState.new(seed=1)
    assert view(state, 1)["first_player"] == "computer"
    state = deal(STANDARD, [ALICE, BEN], hole=2)
    assert view(state, 1)["first_player"] == "you"


def test_with_more_players_the_others_are_numbered_round_the_table_from_the_viewer():
    state = GolfState.new(seed=1, rules=RuleSet(players=3))
    assert [p["id"] for p in view(state, 1)["players"]] == ["you", "computer-1", "computer-2"]
    assert [p["name"] for p in view(state, 1)["players"]] == ["You", "Computer 1", "Computer 2"]
    assert view(state, 1)["first_player"] == "computer-2"  # seat 0, two seats round from seat 1


def test_a_face_down_card_is_hidden_from_everyone_its_owner_included():
    state = deal(STANDARD, [ALICE, BEN])
    play(state, "0r2")
    for seat in (0, 1):
        seen = view(state, seat)
        mine = seen["players"][0 if seat == 0 else 1]["grid"]
        assert mine[2] == {"card": "2C", "face_up": True}
        assert all(cell == {"card": None, "face_up": False} for p, cell in enumerate(mine) if p != 2)
        assert set(card_strings(seen)) == {"2C", state.discard[0]}


def test_the_opening_shows_who_still_has_to_reveal():
    state = deal(STANDARD, [ALICE, BEN])
    play(state, "0r0", "0r1")
    assert view(state, 0)["phase"] == "waiting" and view(state, 0)["opening_left"] == 0
    assert view(state, 1)["phase"] == "opening" and view(state, 1)["opening_left"] == 2


def test_a_card_drawn_from_the_stock_is_seen_by_its_drawer_only():
    state = hole_in_play(stock="QD")
    play(state, "0ds")
    mine, theirs = view(state, 0), view(state, 1)
    assert mine["held"] == {"card": "QD", "source": "stock"} and mine["phase"] == "place"
    assert theirs["held"] is None and theirs["phase"] == "waiting"
    assert theirs["players"][1]["holding"] is True and "holding_card" not in theirs["players"][1]
    assert "QD" not in set(card_strings(theirs))
    assert theirs["stock_count"] == mine["stock_count"] == len(state.stock)


def test_a_card_taken_from_the_discard_pile_is_seen_by_everyone():
    state = hole_in_play(discard="TC 4H")
    play(state, "0dd")
    theirs = view(state, 1)
    assert theirs["players"][1]["holding"] is True
    assert theirs["players"][1]["holding_card"] == "4H"
    assert view(state, 0)["held"] == {"card": "4H", "source": "discard"}


def test_the_view_carries_the_whole_discard_pile_bottom_to_top():
    state = hole_in_play(discard="TC", stock="4S 6D 8H")
    play(state, "0ds", "0s0", "1ds", "1x", "1r2", "0ds", "0s1")
    expected = ["TC", "5H", "6D", "KS"]
    for seat in (0, 1):
        assert view(state, seat)["discard"] == {"top": "KS", "count": 4, "cards": expected}


def test_after_a_reshuffle_the_pile_restarts_with_the_kept_top_card():
    state = hole_in_play(discard="3H 4H 6H 8H", stock=[], whole_deck=False)
    play(state, "0ds")
    assert view(state, 1)["discard"] == {"top": "8H", "count": 1, "cards": ["8H"]}
    assert view(state, 1)["stock_count"] == 2


def test_the_phase_is_seen_from_each_seat_side():
    state = hole_in_play()
    assert (view(state, 0)["phase"], view(state, 1)["phase"]) == ("draw", "waiting")
    play(state, "0ds", "0x")
    assert (view(state, 0)["phase"], view(state, 1)["phase"]) == ("flip", "waiting")
    assert view(state, 0)["legal"] == [{"action": "reveal", "position": p} for p in (2, 3, 4, 5)]
    assert view(state, 1)["legal"] == []


def test_showing_is_the_score_of_the_face_up_cards_with_pairs_cancelled():
    state = deal(STANDARD, [ALICE, BEN])
    open_hole(state, {0: [0, 3], 1: [2, 5]})
    assert view(state, 0)["players"][0]["showing"] == 0  # five over five
    assert view(state, 0)["players"][0]["matched"] == [[0, 3]]
    assert view(state, 0)["players"][1]["showing"] == -1  # two over ace


def test_closing_shows_who_went_out_and_who_still_has_a_final_turn():
    state = hole_in_play()
    for position in (2, 3, 4, 5):
        play(state, "0ds", "0x", f"0r{position}")
        if state.closed_by is None:
            play(state, "1ds", "1x", f"1r{position}")
    seen = view(state, 1)
    assert (seen["closing"], seen["closed_by"]) == (True, "computer")
    assert [p["final_turn_pending"] for p in seen["players"]] == [True, False]
    play(state, "1ds", "1x", "1r5")
    seen = view(state, 1)
    assert seen["phase"] == "hole_over" and seen["closing"] is False
    assert [p["hole_score"] for p in seen["players"]] == [2, 17]
    assert all(cell["face_up"] and cell["card"] for p in seen["players"] for cell in p["grid"])
    assert seen["legal"] == [{"action": "next_hole"}]


def test_events_name_players_from_the_viewers_side():
    state = hole_in_play()
    events = play(state, "0ds", "0x", "0r3")
    assert [view_event(e, 1, 2) for e in events[:1]] == [{"player": "computer", "action": "draw", "source": "stock"}]
    assert view_event(events[0], 0, 2) == {"player": "you", "action": "draw", "source": "stock"}
    scored = Event(EventKind.HOLE_SCORED, hole=1, scores=(17, 2))
    assert view_event(scored, 1, 2) == {"action": "hole_scored", "hole": 1, "scores": {"computer": 17, "you": 2}}


def test_a_stock_draw_event_never_names_the_card():
    state = hole_in_play(stock="2H")
    (event,) = play(state, "0ds")
    assert event.card is None and "2H" not in set(card_strings(view_event(event, 1, 2)))


def test_the_peeked_cards_of_four_card_golf_go_to_their_owner_only():
    state = deal(PRESETS["four-card"], ["5H KS / 5D 9C", "7C 3H / 7D 8S"])
    for seat in (0, 1):
        seen = view(state, seat)
        assert set(card_strings(seen)) <= known_to(state, seat)
    assert {"5D", "9C"} <= set(card_strings(view(state, 0)))
    assert not {"5D", "9C"} & set(card_strings(view(state, 1)))


def test_the_computer_reveals_its_first_two_positions_in_the_opening():
    state = GolfState.new(seed=4)
    computer = GreedyPlayer()
    for _ in range(2):
        choice = computer.choose(view(state, 1))
        play(state, f"1r{choice['position']}")
    assert state.face_up[1] == [True, True, False, False, False, False]


# ----------------------------------------------------------------- the scorecard of seed 004

# Alice's nine holes, each dealt so that the layout she ends with scores that hole.
ALICE_HOLES = [
    ("5H KS 2C / 5D 9C JD", 17),  # the worked hole: 0 + 9 + 8
    ("3H 6C 4S / 3D 6H KC", 4),
    ("7H 4C 8S / 7D AC 2H", 11),
    ("2H KS 5C / AD KD 5D", -1),  # a two beside kings and pairs
    ("4H QS 2C / 3D QD 4S", 9),
    ("6H 8S KC / 6D 8D 6C", 6),
    ("JH KS 5C / 3D KD 5D", 13),
    ("KH AS 4C / KD AD 2D", 2),
    ("8H 8S 3C / 8D 8C 5D", 8),
]
BEN_FIRST = "7C KH 2D / 7D 3S AH"  # the worked hole of the player who ended it: 2
BEN_LATER = "9S TS JS / 9H TH QC"  # 0 + 0 + 20 (a jack over a queen)


def alices_round() -> GolfState:
    state = deal(STANDARD, [ALICE_HOLES[0][0], BEN_FIRST])
    play_out_hole(state)
    for alice, _ in ALICE_HOLES[1:]:
        deal_next_hole(state, [alice, BEN_LATER])
        play_out_hole(state)
    return state


def test_alices_scorecard_runs_17_21_32_31_40_46_59_61_69():
    state = alices_round()
    card = view(state, 0)["scorecard"]
    assert [row["hole"] for row in card] == list(range(1, 10))
    assert [row["scores"]["you"] for row in card] == [17, 4, 11, -1, 9, 6, 13, 2, 8]
    assert [row["totals"]["you"] for row in card] == [17, 21, 32, 31, 40, 46, 59, 61, 69]
    assert [row["scores"]["computer"] for row in card] == [2] + [20] * 8
    assert view(state, 0)["totals"] == {"you": 69, "computer": 162}
    assert (view(state, 0)["result"], view(state, 1)["result"]) == ("win", "loss")
    assert view(state, 0)["phase"] == "match_over"


def test_the_scorecard_is_the_same_card_seen_from_the_other_seat():
    state = alices_round()
    mine, theirs = view(state, 0)["scorecard"], view(state, 1)["scorecard"]
    assert [row["totals"]["computer"] for row in theirs] == [row["totals"]["you"] for row in mine]


@pytest.mark.parametrize(("holes_played", "total"), [(1, 17), (4, 31), (8, 61)])
def test_the_running_total_is_kept_after_every_hole(holes_played, total):
    state = deal(STANDARD, [ALICE_HOLES[0][0], BEN_FIRST])
    play_out_hole(state)
    for alice, _ in ALICE_HOLES[1:holes_played]:
        deal_next_hole(state, [alice, BEN_LATER])
        play_out_hole(state)
    seen = view(state, 0)
    assert len(seen["scorecard"]) == holes_played
    assert seen["scorecard"][-1]["totals"]["you"] == seen["totals"]["you"] == total
    assert seen["phase"] == "hole_over"
