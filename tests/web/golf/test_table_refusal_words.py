"""Why a click or key is refused, in words (app.web.golf.refusals), from a seat's
view of real positions: one short sentence for each thing that is not a move now."""

from __future__ import annotations

from app.cards import card_name
from app.golf.actions import action_from_json as action
from app.golf.engine import GolfState
from app.golf.rules import PRESETS, RuleSet
from app.golf.view import view
from app.web.golf.names import legal_kinds
from app.web.golf.refusals import refusals


def _opened(rules: RuleSet = RuleSet(), seed: int = 5) -> GolfState:
    state = GolfState.new(seed, rules)
    for seat in range(rules.players):
        for position in range(rules.opening_reveals):
            state.apply(seat, action({"action": "reveal", "position": position}))
    return state


def _said(state: GolfState, **options) -> dict[str, str]:
    return refusals({**view(state, 0), "can_undo": options.pop("can_undo", True)}, **options)


def test_a_card_taken_from_the_discard_pile_must_go_into_the_grid():
    state = _opened()
    top = view(state, 0)["discard"]["top"]
    state.apply(0, action({"action": "draw", "source": "discard"}))
    said = _said(state)
    assert said["x"] == f"The {card_name(top)} came from the discard pile: it must go into your grid."
    assert said["stock"] == said["discard"] == said["x"]
    assert "mine-up" not in said and "mine-down" not in said  # every card of yours is a move


def test_a_card_drawn_from_the_stock_may_be_thrown_away_so_x_is_not_refused():
    state = _opened()
    state.apply(0, action({"action": "draw", "source": "stock"}))
    said = _said(state)
    assert "x" not in said
    assert said["stock"].startswith("You hold the ") and said["stock"].endswith(
        "put it into your grid, or Discard draw."
    )


def test_before_a_draw_your_cards_wait_for_it():
    said = _said(_opened())
    assert said["mine-up"] == said["mine-down"] == "Draw a card first, from the stock or the discard pile."
    assert said["x"] == "There is no drawn card to throw away: draw one first."
    assert said["n"] == "The hole is still being played: Next hole comes at its end."
    assert said["k"] == "Knocking is not part of these rules."
    assert "stock" not in said and "discard" not in said  # both are moves


def test_the_opening_asks_for_face_down_cards_first():
    state = GolfState.new(5, RuleSet())
    said = _said(state, can_undo=False)
    assert said["stock"] == "First turn up two cards of your grid."
    assert said["u"] == "There is no move of yours to take back."
    state.apply(0, action({"action": "reveal", "position": 0}))
    said = _said(state)
    assert said["mine-up"] == "That card is already face up: choose a face-down card."
    assert said["stock"] == "First turn up one more card of your grid."


def test_another_seat_s_turn_names_whose_it_is():
    state = _opened(RuleSet(players=3))
    state.apply(0, action({"action": "draw", "source": "stock"}))
    state.apply(0, action({"action": "swap", "position": 2}))
    said = _said(state)
    assert said["stock"] == "It is Computer 1’s turn: yours comes next."


def test_knocking_rules_say_when_a_knock_may_be_made():
    state = _opened(PRESETS["knocking"])
    assert "knock" in legal_kinds(view(state, 0))
    assert "k" not in _said(state)
    state.apply(0, action({"action": "draw", "source": "stock"}))
    assert _said(state)["k"] == "You can knock only at the start of your turn, instead of drawing."


def test_paused_and_over_tables_say_so_for_everything():
    said = _said(_opened(), paused=True, returning=True)
    assert {said[k] for k in ("stock", "mine-down", "x", "n")} == {"The match is paused: press Play to play on."}
    assert _said(_opened(), paused=True)["stock"] == "The match is paused: press Resume to play on."


def test_a_spectator_is_told_they_are_watching():
    said = _said(_opened(), watching=True)
    assert said["stock"] == "You are watching this table: only the players at it make moves."
    assert "x" not in said


def test_every_refusal_is_one_short_sentence():
    for state in (GolfState.new(5, RuleSet()), _opened(), _opened(PRESETS["knocking"])):
        for text in _said(state).values():
            assert text.endswith(".") and text.count(". ") == 0 and len(text) <= 90, text
