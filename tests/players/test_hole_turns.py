"""How long a hole has lasted is in every view, and it tells nothing hidden.

The computer players read ``hole_turns`` to know when a hole has gone on long
(:mod:`app.players.pace`). It is a count of turns everyone at the table watched begin:
the same for every seat and for a spectator, and the same whatever the hidden cards.
"""

from __future__ import annotations

from app.golf.actions import action_from_json, parse_log_entry
from app.golf.engine import GolfState, replay
from app.golf.phases import Phase
from app.golf.rules import RuleSet
from app.golf.view import spectator_view, view
from app.players import get_player

RULES = RuleSet(name="short", players=3, holes=3, flip_after_reject="may", ending="knock")


def test_every_seat_and_a_spectator_see_the_turns_begun_this_hole_as_the_events_showed_them():
    state = GolfState.new(seed=7, rules=RULES)
    bots = [get_player("greedy"), get_player("medium"), get_player("easy")]
    begun = 0  # counted from the events alone, as a person watching the table would
    checked = 0
    while not state.is_over:
        seen = [view(state, seat)["hole_turns"] for seat in range(RULES.players)]
        assert seen == [begun] * RULES.players == [spectator_view(state)["hole_turns"]] * RULES.players
        checked += 1
        seat = 0 if state.phase is Phase.HOLE_OVER else state.to_act()[0]
        choice = bots[seat].choose(view(state, seat))
        for event in state.apply(seat, action_from_json(choice)):
            if event.kind in ("draw", "knock") and event.seat is not None:
                begun += 1
            if event.kind == "deal":
                begun = 0
    assert checked > 30 and len(state.hole_scores) == RULES.holes


def test_the_turn_count_is_the_same_whatever_the_hidden_cards():
    # The same moves on two different deals: every card differs, the count does not.
    state = GolfState.new(seed=3, rules=RULES)
    bots = [get_player("greedy", seed=seat) for seat in range(RULES.players)]
    while state.hole == 1 and not state.is_over and state.phase is not Phase.HOLE_OVER:
        seat = state.to_act()[0]
        state.apply(seat, action_from_json(bots[seat].choose(view(state, seat))))
    log = state.log[: len(state.log) * 2 // 3]
    # Legality depends on the phase and on which cards are face up, never on their ranks.
    mine, other = replay(3, RULES, log), replay(4, RULES, log)
    assert mine.grids != other.grids
    for seat in range(RULES.players):
        assert view(mine, seat)["hole_turns"] == view(other, seat)["hole_turns"]
    turns = sum(1 for entry in log if parse_log_entry(entry)[1].code in ("ds", "dd", "k"))
    assert view(mine, 0)["hole_turns"] == turns > 0
