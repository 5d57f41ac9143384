"""The Golf table's board as the page draws it: every card with its accessible name,
the person's legal moves as buttons, the piles in the middle.

Like the names it gives its cards (``app.web.golf.names``), it reads only the match
state of one seat, so a face-down card's rank can never reach the page. Its cards are
:class:`app.web.drawn_card.Card`, as the solitaire page's are.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from app.golf.rules import RuleSet, rules_read_again
from app.golf.score_explained import explain_grid
from app.golf.scoring import four_of_a_kind_places, line_value, matched_points, points_text
from app.recent import Recent
from app.web.drawn_card import Card
from app.web.golf.grid_cards import grid_cards, suggest, touched_positions
from app.web.golf.names import card_label, legal_kinds, owner_name


def board_cards(board: dict) -> list[Card]:
    """Every card a board shows: the piles, the drawn card and every seat's grid."""
    piles = [board["stock"], board["discard"], board["held"]]
    return [card for card in piles if card is not None] + [
        card for seat in [board["me"], *board["opponents"]] for card in seat["cards"]
    ]


# --------------------------------------------------------------------------- the board


def tally(player: dict, rules: RuleSet) -> list[dict]:
    """A scored grid added up line by line, as the hole's end shows it: each line's
    positions and the running total after it; a last step for any going-out penalty,
    so that the last total is the hole score.

    >>> steps = tally({"grid": [{"card": c, "face_up": True} for c in ("5H", "KS", "2D", "5C", "9D", "JH")],
    ...                "hole_score": 17}, RuleSet())
    >>> [(step["positions"], step["total"]) for step in steps]
    [([0, 3], 0), ([1, 4], 9), ([2, 5], 17)]
    """
    cards = [cell["card"] for cell in player["grid"]]
    if player.get("hole_score") is None or not all(cards):
        return []
    steps, total = [], 0
    for line in explain_grid(cards, rules)["lines"]:
        total += line["points"]
        steps.append({"positions": list(line["positions"]), "total": total})
    if total != player["hole_score"]:  # the going-out penalty, on the whole grid
        steps.append({"positions": list(range(len(cards))), "total": player["hole_score"]})
    return steps


def seat_key(player: dict, by_seat: bool) -> str:
    """How the page names a player's grid and its cards' places: by the view's id
    (``"you"``, ``"computer-2"``), or, ``by_seat`` (a table of people), the others by
    their seat (``"seat-2"``), so that a grid as the others see it is drawn alike for
    all of them (app/web/parts.py).

    >>> seat_key({"id": "computer-1", "seat": 3}, True), seat_key({"id": "you", "seat": 2}, True)
    ('seat-3', 'you')
    """
    if by_seat and player["id"] != "you" and "seat" in player:
        return f"seat-{player['seat']}"
    return player["id"]


def seat(state: dict, index: int, live: bool, touched: set[int], hinted: str = "", by_seat: bool = False) -> dict:
    player = state["players"][index]
    rules = state["rules"]
    cards = grid_cards(state, index, live, touched, hinted)
    return {
        "id": player["id"],
        "key": seat_key(player, by_seat),
        "name": player["name"],
        "cards": cards,
        # A computer seat (at a table of people, a seat's kind says; alone, every other seat is one).
        "computer": player["id"] != "you" and player.get("kind", "computer") == "computer",
        # "pair!" celebrates a pair made in play; once the hole is over its tally counts
        # the pairs, alike on the page that saw the last move and on one opened afresh.
        "pair_made": state["phase"] not in ("hole_over", "match_over")
        and any(card.matched and card.last_move for card in cards),
        "rows": rules["rows"],
        "cols": rules["cols"],
        "showing": player.get("showing"),
        "hole_score": player.get("hole_score"),
        "holding": player.get("holding", False),
        "final_turn": player.get("final_turn_pending", False),
        "closed": state.get("closed_by") == player["id"],  # marked to the hole's end: who went out
        "to_play": state.get("turn") == player["id"],
        "matched": len(player.get("matched", [])),
        "connected": player.get("connected"),  # at a table of people: whether that person is here
        # Pass and play: the person holding the device is named on their own grid, so that
        # whoever picks it up sees at once whose cards these are (by name alone at the
        # hole's end, which everyone looks at together).
        "own_name": (player["name"] + ("" if state["phase"] in ("hole_over", "match_over") else " (you)"))
        if state.get("people") and player["id"] == "you"
        else None,
    }


# How many of the others sit on the left, across and on the right, for 1 to 7 others:
# round the table in seat order, from your left (bottom to top), across, then down the right.
SIDES = {1: (0, 1, 0), 2: (0, 2, 0), 3: (0, 3, 0), 4: (1, 2, 1), 5: (1, 3, 1), 6: (2, 2, 2), 7: (2, 3, 2)}


