"""The New game form offers every rule the engine has, each starting at the preset's
own value, named; what it sets is the match dealt."""

from __future__ import annotations

import html as html_lib
import re

import pytest

from app.golf.rules import PRESETS, RuleSet
from app.web.golf.rule_options import preset_of, rule_changes, rules_from_form
from tests.web.golf.test_pages_html import Elements, new_match, table, version_of

RULE_FIELDS = set(RuleSet.model_fields) - {"name"}


def selects(page: str) -> dict[str, str]:
    """Each <select> of the form by name, with its HTML."""
    return dict(re.findall(r'<select id="ng-[^"]+" name="([^"]+)".*?>(.*?)</select>', page, re.S))


def first_choice(select_html: str) -> str:
    return html_lib.unescape(re.search(r'<option value=""[^>]*>([^<]*)</option>', select_html).group(1))


@pytest.mark.parametrize("path", ["/new", "/"])
def test_every_rule_is_offered(api, path):
    new_match(api)
    page = api.get(path).text
    offered = set(selects(page)) - {"preset"}
    assert offered == RULE_FIELDS
    assert "As the preset" not in page


# The preset each first choice names, as the Rules select shows it.
AS_NAMED = {"standard": "Standard", "four-card": "Four-card", "nine-card": "Nine-card", "jokers": "Jokers"}
AS_NAMED["eighteen-holes"] = "Eighteen holes"


@pytest.mark.parametrize(
    "preset, field, words",
    [
        ("standard", "holes", "9 holes"),
        ("four-card", "cols", "2 columns"),
        ("four-card", "ending", "When a player knocks"),
        ("four-card", "flip_after_reject", "No reveal"),
        ("four-card", "peek_near_row", "Yes"),
        ("nine-card", "rows", "3 rows"),
        ("nine-card", "opening_reveals", "3"),
        ("jokers", "jokers", "Yes"),
        ("eighteen-holes", "holes", "18 holes"),
        ("standard", "going_out_penalty", "No penalty"),
    ],
)
def test_each_rule_names_the_presets_real_value(api, preset, field, words):
    new_match(api, rules={"name": preset})
    page = api.get("/new").text
    assert first_choice(selects(page)[field]) == f"{words} (as in {AS_NAMED[preset]})"


def test_the_form_carries_every_presets_values_for_a_change_of_preset(api):
    new_match(api)
    page = api.get("/new").text
    preset = next(e for e in Elements(page).elements if e.get("id") == "ng-preset")
    import json

    words = json.loads(preset["data-preset-words"])
    assert set(words) == set(PRESETS)
    assert words["four-card"]["cols"] == "2 columns" and words["standard"]["cols"] == "3 columns"


def test_the_rarer_rules_set_on_the_form_are_the_rules_dealt(api):
    new_match(api)
    page = table(api)
    response = api.post(
        "/play/new",
        data={
            "version": str(version_of(page)),
            "level": "easy",
            "preset": "jokers",
            "going_out_penalty": "double",
            "four_of_a_kind": "-10",
            "joker_value": "-5",
            "twos_face_value": "yes",
            "joker_pair_value": "-4",
            "match_rows": "yes",
            "decks": "2",
            "seed": "",
        },
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200, response.text
    rules = api.get("/api/match").json()["rules"]
    assert rules["name"] == "jokers, changed"
    assert (
        rules["going_out_penalty"],
        rules["four_of_a_kind"],
        rules["joker_value"],
        rules["twos_face_value"],
        rules["joker_pair_value"],
        rules["match_rows"],
        rules["decks"],
        rules["jokers"],
    ) == ("double", -10, -5, True, -4, True, 2, True)


@pytest.mark.parametrize(
    "field, text, reason",
    [
        ("joker_value", "7", "A joker scores must be a whole number from -5 to 0."),
        ("four_of_a_kind", "-15", "Two matched columns of one rank side by side: choose one of Score as two pairs"),
        ("going_out_penalty", "triple", "Closing without the lowest score: choose one of No penalty"),
    ],
)
def test_a_choice_not_offered_is_refused_with_the_reason_and_changes_nothing(api, field, text, reason):
    before = new_match(api, seed=9)
    page = table(api)
    response = api.post(
        "/play/new",
        data={"version": str(version_of(page)), "preset": "standard", field: text, "seed": ""},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 422
    assert reason in html_lib.unescape(response.text)
    after = api.get("/api/match").json()
    assert (after["seed"], after["rules"]) == (before["seed"], before["rules"])


def test_rules_that_cannot_be_played_together_are_refused_with_the_reason(api):
    new_match(api, seed=3)
    page = table(api)
    response = api.post(
        "/play/new",
        data={"version": str(version_of(page)), "preset": "nine-card", "four_of_a_kind": "-10", "seed": ""},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 422
    assert "four of a kind needs a grid of two rows" in html_lib.unescape(response.text)
    assert api.get("/api/match").json()["seed"] == 3


def test_no_going_out_penalty_can_be_chosen_on_its_own(api):
    new_match(api, rules={"name": "knocking"})
    page = table(api)
    response = api.post(
        "/play/new",
        data={
            "version": str(version_of(page)),
            "preset": "standard",
            "going_out_penalty": "none",
            "decks": "none",
            "seed": "",
        },
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    rules = api.get("/api/match").json()["rules"]
    assert rules["going_out_penalty"] == "none" and rules["decks"] is None and rules["name"] == "standard"


def test_a_matchs_rules_are_told_as_the_preset_and_what_differs_from_it():
    changed = rules_from_form({"preset": "nine-card", "jokers": "yes", "holes": "4"})
    assert preset_of(changed) == "nine-card"
    assert rule_changes(changed) == [("Holes", "4 holes"), ("Jokers (two in each pack)", "Yes")]
    custom = rules_from_form({"preset": "standard", "final_turn": "no"})
    assert preset_of(custom) == "standard" and rule_changes(custom) == [("Final turn for the others", "No")]
    assert preset_of({"name": "eight-card"}) == "eight-card" and rule_changes(PRESETS["eight-card"].model_dump()) == []
