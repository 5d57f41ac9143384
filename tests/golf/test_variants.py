"""The variants of seeds 003 and 004, each as RuleSet values played through the engine."""

from collections import Counter

import pytest

from app.cards import new_deck
from app.golf.actions import DRAW_DISCARD, DRAW_STOCK, KNOCK, REJECT, SKIP, Reveal, Swap
from app.golf.engine import GolfState, IllegalAction
from app.golf.events import Event, EventKind
from app.golf.layouts import from_deal
from app.golf.phases import Phase
from app.golf.rules import PRESETS, RuleSet
from app.golf.view import view

from .golfkit import cards_in_play, deal, open_hole, play, play_match_of_deals, play_out_hole


def refused(state: GolfState, seat: int, action, message: str) -> None:
    before = state.clone()
    with pytest.raises(IllegalAction) as caught:
        state.apply(seat, action)
    assert str(caught.value) == message
    assert state == before


def go_out_by_flipping(state: GolfState) -> list[dict]:
    """Every turn throws the stock card away and turns the first face-down card up, until
    the first player of the hole (who is one turn ahead of the others) has every card up."""
    events = []
    while state.closed_by is None:
        seat = state.turn
        hidden = state.face_up[seat].index(False)
        events += play(state, f"{seat}ds", f"{seat}x", f"{seat}r{hidden}")
    assert state.closed_by == state.first_player
    return events


# ----------------------------------------------------------------- seats


@pytest.mark.parametrize("players", range(2, 9))
def test_two_to_eight_players_each_get_a_grid_from_the_right_number_of_decks(players):
    rules = RuleSet(players=players)
    state = GolfState.new(seed=players, rules=rules)
    assert len(state.grids) == players and all(len(g) == 6 for g in state.grids)
    assert cards_in_play(state) == Counter(new_deck(2 if players >= 6 else 1))
    assert len(state.stock) == rules.deck_size - 6 * players - 1
    assert state.to_act() == tuple(range(players))


@pytest.mark.parametrize(
    ("players", "hole", "first"), [(3, 1, 0), (3, 2, 1), (3, 3, 2), (3, 4, 0), (5, 5, 4), (5, 7, 1)]
)
def test_the_first_player_rotates_round_the_table_each_hole(players, hole, first):
    state = from_deal(RuleSet(players=players), [["KH"] * 6] * players, ["QC"], ["5D"] * 40, hole=hole)
    open_hole(state)
    assert state.turn == first == (hole - 1) % players


def test_turns_pass_round_the_table():
    state = deal(RuleSet(players=3), ["5H KS 2C / 5D 9C JD", "7C KH 2D / 7D 3S AH", "QH QS 4C / 8D 6C TD"])
    open_hole(state)
    order = []
    for _ in range(4):
        seat = state.turn
        order.append(seat)
        play(state, f"{seat}ds", f"{seat}s0")
    assert order == [0, 1, 2, 0]


def test_with_three_players_each_other_player_gets_one_final_turn_in_table_order():
    state = deal(RuleSet(players=3), ["5H KS 2C / 5D 9C JD", "7C KH 2D / 7D 3S AH", "QH QS 4C / 8D 6C TD"], hole=2)
    open_hole(state)
    go_out_by_flipping(state)
    assert state.closed_by == 1 and state.final_turns == [2, 0] and state.turn == 2
    play(state, "2ds", "2s1")
    assert state.final_turns == [0] and state.turn == 0
    events = play(state, "0ds", "0s1")
    assert events[-1].kind == "hole_scored" and state.phase is Phase.HOLE_OVER


def test_with_more_players_the_lowest_total_wins_and_a_shared_lowest_total_is_a_draw():
    rules = RuleSet(players=3, holes=1)
    state = play_match_of_deals(rules, [["KH KS 3C / KD KC 4D", "QH QS 7C / QD QC 7D", "9H 5S 6C / 2D 2C 8D"]])
    assert state.totals() == [7, 0, 24]
    assert [state.result(s) for s in range(3)] == ["loss", "win", "loss"]
    state = play_match_of_deals(rules, [["KH KS 3C / KD KC 4D", "QH QS 3H / QD QC 4H", "9H 5S 4C / 2D 3D 8D"]])
    assert state.totals() == [7, 7, 27]
    assert [state.result(s) for s in range(3)] == ["draw", "draw", "loss"]


# ----------------------------------------------------------------- four-card golf

FOUR = PRESETS["four-card"]


def four_card_deal(**kwargs) -> GolfState:
    return deal(FOUR, ["5H KS / 5D 9C", "7C 3H / 7D 8S"], **kwargs)


