"""What the Golf table asks of the person now, in one line (:func:`prompt`), and the
results it announces: a hole's scores, the match's outcome, the last seconds of the
turn timer.

Like the names it is built from (``app.web.golf.names``), it reads only the match state
of one seat, so a face-down card's rank can never reach the page.
"""

from __future__ import annotations

from app.web.golf.names import capital, card_label, legal_kinds, player_names, subject


def hole_result_sentence(
    state: dict, hole: int | None = None, scores: dict | None = None, *, whole: bool = False
) -> str:
    """The hole's result: with two players, or ``whole``, every seat's score (``"Hole 3
    is over: you scored 5, the computer 12"``); with more, short enough for the one line
    of a prompt: yours and the lowest (``"Hole 3 is over: you scored 9, the lowest 2
    (Computer 4)"``); each seat's score is beside its grid and on the scorecard.

    >>> state = {"hole": 2, "players": [{"id": "you", "name": "You", "hole_score": 9},
    ...     {"id": "c1", "name": "Computer 1", "hole_score": 2}, {"id": "c2", "name": "Computer 2", "hole_score": 11}]}
    >>> hole_result_sentence(state)
    'Hole 2 is over: you scored 9, the lowest 2 (Computer 1)'
    >>> hole_result_sentence(state, scores={"you": 2, "c1": 2, "c2": 5})
    'Hole 2 is over: you scored 2, the lowest, with Computer 1'
    >>> hole_result_sentence(state, whole=True)
    'Hole 2 is over: you scored 9, Computer 1 2, Computer 2 11'
    """
    hole = hole or state["hole"]
    if scores is None:
        scores = {p["id"]: p["hole_score"] for p in state["players"]}
    if state.get("people"):  # pass and play: the hole's end is shown to everyone, each by name
        named = {p["id"]: p["name"] for p in state["players"]}
        return f"Hole {hole} is over: " + ", ".join(f"{named[pid]} {score}" for pid, score in scores.items())
    names = player_names(state)
    if whole or len(scores) <= 2:
        parts = []
        for player_id, score in scores.items():
            if player_id == "you":
                parts.append(f"you scored {score}")
            else:
                parts.append(f"{subject(player_id, names)} {score}")
        return f"Hole {hole} is over: " + ", ".join(parts)
    lowest = min(scores.values())
    best = [subject(pid, names) for pid, score in scores.items() if score == lowest and pid != "you"]
    shown = " and ".join(best) if len(best) <= 2 else f"{best[0]} and {len(best) - 1} others"
    if "you" not in scores:  # a spectator
        return f"Hole {hole} is over: the lowest {lowest} ({shown})"
    mine = scores["you"]
    if mine == lowest:
        return f"Hole {hole} is over: you scored {mine}, the lowest" + (f", with {shown}" if best else "")
    return f"Hole {hole} is over: you scored {mine}, the lowest {lowest} ({shown})"


def match_result_sentence(state: dict) -> str:
    """The match's result from the viewer's seat; for someone without a seat (a
    spectator, a replay), who won: ``"Ann won the match with 31"``."""
    totals = state["totals"]
    if "you" not in totals or state.get("people"):  # pass and play: told to everyone, by name
        best = min(totals.values())
        names = [p["name"] for p in state["players"] if totals[p["id"]] == best]
        if len(names) > 1:
            return f"{' and '.join(names)} share the lowest total, {best}"
        return f"{names[0]} won the match with {best}"
    mine = totals.get("you")
    others = [t for pid, t in totals.items() if pid != "you"]
    best_other = min(others) if others else mine
    result = state.get("result")
    if result == "win":
        head = "You won the match"
    elif result == "draw":
        head = "The match is a draw"
    else:
        head = "You lost the match"
    if len(others) == 1:
        return f"{head}, {mine} to {best_other}"
    return f"{head}: your total {mine}, the best of the others {best_other}"


def prompt(state: dict, paused: bool = False, returning: bool = False) -> str:
    """The one line that says what to do now."""
    phase = state["phase"]
    names = player_names(state)
    if phase == "match_over":
        if state.get("daily") and not state.get("practice"):  # the counted daily has no Restart
            return match_result_sentence(state) + ". Press New game to play on."
        return match_result_sentence(state) + ". Start a new game or restart the match."
    if paused:
        if returning:
            return "Welcome back: your match is paused. Press Play to continue."
        return "Paused: the clock is stopped. Press Resume to continue."
    waiting = state.get("pass_to")
    if waiting:  # pass and play: nothing to do but hand the device on
        return f"Pass the device to {waiting['name']}"
    kinds = legal_kinds(state)
    if phase == "hole_over":
        return hole_result_sentence(state) + ". Press Next hole."
    final = "Final turn: " if state.get("closing") else ""
    if phase == "opening":
        left = state.get("opening_left", 0)
        count = {1: "one more card", 2: "two cards", 3: "three cards"}.get(left, f"{left} cards")
        return f"Choose {count} to reveal"
    if phase == "draw":
        top = state["discard"]["top"]
        options = []
        if "draw-stock" in kinds:
            options.append("Draw from the stock")
        if "draw-discard" in kinds and top:
            options.append(("take" if options else "Take") + f" the {card_label(top)}")
        text = " or ".join(options)
        if "flip" in kinds:
            text += ", or turn up a face-down card instead"
        if "knock" in kinds:
            text += ", or Knock to close the hole"
        return capital(final + text) if final else text
    if phase == "place":
        held = state.get("held") or {}
        if "reject" in kinds:
            return final + "Choose a card to replace, or Discard draw"
        card = card_label(held["card"]) if held.get("card") else "it"
        return final + f"Choose a card to replace with the {card}"
    if phase == "flip":
        if "skip" in kinds:
            return final + "Choose a face-down card to reveal, or Reveal none"
        return final + "Choose a face-down card to reveal"
    turn = state.get("turn")
    if turn and turn != "you":
        return f"{capital(subject(turn, names))} is playing"
    return "The others are choosing their cards"


def timer_urgent_sentence(seconds: int) -> str:
    """Said once when your turn timer reaches its last seconds.

    >>> timer_urgent_sentence(10)
    '10 seconds left: move now, or a computer player moves for you.'
    """
    return f"{seconds} seconds left: move now, or a computer player moves for you."
