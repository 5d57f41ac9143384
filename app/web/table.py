"""The Golf table as the page draws it: what each card is called, what is asked of the
person now, and the computer's moves told in sentences.

Everything here reads the match state of one seat (``app.golf.view.view``, as the
service describes it), so a face-down card's rank can never reach the page: the state
does not hold it. The functions are plain and pure, for the templates and their tests.

>>> position_name(4, rows=2, cols=3)
'bottom row, column 2'
>>> card_label("TH"), card_label("X1")
('10 of hearts', 'joker')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.cards import SUIT_SYMBOLS, card_name

ROW_NAMES = {2: ("top", "bottom"), 3: ("top", "middle", "bottom")}
RANK_SHOWN = {"T": "10", "X": "\u2605"}  # what the corner of a card shows
LEVEL_NAMES = {"easy": "Easy", "medium": "Medium", "hard": "Hard", "expert": "Expert"}
SPEEDS = {"slow": 1600, "normal": 900, "fast": 350, "instant": 0}  # milliseconds per computer step
DEFAULT_SPEED = "normal"


def card_label(card: str) -> str:
    return card_name(card)


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


def join_words(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


# --------------------------------------------------------------------------- cards


@dataclass
class Card:
    """One card as drawn: face (rank and suit shown) or back, and its accessible name."""

    label: str                  # the accessible name
    card: str | None = None     # the code when face up, else None
    peeked: str | None = None   # four-card rules: the owner's own face-down card it looked at
    action: str | None = None   # the page route it submits to when it is a button
    param: str | None = None    # the form field the button sends ...
    value: str | int | None = None  # ... and its value
    matched: bool = False
    last_move: bool = False
    classes: list[str] = field(default_factory=list)

    @property
    def rank(self) -> str:
        return RANK_SHOWN.get(self.card[0], self.card[0]) if self.card else ""

    @property
    def suit(self) -> str:
        if not self.card:
            return ""
        return "\u2605" if self.card[0] == "X" else SUIT_SYMBOLS[self.card[1]]

    @property
    def peek_text(self) -> str:
        """The corner of a card its owner looked at: ``"5♠"``."""
        if not self.peeked:
            return ""
        rank = RANK_SHOWN.get(self.peeked[0], self.peeked[0])
        return rank if self.peeked[0] == "X" else rank + SUIT_SYMBOLS[self.peeked[1]]

    @property
    def css(self) -> str:
        classes = ["card"]
        if self.card:
            classes.append("up")
            if self.card[0] == "X":
                classes.append("joker")
            else:
                classes.append("red" if self.card[1] in "HD" else "black")
                classes.append(f"suit-{self.card[1].lower()}")
        else:
            classes.append("down")
        if self.matched:
            classes.append("matched")
        if self.last_move:
            classes.append("last-move")
        return " ".join(classes + self.classes)


def grid_cards(state: dict, index: int, live: bool, touched: set[int] = frozenset()) -> list[Card]:
    """The cards of ``players[index]``, each named by owner, place and face; the person's
    cards are buttons where an action of theirs takes that position."""
    rules = state["rules"]
    rows, cols = rules["rows"], rules["cols"]
    player = state["players"][index]
    matched = {p for line in player.get("matched", []) for p in line}
    mine = player["id"] == "you"
    reveal, swap = set(), set()
    if mine and live:
        for action in state.get("legal", []):
            if action["action"] == "reveal":
                reveal.add(action["position"])
            elif action["action"] == "swap":
                swap.add(action["position"])
    cards = []
    for position, cell in enumerate(player["grid"]):
        where = position_name(position, rows, cols)
        face = card_label(cell["card"]) if cell["face_up"] and cell["card"] else "face down"
        label = f"{owner_name(player)} card, {where}, {face}"
        peeked = cell.get("peeked") if mine else None
        if peeked:
            label += f" (you looked: {card_label(peeked)})"
        if position in matched:
            label += ", paired"
        card = Card(label=label, card=cell["card"] if cell["face_up"] else None, peeked=peeked,
                    matched=position in matched, last_move=position in touched)
        if position in swap:
            card.action, card.param, card.value = "swap", "position", position
        elif position in reveal:
            card.action, card.param, card.value = "reveal", "position", position
        cards.append(card)
    return cards


# --------------------------------------------------------------------------- the table


def legal_kinds(state: dict) -> dict[str, dict]:
    """The person's legal actions by kind (``"draw-stock"``, ``"reject"``, ...)."""
    kinds = {}
    for action in state.get("legal", []):
        kind = action["action"]
        if kind == "draw":
            kind = f"draw-{action['source']}"
        kinds.setdefault(kind, action)
    return kinds


def player_names(state: dict) -> dict[str, str]:
    return {p["id"]: p["name"] for p in state["players"]}


def hole_result_sentence(state: dict, hole: int | None = None, scores: dict | None = None) -> str:
    """``"Hole 3 is over: you scored 5, the computer 12"``."""
    hole = hole or state["hole"]
    if scores is None:
        scores = {p["id"]: p["hole_score"] for p in state["players"]}
    names = player_names(state)
    parts = []
    for player_id, score in scores.items():
        if player_id == "you":
            parts.append(f"you scored {score}")
        else:
            parts.append(f"{subject(player_id, names)} {score}")
    return f"Hole {hole} is over: " + ", ".join(parts)


def match_result_sentence(state: dict) -> str:
    totals = state["totals"]
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
        return hole_result_sentence(state) + ". Press Next hole to deal the next one."
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
            return "Choose a face-down card to reveal, or Reveal none"
        return "Choose a face-down card to reveal"
    turn = state.get("turn")
    if turn and turn != "you":
        return f"{capital(subject(turn, names))} is playing"
    return "The others are choosing their cards"


