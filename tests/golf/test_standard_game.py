"""The standard game, rule by rule, on hand-built deals (seed 000: six-card Golf against the computer)."""

from collections import Counter

import pytest

from app.cards import STANDARD_DECK
from app.golf.actions import DRAW_DISCARD, DRAW_STOCK, KNOCK, NEXT_HOLE, REJECT, SKIP, Reveal, Swap
from app.golf.engine import GolfState, IllegalAction
from app.golf.events import Event, EventKind
from app.golf.phases import Phase
from app.golf.rules import PRESETS

from .golfkit import STANDARD, cards_in_play, deal, grid, open_hole, play, play_match_of_deals, play_out_hole

ALICE = "5H KS 2C / 5D 9C JD"  # the worked example: 17
BEN = "7C KH 2D / 7D 3S AH"  # the worked example: 2


def refused(state: GolfState, seat: int, action, message: str) -> None:
    before = state.clone()
    with pytest.raises(IllegalAction) as caught:
        state.apply(seat, action)
    assert str(caught.value) == message
    assert state == before


# ----------------------------------------------------------------- the deal


def test_a_new_hole_deals_six_face_down_cards_each_a_stock_of_39_and_one_discard():
    state = GolfState.new(seed=7)
    assert [len(g) for g in state.grids] == [6, 6]
    assert state.face_up == [[False] * 6, [False] * 6]
    assert len(state.stock) == 39
    assert len(state.discard) == 1
    assert state.held is None


def test_a_hole_uses_one_52_card_deck_without_jokers():
    state = GolfState.new(seed=7)
    assert cards_in_play(state) == Counter(STANDARD_DECK)
    assert not any(card.startswith("X") for card in cards_in_play(state))


def test_each_hole_is_dealt_afresh():
    state = GolfState.new(seed=7)
    first = [list(g) for g in state.grids]
    play_out_hole(state)
    play(state, "0n")
    assert state.hole == 2 and state.phase is Phase.OPENING
    assert state.grids != first
    assert cards_in_play(state) == Counter(STANDARD_DECK)
    assert (len(state.stock), len(state.discard), state.face_up) == (39, 1, [[False] * 6, [False] * 6])


# ----------------------------------------------------------------- the opening


def test_each_player_reveals_any_two_cards_in_any_order_before_play_starts():
    state = deal(STANDARD, [ALICE, BEN])
    assert state.phase is Phase.OPENING and state.to_act() == (0, 1)
    assert state.legal_actions(0) == [Reveal(p) for p in range(6)]
    play(state, "1r5")  # the second seat may go first
    assert state.to_act() == (0, 1)
    play(state, "0r2", "1r3")
    assert state.to_act() == (0,)  # seat 1 has revealed its two
    assert state.phase is Phase.OPENING and state.turn is None
    play(state, "0r4")
    assert state.face_up == [[False, False, True, False, True, False], [False, False, False, True, False, True]]
    assert state.phase is Phase.DRAW and state.to_act() == (0,)


def test_an_opening_reveal_shows_the_card_to_everyone():
    state = deal(STANDARD, [ALICE, BEN])
    assert play(state, "0r1") == [Event(EventKind.REVEAL, 0, position=1, card="KS")]


def test_nobody_may_reveal_a_third_opening_card():
    state = deal(STANDARD, [ALICE, BEN])
    play(state, "1r0", "1r1")
    refused(state, 1, Reveal(2), "You have revealed your opening cards; the others are still choosing theirs.")


def test_nobody_may_draw_before_every_opening_reveal_is_made():
    state = deal(STANDARD, [ALICE, BEN])
    play(state, "0r0", "0r1", "1r0")
    refused(state, 1, DRAW_STOCK, "First reveal 1 of your face-down cards.")
    refused(state, 0, DRAW_STOCK, "You have revealed your opening cards; the others are still choosing theirs.")


def test_an_opening_card_already_face_up_cannot_be_revealed_again():
    state = deal(STANDARD, [ALICE, BEN])
    play(state, "0r3")
    refused(state, 0, Reveal(3), "That card is already face up: choose a face-down card.")


@pytest.mark.parametrize(("hole", "first"), [(1, 0), (2, 1), (3, 0), (4, 1), (9, 0)])
def test_seat_0_starts_odd_holes_and_seat_1_even_holes(hole, first):
    state = deal(STANDARD, [ALICE, BEN], hole=hole)
    open_hole(state)
    assert state.first_player == first
    assert state.turn == first and state.to_act() == (first,)


