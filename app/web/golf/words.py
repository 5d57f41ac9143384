"""The Golf table in words: what each card and place is called, what is asked of the
person now, and the computer's moves told in sentences.

Everything here reads the match state of one seat (``app.golf.view.view``, as the
service describes it), so a face-down card's rank can never reach the page: the state
does not hold it. The functions are plain and pure, for the templates and their tests.
The board the templates draw (``app.web.golf.board``) names its cards with these words.

>>> position_name(4, rows=2, cols=3)
'bottom row, column 2'
>>> card_label("TH"), card_label("X1")
('10 of hearts', 'joker')
"""

from __future__ import annotations

from functools import lru_cache

from app.cards import card_name
from app.players import LEVELS
from app.web.common import sentence

ROW_NAMES = {2: ("top", "bottom"), 3: ("top", "middle", "bottom")}
LEVEL_NAMES = {level: level.capitalize() for level in LEVELS}


def card_label(card: str) -> str:
    return card_name(card)


@lru_cache(maxsize=1024)  # a few dozen places in all: each card of every board is named by one
def position_name(position: int, rows: int, cols: int) -> str:
    """``"top row, column 2"``: rows by name, columns counted from 1 on the left."""
    row, col = divmod(position, cols)
    names = ROW_NAMES.get(rows) or tuple(f"row {r + 1}" for r in range(rows))
    return f"{names[row]} row, column {col + 1}"


def owner_name(player: dict) -> str:
    """``"Your"``, ``"Computer's"``, ``"Computer 2's"``."""
    return "Your" if player["id"] == "you" else f"{player['name']}'s"


def subject(player_id: str, names: dict[str, str]) -> str:
    """How a sentence names a player: ``"you"``, ``"the computer"``, ``"Computer 2"``."""
    if player_id == "you":
        return "you"
    name = names.get(player_id, "the computer")
    return "the computer" if name == "Computer" else name


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# --------------------------------------------------------------------------- the state


def legal_kinds(state: dict) -> dict[str, dict]:
    """The person's legal actions by kind (``"draw-stock"``, ``"reject"``, ...)."""
    kinds: dict[str, dict] = {}
    for action in state.get("legal", []):
        kind = action["action"]
        if kind == "draw":
            kind = f"draw-{action['source']}"
        kinds.setdefault(kind, action)
    return kinds


def player_names(state: dict) -> dict[str, str]:
    return {p["id"]: p["name"] for p in state["players"]}


# --------------------------------------------------------------------------- results and prompts


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
    if "you" not in totals:
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
        return match_result_sentence(state) + ". Start a new game or restart the match."
    if paused:
        if returning:
            return "Welcome back: your match is paused. Press Play to continue."
        return "Paused: the clock is stopped. Press Resume to continue."
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


# --------------------------------------------------------------------------- narration


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
    if kind == "draw":
        held = (state.get("held") or {}).get("card")
        if not held:
            return ""
        if action.get("source") == "discard":
            return f"You took the {card_label(held)} from the discard pile."
        return f"You drew the {card_label(held)}."
    if kind in ("reveal", "swap") and isinstance(action.get("position"), int):
        cell = me["grid"][action["position"]]
        if not cell.get("card"):
            return ""
        where = position_name(action["position"], rules["rows"], rules["cols"])
        if kind == "reveal":
            return f"You turned up the {card_label(cell['card'])} at {where}."
        return f"You put the {card_label(cell['card'])} at {where}."
    return ""


def closing_sentence(player_id: str, state: dict) -> str:
    """How the hole came to close, and what follows, in one sentence: ``"The computer
    knocked: you have one final turn."``. The rules say how it closed (a knock, or a
    grid all face up) and whether the others still play."""
    rules = state["rules"]
    names = player_names(state)
    knocking = rules.get("ending") == "knock"
    if player_id == "you":
        how = "You knocked" if knocking else "All your cards are face up"
    else:
        who = capital(subject(player_id, names))
        how = f"{who} knocked" if knocking else f"{who} has every card face up"
    others = [p["id"] for p in state["players"] if p["id"] != player_id]
    if not rules.get("final_turn", True):
        then = "the hole ends"
    elif len(others) > 1:
        then = (
            "everyone else, you too, has one final turn" if "you" in others else "each of the others has one final turn"
        )
    else:
        then = f"{subject(others[0], names)} {'have' if others[0] == 'you' else 'has'} one final turn"
    return f"{how}: {then}."


def describe_action(action: dict, state: dict) -> str:
    """A move in words, for the hint: ``"Take the 7 of hearts"``."""
    rules = state["rules"]
    kind = action.get("action", "")
    if kind == "reveal":
        return f"Reveal your card at {position_name(action['position'], rules['rows'], rules['cols'])}"
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
    where = position_name(action["position"], rules["rows"], rules["cols"]) if kind in ("reveal", "swap") else ""
    mine = {
        "reveal": f"turning up your card at {where}",
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


# --------------------------------------------------------------------------- the turn timer


def timer_urgent_sentence(seconds: int) -> str:
    """Said once when your turn timer reaches its last seconds.

    >>> timer_urgent_sentence(10)
    '10 seconds left: move now, or a computer player moves for you.'
    """
    return f"{seconds} seconds left: move now, or a computer player moves for you."


# --------------------------------------------------------------------------- refusals


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
    if watching:
        return {
            key: "You are watching this table: only the players at it make moves."
            for key in ("stock", "discard", "mine-up", "mine-down", "other")
        }
    kinds = legal_kinds(state)
    names = player_names(state)
    phase = state["phase"]
    said: dict[str, str] = {"playing": "The others’ moves are still being shown: press Esc to skip to your turn."}
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
    if phase == "match_over":
        over = "The match is over: start a new game or restart the match."
        return {**said, **{key: over for key in ("stock", "discard", "mine-up", "mine-down", "x", "r", "k", "n")}}
    if phase == "hole_over":
        if "next_hole" in kinds:
            over = f"Hole {state['hole']} is over: press Next hole to deal the next one."
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
