"""Why the Golf table refuses what a person clicks or presses now: one short sentence
for each control that is not a move at this moment, for the page to say when it is
tried.

Like the names it is built from (``app.web.golf.names``), it reads only the match state
of one seat.
"""

from __future__ import annotations

from app.web.golf.names import capital, card_label, legal_kinds, player_names, subject

UNDO_OFF_DAILY = "There is no Undo in the counted daily attempt: every move counts."
UNDO_OFF_SHARED = "There is no Undo when people share the device."


def undo_off(state: dict) -> str | None:
    """Why Undo is never offered in this match, if it is not: the counted daily attempt,
    and pass and play (one person's Undo would take back another's view of the table)."""
    if state.get("daily") and not state.get("practice"):
        return UNDO_OFF_DAILY
    if state.get("people"):
        return UNDO_OFF_SHARED
    return None


def refusals(
    state: dict, *, paused: bool = False, returning: bool = False, online: bool = False, watching: bool = False
) -> dict[str, str]:
    """Why each thing a person may click or press is not allowed now, one short sentence
    each, for the page to say when it is tried; only what is refused now is listed.

    The keys: ``stock``, ``discard``, ``held`` (your drawn card), ``mine-up`` and
    ``mine-down`` (a card of your grid face up or down that is not a move), ``other``
    (another seat's card), ``x`` ``r`` ``k`` ``n`` ``u`` ``h`` (the keys of Discard draw,
    Reveal none, Knock, Next hole, Undo, Hint), and ``playing`` (any move while the
    others' moves are still being shown).

    >>> state = {"phase": "place", "turn": "you", "held": {"card": "4H", "source": "discard"},
    ...          "players": [{"id": "you", "name": "You"}], "legal": [{"action": "swap", "position": 0}],
    ...          "discard": {"top": None}, "rules": {"ending": "all_face_up"}, "can_undo": True}
    >>> refusals(state)["x"]
    'The 4 of hearts came from the discard pile: it must go into your grid.'
    """
    said = _refusals(state, paused=paused, returning=returning, online=online, watching=watching)
    off = None if online or watching else undo_off(state)
    if off:  # Undo is not on the table at all: its key says why
        said["u"] = off
    return said


def _refusals(state: dict, *, paused: bool, returning: bool, online: bool, watching: bool) -> dict[str, str]:
    if watching:
        return {
            key: "You are watching this table: only the players at it make moves."
            for key in ("stock", "discard", "mine-up", "mine-down", "other")
        }
    kinds = legal_kinds(state)
    names = player_names(state)
    phase = state["phase"]
    said: dict[str, str] = {"playing": "The others’ moves are still being shown: press Skip to go to your turn now."}
    said["other"] = "That card is in another player’s grid: you play only your own."
    if not state.get("can_undo"):
        said["u"] = "There is no move of yours to take back."
    if online:
        said["h"] = "There are no hints at a table of people."
    elif paused or phase not in ("opening", "draw", "place", "flip"):
        said["h"] = "A hint comes when it is your move."
    if paused:
        press = "Play" if returning else "Resume"
        everything = f"The match is paused: press {press} to play on."
        return {
            **said,
            **{
                key: everything for key in ("stock", "discard", "held", "mine-up", "mine-down", "x", "r", "k", "n", "u")
            },
        }
    waiting = state.get("pass_to")
    if waiting:  # pass and play: the table is closed until the next person opens it
        name = waiting["name"]
        closed = f"Pass the device to {name}: {name} opens the table to play."
        said["h"] = "There are no hints when people share the device."
        return {
            **said,
            **{key: closed for key in ("stock", "discard", "held", "mine-up", "mine-down", "x", "r", "k", "n")},
        }
    if phase == "match_over":
        counted = state.get("daily") and not state.get("practice")  # no Restart in the counted daily
        over = (
            "The match is over: press New game to play on."
            if counted
            else "The match is over: start a new game or restart the match."
        )
        return {**said, **{key: over for key in ("stock", "discard", "mine-up", "mine-down", "x", "r", "k", "n")}}
    if phase == "hole_over":
        if "next_hole" in kinds:
            over = f"Hole {state['hole']} is over: press Next hole to deal the next one."
        elif "ready" in state:  # a table of people, where you pressed Next hole already
            over = f"Hole {state['hole']} is over and you are ready: the next hole is dealt once everyone is."
            said["n"] = over
        else:
            over = f"Hole {state['hole']} is over: the next one is being dealt."
        return {**said, **{key: over for key in ("stock", "discard", "mine-up", "mine-down", "x", "r", "k")}}
    said["n"] = "The hole is still being played: Next hole comes at its end."
    turn = state.get("turn")
    if phase == "opening":
        left = state.get("opening_left", 0)
        if left:
            count = {1: "one more card", 2: "two cards", 3: "three cards"}.get(left, f"{left} cards")
            first = f"First turn up {count} of your grid."
        else:
            first = "You have turned up your cards: the others are still choosing theirs."
        said.update({key: first for key in ("stock", "discard", "x", "r", "k")})
        said["mine-up"] = "That card is already face up: choose a face-down card." if left else first
        said["mine-down"] = first
        return said
    if turn != "you":
        wait = f"It is {subject(turn, names)}’s turn: yours comes next." if turn else "It is not your turn yet."
        wait = capital(wait)
        said.update({key: wait for key in ("stock", "discard", "mine-up", "mine-down", "x", "r", "k")})
        return said
    held = state.get("held") or {}
    card = card_label(held["card"]) if held.get("card") else "card you drew"
    knocking = state["rules"].get("ending") == "knock"
    if phase == "draw":
        said["mine-up"] = said["mine-down"] = "Draw a card first, from the stock or the discard pile."
        if "flip" in kinds:  # Flip as Action: a face-down card is a move, a face-up one is not
            del said["mine-down"]
            said["mine-up"] = "Draw a card first, or turn up one of your face-down cards instead."
        said["x"] = "There is no drawn card to throw away: draw one first."
        said["r"] = "Reveal none comes after you throw away a card drawn from the stock."
        if "draw-discard" not in kinds:
            said["discard"] = (
                "The discard pile is empty: draw from the stock."
                if not state["discard"]["top"]
                else "The discard pile cannot be taken now: draw from the stock."
            )
        if "draw-stock" not in kinds:
            said["stock"] = "The stock cannot be drawn now: take the top of the discard pile."
        if "knock" not in kinds:
            said["k"] = (
                "The hole is already closing: take your final turn."
                if state.get("closing") and knocking
                else ("Knocking is not part of these rules." if not knocking else "You cannot knock now.")
            )
        return said
    if phase == "place":
        from_discard = held.get("source") == "discard"
        must = f"The {card} came from the discard pile: it must go into your grid."
        keep = must if from_discard else f"You hold the {card}: put it into your grid, or Discard draw."
        said.update({"stock": keep, "discard": keep, "held": keep})
        if "reject" not in kinds:
            said["x"] = must
        said["r"] = "Reveal none comes after Discard draw." if not from_discard else must
        said["k"] = (
            "Knocking is not part of these rules."
            if not knocking
            else "You can knock only at the start of your turn, instead of drawing."
        )
        return said
    if phase == "flip":
        finish = "Turn up one of your face-down cards to finish your turn."
        said.update({key: finish for key in ("stock", "discard", "x", "k")})
        said["mine-up"] = "That card is already face up: choose a face-down card."
        if "skip" not in kinds:
            said["r"] = "These rules ask you to turn up a card after Discard draw."
        return said
    return said
