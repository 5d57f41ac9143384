"""How to play holds every rule and variant of the rules, the worked hole with its
scorecard, the strategy with drawn grids, and the questions people ask."""

from __future__ import annotations

import html
import re

import pytest


@pytest.fixture
def page(api) -> str:
    response = api.get("/how-to-play")
    assert response.status_code == 200
    return html.unescape(response.text)


def test_the_worked_hole_and_alices_card_with_running_totals(page):
    assert "Alice’s grid at the end of the hole: 17" in page
    card = page[page.index("Alice’s card for the round") :]
    card = card[: card.index("</table>")]
    rows = re.findall(r'<th scope="row">(\d)</th><td>([−\d]+)</td><td>(\d+)</td>', card)
    assert [int(total) for _, _, total in rows] == [17, 21, 32, 31, 40, 46, 59, 61, 69]
    assert [s for _, s, _ in rows] == ["17", "4", "11", "−1", "9", "6", "13", "2", "8"]
    assert "Ben, who closed the hole" in page and "scores 26" in page and "for 11" in page


@pytest.mark.parametrize(
    "heading",
    [
        "The column pair",
        "When to turn a card up",
        "When to end the hole",
        "Reading the table",
        "Tips from the game against the computer",
    ],
)
def test_each_strategy_section_is_illustrated_with_a_drawn_grid(page, heading):
    section = page[page.index(f"<h3>{heading}</h3>") :]
    section = section[: section.index("<h3>", 5) if "<h3>" in section[5:] else len(section)]
    assert 'class="mini-grid' in section and 'role="img" aria-label="A grid: top row' in section


def test_every_tip_of_the_game_against_the_computer_has_its_own_grid(page):
    tips = page[page.index('<ul class="tips">') :]
    tips = tips[: tips.index("</ul>")]
    assert tips.count("<li>") == 4 == tips.count('class="mini-grid')


@pytest.mark.parametrize(
    "rule",
    [
        "two to eight people",
        "six or more shuffle two packs",
        "the deal moves one seat to the left",
        "must go into your grid",
        "When the stock runs out",
        "counts as it lies",
        "Four-card:",
        "Look once at the two cards nearest you",
        "Eight-card:",
        "Nine-card:",
        "count the diagonals too",
        "worth −2 each",
        "−5",
        "twos sometimes count their face value",
        "A joker over a two is no pair",
        "Jacks worth nothing:",
        "A pair worth −4:",
        "three pairs make −12",
        "Four of a kind:",
        "−10 (some say −20)",
        "No final turn:",
        "Optional flip:",
        "at some tables you never do",
        "Knocking:",
        "the knock ends the hole at once",
        "Going-out penalty:",
        "doubled, or ten added",
        "Eighteen holes:",
    ],
)
def test_every_rule_and_variant_is_on_the_page(page, rule):
    assert rule in page


@pytest.mark.parametrize(
    "question",
    [
        "Does a pair of twos score −4?",
        "Can I pick up a card and throw it straight back?",
        "What happens when the stock runs out?",
    ],
)
def test_the_faq_answers_the_questions(page, question):
    assert f"<h3>{question}</h3>" in page


def test_the_worked_examples_link_to_the_calculator(api, page):
    link = re.search(r'href="(/score\?card=5H[^"]+)"', page).group(1)
    assert 'id="score-total">17<' in api.get(link).text


def test_no_words_are_said_twice_in_a_row(page):
    text = re.sub(r"<[^>]+>", " ", page)
    words = re.findall(r"[A-Za-z’']+", text)
    pairs = {f"{a} {b}" for a, b, c, d in zip(words, words[1:], words[2:], words[3:]) if (a, b) == (c, d)}
    assert not pairs, pairs
