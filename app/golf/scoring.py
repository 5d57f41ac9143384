"""Scoring a Golf grid: card values, matched lines, four of a kind, the wolfpack; and
what the hole's end does to the grids' scores (Blackjack, the going-out penalty and
bonus, the underdog bonus, tied shame).

A grid is a list of card codes in row-major order (``None`` for a card that does not
count, such as a face-down card when scoring what is showing).

>>> from app.golf.rules import RuleSet
>>> standard = RuleSet()
>>> score_grid(["8H", "KS", "2C", "8D", "9C", "2D"], standard)   # 8 over 8, K over 9, 2 over 2
9
>>> score_grid(["JH", "5S", "5C", "QD", "5D", "5H"], standard)   # J over Q is 20
20
>>> score_grid(["JH", "5S", "5C", "QD", "5D", "5H"], RuleSet(one_eyed_jacks=True))   # the jack of hearts is 0
10
"""

from __future__ import annotations

from collections import Counter
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
        if all((card := cards[p]) is not None and card[0] == rank for p in line[1:]):
            found.append(line)
    return found


def score_grid(cards: Sequence[str | None], rules: RuleSet) -> int:
    """The score of a grid: every card's value, except that a matched line scores
    ``match_value`` (0 in the standard game) in place of its cards, two adjacent
    matched columns of one rank score ``four_of_a_kind`` where that rule is on, and two
    column pairs of jacks add the ``wolfpack`` bonus on top.

    The hole's own rules (Blackjack and the bonuses) are the hole's end's, not the
    grid's: :func:`hole_scores`."""
    lines = matched_lines(cards, rules)
    matched: set[int] = set()
    for line in lines:
        matched.update(line)
    values, kinds = rules.values, rules.kinds
    total = sum(
        values[kinds.get(card, card[0])] for p, card in enumerate(cards) if card is not None and p not in matched
    )
    return total + matched_points(cards, rules)


def matched_points(cards: Sequence[str | None], rules: RuleSet) -> int:
    """What a grid's matched lines score together in place of their cards, four of a
    kind included: the part of :func:`score_grid` that is not the loose cards' values.

    >>> from app.golf.rules import RuleSet
    >>> matched_points(["8H", "KS", "2C", "8D", "9C", "2D"], RuleSet(match_value=-4))
    -8
    """
    lines = matched_lines(cards, rules)
    total = sum(line_value(_rank_at(cards, line[0]), rules) for line in lines)
    if rules.four_of_a_kind is not None:
        total += _four_of_a_kind_adjustment(cards, lines, rules)
    if rules.wolfpack and len(_jack_columns(cards, lines, rules)) >= 2:
        total += rules.wolfpack
    return total


def wolfpack_places(cards: Sequence[str | None], rules: RuleSet) -> list[int]:
    """The places of the jacks that make a wolfpack (two or more column pairs of jacks,
    scoring ``wolfpack`` once more), where the rules score one; else none.

    >>> from app.golf.rules import RuleSet
    >>> wolfpack_places(["JH", "5S", "JC", "JD", "9C", "JS"], RuleSet(wolfpack=-20))
    [0, 3, 2, 5]
    """
    if not rules.wolfpack:
        return []
    columns = _jack_columns(cards, matched_lines(cards, rules), rules)
    return [p for column in columns for p in column] if len(columns) >= 2 else []


def _jack_columns(cards: Sequence[str | None], lines: list[tuple[int, ...]], rules: RuleSet) -> list[tuple[int, ...]]:
    return [line for line in lines if line in rules.columns and _rank_at(cards, line[0]) == "J"]


def four_of_a_kind_places(cards: Sequence[str | None], rules: RuleSet) -> list[tuple[int, ...]]:
    """The places of each four of a kind (two adjacent matched columns of one rank),
    where the rules score one: its four cards score ``four_of_a_kind`` together.

    >>> from app.golf.rules import RuleSet
    >>> four_of_a_kind_places(["8H", "8S", "2C", "8D", "8C", "3D"], RuleSet(four_of_a_kind=-10))
    [(0, 3, 1, 4)]
    """
    if rules.four_of_a_kind is None:
        return []
    groups = four_of_a_kind_groups(cards, matched_lines(cards, rules), rules)
    return [(*rules.columns[left], *rules.columns[left + 1]) for left, _ in groups]


def _rank_at(cards: Sequence[str | None], position: int) -> str:
    """The rank of the card at ``position`` of a matched line (whose cards all lie there)."""
    card = cards[position]
    assert card is not None, "a matched line has a card at each of its places"
    return card[0]


def line_value(rank: str, rules: RuleSet) -> int:
    """What a matched line of ``rank`` scores in place of its cards."""
    if rank == JOKER_RANK and rules.joker_pair_value is not None:
        return rules.joker_pair_value
    return rules.match_value