def test_four_card_deals_a_square_of_four_with_nothing_face_up_and_no_opening():
    state = four_card_deal()
    assert [len(g) for g in state.grids] == [4, 4]
    assert state.face_up == [[False] * 4, [False] * 4]
    assert (state.phase, state.turn) == (Phase.DRAW, 0)


def test_four_card_players_peek_at_their_two_near_cards_only_in_their_own_view():
    state = four_card_deal()
    mine = view(state, 0)["players"]
    assert [cell.get("peeked") for cell in mine[0]["grid"]] == [None, None, "5D", "9C"]
    assert [cell["card"] for cell in mine[0]["grid"]] == [None] * 4  # still face down
    assert all("peeked" not in cell for cell in mine[1]["grid"])  # the other's are unknown
    theirs = view(state, 1)["players"]
    assert [cell.get("peeked") for cell in theirs[0]["grid"]] == [None, None, "7D", "8S"]
    assert all("peeked" not in cell for cell in theirs[1]["grid"])


def test_four_card_a_swapped_in_card_lies_face_up_and_the_peeked_card_is_discarded():
    state = four_card_deal(stock="KD")
    play(state, "0ds", "0s3")
    assert state.face_up[0] == [False, False, False, True]
    assert state.discard[-1] == "9C" and state.peeked[0] == {2}
    # The engine remembers the peek; the view names it no more once the seat's first turn began.
    assert [cell.get("peeked") for cell in view(state, 0)["players"][0]["grid"]] == [None, None, None, None]


def test_four_card_has_no_flip_after_a_reject():
    state = four_card_deal()
    play(state, "0ds")
    assert state.legal_actions(0) == [Swap(p) for p in range(4)] + [REJECT]
    events = play(state, "0x")
    assert [e.kind for e in events] == ["reject"]
    assert (state.phase, state.turn, state.face_up[0]) == (Phase.DRAW, 1, [False] * 4)


def test_four_card_all_cards_up_does_not_end_the_hole():
    state = four_card_deal()
    for position in range(4):
        play(state, "0ds", f"0s{position}", "1ds", "1x")
    assert all(state.face_up[0]) and state.closed_by is None and state.phase is Phase.DRAW


def test_four_card_the_hole_ends_by_a_knock_and_the_other_player_gets_one_more_turn():
    state = four_card_deal()
    assert state.legal_actions(0) == [DRAW_STOCK, DRAW_DISCARD, KNOCK]
    events = play(state, "0k")
    assert events == [Event(EventKind.KNOCK, 0), Event(EventKind.CLOSING, 0)]
    assert (state.closed_by, state.final_turns, state.turn) == (0, [1], 1)
    assert state.legal_actions(1) == [DRAW_STOCK, DRAW_DISCARD]  # no second knock
    refused(state, 1, KNOCK, "The hole is already closing: take your final turn.")
    events = play(state, "1ds", "1x")
    assert events[-1] == Event(EventKind.HOLE_SCORED, hole=1, scores=(9, 11))  # 5 over 5, K over 9; 7 over 7, 3 over 8
    assert state.face_up == [[True] * 4, [True] * 4]


def test_a_knock_is_only_instead_of_drawing():
    state = four_card_deal()
    play(state, "0ds")
    refused(state, 0, KNOCK, "You can knock only at the start of your turn, instead of drawing.")


# ----------------------------------------------------------------- eight-card and nine-card


def test_eight_card_two_rows_of_four_with_two_opening_reveals_closes_when_all_eight_are_up():
    rules = PRESETS["eight-card"]
    state = deal(rules, ["5H KS 2C 4H / 5D 9C JD 4S", "7C KH 2D 3C / 7D 3S AH TC"])
    assert state.opening_left == [2, 2]
    open_hole(state)
    for position in range(2, 7):
        play(state, "0ds", "0x", f"0r{position}", "1ds", "1x", f"1r{position}")
    assert state.face_up[0].count(True) == 7 and state.closed_by is None
    play(state, "0ds", "0x", "0r7")
    assert state.closed_by == 0
    events = play(state, "1ds", "1x", "1r7")
    assert events[-1].scores == (17 + 0, 0 + 3 - 1 + 13)


def test_nine_card_three_by_three_with_three_opening_reveals_and_three_of_a_kind_scoring_zero():
    rules = PRESETS["nine-card"]
    state = deal(rules, ["7H 7S 7C / 3D 4D 5D / 6C 8C 9C", "KH 2S AC / KD 3S AD / KC 4S AH"])
    assert state.opening_left == [3, 3]
    play(state, "0r0", "0r4", "0r8")
    assert state.phase is Phase.OPENING
    play(state, "1r0", "1r1", "1r2")
    assert state.phase is Phase.DRAW
    play_out_hole(state)
    assert state.hole_scores == [[3 + 4 + 5 + 6 + 8 + 9, 0 - 2 + 3 + 4 + 0]]  # kings, aces: 3 of a kind