def places(others: int) -> list[str]:
    """Where each of the others sits: ``"left"``, ``"top"`` or ``"right"``, in seat order.

    >>> places(5)
    ['left', 'top', 'top', 'top', 'right']
    """
    left, top, right = SIDES.get(others, (0, others, 0))
    return ["left"] * left + ["top"] * top + ["right"] * right


def moving_names(state: dict, events: list[dict], keys: dict[str, str] | None = None) -> dict[str, str]:
    """For the cards the last move carried from one place to another, the place each
    comes from: a view transition then draws it moving from there (the table it comes
    from names each card by its place). A card's name is its place (``"you-4"``,
    ``"stock"``, ``"discard"``, ``"held"``) unless it moved: the card drawn from the
    stock is named ``"stock"`` in its new place, and the stock under it ``"stock-next"``,
    and so on. Only the last move counts (each step of a turn is a table of its own).
    ``keys``: how the page names each player's places (:func:`seat_key`), by the view's id.

    >>> moving_names({"players": []}, [{"player": "you", "action": "swap", "position": 4}])
    {'you-4': 'held', 'discard': 'you-4'}
    """
    moves = [e for e in events if e.get("action") in ("draw", "swap", "reject")]
    if not moves:
        return {}
    last = moves[-1]
    kind = last["action"]
    owner = (keys or {}).get(last.get("player", ""), last.get("player"))
    if kind == "draw" and (state.get("held") or any(p.get("holding") for p in state["players"])):
        return {"held": last["source"], last["source"]: f"{last['source']}-next"}
    if kind == "swap":
        return {f"{owner}-{last['position']}": "held", "discard": f"{owner}-{last['position']}"}
    if kind == "reject":
        return {"discard": "held"}
    return {}


def _finish(
    seat_: dict, player: dict, moved: dict, flipped: set[int], base: str, rules: RuleSet, settled: bool
) -> None:
    """A seat's cards named for the view transitions, marked flipped (or, ``settled``,
    as where they lie), worth their points, and their matched lines marked."""
    for position, card in enumerate(seat_["cards"]):
        card.place = f"{seat_['key']}-{position}"
        card.vt = moved.get(card.place, card.place)
        card.base = base
        if card.card:
            card.points = rules.points_of(card.card)
        if settled:
            card.classes.append("settled")
        elif position in flipped:
            card.classes.append("flipped")
    if settled:
        seat_["pair_made"] = False  # celebrated in the step that made it
    for line in player.get("matched", []):
        first = seat_["cards"][line[0]].card
        if first is None:  # lines match among face-up cards only
            continue
        for position in line:
            drawn = seat_["cards"][position]
            drawn.line_points = line_value(first[0], rules)
            drawn.line_name = "pair" if len(line) == 2 else "line"
    # Marked with what the match's rules make of them: a four of a kind scores its
    # bonus for the four cards, not each pair its own value.
    shown = [card.card for card in seat_["cards"]]  # face down: None, counting for nothing
    for group in four_of_a_kind_places(shown, rules):
        for position in group:
            seat_["cards"][position].line_points = rules.four_of_a_kind
            seat_["cards"][position].line_name = "four of a kind"
    seat_["matched_points"] = points_text(matched_points(shown, rules))  # beside the score: "(=−8)"


# The others' grids at a table of people, each made once for every page that shows it so:
# a grid as the others see it, by table, version, seat, connection and what the last move
# marked on it.
SEATS_KEPT = 4096  # eight seats of some 500 tables' latest versions
_shared_seats = Recent(SEATS_KEPT)


def _kept_seat(key: tuple, make: Callable[[], dict]) -> dict:
    found: dict | None = _shared_seats.get(key)
    if found is None:
        found = make()
        _shared_seats.put(key, found)
    return found


