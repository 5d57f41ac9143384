"""``POST /api/score`` and the calculator page on every worked example of the rules and
every variant's special scoring; malformed grids are refused with a reason (422).

Through the shared client, so on SQLite and PostgreSQL alike (the calculator stores
nothing, but it runs in the same application)."""

from __future__ import annotations

import html

import pytest

from app.golf.rules import PRESETS
from app.golf.scoring import score_grid


def score(api, grid: str, rules=None, **extra) -> dict:
    body = {"grid": grid.split(), **extra}
    if rules is not None:
        body["rules"] = rules
    response = api.post("/api/score", json=body)
    assert response.status_code == 200, response.text
    answer = response.json()
    assert sum(line["points"] for line in answer["lines"]) == answer["score"]
    return answer


def texts(answer: dict) -> list[str]:
    return [line["text"] for line in answer["lines"]]


# ------------------------------------------------------------------ the worked hole of the rules for 2 to 8


def test_alices_hole_is_17_column_by_column(api):
    answer = score(api, "5H KS 2D 5C 9D JH")
    assert answer["score"] == 17
    assert [(line["line"], line["points"]) for line in answer["lines"]] == [
        ("left column", 0),
        ("middle column", 9),
        ("right column", 8),
    ]
    assert texts(answer) == ["5 over 5 is 0: a column pair", "king over 9 is 0 + 9 = 9", "2 over jack is −2 + 10 = 8"]


def test_bens_hole_is_2(api):
    # A pair of sevens, a king over a three and a two over an ace.
    assert score(api, "7 K 2 7 3 A")["score"] == 2


def test_dev_pairs_nothing_with_two_kings_and_a_two_for_eleven(api):
    answer = score(api, "K K 2 3 4 6")
    assert answer["score"] == 11 and all("pair" not in t for t in texts(answer))


def test_cara_caught_with_a_queen_and_a_jack_takes_26(api):
    assert score(api, "Q J 4 K A A")["score"] == 26


def test_ranks_alone_and_card_codes_score_the_same(api):
    assert (
        score(api, "5 K 2 5 9 J")
        == score(api, "5H KS 2D 5C 9D JH")
        == score(api, "5♥ k 2d 5c 9 jack".replace("jack", "J"))
    )


# ------------------------------------------------------------------ the standard game's examples


def test_eight_over_eight_is_zero_and_eight_over_three_is_eleven(api):
    assert texts(score(api, "8 K Q 8 K Q"))[0] == "8 over 8 is 0: a column pair"
    assert texts(score(api, "8 K K 3 K A"))[0] == "8 over 3 is 8 + 3 = 11"


def test_a_jack_over_a_queen_does_not_cancel(api):
    answer = score(api, "J K K Q K K")
    assert answer["score"] == 20
    assert texts(answer)[0] == "jack over queen is 10 + 10 = 20: the same value but not the same rank, so no pair"


def test_a_pair_of_twos_is_zero_not_minus_four(api):
    answer = score(api, "2 K K 2 K K")
    assert answer["score"] == 0
    assert texts(answer)[0] == "2 over 2 is 0: a column pair (it cancels to 0: the cards alone would be −4)"


def test_a_pair_of_queens_is_zero_instead_of_twenty_and_only_in_a_column(api):
    assert score(api, "Q K K Q K K")["score"] == 0
    assert score(api, "Q Q K K K K")["score"] == 20  # side by side in a row: no pair
    assert score(api, "T T K K K K")["score"] == 20 and score(api, "T K K T K K")["score"] == 0


def test_card_values(api):
    # Ace 1, two -2, three to ten face value, jack and queen 10, king 0.
    assert score(api, "A 3 4 2 5 6")["score"] == 1 + 3 + 4 - 2 + 5 + 6
    assert score(api, "T J Q 9 K 7")["score"] == 10 + 10 + 10 + 9 + 0 + 7


# ------------------------------------------------------------------ every variant's special scoring


