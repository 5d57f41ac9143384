"""The view behind a pass screen (pass and play): the seat to act's view without any of
its secrets, so that the person still holding the device learns nothing from it."""

from app.golf.actions import Draw, Reveal
from app.golf.engine import GolfState
from app.golf.rules import PRESETS
from app.golf.view import Seat, screened_view, view
from tests.oracle import card_strings, hidden_cards

SEATS = [Seat("Ann", "person"), Seat("Bea", "person"), Seat("Computer 2", "computer", "easy")]


def test_a_peeked_card_is_left_out_until_its_person_holds_the_device():
    state = GolfState.new(seed=5, rules=PRESETS["four-card"].model_copy(update={"players": 3}))
    seat = state.to_act()[0]
    own = view(state, seat, SEATS)
    assert any("peeked" in cell for cell in own["players"][0]["grid"])  # the person's own look, once they hold it
    screened = screened_view(state, seat, SEATS)
    assert not any("peeked" in cell for player in screened["players"] for cell in player["grid"])
    assert screened["legal"] == [] and own["legal"]
    start = GolfState.new(seed=5, rules=state.rules)
    assert not set(card_strings(screened)) & hidden_cards(start, state.log, None)


def test_a_card_drawn_from_the_stock_is_left_out_and_the_players_are_named():
    state = GolfState.new(seed=9, rules=PRESETS["standard"].model_copy(update={"players": 3}))
    for seat in range(3):
        for position in (0, 1):
            state.apply(seat, Reveal(position))
    drawer = state.turn
    state.apply(drawer, Draw("stock"))
    assert view(state, drawer, SEATS)["held"]["card"] == state.held
    screened = screened_view(state, drawer, SEATS)
    assert screened["held"] is None and state.held not in card_strings(screened)
    assert [p["name"] for p in screened["players"]][0] == SEATS[drawer].name
    assert screened["players"][0]["id"] == "you" and screened["players"][0]["kind"] == "person"
