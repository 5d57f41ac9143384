"""Helpers for the Golf engine tests: stacked deals, short ways to play, what a seat may know.

Grids are written as a person reads them, top row then bottom row, with an optional
slash between rows: ``grid("5H KS 2C / 5D 9C JD")``. A stacked deal keeps the deck
whole: the cards a test does not name become the rest of the stock, in a fixed order,
so every card of the deck is still in exactly one place.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from app.golf.actions import parse_log_entry
from app.golf.engine import GolfState
from app.golf.events import Event
from app.golf.layouts import from_deal
from app.golf.phases import Phase
from app.golf.rules import RuleSet

STANDARD = RuleSet()


def grid(text: str) -> list[str]:
    """``"5H KS 2C / 5D 9C JD"`` -> ``["5H", "KS", "2C", "5D", "9C", "JD"]``."""
    return [card for card in text.replace("/", " ").split()]


def deck_of(rules: RuleSet) -> list[str]:
    return rules.deck()


def rest_of_deck(rules: RuleSet, used: Iterable[str]) -> list[str]:
    """The deck without ``used`` (each named card once), in the deck's fixed order."""
    left = Counter(deck_of(rules))
    for card in used:
        if left[card] <= 0:
            raise ValueError(f"the deck has no more {card} to deal")
        left[card] -= 1
    rest = []
    for card in deck_of(rules):
        if left[card] > 0:
            left[card] -= 1
            rest.append(card)
    return rest


def deal(
    rules: RuleSet,
    grids: list[str] | list[list[str]],
    discard: str | list[str] | None = None,
    stock: str | list[str] = (),
    *,
    hole: int = 1,
    seed: int = 0,
    whole_deck: bool = True,
) -> GolfState:
    """A hole dealt from chosen cards through :func:`app.golf.layouts.from_deal`.

    ``grids`` are strings for :func:`grid` or lists of codes; ``discard`` is bottom to
    top (by default the first card of the deck not in a grid); ``stock`` is the next
    cards to be drawn, first first. With ``whole_deck`` the rest of the deck follows as
    the bottom of the stock."""
    grids = [grid(g) if isinstance(g, str) else list(g) for g in grids]
    if discard is None:
        discard = rest_of_deck(rules, [c for g in grids for c in g])[:1]
    discard = grid(discard) if isinstance(discard, str) else list(discard)
    stock = grid(stock) if isinstance(stock, str) else list(stock)
    if whole_deck:
        stock = stock + rest_of_deck(rules, [c for g in grids for c in g] + discard + stock)
    return from_deal(rules, grids, discard, stock, seed=seed, hole=hole)


# Everything about the hole in play; the rest (rules, seed, hole number, scores, log)
# belongs to the match.
HOLE_SLOTS = tuple(name for name in GolfState.__slots__ if name not in ("rules", "seed", "hole", "hole_scores", "log"))


def deal_next_hole(
    state: GolfState, grids, discard: str | list[str] | None = None, stock: str | list[str] = ()
) -> list[Event]:
    """Deal the next hole through the engine (``NextHole``), then lay chosen cards out
    in place of the shuffled ones, exactly as :func:`deal` lays out a first hole."""
    assert state.phase is Phase.HOLE_OVER, state.phase
    events = state.apply(0, parse_log_entry("0n")[1])
    layout = deal(state.rules, grids, discard, stock, hole=state.hole, seed=state.seed)
    for name in HOLE_SLOTS:
        setattr(state, name, getattr(layout, name))
    return events


def play(state: GolfState, *entries: str) -> list[Event]:
    """Apply log entries such as ``"0ds"`` (seat 0 draws from the stock), ``"1s4"``
    (seat 1 swaps into position 4), ``"0x"`` (reject), ``"0r2"`` (reveal 2); the events
    of all of them, in order."""
    events: list[Event] = []
    for entry in entries:
        seat, action = parse_log_entry(entry)
        events += state.apply(seat, action)
    return events


