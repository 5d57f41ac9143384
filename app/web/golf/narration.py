"""The Golf table's moves told in sentences: the others' moves as the page shows them
(a draw and the swap or throw that follows it make one sentence), the person's own move
told back with the card it showed them, how a hole came to close, what an undo took
back, and the hint's move.

Like the names it is built from (``app.web.golf.names``), it reads only the match state
of one seat, so a face-down card's rank can never reach the page.
"""

from __future__ import annotations

from app.web.common import sentence
from app.web.golf.names import capital, card_label, player_names, position_name, subject
from app.web.golf.prompts import hole_result_sentence


def narrate(events: list[dict], state: dict) -> list[tuple[str, int]]:
    """The events told as sentences, each with the index of the event that completes it.

    A draw and the swap or throw that follows it make one sentence ("The computer took
    the 7 of hearts and swapped it into top row, column 2, discarding the king of
    spades"); the person's own moves are not told back to them (what they set off,
    the hole closing, is)."""
    rules = state["rules"]
    rows, cols = rules["rows"], rules["cols"]
    names = player_names(state)
    sentences: list[tuple[str, int]] = []
    pending: dict | None = None  # a draw waiting for its swap or throw

    def where(position: int) -> str:
        return position_name(position, rows, cols)

    def flush_draw(index: int) -> None:
        nonlocal pending
        if pending is not None:
            who = capital(subject(pending["player"], names))
            if pending["source"] == "discard":
                sentences.append((f"{who} took the {card_label(pending['card'])} from the discard pile.", index))
            else:
                sentences.append((f"{who} drew from the stock.", index))
            pending = None

    for index, event in enumerate(events):
        kind = event.get("action")
        player = event.get("player")
        who = capital(subject(player, names)) if player else ""
        if player == "you" and kind != "closing":
            continue
        if kind == "draw":
            flush_draw(index)
            pending = event
            continue
        if kind == "swap" and pending is not None and pending["player"] == player:
            card, old = card_label(event["card"]), card_label(event["discarded"])
            if pending["source"] == "discard":
                start = f"{who} took the {card} and swapped it"
            else:
                start = f"{who} drew the {card} from the stock and swapped it"
            sentences.append((f"{start} into {where(event['position'])}, discarding the {old}.", index))
            pending = None
            continue
        if kind == "reject" and pending is not None and pending["player"] == player:
            sentences.append((f"{who} drew the {card_label(event['card'])} from the stock and threw it away.", index))
            pending = None
            continue
        flush_draw(index)
        if kind == "swap":
            sentences.append(
                (
                    f"{who} swapped the {card_label(event['card'])} into {where(event['position'])}, "
                    f"discarding the {card_label(event['discarded'])}.",
                    index,
                )
            )
        elif kind == "reject":
            sentences.append((f"{who} threw away the {card_label(event['card'])}.", index))
        elif kind == "reveal":
            sentences.append((f"{who} revealed the {card_label(event['card'])} at {where(event['position'])}.", index))
        elif kind == "skip":
            sentences.append((f"{who} revealed no card.", index))
        elif kind == "knock":
            # A knock closes the hole: the closing that follows it tells both at once.
            following = events[index + 1] if index + 1 < len(events) else {}
            if following.get("action") != "closing" or following.get("player") != player:
                sentences.append((f"{who} knocked.", index))
        elif kind == "closing":
            sentences.append((closing_sentence(event["player"], state), index))
        elif kind == "reshuffle":
            sentences.append((f"The discards were shuffled into a new stock of {event['stock_count']} cards.", index))
        elif kind == "hole_scored":
            sentences.append(
                (hole_result_sentence(state, event.get("hole"), event.get("scores"), whole=True) + ".", index)
            )
        elif kind == "deal":
            sentences.append((f"Hole {event['hole']} is dealt.", index))
    flush_draw(len(events) - 1)
    return sentences


def own_move_sentence(action: dict, state: dict) -> str:
    """The person's own move told back with the card it showed them, for the live region:
    ``"You drew the 2 of diamonds."``, ``"You turned up the 7 of clubs."``. ``state`` is
    the table just after the move (the computers may have played since; the person's
    own grid and held card are theirs alone to change). Empty when there is nothing new
    to name."""
    kind = action.get("action")
    me = state["players"][0]
    rules = state["rules"]
    # Pass and play: the device is shared, so the move is told by its mover's name, and
    # stays true in the log as the device passes to the next person.
    who, whose = (me["name"], f"{me['name']}'s") if state.get("people") else ("You", "your")
    if kind == "draw":
        held = (state.get("held") or {}).get("card")
        if not held:
            return ""
        if action.get("source") == "discard":
            return f"{who} took the {card_label(held)} from the discard pile."
        return f"{who} drew the {card_label(held)}."
    if kind in ("reveal", "swap", "flip") and isinstance(action.get("position"), int):
        cell = me["grid"][action["position"]]
        if not cell.get("card"):
            return ""
        where = position_name(action["position"], rules["rows"], rules["cols"])
        if kind == "reveal":
            return f"{who} turned up the {card_label(cell['card'])} at {where}."
        if kind == "flip":
            return f"{who} turned up the {card_label(cell['card'])} at {where} as {whose} turn."
        return f"{who} put the {card_label(cell['card'])} at {where}."
    return ""


