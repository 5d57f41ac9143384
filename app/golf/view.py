"""What one seat may see of a match: the only way information leaves the engine.

:func:`view` builds, for one seat, the match state in the terms of the public API
(``shared/API.md``): that seat first as ``"you"``, the others as ``"computer"`` (or
``"computer-1"``, ``"computer-2"``, ... counting round the table from the viewer). It
holds everything a player with a perfect memory would know, the whole discard pile
included, and nothing else: no face-down rank (except a card its owner was allowed to
peek at, given only to the owner and only while the peek lasts), no stock order, no card held by another seat unless
it was taken from the face-up discard pile.

Who sits where is not the engine's to know: a caller that does (a table of people) hands
the view the seats as :class:`Seat` values, and each player's entry then carries its
``seat``, its ``name`` and its ``kind``, so that every sentence made from the view names
who really sits there. Without them the seats are named as a match against the computer
names them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from app.golf.engine import GolfState
from app.golf.events import Event
from app.golf.phases import Phase
from app.golf.rules import RuleSet
from app.golf.scoring import matched_lines, score_grid

# The grids whose face-up totals and matched lines are kept: at a table every seat's
# view of every step shows every grid, mostly the same as the step before.
GRIDS_SCORED_KEPT = 4096


class Seat(NamedTuple):
    """Who sits at a seat, at every kind of table: ``Seat("Bea", "person")``,
    ``Seat("Computer", "computer", "expert")``. The views name the seats by it; a replay
    keeps it."""

    name: str
    kind: str  # "person" or "computer"
    level: str | None = None  # a computer player's


def player_id(seat: int, viewer: int | None, players: int) -> str:
    """The API's name for ``seat`` as seen from ``viewer`` (``"seat-N"`` for a spectator, None)."""
    if viewer is None:
        return f"seat-{seat}"
    offset = (seat - viewer) % players
    if offset == 0:
        return "you"
    return "computer" if players == 2 else f"computer-{offset}"


def player_name(seat: int, viewer: int | None, players: int) -> str:
    if viewer is None:
        return f"Seat {seat + 1}"
    offset = (seat - viewer) % players
    if offset == 0:
        return "You"
    return "Computer" if players == 2 else f"Computer {offset}"


def view(state: GolfState, seat: int, seats: Sequence[Seat] | None = None) -> dict:
    """The match as ``seat`` sees it, JSON-ready; its players named by ``seats`` (in
    seat order) where given."""
    return _seen_from(state, seat, seats)


def screened_view(state: GolfState, seat: int, seats: Sequence[Seat] | None = None) -> dict:
    """The match as ``seat`` will see it once its person holds the device, before they do
    (pass and play: several people share one screen, and the one before them may still be
    looking): ``seat``'s view without its secrets, so that nothing in it is more than every
    person at the table knows. No peeked card, no card held from the stock, no legal move."""
    seen = _seen_from(state, seat, seats)
    for player in seen["players"]:
        for cell in player["grid"]:
            cell.pop("peeked", None)
    seen["held"], seen["legal"] = None, []
    return seen


def spectator_view(state: GolfState, seats: Sequence[Seat] | None = None) -> dict:
    """The match as someone without a seat sees it: the players in seat order (ids
    ``"seat-0"``, ``"seat-1"``, ...), face-up cards and the discard pile only. No
    seat's secrets: no peeked card, no card held from the stock, no legal moves, no
    result of anyone's."""
    return _seen_from(state, None, seats)