# ----------------------------------------------------------------- scoring variants through a hole


def test_jokers_are_shuffled_into_each_deck():
    state = GolfState.new(seed=1, rules=PRESETS["jokers"])
    assert cards_in_play(state) == Counter(new_deck(1, jokers=True))
    assert len(state.stock) == 54 - 12 - 1
    six = GolfState.new(seed=1, rules=RuleSet(players=6, jokers=True))
    assert cards_in_play(six) == Counter(new_deck(2, jokers=True))
    assert cards_in_play(six)["X1"] == 2


def test_jokers_score_minus_two_and_a_joker_pair_can_score_minus_four():
    grids = ["X1 KS 5C / X2 9C 5D", "X1 KH 2D / 2C 3S AH"]
    state = deal(RuleSet(jokers=True, decks=2), grids)
    play_out_hole(state)
    assert state.hole_scores == [[9, -4 + 3 - 1]]
    state = deal(RuleSet(jokers=True, decks=2, joker_pair_value=-4), grids)
    play_out_hole(state)
    assert state.hole_scores == [[-4 + 9, -4 + 3 - 1]]


def test_twos_at_face_value_through_a_hole():
    state = deal(RuleSet(jokers=True, twos_face_value=True), ["X1 KS 5C / 2D 9C 5D", "2C KH 3D / 2H 3S AH"])
    play_out_hole(state)
    assert state.hole_scores == [[-2 + 2 + 9, 0 + 3 + 4]]


def test_nine_card_diagonals_count_only_as_an_option():
    grids = ["7H 3D 4D / 5D 7S 6C / AC 8C 7C", "KH 2S AS / KD 3S AD / KC 4S AH"]
    state = deal(PRESETS["nine-card"], grids)
    play_out_hole(state)
    assert state.hole_scores[0][0] == 21 + 3 + 4 + 5 + 6 + 1 + 8
    state = deal(RuleSet(**{**PRESETS["nine-card"].model_dump(), "match_diagonals": True}), grids)
    play_out_hole(state)
    assert state.hole_scores[0][0] == 3 + 4 + 5 + 6 + 1 + 8


def test_jacks_worth_nothing_and_kings_ten_change_the_hole_score():
    state = deal(RuleSet(jacks_zero=True), ["JH KS 5C / 3D 9C 5D", "7C KH 2D / 7D 3S AH"])
    play_out_hole(state)
    assert state.hole_scores == [[3 + 19, 13 - 1]]


def test_a_column_pair_worth_minus_four_through_a_hole():
    state = deal(RuleSet(match_value=-4), ["5H KS 2C / 5D KC 2D", "7C KH 2H / 7D 3S AH"])
    play_out_hole(state)
    assert state.hole_scores == [[-12, -4 + 3 - 1]]


@pytest.mark.parametrize("bonus", [-10, -20])
def test_four_of_a_kind_through_a_hole(bonus):
    state = deal(RuleSet(four_of_a_kind=bonus), ["5H 5S 3C / 5D 5C 4D", "7C KH 2H / 7D 3S AH"])
    play_out_hole(state)
    assert state.hole_scores[0][0] == bonus + 7


# ----------------------------------------------------------------- endings


def test_with_no_final_turn_going_out_ends_the_hole_at_once():
    state = deal(PRESETS["no-final-turn"], ["5H KS 2C / 5D 9C JD", "7C KH 2D / 7D 3S AH"])
    open_hole(state)
    events = go_out_by_flipping(state)
    assert [e.kind for e in events[-3:]] == ["closing", "reveal_all", "hole_scored"]
    assert state.phase is Phase.HOLE_OVER and state.final_turns == []
    assert state.hole_scores == [[17, 2]]


def test_knocking_all_cards_up_does_not_close_the_hole():
    state = deal(PRESETS["knocking"], ["5H KS 2C / 5D 9C JD", "7C KH 2D / 7D 3S AH"])
    open_hole(state)
    for position in (2, 3, 4, 5):
        play(state, "0ds", "0x", f"0r{position}", "1ds", "1x", f"1r{position}")
    assert state.face_up == [[True] * 6, [True] * 6]
    assert state.closed_by is None and state.phase is Phase.DRAW
    assert KNOCK in state.legal_actions(0)


def test_knocking_gives_everyone_else_one_more_turn():
    rules = RuleSet(ending="knock", players=3)
    state = deal(rules, ["5H KS 2C / 5D 9C JD", "7C KH 2D / 7D 3S AH", "QH QS 4C / 8D 6C TD"])
    open_hole(state)
    play(state, "0ds", "0s2")
    play(state, "1k")
    assert state.final_turns == [2, 0] and state.turn == 2
    play(state, "2ds", "2x", "2r2")
    play(state, "0dd", "0s3")
    assert state.phase is Phase.HOLE_OVER
    assert state.log[-1] == "0s3" and "1k" in state.log


