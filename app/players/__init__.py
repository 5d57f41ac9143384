"""Computer players. Each is an object whose ``choose(view) -> action`` receives the
match state of the public API as seen from its own seat (its own grid first) and
returns an action in the API's terms, e.g. ``{"action": "draw", "source": "stock"}``.

>>> get_player("greedy").name
'greedy'
"""

from __future__ import annotations

import importlib
import random


class RandomPlayer:
    """Uniformly random legal play: the floor every level must beat."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view: dict) -> dict:
        return self.rng.choice(view["legal"])


def get_player(name: str, seed: int = 0):
    """A player by level name, or ``"package.module:Class"`` for a bot written elsewhere."""
    from app.players.greedy import GreedyPlayer

    builtin = {"greedy": GreedyPlayer, "random": lambda: RandomPlayer(seed)}
    if name in builtin:
        return builtin[name]()
    if ":" in name:
        module_name, _, class_name = name.partition(":")
        return getattr(importlib.import_module(module_name), class_name)()
    raise ValueError(f"unknown player {name!r}; choose one of {', '.join(sorted(builtin))} or module:Class")
