"""Computer players, and the hint for a person.

The bot interface
-----------------
A player is any object with a method ``choose(view: dict) -> dict``:

- ``view`` is the match state of the public JSON API as seen from the player's own seat
  (``app.golf.view.view(state, seat)``): its own grid first as ``"you"``, the others in
  turn order, the whole discard pile, its held card, and ``"legal"``, every action it may
  take now. It holds nothing the seat may not see: no face-down rank (except the seat's
  own peeked cards in variants that allow a peek, until its first turn of the hole), no
  stock order, no other seat's stock draw.
- The return value is one of ``view["legal"]``, in the API's terms:
  ``{"action": "reveal", "position": 1}``, ``{"action": "draw", "source": "stock"}``
  (or ``"discard"``), ``{"action": "swap", "position": 4}``, ``{"action": "reject"}``,
  ``{"action": "skip"}``, ``{"action": "knock"}``, ``{"action": "next_hole"}``, and
  under Flip as Action ``{"action": "flip", "position": 3}`` (a card turned up as the turn).
- ``choose`` is asked in every phase where the seat has something to do, the opening
  reveals included (phase ``"opening"``). It must not do I/O or use the global
  ``random``: a player draws chance from its own generator, seeded by the ``seed``
  argument of its constructor, so that a match (and an arena run) can be repeated.
- A player keeps nothing between calls that the view does not give it, so a new object
  may be made for every decision (the web service does).

Built-in players, by ``get_player(name, seed=0)``: ``"easy"``, ``"medium"``, ``"hard"``,
``"expert"`` (the levels, see :mod:`app.players.levels` and :mod:`app.players.expert`),
``"greedy"`` (the one-move yardstick), ``"random"`` (uniformly random legal play) and
``"stalling"`` (never ends a hole itself: the test of whether a level can end one).
``get_player("package.module:Class")`` loads a bot written elsewhere, built with
``seed=`` when its constructor takes one. Built-in players turn up their first
positions in the opening, as the standard game says of the computer.

``hint(view) -> {"action": {...}, "reason": "..."}`` says what the Expert would do in
the viewer's place, and why, in one sentence (:mod:`app.players.advice`).

>>> get_player("greedy").name
'greedy'
>>> sorted(LEVELS)
['easy', 'expert', 'hard', 'medium']
"""

from __future__ import annotations

import importlib
import inspect
import random
from typing import Literal, get_args

Level = Literal["easy", "medium", "hard", "expert"]
"""The computer's levels, weakest first: the one list every form, route and check reads."""
LEVELS: tuple[Level, ...] = get_args(Level)
THINKING_LEVELS: frozenset[Level] = frozenset({"expert"})
"""The levels that think at length (the Expert's playouts: tens of milliseconds a
decision), which the service asks outside the transaction that writes the move."""


class RandomPlayer:
    """Uniformly random legal play: the floor every level must beat."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view: dict) -> dict:
        return self.rng.choice(view["legal"])


class StallingPlayer:
    """Plays the greedy player's game but never ends a hole itself: it never knocks and
    never turns up its last face-down card. The opponent that proves a level ends every
    hole on its own, even when it is behind (the arena's ``--sweep``)."""

    name = "stalling"

    def __init__(self, seed: int = 0):
        from app.players.greedy import GreedyPlayer

        self.greedy = GreedyPlayer(seed)

    def choose(self, view: dict) -> dict:
        from app.players.knowledge import read_rules

        choice = self.greedy.choose(view)
        legal = view["legal"]
        grid = view["players"][0]["grid"]
        face_down = [p for p, cell in enumerate(grid) if not cell["face_up"]]
        face_up = [p for p, cell in enumerate(grid) if cell["face_up"]]
        last = face_down if len(face_down) == 1 else []
        must_flip = view["rules"]["flip_after_reject"] == "must"
        if choice["action"] == "knock":
            return next(a for a in legal if a["action"] == "draw")
        closing = (choice["action"] == "swap" and choice["position"] in last) or (
            choice["action"] == "reject" and must_flip and last
        )
        if closing and face_up:
            points_of = read_rules(view).points_of
            highest = max(face_up, key=lambda p: points_of(grid[p]["card"]))
            return {"action": "swap", "position": highest}
        if view["phase"] == "flip" and last and {"action": "skip"} in legal:
            return {"action": "skip"}
        return choice


def get_player(name: str, seed: int = 0):
    """A player by name (a level, ``"greedy"``, ``"random"``) or ``"package.module:Class"``."""
    from app.players.expert import ExpertPlayer
    from app.players.greedy import GreedyPlayer
    from app.players.levels import HARD, MEDIUM, EasyPlayer, StyledPlayer

    builtin = {
        "easy": lambda: EasyPlayer(seed),
        "medium": lambda: StyledPlayer("medium", MEDIUM, seed),
        "hard": lambda: StyledPlayer("hard", HARD, seed),
        "expert": lambda: ExpertPlayer(seed),
        "greedy": lambda: GreedyPlayer(seed),
        "random": lambda: RandomPlayer(seed),
        "stalling": lambda: StallingPlayer(seed),
    }
    if name in builtin:
        return builtin[name]()
    if ":" in name:
        module_name, _, class_name = name.partition(":")
        cls = getattr(importlib.import_module(module_name), class_name)
        try:
            takes_seed = "seed" in inspect.signature(cls).parameters
        except (TypeError, ValueError):
            takes_seed = False
        return cls(seed=seed) if takes_seed else cls()
    raise ValueError(f"unknown player {name!r}; choose one of {', '.join(sorted(builtin))} or module:Class")


def hint(view: dict) -> dict:
    """What the Expert would do in the viewer's place, and why: ``{"action", "reason"}``."""
    from app.players.advice import hint as expert_hint

    return expert_hint(view)
