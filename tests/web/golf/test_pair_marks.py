"""A matched line's marks say what it is worth under the match's rules: the mark on each
card, its worth on a hover, and the count of a seat's pairs beside its score. The
seat's count said "(=0)" whatever a pair scored (−4 under the house rule that makes
pairs negative), and a four of a kind's cards were marked "=0", each pair as it would
score alone, where the four together score −10 or −20."""

from __future__ import annotations

import re

from app.golf.rules import RuleSet
from app.golf.view import view
from app.web.golf.board import board
from app.web.templating import templates
from tests.golf.golfkit import deal, open_hole

MINUS = "\u2212"


def drawn_board(rules: RuleSet, grid: str, up: list[int]) -> str:
    """The HTML of a board whose first seat has ``grid`` with the cards at ``up`` face up."""
    state = deal(rules, [grid, "4H 5S 7C / 8D 9D TD"])
    open_hole(state, {0: up[: rules.opening_reveals], 1: [0, 1]})
    for position in up[rules.opening_reveals :]:
        state.face_up[0][position] = True  # turned as a hole goes on, without the turns between
    return str(templates.env.get_template("table/_board.html").make_module({}).board(board(view(state, 0))))


def your_seat(html: str) -> str:
    return html[html.index('aria-label="Your grid"') :]


def marks(html: str) -> list[str]:
    return re.findall(r'class="pair-mark" aria-hidden="true">([^<]*)<', your_seat(html))


def test_where_a_pair_scores_minus_four_the_seat_says_its_pairs_are_worth_that():
    html = drawn_board(RuleSet(match_value=-4), "6H KS 2C / 6D 9C 2D", [0, 3, 2, 5])
    assert marks(html) == [f"={MINUS}4"] * 4
    assert f'2 pairs<span class="score-more" aria-hidden="true"> (={MINUS}8)</span>' in your_seat(html)


def test_in_the_standard_game_a_pair_is_worth_nothing():
    html = drawn_board(RuleSet(), "6H KS 2C / 6D 9C JD", [0, 3])
    assert marks(html) == ["=0", "=0"]
    assert '1 pair<span class="score-more" aria-hidden="true"> (=0)</span>' in your_seat(html)


def test_a_four_of_a_kind_is_marked_with_what_the_four_score_together():
    html = drawn_board(RuleSet(four_of_a_kind=-10), "6H 6S 2C / 6D 6C JD", [0, 3, 1, 4])
    assert marks(html) == [f"={MINUS}10"] * 4
    assert html.count(f'data-show="Paired: the four of a kind scores {MINUS}10"') == 4
    assert f'2 pairs<span class="score-more" aria-hidden="true"> (={MINUS}10)</span>' in your_seat(html)


def test_a_four_of_a_kind_of_pairs_worth_minus_four_says_its_own_worth():
    """The bonus replaces both pairs' values: −20 for the four, not −20 − 8."""
    html = drawn_board(RuleSet(four_of_a_kind=-20, match_value=-4), "6H 6S 2C / 6D 6C JD", [0, 3, 1, 4])
    assert marks(html) == [f"={MINUS}20"] * 4
    assert f"(={MINUS}20)</span>" in your_seat(html)
