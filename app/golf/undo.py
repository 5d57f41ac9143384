"""Taking a move back, by who sits at the table.

Against the computer, a person may take back their last action and the computer's
replies to it (:func:`undo_log`): the computer minds nothing. At a table of people an
action can be taken back only while no other seat has played since, and only if it
showed no card that was hidden, to the mover or to anyone (:func:`undo_refusal`):
else a person would know a face-down card or the top of the stock and play it again.
"""

from __future__ import annotations

from collections.abc import Callable

from app.golf.actions import Draw, Flip, Knock, Reject, Reveal, Skip, Swap, parse_log_entry
from app.golf.engine import GolfState
from app.golf.phases import Phase


def undo_log(log: list[str], seat: int) -> list[str] | None:
    """The log without ``seat``'s last action and everything after it (the other seats'
    replies to it), or None when ``seat`` has not acted."""
    for index in range(len(log) - 1, -1, -1):
        if parse_log_entry(log[index]).seat == seat:
            return log[:index]
    return None


def undo_refusal(state: GolfState, seat: int, before: Callable[[], GolfState]) -> str | None:
    """Why ``seat`` may not take back the table's last action at a table of people, or
    None when it may. ``before``: the state before that action (asked for only when a
    swap makes it matter: whether the card replaced was face down)."""
    if not state.log:
        return "There is nothing to undo yet."
    last_seat, last = parse_log_entry(state.log[-1])
    if last_seat != seat:
        return "Another seat has played since your last move: it cannot be taken back."
    if state.phase in (Phase.HOLE_OVER, Phase.MATCH_OVER):
        return "The hole has been scored and every card shown: it cannot be taken back."
    if isinstance(last, Draw):
        if last.source == "discard":
            return None
        return "A card drawn from the stock cannot go back: you would then know the top of the stock."
    if isinstance(last, (Reveal, Flip)):
        return "A card turned face up cannot be turned down again."
    if isinstance(last, Swap):
        if not before().face_up[seat][last.position]:
            return "The card you replaced was face down and everyone has seen it now: the swap stands."
        return None
    if isinstance(last, (Reject, Skip, Knock)):
        return None
    return "The next hole has been dealt: it cannot be taken back."
