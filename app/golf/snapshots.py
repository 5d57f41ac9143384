"""A match's state as JSON, kept beside its log, so that it is had again without
replaying the match from its deal.

:func:`snapshot_of` writes everything but the rules and the log; :func:`restore` reads
it back with them. A snapshot holds every hidden card: it never leaves the server. Its
own module because the format is a stored one, read back from tables saved long ago
(a snapshot without ``"actions"`` is one from before that count was kept), while the
engine's state (:mod:`app.golf.engine`) is free to change its shape.

>>> from app.golf.actions import Reveal
>>> state = GolfState.new(7)
>>> state.apply(0, Reveal(0)) and None
>>> restore(state.rules, snapshot_of(state), state.log) == state
True
"""

from __future__ import annotations

from app.golf.actions import actions_by
from app.golf.engine import GolfState
from app.golf.phases import Phase
from app.golf.rules import RuleSet


def snapshot_of(state: GolfState) -> dict:
    """Everything of ``state`` but the rules and the log, as JSON. A copy: the state may
    go on changing."""
    return {
        "seed": state.seed,
        "hole": state.hole,
        "phase": state.phase.value,
        "turn": state.turn,
        "grids": [list(g) for g in state.grids],
        "face_up": [list(f) for f in state.face_up],
        "peeked": [sorted(p) for p in state.peeked],
        "opening_left": list(state.opening_left),
        "stock": list(state.stock),
        "discard": list(state.discard),
        "held": state.held,
        "held_source": state.held_source,
        "closed_by": state.closed_by,
        "final_turns": list(state.final_turns),
        "reshuffles": state.reshuffles,
        "hole_scores": [list(s) for s in state.hole_scores],
        "turns": list(state.turns),
        "actions": list(state.actions),
    }


def restore(rules: RuleSet, snapshot: dict, log: list[str]) -> GolfState:
    """The state a :func:`snapshot_of` was taken of, ``log`` being the log it had then."""
    state = GolfState.__new__(GolfState)
    state.rules, state.seed, state.hole = rules, snapshot["seed"], snapshot["hole"]
    state.phase, state.turn = Phase(snapshot["phase"]), snapshot["turn"]
    state.grids = [list(grid) for grid in snapshot["grids"]]
    state.face_up = [list(row) for row in snapshot["face_up"]]
    state.peeked = [set(p) for p in snapshot["peeked"]]
    state.opening_left = list(snapshot["opening_left"])
    state.stock, state.discard = list(snapshot["stock"]), list(snapshot["discard"])
    state.held, state.held_source, state.closed_by = (
        snapshot["held"],
        snapshot["held_source"],
        snapshot["closed_by"],
    )
    state.final_turns, state.reshuffles = list(snapshot["final_turns"]), snapshot["reshuffles"]
    state.hole_scores = [list(scores) for scores in snapshot["hole_scores"]]
    state.turns = list(snapshot["turns"])
    state.log = list(log)
    # Snapshots stored before the count was kept: counted from the log once.
    actions = snapshot.get("actions")
    state.actions = list(actions) if actions is not None else [actions_by(log, s) for s in range(rules.players)]
    return state
