"""How long a hole has lasted, and when a computer player must end it.

Every level ends every hole within :func:`hole_turn_bound` turns, under any rule set,
even alone at a table of players who never end one. Two things see to it:

- a growing urgency: from :func:`late_turn` on (about one pass of the stock, and at
  least a turn for every card at the table), :func:`lateness` climbs from 0 to 1 at
  :func:`full_urgency_turn`, half way to the bound, and the levels grow readier to
  knock or to go out;
- an end: once the hole is late, when the turns left before :func:`full_urgency_turn`
  only just leave a seat time to end the hole itself (a knock, or one card turned up a
  turn), and before the bound in any case, :func:`ending_move` answers for the level,
  with the move that brings the end nearest.

Both read only the turns the view shows (``hole_turns``, which everyone at the table
has watched) and the seat's own cards, so no player learns anything hidden.

>>> from app.golf.rules import RuleSet
>>> standard, eight_seats = RuleSet(), RuleSet(players=8, rows=3, cols=4, decks=2)
>>> [(late_turn(r), full_urgency_turn(r), hole_turn_bound(r)) for r in (standard, eight_seats)]
[(35, 49, 63), (96, 147, 199)]
"""

from __future__ import annotations

from app.golf.rules import RuleSet
from app.players.knowledge import Odds, Table, fresh_deck_ranks, unseen_kinds

DEADLINE_MARGIN = 1  # own turns to spare before the bound: the end is begun one round early


def stock_at_deal(rules: RuleSet) -> int:
    """The cards left in the stock once every grid and the first discard are dealt."""
    return rules.deck_size - rules.players * rules.cells - 1


def hole_turn_bound(rules: RuleSet) -> int:
    """The most turns a hole may take: one pass of the stock, plus two turns per card for
    every seat. A grid is turned up one card a turn at worst (a throw and a flip, or a
    swap over a face-down card), and two turns a card leaves room for the turns spent on
    swaps over face-up cards. Standard rules: 39 + 2 x 6 x 2 = 63 turns; eight seats of
    3x4 grids with two decks: 7 + 2 x 12 x 8 = 199."""
    return stock_at_deal(rules) + 2 * rules.cells * rules.players


def late_turn(rules: RuleSet) -> int:
    """The turn from which a hole has gone on long: the stock is nearly through its first
    pass (a round of draws left), and every seat has had a turn for each of its cards."""
    return max(stock_at_deal(rules) - 2 * rules.players, rules.cells * rules.players)


def turn_number(table: Table) -> int:
    """The number of the turn being played (1 for the first), or about to be begun."""
    return table.turns + (1 if table.phase == "draw" else 0)


def is_late(table: Table) -> bool:
    """Whether the hole has reached :func:`late_turn`."""
    return turn_number(table) >= late_turn(table.rules)


def full_urgency_turn(rules: RuleSet) -> int:
    """Half way from :func:`late_turn` to the bound: by then a level ends the hole whatever
    its cards (the other half is for the levels' own ways to the end, and the spare
    round before the bound)."""
    late = late_turn(rules)
    return late + (hole_turn_bound(rules) - late) // 2


def lateness(table: Table) -> float:
    """0 until :func:`late_turn`, then growing to 1 at :func:`full_urgency_turn`."""
    rules = table.rules
    late, full = late_turn(rules), full_urgency_turn(rules)
    return min(1.0, max(0.0, (turn_number(table) - late) / max(1, full - late)))


def own_turns_needed(table: Table) -> int:
    """The viewer's turns, this one included, that ending the hole itself would take:
    one knock, or one turn for each face-down card."""
    if table.rules.ending == "knock":
        return 1
    return max(1, len(table.hidden(0)))


def ends_after(table: Table, last_turn: int) -> bool:
    """Whether the hole would last past ``last_turn`` unless the viewer begins ending it
    now, even if no one else ever ends it (with a round to spare)."""
    rules = table.rules
    players = rules.players
    final_turns = players - 1 if rules.final_turn else 0
    turns = own_turns_needed(table) + DEADLINE_MARGIN
    last_ending_turn = turn_number(table) + (turns - 1) * players
    return last_ending_turn + final_turns > last_turn


def must_end(table: Table) -> bool:
    """Whether the viewer ends the hole now, whatever its cards: to have it over by
    :func:`full_urgency_turn` once the hole is late, and by the bound in any case. Never
    once another seat has closed the hole."""
    if table.closing or table.phase not in ("draw", "place", "flip"):
        return False
    rules = table.rules
    return ends_after(table, hole_turn_bound(rules)) or (is_late(table) and ends_after(table, full_urgency_turn(rules)))


def ending_move(table: Table, odds: Odds | None = None, remembers: bool = True) -> dict | None:
    """The move that ends the hole soonest, when :func:`must_end` says it is time; else None.

    Knock where knocking ends the hole. Otherwise turn one card up every turn: any draw
    will do (None: the level draws as it likes), then the held card goes over the
    face-down card where it does most good, or, if it would do harm anywhere, is thrown
    away for a reveal where the rules give one; after a throw a card is always turned up.
    The card's good is judged by ``odds``, else by the cards unseen (by a whole deck for
    a level that ``remembers`` nothing)."""
    if not must_end(table):
        return None
    legal = table.legal
    if {"action": "knock"} in legal:
        return {"action": "knock"}
    if table.rules.ending == "knock":
        return None  # the knock comes at the start of the next turn
    face_down = table.hidden(0)
    if not face_down:
        return None
    mine = table.ranks(0)
    if odds is None:
        pool = unseen_kinds(table) if remembers else fresh_deck_ranks(table.rules)
        odds = Odds(table.rules, pool)
    if table.phase == "place":
        change, position = odds.best_swap(mine, table.kind(table.held_card), face_down)
        flips = table.reveal_follows_reject() and table.held_source == "stock"
        if flips and change > 0:
            return {"action": "reject"}
        return {"action": "swap", "position": position}
    if table.phase == "flip":
        # A card whose column partner shows settles whether that column pairs.
        for position in face_down:
            if any(mine[p] is not None for p in odds.column_of[position] if p != position):
                return {"action": "reveal", "position": position}
        return {"action": "reveal", "position": face_down[0]}
    return None