def closing_sentence(player_id: str, state: dict) -> str:
    """How the hole came to close, and what follows, in one sentence: ``"The computer
    knocked: you have one final turn."``. The rules say how it closed (a knock, or a
    grid all face up) and whether the others still play."""
    rules = state["rules"]
    names = player_names(state)
    knocking = rules.get("ending") == "knock"
    # Pass and play: everyone reads the same screen, so each is named, "you" no one.
    you = "" if state.get("people") else "you"
    if player_id == you:
        how = "You knocked" if knocking else "All your cards are face up"
    else:
        who = capital(names[player_id] if player_id == "you" else subject(player_id, names))
        how = f"{who} knocked" if knocking else f"{who} has every card face up"
    others = [p["id"] for p in state["players"] if p["id"] != player_id]
    if not rules.get("final_turn", True):
        then = "the hole ends"
    elif len(others) > 1:
        then = (
            "everyone else, you too, has one final turn" if you in others else "each of the others has one final turn"
        )
    elif others[0] == you:
        then = "you have one final turn"
    else:
        then = f"{names[others[0]] if others[0] == 'you' else subject(others[0], names)} has one final turn"
    return f"{how}: {then}."


def describe_action(action: dict, state: dict) -> str:
    """A move in words, for the hint: ``"Take the 7 of hearts"``."""
    rules = state["rules"]
    kind = action.get("action", "")
    if kind == "reveal":
        return f"Reveal your card at {position_name(action['position'], rules['rows'], rules['cols'])}"
    if kind == "flip":
        return (
            f"Turn up your card at {position_name(action['position'], rules['rows'], rules['cols'])} instead of drawing"
        )
    if kind == "draw":
        if action.get("source") == "discard" and state["discard"]["top"]:
            return f"Take the {card_label(state['discard']['top'])} from the discard pile"
        return "Draw from the stock"
    if kind == "swap":
        held = (state.get("held") or {}).get("card")
        what = f"the {card_label(held)}" if held else "your card"
        return f"Swap {what} into {position_name(action['position'], rules['rows'], rules['cols'])}"
    return {"reject": "Discard draw", "skip": "Reveal none", "knock": "Knock", "next_hole": "Deal the next hole"}.get(
        kind, "Play on"
    )


def undo_sentence(undone: list[tuple[int, dict]], state: dict) -> str:
    """What an undo took back: ``"Taken back: your swap into top row, column 2, and the
    computer's 2 moves after it."`` (seat 0 is the person; the others' moves are counted,
    since what they drew may not be shown)."""
    if not undone:
        return "Your last move was taken back."
    rules = state["rules"]
    seat, action = undone[0]
    kind = action.get("action", "")
    where = (
        position_name(action["position"], rules["rows"], rules["cols"]) if kind in ("reveal", "swap", "flip") else ""
    )
    mine = {
        "reveal": f"turning up your card at {where}",
        "flip": f"turning up your card at {where}",
        "swap": f"your swap into {where}",
        "draw": "your draw from the stock" if action.get("source") == "stock" else "your take from the discard pile",
        "reject": "throwing away the card you drew",
        "skip": "leaving your cards as they were",
        "knock": "your knock",
        "next_hole": "dealing the next hole",
    }.get(kind, "your last move")
    replies = [s for s, _ in undone[1:] if s != seat]
    if not replies:
        return f"Taken back: {mine}."
    count = f"{len(replies)} move{'s' if len(replies) != 1 else ''}"
    others = sorted(set(replies))
    by_seat = {p.get("seat", index): p for index, p in enumerate(state["players"])}
    if len(others) == 1:
        player = by_seat.get(others[0], {"id": "computer", "name": "Computer"})
        return f"Taken back: {mine}, and {subject(player['id'], player_names(state))}'s {count} after it."
    people = any(by_seat.get(s, {}).get("kind") == "person" for s in others)
    return f"Taken back: {mine}, and the {count} the {'others' if people else 'computers'} made after it."


def hint_sentence(advice: dict, state: dict) -> str:
    """One sentence: ``"Expert would take the 7 of hearts: it pairs your 7 in column 2."``

    The advice's reason usually names the move itself ("Take the 7 of hearts: it pairs
    ..."); otherwise the move is said first, from the action."""
    reason = (advice.get("reason") or "").strip()

    def lower_first(text: str) -> str:
        return text if len(text) > 1 and text[1].isupper() else text[:1].lower() + text[1:]

    if reason and ":" in reason:
        return sentence("Expert would " + lower_first(reason))
    move = lower_first(describe_action(advice.get("action") or {}, state))
    if move.startswith("discard draw"):
        move = "choose Discard draw"
    if not reason:
        return sentence(f"Expert would {move}")
    return sentence(f"Expert would {move}: {lower_first(reason).rstrip('.')}")
