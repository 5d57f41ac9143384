"""Dealing a hole and reshuffling its discards, from generators seeded by the match.

Every shuffle of a match draws from its own generator, named by the match seed, the
hole and the reshuffle count (:func:`deal_rng`): replaying a log always deals the same
cards, Restart repeats the same deals, and Undo is a replay of a shorter log. Its own
module so that the one source of chance in a match, and the fresh start of every field
a hole has, read in one place apart from the moves (:mod:`app.golf.engine`); it knows a
match's state only by the :class:`Hole` protocol, the fields a deal sets.

>>> deal_rng(7, hole=2, reshuffle=0).random() == deal_rng(7, hole=2, reshuffle=0).random()
True
"""

from __future__ import annotations

import random
from typing import Protocol

from app.golf.events import Event, EventKind
from app.golf.phases import Phase, Turns, start_play


class Hole(Turns, Protocol):
    """What a deal sets of a match's state (:class:`app.golf.engine.GolfState`): every
    field of the hole in play, all of them afresh, and what the first turn reads."""

    seed: int
    peeked: list[set[int]]
    opening_left: list[int]
    stock: list[str]
    discard: list[str]
    held: str | None
    held_source: str | None
    reshuffles: int
    turns: list[int]


def deal_rng(seed: int, hole: int, reshuffle: int) -> random.Random:
    """The generator for one shuffle: the deal of a hole is reshuffle 0."""
    return random.Random(f"golf:{seed}:{hole}:{reshuffle}")


def deal_hole(state: Hole, hole: int, deck: list[str] | None = None) -> None:
    """Deal ``hole``: shuffle the deck(s), six (or so) cards each, one discard, the rest
    stock; then the opening reveals, or the first turn when the rules ask for none.

    ``deck`` stacks the cards for tests (:func:`stacked_deck`): the last card is dealt
    first, as from a face-down pile; the public API never passes one."""
    rules = state.rules
    if deck is None:
        deck = rules.deck()
        deal_rng(state.seed, hole, 0).shuffle(deck)
    else:
        deck = list(deck)
    cells, players = rules.cells, rules.players
    state.hole = hole
    state.grids = [[deck.pop() for _ in range(cells)] for _ in range(players)]
    state.face_up = [[False] * cells for _ in range(players)]
    state.peeked = [set(rules.near_row) if rules.peek_near_row else set() for _ in range(players)]
    state.discard = [deck.pop()]
    state.stock = deck
    state.held = state.held_source = None
    state.closed_by = None
    state.final_turns = []
    state.reshuffles = 0
    state.opening_left = [rules.opening_reveals] * players
    state.turns = [0] * players
    state.turn = None
    state.phase = Phase.OPENING
    if rules.opening_reveals == 0:
        start_play(state)


def stacked_deck(grids: list[list[str]], discard: list[str], stock: list[str]) -> list[str]:
    """The deck that :func:`deal_hole` deals as ``grids`` (row-major, per seat), the bottom
    card of ``discard`` and ``stock`` (in the order it will be drawn, the next card first).

    >>> stacked_deck([["AH", "2H"], ["3H", "4H"]], ["5H"], ["6H", "7H"])
    ['7H', '6H', '5H', '4H', '3H', '2H', 'AH']
    """
    # deal_hole pops from the end: lay the cards out in reverse of the order they are dealt.
    return list(reversed(stock)) + [discard[0]] + [card for grid in reversed(grids) for card in reversed(grid)]


def reshuffle(state: Hole, events: list[Event]) -> None:
    """Shuffle every discard but the top one into a new stock."""
    state.reshuffles += 1
    top = state.discard.pop()
    state.stock, state.discard = state.discard, [top]
    deal_rng(state.seed, state.hole, state.reshuffles).shuffle(state.stock)
    events.append(Event(EventKind.RESHUFFLE, stock_count=len(state.stock)))