def test_jokers_score_minus_two_and_a_joker_over_a_two_does_not_pair(api):
    answer = score(api, "X K 5 2 K 6", {"jokers": True})
    assert answer["score"] == -2 - 2 + 0 + 11
    assert (
        texts(answer)[0]
        == "joker over 2 is −2 − 2 = −4: a joker and a 2 are different ranks, so no pair; a joker counts −2"
    )


def test_jokers_paired_cancel_or_score_minus_four(api):
    assert score(api, "X1 K 5 X2 K 6", "jokers")["score"] == 11
    answer = score(api, "X K 5 X K 6", {"jokers": True, "joker_pair_value": -4})
    assert answer["score"] == 7 and "−4" in texts(answer)[0]


def test_jokers_worth_minus_five(api):
    assert score(api, "X K 5 3 K 6", {"jokers": True, "joker_value": -5})["score"] == -5 + 3 + 11


def test_twos_at_face_value(api):
    answer = score(api, "2 K 5 3 K 6", {"twos_face_value": True})
    assert answer["score"] == 2 + 3 + 11 and "2s count 2 at this table" in texts(answer)[0]


def test_jacks_worth_nothing_and_kings_ten(api):
    answer = score(api, "J K 5 3 9 6", {"jacks_zero": True})
    assert answer["score"] == 0 + 3 + 10 + 9 + 11
    assert "jacks count 0 and kings 10 at this table" in texts(answer)[0]


def test_a_pair_worth_minus_four_three_pairs_minus_twelve(api):
    answer = score(api, "5 9 Q 5 9 Q", {"match_value": -4})
    assert answer["score"] == -12
    assert texts(answer)[0] == "5 over 5 is −4: a column pair, worth −4 at this table"


@pytest.mark.parametrize("bonus", [-10, -20])
def test_four_of_a_kind_in_two_adjacent_columns(api, bonus):
    answer = score(api, "6 6 9 6 6 A", {"four_of_a_kind": bonus})
    assert answer["score"] == bonus + 10
    assert answer["lines"][-1]["line"] == "four of a kind"
    assert score(api, "6 9 6 6 A 6", {"four_of_a_kind": bonus})["score"] == 10  # not side by side


def test_four_card_and_eight_card_grids(api):
    assert score(api, "Q 3 Q A", "four-card")["score"] == 4
    answer = score(api, "4 K 7 J 4 2 7 9", "eight-card")
    assert answer["score"] == 0 + 0 - 2 + 0 + 10 + 9
    assert [line["line"] for line in answer["lines"]] == [
        "first column",
        "second column",
        "third column",
        "fourth column",
    ]


def test_nine_card_three_of_a_kind_in_a_row_or_a_column(api):
    answer = score(api, "7 7 7 3 4 K 9 2 2", "nine-card")
    assert answer["score"] == 3 + 4 + 0 + 9 - 2 - 2
    assert "a matched top row" in texts(answer)[-1]
    assert score(api, "7 3 4 7 K 9 7 2 2", "nine-card")["score"] == 3 + 4 + 0 + 9 - 2 - 2
    diagonal = {"name": "nine-card", "match_diagonals": True}
    assert score(api, "7 3 4 K 7 9 2 2 7", diagonal)["score"] == 3 + 4 + 0 + 9 + 2 * -2
    assert score(api, "7 3 4 K 7 9 2 2 7", "nine-card")["score"] == 7 * 3 + 3 + 4 + 9 - 4


def test_going_out_penalty_doubles_or_adds_ten(api):
    grid = "9 K 2 5 9 J"  # 14 + 9 + 8 = 31
    doubled = score(api, grid, {"going_out_penalty": "double"}, went_out=True, others=[4, 40])
    assert doubled["score"] == 62 and doubled["lines"][-1]["line"] == "going-out penalty"
    assert score(api, grid, {"going_out_penalty": "plus10"}, went_out=True, others=[31])["score"] == 41
    assert score(api, grid, {"going_out_penalty": "plus10"}, went_out=True, others=[32])["score"] == 31
    assert score(api, grid, {"going_out_penalty": "plus10"}, others=[4])["score"] == 31  # did not go out


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_scores_as_the_game_does(api, preset):
    rules = PRESETS[preset]
    cards = ["5H", "KS", "2D", "5C", "9D", "JH", "7S", "7H", "QC", "3D", "AS", "4C"][: rules.cells]
    assert score(api, " ".join(cards), preset)["score"] == score_grid(cards, rules)