def board(
    state: dict,
    live: bool = True,
    events: Sequence[dict] = (),
    base: str = "/play",
    hinted: str = "",
    moves: list[dict] | None = None,
    by_seat: bool = False,
    settled: bool = False,
    shared: tuple | None = None,
) -> dict:
    """Everything the board template draws for one state. ``live``: the person may act
    (their legal moves become buttons); frames of the computer's turn are not live.
    ``events``: what happened, marked on the cards it changed. ``moves``: the events
    whose last move the cards are drawn as making, when not ``events`` (which leave the
    person's own move out). ``base``: where the moves are posted (a table of people has
    its own address). ``hinted``: the hint's move (:func:`app.web.golf.grid_cards.hint_target`), marked on its
    card or button. ``by_seat``: the others' grids are named by their seats
    (:func:`seat_key`), at a table of people. ``settled``: steps were shown before this
    board, which shows where everything is without playing any of it again.

    ``shared``: the table and its version (a table of people's live board), by which the
    others' grids, alike for every page of the table but their own seat's, are made once
    (and are not to be changed afterwards: they are every page's)."""
    kinds = legal_kinds(state) if live else {}
    players = state["players"]
    touched = {p["id"]: touched_positions(list(events), p["id"]) for p in players}
    hinted = hinted if live else ""
    keys = {p["id"]: seat_key(p, by_seat) for p in players}
    # Names for the view transitions: every card by its place, the moved ones by where they came from.
    moved = moving_names(state, list(events if moves is None else moves), keys)
    flipped: set[tuple[str, int]] = {(e["player"], e["position"]) for e in events if e.get("action") == "reveal"}
    rules = rules_read_again(state["rules"])
    over = state["phase"] in ("hole_over", "match_over")

    def made(index: int) -> dict:
        player = players[index]
        seat_ = seat(state, index, live, touched[player["id"]], hinted if index == 0 else "", by_seat)
        _finish(seat_, player, moved, {p for who, p in flipped if who == player["id"]}, base, rules, settled)
        if over:
            seat_["tally"] = tally(player, rules)
        return seat_

    def made_shared(index: int) -> dict:
        return {**made(index), "shared": True}  # drawn once for all its pages (app.web.templating's seat_drawn)

    seats = []
    for index, player in enumerate(players):
        key = keys[player["id"]]
        if shared is None or player["id"] == "you" or not key.startswith("seat-"):
            seats.append(made(index))
            continue
        marks = (
            tuple(sorted(touched[player["id"]])),
            tuple(sorted(p for who, p in flipped if who == player["id"])),
            tuple(sorted((place, name) for place, name in moved.items() if place.startswith(f"{key}-"))),
        )
        memo = (*shared, key, player.get("name"), player.get("connected"), marks, settled, base)
        seats.append(_kept_seat(memo, partial(made_shared, index)))

    count = state["stock_count"]
    stock = Card(
        label=f"Stock, {count} card{'s' if count != 1 else ''}"
        if count
        else "Stock, empty: drawing shuffles the discards into a new stock"
    )
    stock.classes.append("stock")
    if "draw-stock" in kinds:
        stock.action, stock.param, stock.value = "draw", "source", "stock"
    suggest(stock, hinted)

    top = state["discard"]["top"]
    discard = Card(label=f"Discard pile, {card_label(top)}" if top else "Discard pile, empty", card=top)
    discard.classes.append("pile")
    if not top:
        discard.classes.append("empty")
    if "draw-discard" in kinds:
        discard.action, discard.param, discard.value = "draw", "source", "discard"
    suggest(discard, hinted)

    held = None
    held_by = None
    if state.get("held"):
        held = Card(
            label=f"Your drawn card, {card_label(state['held']['card'])}", card=state["held"]["card"], focusable=True
        )
        held_by = "you"
    else:
        for player in players:
            if player.get("holding") and player["id"] != "you":
                held = Card(label=f"{owner_name(player)} drawn card, face down")
                held_by = player["id"]
                break

    opponents = seats[1:]
    sides = places(len(opponents))
    for place, card in (("stock", stock), ("discard", discard), ("held", held)):
        if card is not None:
            card.place, card.vt = place, moved.get(place, place)
    stock.base = discard.base = base
    if any(e.get("action") == "reshuffle" for e in events):
        stock.classes.append("reshuffled")
    if settled:
        for card in (stock, discard, held):
            if card is not None:
                card.classes.append("settled")
    for card in (discard, held):
        if card is not None and card.card:
            card.points = rules.points_of(card.card)
    middle = {
        "base": base,
        "closing": bool(state.get("closing")) and state["phase"] not in ("hole_over", "match_over"),
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
        "hinted": hinted if hinted in ("reject", "skip", "knock") else "",
    }
    return {
        "watching": state["players"][0]["id"] != "you",  # a spectator: the first seat is not theirs
        "opponents": opponents,
        # The others by where they sit, round the table: (side, seats) for each side taken.
        "rings": [
            (side, ring)
            for side in ("left", "top", "right")
            if (ring := [s for s, at in zip(opponents, sides) if at == side])
        ],
        "me": seats[0],
        **middle,
        "phase": state["phase"],
        "many": len(seats) > 2,
        "dealt": not settled and any(e.get("action") == "deal" for e in events),
        # The middle of the table, what its part is drawn from (the piles, the moves, the discards).
        "middle": middle,
    }
