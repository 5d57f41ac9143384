"""Scoring a Golf grid: card values, matched lines, four of a kind, going-out penalty.

A grid is a list of card codes in row-major order (``None`` for a card that does not
count, such as a face-down card when scoring what is showing).

>>> from app.golf.rules import RuleSet
>>> standard = RuleSet()
>>> score_grid(["8H", "KS", "2C", "8D", "9C", "2D"], standard)   # 8 over 8, K over 9, 2 over 2
9
>>> score_grid(["JH", "5S", "5C", "QD", "5D", "5H"], standard)   # J over Q is 20
20
"""

from __future__ import annotations

from collections.abc import Sequence

from app.cards import JOKER_RANK
from app.golf.rules import RuleSet


def matched_lines(cards: Sequence[str | None], rules: RuleSet) -> list[tuple[int, ...]]:
    """The lines (columns, and rows or diagonals where the rules say so) filled by one rank."""
    found = []
    for line in rules.lines:
        first = cards[line[0]]
        if first is None:
            continue
        rank = first[0]
        if all(cards[p] is not None and cards[p][0] == rank for p in line[1:]):
            found.append(line)
    return found


def score_grid(cards: Sequence[str | None], rules: RuleSet) -> int:
    """The score of a grid: every card's value, except that a matched line scores
    ``match_value`` (0 in the standard game) in place of its cards, and two adjacent
    matched columns of one rank score ``four_of_a_kind`` where that rule is on."""
    lines = matched_lines(cards, rules)
    matched: set[int] = set()
    for line in lines:
        matched.update(line)
    values = rules.values
    total = sum(values[card[0]] for p, card in enumerate(cards) if card is not None and p not in matched)
    total += sum(_line_value(cards[line[0]][0], rules) for line in lines)
    if rules.four_of_a_kind is not None:
        total += _four_of_a_kind_adjustment(cards, lines, rules)
    return total


def _line_value(rank: str, rules: RuleSet) -> int:
    if rank == JOKER_RANK and rules.joker_pair_value is not None:
        return rules.joker_pair_value
    return rules.match_value


def _four_of_a_kind_adjustment(cards: Sequence[str | None], lines: list[tuple[int, ...]], rules: RuleSet) -> int:
    """Replace the value of each two adjacent matched columns of one rank by the bonus.

    Columns are taken left to right and each column counts in one group at most, so
    three matching columns in a row make one four of a kind and one plain pair."""
    cols = rules.cols
    # A column's first position is its number (0 is the left column's top card).
    column_rank = {line[0]: cards[line[0]][0] for line in lines if line in rules.columns}
    adjustment = 0
    column = 0
    while column < cols - 1:
        rank = column_rank.get(column)
        if rank is not None and column_rank.get(column + 1) == rank:
            adjustment += rules.four_of_a_kind - 2 * _line_value(rank, rules)
            column += 2
        else:
            column += 1
    return adjustment


def showing_score(cards: Sequence[str], face_up: Sequence[bool], rules: RuleSet) -> int:
    """The score of the face-up cards as they lie (lines match only when wholly face up)."""
    return score_grid([card if up else None for card, up in zip(cards, face_up)], rules)


def apply_going_out_penalty(scores: list[int], closer: int | None, rules: RuleSet) -> list[int]:
    """Charge the player who closed the hole when another scored as low or lower.

    ``double`` doubles a positive score only: doubling zero or a negative score would be
    no penalty at all, so such a score stands."""
    if closer is None or rules.going_out_penalty == "none":
        return scores
    others = [s for seat, s in enumerate(scores) if seat != closer]
    if scores[closer] < min(others):
        return scores
    charged = list(scores)
    if rules.going_out_penalty == "double":
        charged[closer] = scores[closer] * 2 if scores[closer] > 0 else scores[closer]
    else:
        charged[closer] = scores[closer] + 10
    return charged