def test_the_first_player_alternates_in_a_real_match():
    state = GolfState.new(seed=11)
    firsts = []
    for _ in range(4):
        open_hole(state)
        firsts.append(state.turn)
        play_out_hole(state)
        play(state, "0n")
    assert firsts == [0, 1, 0, 1]


# ----------------------------------------------------------------- a turn


def test_the_standard_game_offers_both_piles_and_no_knock():
    state = deal(STANDARD, [ALICE, BEN])
    open_hole(state)
    assert state.legal_actions(0) == [DRAW_STOCK, DRAW_DISCARD]
    refused(state, 0, KNOCK, "Knocking is not part of these rules.")


def test_the_top_discard_swapped_into_a_face_down_place_lies_face_up_and_the_old_card_is_discarded():
    state = deal(STANDARD, [ALICE, BEN], discard="QC 4H")
    open_hole(state)
    events = play(state, "0dd")
    assert events == [Event(EventKind.DRAW, 0, card="4H", source="discard")]
    assert (state.held, state.held_source, state.discard) == ("4H", "discard", ["QC"])
    assert state.phase is Phase.PLACE
    events = play(state, "0s5")  # over the jack, still face down
    assert events == [Event(EventKind.SWAP, 0, position=5, card="4H", discarded="JD")]
    assert state.grids[0] == grid("5H KS 2C / 5D 9C 4H")
    assert state.face_up[0] == [True, True, False, False, False, True]
    assert state.discard == ["QC", "JD"]
    assert state.held is None
    assert (state.phase, state.turn) == (Phase.DRAW, 1)


def test_a_stock_card_swapped_over_a_face_up_card_sends_that_card_to_the_discard_pile():
    state = deal(STANDARD, [ALICE, BEN], discard="QC", stock="KD")
    open_hole(state)
    events = play(state, "0ds")
    assert events == [Event(EventKind.DRAW, 0, source="stock")]  # the stock card is not shown
    assert (state.held, state.held_source) == ("KD", "stock")
    play(state, "0s0")
    assert state.grids[0] == grid("KD KS 2C / 5D 9C JD")
    assert state.discard == ["QC", "5H"]
    assert state.turn == 1


def test_any_position_may_take_the_held_card():
    state = deal(STANDARD, [ALICE, BEN])
    open_hole(state)
    play(state, "0ds")
    assert state.legal_actions(0) == [Swap(p) for p in range(6)] + [REJECT]


def test_cards_never_move_between_positions():
    state = deal(STANDARD, [ALICE, BEN], discard="QC 4H", stock="8S 6D")
    open_hole(state)
    play(state, "0dd", "0s3", "1ds", "1x", "1r4", "0ds", "0s1")
    assert state.grids[0] == grid("5H 6D 2C / 4H 9C JD")  # Ben threw the 8S away
    assert state.grids[1] == grid(BEN)


def test_a_rejected_stock_card_goes_to_the_discard_pile_and_a_face_down_card_must_be_revealed():
    state = deal(STANDARD, [ALICE, BEN], discard="QC", stock="QD")
    open_hole(state)
    play(state, "0ds")
    assert play(state, "0x") == [Event(EventKind.REJECT, 0, card="QD")]
    assert state.discard == ["QC", "QD"] and state.held is None
    assert state.phase is Phase.FLIP and state.turn == 0
    assert state.legal_actions(0) == [Reveal(2), Reveal(3), Reveal(4), Reveal(5)]  # no skip
    refused(state, 0, SKIP, "You must reveal one of your face-down cards.")
    refused(state, 0, Reveal(0), "That card is already face up: choose a face-down card.")
    refused(state, 0, DRAW_STOCK, "Reveal one of your face-down cards to finish your turn.")
    assert play(state, "0r4") == [Event(EventKind.REVEAL, 0, position=4, card="9C")]
    assert state.grids[0] == grid(ALICE)
    assert (state.phase, state.turn) == (Phase.DRAW, 1)


def test_a_card_taken_from_the_discard_pile_cannot_be_thrown_away():
    state = deal(STANDARD, [ALICE, BEN], discard="QC 4H")
    open_hole(state)
    play(state, "0dd")
    assert REJECT not in state.legal_actions(0)
    refused(state, 0, REJECT, "A card taken from the discard pile must be swapped into your grid.")


def test_a_reject_with_no_face_down_card_left_ends_the_turn_without_a_reveal():
    # Only reachable where all cards up does not close the hole: under knocking.
    state = deal(PRESETS["knocking"], [ALICE, BEN])
    open_hole(state)
    for position in (2, 3, 4, 5):
        play(state, "0ds", "0x", f"0r{position}", "1ds", "1x", f"1r{position}")
    assert all(state.face_up[0]) and state.closed_by is None
    assert play(state, "0ds", "0x")[-1] == Event(EventKind.REJECT, 0, card=state.discard[-1])
    assert (state.phase, state.turn) == (Phase.DRAW, 1)


