"""Holes laid out from chosen cards rather than dealt from a match's seed: for tests,
worked examples and the positions a computer player imagines. Never the API.

A match the API plays begins only with :meth:`app.golf.engine.GolfState.new` and goes
on only by :meth:`~app.golf.engine.GolfState.apply`, so its log replays it. The states
here have no such log: a hole dealt from a stacked deck (:func:`from_deal`), or a hole
in play with every card where it is wanted (:func:`in_play`). Their own module so that
the engine shows the one way a real match starts, and these others read apart from it.

>>> state = from_deal(RuleSet(), [["AH"] * 6, ["KS"] * 6], ["5D"], ["7C", "8C"])
>>> state.grids[1][0], state.discard, state.stock
('KS', ['5D'], ['8C', '7C'])
"""

from __future__ import annotations

from app.golf.dealing import deal_hole, stacked_deck
from app.golf.engine import GolfState
from app.golf.phases import Phase
from app.golf.rules import RuleSet


def from_deal(
    rules: RuleSet,
    grids: list[list[str]],
    discard: list[str],
    stock: list[str],
    seed: int = 0,
    hole: int = 1,
) -> GolfState:
    """A hole dealt from chosen cards, waiting for its opening reveals as a dealt hole does.

    ``grids`` are row-major per seat, ``discard`` bottom to top, ``stock`` in the
    order it will be drawn (the next card first). The holes before ``hole`` score 0;
    later holes and reshuffles still come from ``seed``."""
    state = GolfState.__new__(GolfState)
    state.rules, state.seed, state.log = rules, seed, []
    state.actions = [0] * rules.players
    state.hole_scores = [[0] * rules.players for _ in range(hole - 1)]
    deal_hole(state, hole, stacked_deck(grids, discard, stock))
    state.discard = list(discard)
    return state


def in_play(
    rules: RuleSet,
    *,
    seed: int,
    hole: int,
    phase: Phase,
    turn: int,
    grids: list[list[str]],
    face_up: list[list[bool]],
    peeked: list[set[int]],
    stock: list[str],
    discard: list[str],
    held: str | None = None,
    held_source: str | None = None,
    closed_by: int | None = None,
    final_turns: list[int] | None = None,
) -> GolfState:
    """A hole in play, its opening over, laid out from given cards: the position a
    player imagines when it deals the cards it has not seen at random and plays the
    hole out (:func:`app.players.rollout.determinize`). ``seed`` draws the reshuffles
    of the rest of the hole; no hole has been scored and the log is empty."""
    state = GolfState.__new__(GolfState)
    state.rules, state.seed, state.hole, state.phase, state.turn = rules, seed, hole, phase, turn
    state.grids, state.face_up, state.peeked = grids, face_up, peeked
    state.opening_left = [0] * rules.players
    state.stock, state.discard = stock, discard
    state.held, state.held_source = held, held_source
    state.closed_by, state.final_turns = closed_by, final_turns or []
    state.reshuffles = 0
    state.hole_scores = []
    state.log = []
    state.turns = [0] * rules.players
    state.actions = [0] * rules.players
    return state
