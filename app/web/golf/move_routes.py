"""The moves of Golf as JSON routes, written once: the same eight for your match
(``/api/match/...``) and for your seat at a table (``/api/tables/{code}/...``).

Each router says how a move is played there: a dependency that gives the route a
``play(action, version)`` for the caller (the match's service and browser, or the
table's, with the table's code from the path). The moves, their bodies, paths, names
and summaries are here alone.

No ``from __future__ import annotations`` in this module: FastAPI reads the routes'
signatures, made here in a loop, from the annotation objects themselves.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response

from app.web.dependencies import Version
from app.web.golf.api_models import Position, Source

Play = Callable[[dict, "int | None"], Response]


@dataclass(frozen=True)
class Move:
    path: str
    name: str  # the route's name, which names its operation in the OpenAPI document
    summary: str
    body: type | None = None  # Position or Source: what the move names


MOVES = (
    Move("reveal", "reveal", "Turn one of your cards up", Position),
    Move("draw", "draw", "Take the top card of the stock or the discard pile", Source),
    Move("swap", "swap", "Put the held card into a position; the old card goes on the discard pile", Position),
    Move("flip", "flip", "Flip-as-action rules: turn one of your face-down cards up instead of drawing", Position),
    Move("reject", "reject", "Throw away a card drawn from the stock"),
    Move("skip", "skip", "Optional-flip rules: end the turn without revealing after a reject"),
    Move("knock", "knock", "Knocking rules: close the hole instead of drawing"),
    Move("next-hole", "next_hole", "Deal the next hole after a hole is scored"),
)

# Each move's address by its action's name (``"next_hole"``: ``"next-hole"``), for the
# clients and benchmarks that post an action the API named them.
PATHS = {move.name: move.path for move in MOVES}


def action_of(move: Move, body: Any) -> dict:
    """The move as the engine reads it (``action_from_json``)."""
    action: dict = {"action": move.path.replace("-", "_")}
    if isinstance(body, Position):
        action["position"] = body.position
    elif isinstance(body, Source):
        action["source"] = body.source
    return action


def add_move_routes(router: APIRouter, prefix: str, player: Any, **route_options: Any) -> None:
    """The eight moves on ``router`` under ``prefix``; ``player`` is the annotated
    dependency (``Annotated[Play, Depends(...)]``) that plays one for the caller."""
    for move in MOVES:
        router.add_api_route(
            f"{prefix}/{move.path}",
            _route(move, player),
            methods=["POST"],
            name=move.name,
            summary=move.summary,
            **route_options,
        )


def _route(move: Move, player: Any) -> Callable[..., Response]:
    if move.body is None:

        def route(play: player, version: Version) -> Response:
            return play(action_of(move, None), version)

        return route
    body_type = move.body

    def route_with_body(body: body_type, play: player, version: Version) -> Response:  # type: ignore[valid-type]
        return play(action_of(move, body), version)

    return route_with_body
