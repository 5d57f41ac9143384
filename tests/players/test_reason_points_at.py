"""A reason that rests on a card the next player shows points at that card: the
explainer names the seat and position ("pair it with their queen" points at the place
the queen's partner would go), the review keeps it, the decision page marks it."""

from __future__ import annotations

import re

from app.cards import rank_name
from app.golf.actions import action_from_json
from app.golf.engine import GolfState
from app.golf.rules import RuleSet
from app.golf.view import view
from app.players.advice import Explainer
from app.players.expert import ExpertPlayer
from app.players.greedy import GreedyPlayer
from app.players.heuristic import Advisor
from app.players.knowledge import read_table
from app.players.review import judge
from app.web.golf import board as tbl
from app.web.review.pages import mark_reason

THEIRS = re.compile(r"(pair it with|swap it for) their (\w+)")


def _explained(seeds=range(6)):
    """(view, action, reason, pointed) for each of seat 0's placing decisions in a few
    matches played by the greedy player, explained as the Expert's reason would be."""
    greedy = GreedyPlayer()
    for seed in seeds:
        state = GolfState.new(seed, RuleSet(holes=1))
        for _ in range(400):
            if state.is_over:
                break
            seat = next(s for s in range(2) if state.legal_actions(s))
            seen = view(state, seat)
            if seat == 0 and seen["phase"] == "place":
                table = read_table(seen)
                explainer = Explainer(table, Advisor(table, ExpertPlayer.style))
                for action in seen["legal"]:
                    yield seen, action, explainer.explain(action), explainer.pointed
            state.apply(seat, action_from_json(greedy.choose(seen)))


def test_a_reason_on_the_next_player_s_card_names_that_card():
    named = 0
    for seen, _action, reason, pointed in _explained():
        found = THEIRS.search(reason)
        if not found:
            continue
        named += 1
        assert pointed is not None and pointed["seat"] == 1, reason
        grid = seen["players"][1]["grid"]
        cols = seen["rules"]["cols"]
        if found.group(1) == "swap it for":  # their card at that place
            cell = grid[pointed["position"]]
            assert cell["face_up"] and rank_name(cell["card"][0]) == found.group(2), (reason, cell)
        else:  # the place beside their card of that rank, in its column
            column = [grid[p] for p in range(pointed["position"] % cols, len(grid), cols) if p != pointed["position"]]
            assert any(c["face_up"] and rank_name(c["card"][0]) == found.group(2) for c in column), (reason, grid)
    assert named >= 3  # the positions tried hold such reasons


def test_a_reason_on_nothing_of_theirs_points_at_nothing():
    for _, _, reason, pointed in _explained(range(2)):
        if "their" not in reason and "next player" not in reason and "opponent" not in reason:
            assert pointed is None, reason


def test_the_review_keeps_the_pointer_and_the_decision_page_marks_that_card():
    for seen, action, _reason, pointed in _explained():
        if pointed is not None:
            decision = judge(seen, action, samples=8)
            if decision.points_at is not None:
                break
    else:
        raise AssertionError("no judged decision rests on the next player's card")
    assert decision.to_json()["points_at"] == decision.points_at
    board = tbl.board(seen, live=False)
    mark_reason(board, decision.points_at)
    card = board["opponents"][0]["cards"][decision.points_at["position"]]
    assert "review-reason" in card.classes and card.label.endswith("(the card the reason rests on)")
    others = [c for s in board["opponents"] for c in s["cards"] if c is not card]
    assert not any("review-reason" in c.classes for c in others)
    mark_reason(board, None)  # an old stored review without a pointer: nothing marked
    mark_reason(board, {"seat": 3, "position": 0})  # no such seat: nothing marked, no error