# ------------------------------------------------------------------ refusals


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"grid": ["5H", "KS", "2D", "5C", "9D"]}, "6 cards are needed for 2 rows of 3"),
        ({"grid": ["5H", "KS", "2D", "5C", "9D", "ZZ"]}, "grid[5] (row 2, column 3): 'ZZ' is not a card"),
        ({"grid": ["5H", "KS", "2D", "5C", "9D", ""]}, "grid[5] (row 2, column 3): empty"),
        ({"grid": ["5H", "KS", "2D", "5C", "9D", 7]}, "grid[5] (row 2, column 3): 'int' is not a card"),
        ({"grid": ["X", "KS", "2D", "5C", "9D", "JH"]}, "no jokers in the deck"),
        ({"grid": ["5H", "5H", "2D", "5C", "9D", "JH"]}, "5H is there 2 times, but one pack holds 1"),
        ({"grid": ["5", "5", "5", "5", "5", "JH"]}, "5 5s, but one pack holds only 4"),
        ({"grid": ["5H", "KS", "2D", "5C", "9D", "JH"], "rules": "six-card"}, "no preset called 'six-card'"),
        ({"grid": ["5H", "KS", "2D", "5C"], "rules": {"match_value": 3}}, "rules: match_value"),
        ({"grid": "5H KS 2D 5C 9D JH"}, "grid"),
        ({"cards": ["5H"]}, "grid"),
    ],
)
def test_a_malformed_grid_is_refused_saying_what_is_wrong(api, body, says):
    response = api.post("/api/score", json=body)
    assert response.status_code == 422
    assert says in response.json()["detail"]


def test_the_score_route_is_in_the_openapi_document(api):
    assert "/api/score" in api.get("/openapi.json").json()["paths"]


# ------------------------------------------------------------------ the calculator page


def test_the_calculator_page_explains_the_worked_example_line_by_line(api):
    page = api.get("/score")
    assert page.status_code == 200
    link = 'href="/score?card=5H&amp;card=KS&amp;card=2D&amp;card=5C&amp;card=9D&amp;card=JH"'
    assert link in page.text and "Alice’s hole in the worked example: 17" in page.text
    alice = api.get(link[6:-1].replace("&amp;", "&"))
    assert alice.status_code == 200
    assert 'id="score-total">17<' in alice.text
    for line in ("5 over 5 is 0: a column pair", "king over 9 is 0 + 9 = 9", "2 over jack is −2 + 10 = 8"):
        assert line in alice.text


def test_the_calculator_page_under_variant_rules(api):
    page = api.get("/score", params={"shape": "2x3", "pair": "-4", "card": "5 9 Q 5 9 Q".split()})
    assert 'id="score-total">−12<' in page.text
    nine = api.get("/score", params={"shape": "3x3", "lines": "rows", "card": "7 7 7 3 4 K 9 2 2".split()})
    assert 'id="score-total">12<' in nine.text and nine.text.count('class="card-input"') == 9


def test_the_calculator_page_waits_for_every_card_and_names_a_bad_one(api):
    waiting = api.get("/score", params={"card": ["5", "K"]})
    assert waiting.status_code == 200 and "2 of 6 cards given" in waiting.text
    bad = api.get("/score", params={"card": "5 K 2 5 9 W".split()})
    assert bad.status_code == 422 and "'W' is not a card" in html.unescape(bad.text)
    clash = api.get("/score", params={"shape": "2x3", "lines": "diagonals"})
    assert clash.status_code == 422 and "diagonals can only match on a square grid" in clash.text