def test_knocking_without_a_final_turn_ends_the_hole_at_once():
    state = deal(RuleSet(ending="knock", final_turn=False), ["5H KS 2C / 5D 9C JD", "7C KH 2D / 7D 3S AH"])
    open_hole(state)
    events = play(state, "0k")
    assert [e.kind for e in events] == ["knock", "closing", "reveal_all", "hole_scored"]
    assert state.hole_scores == [[17, 2]] and state.phase is Phase.HOLE_OVER


def test_optional_flip_lets_a_player_reveal_or_skip_after_a_reject():
    state = deal(PRESETS["optional-flip"], ["5H KS 2C / 5D 9C JD", "7C KH 2D / 7D 3S AH"])
    open_hole(state)
    play(state, "0ds", "0x")
    assert state.phase is Phase.FLIP
    assert state.legal_actions(0) == [Reveal(2), Reveal(3), Reveal(4), Reveal(5), SKIP]
    assert play(state, "0p") == [Event(EventKind.SKIP, 0)]
    assert state.face_up[0] == [True, True, False, False, False, False]
    assert (state.phase, state.turn) == (Phase.DRAW, 1)
    play(state, "1ds", "1x", "1r3")
    assert state.face_up[1][3] and state.turn == 0


def test_with_no_flip_a_reject_ends_the_turn():
    state = deal(RuleSet(flip_after_reject="never"), ["5H KS 2C / 5D 9C JD", "7C KH 2D / 7D 3S AH"])
    open_hole(state)
    play(state, "0ds", "0x")
    assert (state.phase, state.turn) == (Phase.DRAW, 1)
    refused(state, 0, SKIP, "It is not your turn.")


def test_skip_is_refused_where_the_flip_is_compulsory():
    state = deal(RuleSet(), ["5H KS 2C / 5D 9C JD", "7C KH 2D / 7D 3S AH"])
    open_hole(state)
    play(state, "0ds", "0x")
    refused(state, 0, SKIP, "You must reveal one of your face-down cards.")


# ----------------------------------------------------------------- the going-out penalty


def closed_hole(rules: RuleSet, grids: list[str], closer: int) -> GolfState:
    state = deal(rules, grids, hole=closer + 1)  # the closer starts the hole
    open_hole(state)
    go_out_by_flipping(state)
    while state.phase is not Phase.HOLE_OVER:
        seat = state.turn
        play(state, f"{seat}ds", f"{seat}x", f"{seat}r{state.face_up[seat].index(False)}")
    return state


HIGH, LOW = "5H KS 2C / 6D 9C JD", "7C KH 2D / 7D 3S AH"  # 28 and 2


def test_going_out_without_the_lowest_score_doubles_it():
    state = closed_hole(RuleSet(going_out_penalty="double"), [HIGH, LOW], closer=0)
    assert state.closed_by == 0 and state.hole_scores == [[56, 2]]


def test_going_out_with_the_strictly_lowest_score_costs_nothing():
    state = closed_hole(RuleSet(going_out_penalty="double"), [HIGH, LOW], closer=1)
    assert state.closed_by == 1 and state.hole_scores[-1] == [28, 2]


def test_going_out_with_an_equal_score_is_charged():
    state = closed_hole(RuleSet(going_out_penalty="plus10"), ["7H KS 2S / 7S 3C AD", LOW], closer=0)
    assert state.hole_scores == [[12, 2]]


def test_the_flat_penalty_adds_ten():
    state = closed_hole(RuleSet(going_out_penalty="plus10"), [HIGH, LOW], closer=0)
    assert state.hole_scores == [[38, 2]]


def test_a_knocker_without_the_lowest_score_pays_the_penalty():
    state = deal(RuleSet(ending="knock", going_out_penalty="double"), [HIGH, LOW])
    open_hole(state)
    play(state, "0k", "1ds", "1x", "1r2")
    assert state.closed_by == 0 and state.hole_scores == [[56, 2]]


# ----------------------------------------------------------------- eighteen holes


def test_eighteen_holes_make_the_longer_match():
    state = GolfState.new(seed=18, rules=PRESETS["eighteen-holes"])
    for hole in range(1, 19):
        assert state.hole == hole and state.first_player == (hole - 1) % 2
        play_out_hole(state)
        if hole < 18:
            assert state.phase is Phase.HOLE_OVER
            play(state, "0n")
    assert state.phase is Phase.MATCH_OVER and len(state.hole_scores) == 18