def _four_of_a_kind_adjustment(cards: Sequence[str | None], lines: list[tuple[int, ...]], rules: RuleSet) -> int:
    """Replace the value of each two adjacent matched columns of one rank by the bonus."""
    bonus = rules.four_of_a_kind
    assert bonus is not None, "counted only where the rules have four of a kind"
    return sum(bonus - 2 * line_value(rank, rules) for _, rank in four_of_a_kind_groups(cards, lines, rules))


def four_of_a_kind_groups(
    cards: Sequence[str | None], lines: list[tuple[int, ...]], rules: RuleSet
) -> list[tuple[int, str]]:
    """Each four of a kind as (its left column, its rank).

    Columns are taken left to right and each column counts in one group at most, so
    three matching columns in a row make one four of a kind and one plain pair."""
    cols = rules.cols
    # A column's first position is its number (0 is the left column's top card).
    column_rank = {line[0]: _rank_at(cards, line[0]) for line in lines if line in rules.columns}
    groups = []
    column = 0
    while column < cols - 1:
        rank = column_rank.get(column)
        if rank is not None and column_rank.get(column + 1) == rank:
            groups.append((column, rank))
            column += 2
        else:
            column += 1
    return groups


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


def hole_adjustments(grid_scores: Sequence[int], closer: int | None, rules: RuleSet) -> list[list[dict]]:
    """What the hole's end does to each seat's grid score, step by step, in the order
    they are applied: Blackjack (a score of exactly 21 becomes 0), then the going-out
    penalty and bonus of the seat that closed the hole (``closer``), then the underdog
    bonus (every seat on the lowest score, ties included), then tied shame (every seat
    whose score, by then, equals another's). Each step is a line as
    :func:`explain_grid` gives them (``line``, ``positions``, ``points``, ``text``).

    With one score alone (the others' unknown) only what a grid decides by itself counts:
    Blackjack and the going-out bonus.

    >>> from app.golf.rules import RuleSet
    >>> rules = RuleSet(underdog_bonus=-3, tied_shame=5)
    >>> [[step["points"] for step in steps] for steps in hole_adjustments([4, 4, 9], None, rules)]
    [[-3, 5], [-3, 5], []]
    """
    scores = list(grid_scores)
    steps: list[list[dict]] = [[] for _ in scores]

    def add(seat: int, line: str, points: int, text: str) -> None:
        steps[seat].append({"line": line, "positions": [], "points": points, "text": text})
        scores[seat] += points

    if rules.blackjack:
        for seat, score in enumerate(scores):
            if score == 21:
                add(seat, "blackjack", -21, "exactly 21: Blackjack makes it 0")
    alone = len(scores) < 2
    if closer is not None and rules.going_out_penalty != "none" and not alone:
        charged = apply_going_out_penalty(scores, closer, rules)[closer]
        if charged != scores[closer]:
            others = min(s for seat, s in enumerate(scores) if seat != closer)
            how = "doubled" if rules.going_out_penalty == "double" else "10 added"
            add(
                closer,
                "going-out penalty",
                charged - scores[closer],
                f"went out without the lowest score ({points_text(others)} beat or tied it): "
                f"{how}, {points_text(scores[closer])} becomes {points_text(charged)}",
            )
    if closer is not None and rules.going_out_bonus:
        add(closer, "going-out bonus", rules.going_out_bonus, f"went out first: {points_text(rules.going_out_bonus)}")
    if rules.underdog_bonus and not alone:
        lowest = min(scores)
        for seat in [seat for seat, score in enumerate(scores) if score == lowest]:
            add(
                seat,
                "underdog bonus",
                rules.underdog_bonus,
                f"the hole's lowest score, {points_text(lowest)}: {points_text(rules.underdog_bonus)}",
            )
    if rules.tied_shame and not alone:
        counts = Counter(scores)
        for seat in [seat for seat, score in enumerate(scores) if counts[score] > 1]:
            add(
                seat,
                "tied shame",
                rules.tied_shame,
                f"tied with another player on {points_text(scores[seat])}: +{rules.tied_shame}",
            )
    return steps


def hole_scores(grid_scores: Sequence[int], closer: int | None, rules: RuleSet) -> list[int]:
    """Each seat's score for the hole: its grid's score with :func:`hole_adjustments`.

    >>> from app.golf.rules import RuleSet
    >>> hole_scores([21, 12], 1, RuleSet(blackjack=True, going_out_bonus=-5))
    [0, 7]
    """
    steps = hole_adjustments(grid_scores, closer, rules)
    return [score + sum(step["points"] for step in seat) for score, seat in zip(grid_scores, steps)]


def points_text(points: int) -> str:
    """A score as printed: a true minus sign for a negative one."""
    return f"\u2212{-points}" if points < 0 else str(points)