# --------------------------------------------------------------------------- narration


def narrate(events: list[dict], state: dict) -> list[tuple[str, int]]:
    """The events told as sentences, each with the index of the event that completes it.

    A draw and the swap or throw that follows it make one sentence ("The computer took
    the 7 of hearts and swapped it into top row, column 2, discarding the king of
    spades"); the person's own moves are not told back to them."""
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
            sentences.append((f"{who} swapped the {card_label(event['card'])} into {where(event['position'])}, "
                              f"discarding the {card_label(event['discarded'])}.", index))
        elif kind == "reject":
            sentences.append((f"{who} threw away the {card_label(event['card'])}.", index))
        elif kind == "reveal":
            if player == "you":
                continue
            sentences.append((f"{who} revealed the {card_label(event['card'])} at {where(event['position'])}.", index))
        elif kind == "skip":
            sentences.append((f"{who} revealed no card.", index))
        elif kind == "knock":
            sentences.append((f"{who} knocked.", index))
        elif kind == "closing":
            if player == "you":
                others = "the others take" if len(state["players"]) > 2 else "the computer takes"
                sentences.append((f"All your cards are face up: {others} a final turn.", index))
            else:
                done = "knocked" if rules.get("ending") == "knock" else "has every card face up"
                final = "you have one final turn" if rules.get("final_turn", True) else "the hole ends"
                sentences.append((f"{who} {done}: {final}.", index))
        elif kind == "reshuffle":
            sentences.append((f"The discards were shuffled into a new stock of {event['stock_count']} cards.", index))
        elif kind == "hole_scored":
            sentences.append((hole_result_sentence(state, event.get("hole"), event.get("scores")) + ".", index))
        elif kind == "deal":
            sentences.append((f"Hole {event['hole']} is dealt.", index))
    flush_draw(len(events) - 1)
    return sentences


def touched_positions(events: list[dict], player_id: str) -> set[int]:
    """The positions of ``player_id``'s grid that these events changed."""
    return {e["position"] for e in events
            if e.get("player") == player_id and e.get("action") in ("swap", "reveal") and "position" in e}


def describe_action(action: dict, state: dict) -> str:
    """A move in words, for the hint: ``"Take the 7 of hearts"``."""
    rules = state["rules"]
    kind = action.get("action")
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
    return {"reject": "Discard draw", "skip": "Reveal none", "knock": "Knock",
            "next_hole": "Deal the next hole"}.get(kind, "Play on")


def clock_text(seconds: int) -> str:
    """``"5:07"``, or ``"1:02:03"`` past the hour."""
    hours, rest = divmod(max(int(seconds), 0), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


# --------------------------------------------------------------------------- the board


def seat(state: dict, index: int, live: bool, touched: set[int]) -> dict:
    player = state["players"][index]
    rules = state["rules"]
    return {
        "id": player["id"],
        "name": player["name"],
        "cards": grid_cards(state, index, live, touched),
        "rows": rules["rows"],
        "cols": rules["cols"],
        "showing": player.get("showing"),
        "hole_score": player.get("hole_score"),
        "holding": player.get("holding", False),
        "final_turn": player.get("final_turn_pending", False),
        "closed": state.get("closed_by") == player["id"] and state["phase"] not in ("hole_over", "match_over"),
        "to_play": state.get("turn") == player["id"],
        "matched": len(player.get("matched", [])),
    }


def board(state: dict, live: bool = True, events: list[dict] = ()) -> dict:
    """Everything the board template draws for one state. ``live``: the person may act
    (their legal moves become buttons); frames of the computer's turn are not live."""
    kinds = legal_kinds(state) if live else {}
    touched = {p["id"]: touched_positions(list(events), p["id"]) for p in state["players"]}
    seats = [seat(state, i, live, touched[p["id"]]) for i, p in enumerate(state["players"])]

    count = state["stock_count"]
    stock = Card(label=f"Stock, {count} card{'s' if count != 1 else ''}" if count else
                 "Stock, empty: drawing shuffles the discards into a new stock")
    stock.classes.append("stock")
    if "draw-stock" in kinds:
        stock.action, stock.param, stock.value = "draw", "source", "stock"

    top = state["discard"]["top"]
    discard = Card(label=f"Discard pile, {card_label(top)}" if top else "Discard pile, empty", card=top)
    discard.classes.append("pile")
    if not top:
        discard.classes.append("empty")
    if "draw-discard" in kinds:
        discard.action, discard.param, discard.value = "draw", "source", "discard"

    held = None
    held_by = None
    if state.get("held"):
        held = Card(label=f"Your drawn card, {card_label(state['held']['card'])}", card=state["held"]["card"])
        held_by = "you"
    else:
        for player in state["players"][1:]:
            if player.get("holding"):
                held = Card(label=f"{owner_name(player)} drawn card, face down")
                held_by = player["id"]
                break

    return {
        "opponents": seats[1:],
        "me": seats[0],
        "stock": stock,
        "discard": discard,
        "stock_count": count,
        "discard_count": state["discard"]["count"],
        "discards": [card_label(c) for c in state["discard"]["cards"]],
        "held": held,
        "held_by": held_by,
        "reject": "reject" in kinds,
        "skip": "skip" in kinds,
        "knock": "knock" in kinds,
        "next_hole": "next_hole" in kinds,
        "phase": state["phase"],
        "many": len(seats) > 2,
    }
