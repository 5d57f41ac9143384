"""A Golf grid's score explained line by line, as a person checks it on paper (the
table's seats, the scorekeeper's calculator), and the words it is said in.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.cards import JOKER_RANK, card_name
from app.golf.rules import RuleSet
from app.golf.scoring import four_of_a_kind_groups, line_value, matched_lines, points_text, score_grid, wolfpack_places


def explain_grid(cards: Sequence[str], rules: RuleSet) -> dict:
    """The score of a whole grid, line by line, as a person checks it on paper.

    ``cards`` are card codes or bare ranks (``"5H"`` or ``"5"``; only the rank counts).
    Columns come left to right, each either a matched pair or its cards added up; then
    any other matched line (rows, diagonals) and any four of a kind. The lines' points
    add up to :func:`score_grid`, which gives the score.

    >>> from app.golf.rules import RuleSet
    >>> result = explain_grid(["5H", "KS", "2D", "5C", "9D", "JH"], RuleSet())
    >>> result["score"], [line["text"] for line in result["lines"]]
    (17, ['5 over 5 is 0: a column pair', 'king over 9 is 0 + 9 = 9', '2 over jack is −2 + 10 = 8'])
    """
    lines = matched_lines(cards, rules)
    matched = {p for line in lines for p in line}
    parts = []
    for number, column in enumerate(rules.columns):
        name = _column_name(number, rules.cols)
        if column in lines:
            parts.append(_matched_part(name, column, cards, rules))
            continue
        loose = [p for p in column if p not in matched]
        if loose:
            parts.append(_loose_part(name, column, loose, cards, rules))
    for line in lines:
        if line not in rules.columns:
            parts.append(_matched_part(_line_name(line, rules), line, cards, rules))
    bonus = rules.four_of_a_kind
    groups = four_of_a_kind_groups(cards, lines, rules) if bonus is not None else []
    for left, rank in groups:
        assert bonus is not None  # groups are found only then
        pair = line_value(rank, rules)
        names = f"{_column_word(left, rules.cols)} and {_column_word(left + 1, rules.cols)} column"
        parts.append(
            {
                "line": "four of a kind",
                "positions": [*rules.columns[left], *rules.columns[left + 1]],
                "points": bonus - 2 * pair,
                "text": (
                    f"four {rank_word(rank, plural=True)} in the {names}s: {points_text(bonus)} "
                    f"in place of {points_text(pair)} + {points_text(pair)}"
                ),
            }
        )
    jacks = wolfpack_places(cards, rules)
    if jacks:
        columns = sorted({rules.columns.index(column) for column in rules.columns if column[0] in jacks})
        names = " and ".join(_column_word(c, rules.cols) for c in columns)
        parts.append(
            {
                "line": "wolfpack",
                "positions": jacks,
                "points": rules.wolfpack,
                "text": f"two pairs of jacks, in the {names} columns: the wolfpack scores {points_text(rules.wolfpack)} more",
            }
        )
    score = score_grid(cards, rules)
    if sum(part["points"] for part in parts) != score:  # the explanation must never tell another score
        raise AssertionError(f"explained {parts} but the grid scores {score}")
    return {"score": score, "lines": parts}


_RANK_WORDS = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king", JOKER_RANK: "joker"}


def rank_word(rank: str, plural: bool = False) -> str:
    """``"king"``, ``"10"``, ``"joker"``; with ``plural`` ``"kings"``, ``"10s"``."""
    word = _RANK_WORDS.get(rank, rank)
    return word + "s" if plural else word


def _column_word(number: int, cols: int) -> str:
    return {2: ("left", "right"), 3: ("left", "middle", "right"), 4: ("first", "second", "third", "fourth")}[cols][
        number
    ]


def _column_name(number: int, cols: int) -> str:
    return f"{_column_word(number, cols)} column"


def _line_name(line: tuple[int, ...], rules: RuleSet) -> str:
    rows = ("top", "bottom") if rules.rows == 2 else ("top", "middle", "bottom")
    if line in rules.columns:
        return _column_name(rules.columns.index(line), rules.cols)
    if all(p // rules.cols == line[0] // rules.cols for p in line):
        return f"{rows[line[0] // rules.cols]} row"
    return "diagonal from the top left" if line[0] == 0 else "diagonal from the top right"


def _matched_part(name: str, line: tuple[int, ...], cards: Sequence[str], rules: RuleSet) -> dict:
    rank = cards[line[0]][0]
    points = line_value(rank, rules)
    joined = (
        " over ".join(rank_word(rank) for _ in line)
        if line in rules.columns
        else ", ".join(rank_word(rank) for _ in line)
    )
    if line in rules.columns:
        what = "a column pair" if len(line) == 2 else "a matched column"
    else:
        what = f"a matched {name}"
    if rank == JOKER_RANK and rules.joker_pair_value is not None:
        what += f", and jokers matched score {points_text(points)} at this table"
    elif rules.match_value != 0:
        what += f", worth {points_text(points)} at this table"
    elif (alone := sum(rules.points_of(cards[p]) for p in line)) < 0:
        what += f" (it cancels to 0: the cards alone would be {points_text(alone)})"
    return {
        "line": name,
        "positions": list(line),
        "points": points,
        "text": f"{joined} is {points_text(points)}: {what}",
    }


def _loose_part(name: str, column: tuple[int, ...], loose: list[int], cards: Sequence[str], rules: RuleSet) -> dict:
    values = [rules.points_of(cards[p]) for p in loose]
    points = sum(values)
    words = " over ".join(_card_word(cards[p], rules) for p in loose)
    sums = points_text(values[0]) + "".join(f" \u2212 {-v}" if v < 0 else f" + {v}" for v in values[1:])
    text = f"{words} is {sums} = {points_text(points)}" if len(values) > 1 else f"{words} is {points_text(points)}"
    ranks = {cards[p][0] for p in column}
    notes = []
    if len(loose) < len(column):
        notes.append("its other cards count in a matched line")
    elif len(ranks) > 1 and JOKER_RANK in ranks and "2" in ranks:
        notes.append("a joker and a 2 are different ranks, so no pair")
    elif len(ranks) > 1 and len({rules.points_of(cards[p]) for p in column}) == 1:
        notes.append("the same value but not the same rank, so no pair")
    notes += _value_notes([cards[p] for p in loose], rules)
    if notes:
        text += ": " + "; ".join(notes)
    return {"line": name, "positions": list(column), "points": points, "text": text}


def _card_word(card: str, rules: RuleSet) -> str:
    """A loose card as its value needs it said: its rank (``"king"``), or with
    One-Eyed Jacks a jack with its suit (``"jack of hearts"``)."""
    if rules.one_eyed_jacks and card[0] == "J" and len(card) == 2:
        return card_name(card)
    return rank_word(card[0])


def _value_notes(cards: list[str], rules: RuleSet) -> list[str]:
    """The card values these cards have under a variant, said where they count."""
    notes = []
    ranks = {card[0] for card in cards}
    if rules.jacks_zero and ranks & {"J", "K"}:
        notes.append("jacks count 0 and kings 10 at this table")
    if rules.super_kings and "K" in ranks:
        notes.append(f"kings count {points_text(rules.values['K'])} at this table (Super Kings)")
    if rules.ten_penny and "T" in ranks:
        notes.append(f"10s count {rules.values['T']} at this table (Ten Penny)")
    if rules.one_eyed_jacks and "J" in ranks:
        notes.append("the jacks of hearts and spades count 0 at this table (One-Eyed Jacks)")
    if rules.twos_face_value and "2" in ranks:
        notes.append("2s count 2 at this table")
    if JOKER_RANK in ranks:
        notes.append(f"a joker counts {points_text(rules.joker_value)}")
    return notes