def test_only_one_card_is_held_at_a_time():
    state = deal(STANDARD, [ALICE, BEN])
    open_hole(state)
    play(state, "0ds")
    refused(state, 0, DRAW_DISCARD, "You already hold a card: swap it into your grid or throw it away.")
    refused(state, 0, Reveal(3), "You hold a card: swap it into your grid or throw it away.")


def test_turns_alternate():
    state = deal(STANDARD, [ALICE, BEN])
    open_hole(state)
    refused(state, 1, DRAW_STOCK, "It is not your turn.")
    play(state, "0ds", "0s2")
    refused(state, 0, DRAW_STOCK, "It is not your turn.")
    assert state.to_act() == (1,)


# ----------------------------------------------------------------- closing the hole


def test_going_out_gives_the_other_player_exactly_one_final_turn_then_everything_is_scored():
    state = deal(STANDARD, [ALICE, BEN], stock="4S 6D 8H 3C 9S TH TS 8C")
    open_hole(state)
    for position in (2, 3, 4):
        play(state, "0ds", "0x", f"0r{position}", "1ds", "1x", f"1r{position}")
    events = play(state, "0ds", "0x", "0r5")  # Alice turns up her sixth card
    assert Event(EventKind.CLOSING, 0) in events
    assert (state.closed_by, state.final_turns) == (0, [1])
    assert (state.phase, state.turn) == (Phase.DRAW, 1)
    assert state.hole_scores == []
    assert state.face_up[1] == [True, True, True, True, True, False]
    events = play(state, "1ds", "1s5")  # Ben's final turn: the 8C over his hidden ace
    assert events[-2:] == [
        Event(EventKind.REVEAL_ALL),
        Event(EventKind.HOLE_SCORED, hole=1, scores=(17, 9)),
    ]
    assert state.face_up == [[True] * 6, [True] * 6]
    assert state.hole_scores == [[17, 9]]
    assert state.phase is Phase.HOLE_OVER and state.to_act() == ()
    assert state.legal_actions(0) == [NEXT_HOLE] == state.legal_actions(1)


def test_the_player_who_goes_out_gets_no_further_turn():
    state = deal(STANDARD, [ALICE, BEN])
    open_hole(state)
    for position in (2, 3, 4, 5):
        play(state, "0ds", "0x", f"0r{position}")
        if state.closed_by is None:
            play(state, "1ds", "1x", f"1r{position}")
    play(state, "1dd", "1s5")
    assert state.phase is Phase.HOLE_OVER
    refused(state, 0, DRAW_STOCK, "The hole is over: deal the next hole.")


def test_swapping_out_the_last_hidden_card_also_closes_the_hole():
    state = deal(STANDARD, [ALICE, BEN], hole=2)  # seat 1 starts the even holes
    open_hole(state)
    for position in (2, 3, 4):
        play(state, "1ds", "1x", f"1r{position}", "0ds", "0x", f"0r{position}")
    events = play(state, "1ds", "1s5")
    assert Event(EventKind.CLOSING, 1) in events
    assert state.final_turns == [0] and state.turn == 0
    events = play(state, "0ds", "0x", "0r5")
    assert events[-1].kind == "hole_scored" and state.phase is Phase.HOLE_OVER


def test_a_final_turn_that_turns_up_every_card_does_not_extend_the_hole():
    state = deal(STANDARD, [ALICE, BEN])
    open_hole(state)
    for position in (2, 3, 4):
        play(state, "0ds", "0x", f"0r{position}", "1ds", "1x", f"1r{position}")
    play(state, "0ds", "0x", "0r5")
    events = play(state, "1ds", "1x", "1r5")  # Ben is all up too: no second closing
    assert [e.kind for e in events] == ["draw", "reject", "reveal", "reveal_all", "hole_scored"]
    assert state.phase is Phase.HOLE_OVER


def test_there_is_no_penalty_for_going_out_with_the_higher_score():
    state = deal(STANDARD, [ALICE, BEN])
    open_hole(state)
    for position in (2, 3, 4, 5):
        play(state, "0ds", "0x", f"0r{position}")
        if state.closed_by is None:
            play(state, "1ds", "1x", f"1r{position}")
    play(state, "1ds", "1x", "1r5")
    assert state.closed_by == 0
    assert state.hole_scores == [[17, 2]]  # Alice closed with 17 against 2, and is charged nothing


