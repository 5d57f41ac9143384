"""Statistics kept per rule set (and length of match), with a chart of recent totals, and
the count of actions taken."""

from __future__ import annotations

import html as html_lib
import re

from tests.web.golf.matchkit import play_until


def finish(api, rules: dict, seed: int) -> dict:
    """A whole match under ``rules`` (played by a greedy player for the person)."""
    response = api.post("/api/match/new", json={"seed": seed, "level": "easy", "rules": rules})
    assert response.status_code == 200, response.text
    return play_until(api, lambda s: s["phase"] == "match_over")


def test_totals_of_different_rule_sets_are_never_averaged_together(api):
    standard = [finish(api, {"name": "standard", "holes": 1}, seed) for seed in (1, 2)]
    four_card = finish(api, {"name": "four-card", "holes": 1}, 3)
    two_holes = finish(api, {"name": "standard", "holes": 2}, 4)
    stats = api.get("/api/stats").json()["golf"]
    by_rules = stats["by_rules"]
    assert list(by_rules) == ["standard, 1 hole", "four-card, 1 hole", "standard, 2 holes"]
    mine = [s["totals"]["you"] for s in standard]
    assert by_rules["standard, 1 hole"]["played"] == 2
    assert by_rules["standard, 1 hole"]["average_total"] == sum(mine) / 2
    assert by_rules["standard, 1 hole"]["best_total"] == min(mine)
    assert by_rules["standard, 1 hole"]["recent_totals"] == mine
    assert by_rules["four-card, 1 hole"]["recent_totals"] == [four_card["totals"]["you"]]
    assert by_rules["standard, 2 holes"]["recent_totals"] == [two_holes["totals"]["you"]]

    page = html_lib.unescape(api.get("/statistics").text)
    sections = re.findall(r'<section class="rule-set".*?</section>', page, re.S)
    assert [re.search(r"<h3[^>]*>([^<]+)</h3>", s).group(1) for s in sections] == [
        "Standard, 1 hole",
        "Four-card, 1 hole",
        "Standard, 2 holes",
    ]
    first = sections[0]
    assert re.search(r'<svg[^>]*role="img"', first) and "<polyline" in first  # two totals: a line
    assert f"Your last finished totals, oldest first: {mine[0]}, {mine[1]}." in first
    assert "<svg" not in sections[1]  # one total is no line
    # The page's overall table no longer mixes totals of different scales.
    overall = page.split('<section class="rule-set"')[0]
    assert "Average total" not in overall and "Best total" not in overall


def test_the_actions_taken_are_counted_and_shown(api):
    state = finish(api, {"name": "standard", "holes": 1}, 5)
    taken = state["actions_taken"]
    assert taken > 0
    stats = api.get("/api/stats").json()["golf"]
    assert stats["actions_taken"] == taken and stats["by_rules"]["standard, 1 hole"]["actions_taken"] == taken
    api.post("/api/match/new", json={"seed": 6, "level": "easy"})
    api.post("/api/match/reveal", json={"position": 0})  # the match under way counts too
    assert api.get("/api/stats").json()["golf"]["actions_taken"] == taken + 1
    page = html_lib.unescape(api.get("/statistics").text)
    assert re.search(rf"<th scope=\"row\">Actions taken</th><td>{taken + 1}</td>", page)


def test_eighteen_holes_are_kept_apart_from_nine(api):
    # An abandoned match of each is enough to tell them apart.
    for rules in ({"name": "standard"}, {"name": "eighteen-holes"}):
        api.post("/api/match/new", json={"seed": 7, "level": "easy", "rules": rules})
        api.post("/api/match/reveal", json={"position": 0})
    api.post("/api/match/new", json={"seed": 8, "level": "easy"})
    assert list(api.get("/api/stats").json()["golf"]["by_rules"]) == ["standard, 9 holes", "standard, 18 holes"]
