"""The end of a match opens a summary: the result, a chart of every player's running
totals by hole (SVG drawn by the server), the scorecard, the actions taken, Play again."""

from __future__ import annotations

import html as html_lib
import re

from tests.web.golf.matchkit import play_until
from tests.web.golf.test_pages_html import Elements

HX = {"HX-Request": "true"}


def finish(api, rules: dict, level: str = "hard") -> dict:
    response = api.post("/api/match/new", json={"seed": 12, "level": level, "rules": rules})
    assert response.status_code == 200, response.text
    return play_until(api, lambda s: s["phase"] == "match_over")


def summary_of(page: str) -> str:
    found = re.search(r'<dialog id="summary-dialog".*?</dialog>', page, re.S)
    assert found, "no summary dialog"
    return html_lib.unescape(found.group(0))


def test_a_finished_match_carries_its_summary(api):
    state = finish(api, {"name": "standard", "holes": 2, "players": 3})
    summary = summary_of(api.get("/").text)
    totals = state["totals"]
    assert "data-auto-open" in summary
    assert (
        f"You {'won' if state['result'] == 'win' else 'lost' if state['result'] == 'loss' else ''}" in summary
        or "draw" in summary
    )
    # One line per player, each through its running total after every hole.
    svg = re.search(r"<svg.*?</svg>", summary, re.S).group(0)
    assert 'role="img"' in svg and "<title>" in svg and "style=" not in svg
    assert svg.count("<polyline") == 3
    for player in state["players"]:
        assert f">{player['name']}</text>" in svg
        assert f"{player['name']} {totals[player['id']]}" in re.search(r'aria-label="([^"]+)"', svg).group(1)
    assert re.search(rf"<dt>Actions taken</dt><dd>{state['actions_taken']}</dd>", summary)
    assert '<table class="scorecard">' in summary
    assert re.search(r'<button type="submit" class="primary">Play again</button>', summary)


def test_no_summary_while_the_match_is_on(api):
    api.post("/api/match/new", json={"seed": 12, "level": "easy"})
    assert 'id="summary-dialog"' not in api.get("/").text
    response = api.get("/summary", follow_redirects=True)
    assert "The match is not over yet" in html_lib.unescape(response.text)


def test_play_again_deals_a_new_match_of_the_same_rules_and_level(api):
    state = finish(api, {"name": "four-card", "holes": 2, "final_turn": False}, level="medium")
    page = Elements(summary_of(api.get("/").text))
    fields = {e["name"]: e["value"] for e in page.elements if e["tag"] == "input" and e.get("type") == "hidden"}
    response = api.post("/play/new", data=fields, headers=HX)
    assert response.status_code == 200
    again = api.get("/api/match").json()
    assert again["phase"] != "match_over" and again["seed"] != state["seed"] and again["actions_taken"] == 0
    assert again["level"] == "medium"
    assert again["rules"] == {**state["rules"], "name": "four-card, changed"}


def test_the_summary_is_a_page_too_for_a_browser_without_script(api):
    state = finish(api, {"name": "standard", "holes": 2})
    response = api.get("/summary")
    assert response.status_code == 200
    page = html_lib.unescape(response.text)
    assert '<h1 id="summary-title">Match summary</h1>' in page and "<svg" in page
    assert re.search(rf"<dt>Actions taken</dt><dd>{state['actions_taken']}</dd>", page)
    assert 'href="/summary"' in api.get("/").text  # the table links to it