def open_hole(state: GolfState, reveals: dict[int, Iterable[int]] | None = None) -> list[Event]:
    """Every seat makes its opening reveals: the given positions, else its first face-down ones."""
    events: list[Event] = []
    reveals = reveals or {}
    for seat in range(state.rules.players):
        chosen = list(reveals.get(seat, range(state.rules.opening_reveals)))
        for position in chosen:
            events += play(state, f"{seat}r{position}")
    assert state.phase is not Phase.OPENING
    return events


def face_down(state: GolfState, seat: int) -> list[int]:
    return [p for p, up in enumerate(state.face_up[seat]) if not up]


def play_out_hole(state: GolfState) -> list[Event]:
    """Play the hole to its end without changing any grid: every turn draws from the
    stock and throws the card away, then reveals the first face-down card (or knocks
    under knocking rules), so each grid scores as it was dealt."""
    events: list[Event] = []
    if state.phase is Phase.OPENING:
        events += open_hole(state)
    while state.phase not in (Phase.HOLE_OVER, Phase.MATCH_OVER):
        (seat,) = state.to_act()
        legal = [a.code for a in state.legal_actions(seat)]
        if state.phase is Phase.DRAW:
            entry = "k" if "k" in legal else "ds"
        elif state.phase is Phase.PLACE:
            entry = "x"
        else:  # FLIP
            entry = f"r{face_down(state, seat)[0]}"
        events += play(state, f"{seat}{entry}")
    return events


def cards_in_play(state: GolfState) -> Counter:
    """Every card of the hole wherever it lies: grids, stock, discard pile, held."""
    cards = Counter(card for g in state.grids for card in g)
    cards.update(state.stock)
    cards.update(state.discard)
    if state.held is not None:
        cards[state.held] += 1
    return cards


def known_to(state: GolfState, seat: int) -> set[str]:
    """The cards ``seat`` may know about: every face-up card, the whole discard pile,
    its own held card, a card any seat took from the discard pile, its own peeked cards
    while the peek lasts (until its first turn of the hole)."""
    known = {card for g, up in zip(state.grids, state.face_up) for card, u in zip(g, up) if u}
    known.update(state.discard)
    if state.held is not None and (state.turn == seat or state.held_source == "discard"):
        known.add(state.held)
    if state.turns[seat] == 0:
        known.update(state.grids[seat][p] for p in state.peeked[seat] if not state.face_up[seat][p])
    return known


def hidden_slots(state: GolfState, seat: int) -> list[tuple[str, int, int]]:
    """Where the cards ``seat`` may not know lie: ("grid", owner, position),
    ("stock", 0, index) and ("held", 0, 0) for another seat's stock card."""
    peeking = state.turns[seat] == 0
    slots = []
    for owner, up in enumerate(state.face_up):
        for position, u in enumerate(up):
            if not u and not (owner == seat and peeking and position in state.peeked[seat]):
                slots.append(("grid", owner, position))
    slots += [("stock", 0, i) for i in range(len(state.stock))]
    if state.held is not None and state.turn != seat and state.held_source == "stock":
        slots.append(("held", 0, 0))
    return slots


def with_hidden_cards_moved(state: GolfState, seat: int, rng) -> GolfState:
    """A copy of ``state`` in which the cards ``seat`` cannot know are shuffled among
    their places: the same match for that seat, a different one underneath."""
    other = state.clone()
    slots = hidden_slots(state, seat)

    def get(s, slot):
        kind, a, b = slot
        return s.grids[a][b] if kind == "grid" else s.stock[b] if kind == "stock" else s.held

    def put(s, slot, card):
        kind, a, b = slot
        if kind == "grid":
            s.grids[a][b] = card
        elif kind == "stock":
            s.stock[b] = card
        else:
            s.held = card

    cards = [get(state, slot) for slot in slots]
    rng.shuffle(cards)
    for slot, card in zip(slots, cards):
        put(other, slot, card)
    return other


def play_match_of_deals(rules: RuleSet, deals: list[list[str]], seed: int = 0) -> GolfState:
    """A whole match whose every hole is dealt the given grids (one list per hole) and
    played out by :func:`play_out_hole`, so each hole scores its grids as dealt."""
    assert len(deals) == rules.holes
    state = deal(rules, deals[0], seed=seed)
    play_out_hole(state)
    for grids in deals[1:]:
        deal_next_hole(state, grids)
        play_out_hole(state)
    return state