def _seen_from(state: GolfState, seat: int | None, seats: Sequence[Seat] | None) -> dict:
    rules = state.rules
    players = rules.players
    order = [(seat + i) % players for i in range(players)] if seat is not None else list(range(players))
    ids = {s: player_id(s, seat, players) for s in order}
    scored = state.phase in (Phase.HOLE_OVER, Phase.MATCH_OVER)
    # Four-card Golf: a player looks once at their near cards and lays them down again.
    # The look is over once the seat has begun a turn of its own this hole; from then on
    # the cards are face-down cards like any other, remembered or not.
    peeking = seat is not None and hole_turns(state, seat) == 0
    last_scores = state.hole_scores[-1] if scored else None

    table = []
    for s in order:
        cards, face_up = state.grids[s], state.face_up[s]
        grid = []
        for position, (card, up) in enumerate(zip(cards, face_up)):
            cell = {"card": card if up else None, "face_up": up}
            if not up and peeking and s == seat and position in state.peeked[s]:
                cell["peeked"] = card
            grid.append(cell)
        showing, matched = _scored_as_shown(tuple([card if up else None for card, up in zip(cards, face_up)]), rules)
        entry = {
            "id": ids[s],
            "name": player_name(s, seat, players),
            "grid": grid,
            "showing": showing,
            "matched": [list(line) for line in matched],
            "hole_score": last_scores[s] if last_scores else None,
            "holding": state.held is not None and state.turn == s,
            "final_turn_pending": s in state.final_turns,
        }
        if entry["holding"] and state.held_source == "discard":
            entry["holding_card"] = state.held  # taken from the face-up pile: everyone saw it
        if seats is not None:
            entry["seat"], entry["name"], entry["kind"] = s, seats[s].name, seats[s].kind
        table.append(entry)

    totals = state.totals()
    running = [0] * players
    scorecard = []
    for hole, scores in enumerate(state.hole_scores, start=1):
        running = [r + s for r, s in zip(running, scores)]
        scorecard.append(
            {
                "hole": hole,
                "scores": {ids[s]: scores[s] for s in order},
                "totals": {ids[s]: running[s] for s in order},
            }
        )

    holding_own = seat is not None and state.held is not None and state.turn == seat
    return {
        "rules": rules.summary(),
        "hole": state.hole,
        "holes": rules.holes,
        "hole_turns": hole_turns(state),
        "peek_over": seat is not None and not peeking,
        "first_player": ids[state.first_player],
        "phase": _phase_for(state, seat),
        "turn": ids[state.turn] if state.turn is not None else None,
        "closing": state.closed_by is not None and not scored,
        "closed_by": ids[state.closed_by] if state.closed_by is not None else None,
        "stock_count": len(state.stock),
        "discard": {
            "top": state.discard[-1] if state.discard else None,
            "count": len(state.discard),
            "cards": list(state.discard),
        },
        "held": {"card": state.held, "source": state.held_source} if holding_own else None,
        "players": table,
        "scorecard": scorecard,
        "totals": {ids[s]: totals[s] for s in order},
        "result": state.result(seat) if seat is not None else None,
        "opening_left": state.opening_left[seat] if seat is not None and state.phase is Phase.OPENING else 0,
        "legal": [action.to_json() for action in state.legal_actions(seat)] if seat is not None else [],
    }


@lru_cache(maxsize=GRIDS_SCORED_KEPT)
def _scored_as_shown(shown: tuple[str | None, ...], rules: RuleSet) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """A grid as every seat sees it (None for a face-down card): the score of its face-up
    cards as they lie (:func:`app.golf.scoring.showing_score`) and its matched lines.

    >>> _scored_as_shown(("5H", None, "5D", "5C", "KS", None), RuleSet())
    (5, ((0, 3),))
    """
    return score_grid(shown, rules), tuple(matched_lines(shown, rules))


def hole_turns(state: GolfState, seat: int | None = None) -> int:
    """Turns begun so far this hole (a draw or a knock begins one), by every seat or by
    ``seat`` alone: a fact every seat at the table has watched, which tells a player how
    long the hole has lasted. Counted by the engine as they begin: no walk of the log."""
    return sum(state.turns) if seat is None else state.turns[seat]


def _phase_for(state: GolfState, seat: int | None) -> str:
    """The phase from ``seat``'s side: ``waiting`` while others are to act, ``watching``
    for a spectator while the hole is played."""
    phase = state.phase
    if phase in (Phase.HOLE_OVER, Phase.MATCH_OVER):
        return phase.value
    if seat is None:
        return "watching"
    if phase is Phase.OPENING:
        return "opening" if state.opening_left[seat] else "waiting"
    return phase.value if state.turn == seat else "waiting"


def view_event(event: Event, viewer: int | None, players: int) -> dict:
    """An engine event in the API's terms, with seats named as ``viewer`` names them."""
    shown = event.to_json()
    if event.seat is not None:
        del shown["seat"]
        shown = {"player": player_id(event.seat, viewer, players), **shown}
    if event.scores is not None:
        shown["scores"] = {player_id(s, viewer, players): score for s, score in enumerate(event.scores)}
    return shown