def test_rows_and_diagonals_never_pair_when_a_hole_is_scored():
    state = deal(STANDARD, ["5H 5S 5C / 4D 6D 7D", "9H 3C 4C / 6S 9D 7S"])
    play_out_hole(state)
    assert state.hole_scores == [[15 + 17, 9 + 3 + 4 + 6 + 9 + 7]]


def test_a_hole_score_can_be_negative():
    state = deal(STANDARD, ["2H 2S KC / KD AD KS", BEN])
    play_out_hole(state)
    assert state.hole_scores == [[-3, 2]]


# ----------------------------------------------------------------- the stock


def test_drawing_from_an_empty_stock_shuffles_all_discards_but_the_top_one_into_a_new_stock():
    state = deal(STANDARD, [ALICE, BEN], discard="3H 4H 6H 8H", stock=[], whole_deck=False)
    open_hole(state)
    assert state.stock == [] and DRAW_STOCK in state.legal_actions(0)
    events = play(state, "0ds")
    assert events == [
        Event(EventKind.RESHUFFLE, stock_count=3),
        Event(EventKind.DRAW, 0, source="stock"),
    ]
    assert state.discard == ["8H"]
    assert sorted(state.stock + [state.held]) == ["3H", "4H", "6H"]
    assert state.reshuffles == 1


def test_the_stock_can_be_rebuilt_from_the_discards_again_and_again():
    state = deal(STANDARD, [ALICE, BEN], discard="3H 4H", stock=[], whole_deck=False)
    open_hole(state)
    reshuffles = 0
    for turn in range(12):
        seat = state.turn
        events = play(state, f"{seat}ds", f"{seat}s{turn % 2}")  # swap among the opening cards
        reshuffles += sum(1 for e in events if e.kind == "reshuffle")
    assert reshuffles == state.reshuffles >= 5


def test_a_reshuffle_is_the_same_every_time_the_match_is_played():
    one = deal(STANDARD, [ALICE, BEN], discard="3H 4H 6H 7H 9H TH 8H", stock=[], whole_deck=False, seed=5)
    open_hole(one)
    two = one.clone()
    play(one, "0ds")
    play(two, "0ds")
    assert one == two


def test_with_an_empty_stock_and_a_single_discard_only_the_discard_can_be_drawn():
    state = deal(STANDARD, [ALICE, BEN], discard="8H", stock=[], whole_deck=False)
    open_hole(state)
    assert state.legal_actions(0) == [DRAW_DISCARD]
    refused(
        state,
        0,
        DRAW_STOCK,
        "The stock is empty and there are no discards under the top card to shuffle into a new one.",
    )
    play(state, "0dd", "0s3")
    assert state.discard == ["5D"]


# ----------------------------------------------------------------- the match


def test_a_match_is_nine_holes_and_ends_after_the_ninth():
    state = GolfState.new(seed=3)
    for hole in range(1, 10):
        assert state.hole == hole
        play_out_hole(state)
        if hole < 9:
            assert state.phase is Phase.HOLE_OVER
            play(state, "1n")  # any seat may deal the next hole
    assert state.phase is Phase.MATCH_OVER and state.is_over
    assert len(state.hole_scores) == 9
    assert state.legal_actions(0) == [] == state.legal_actions(1)
    refused(state, 0, NEXT_HOLE, "The match is over: start a new game or restart the match.")


def test_the_next_hole_cannot_be_dealt_while_the_hole_is_played():
    state = deal(STANDARD, [ALICE, BEN])
    open_hole(state)
    refused(state, 0, NEXT_HOLE, "The hole is still being played.")


LOW = ["KH KS 2C / KD KC 2D", "9H 9S 9C / 8D 8C 8H"]  # 0 and 51 (no pairs: 9 over 8)


def test_the_lowest_total_after_nine_holes_wins():
    state = play_match_of_deals(STANDARD, [LOW] * 9)
    assert state.totals() == [0, 9 * 51]
    assert (state.result(0), state.result(1)) == ("win", "loss")


def test_equal_totals_after_nine_holes_are_a_draw_with_no_extra_hole():
    mirrored = [LOW] * 4 + [list(reversed(LOW))] * 4 + [["AH 3S 4C / 5D 6C 7H", "AS 3H 4D / 5C 6D 7S"]]
    state = play_match_of_deals(STANDARD, mirrored)
    assert state.totals()[0] == state.totals()[1]
    assert (state.result(0), state.result(1)) == ("draw", "draw")
    assert state.phase is Phase.MATCH_OVER and len(state.hole_scores) == 9


def test_there_is_no_result_before_the_match_is_over():
    state = deal(STANDARD, [ALICE, BEN])
    play_out_hole(state)
    assert state.result(0) is None
