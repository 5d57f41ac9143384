"""Each person's play reviewed in pass and play, on SQLite and PostgreSQL:
``GET /api/match/review?seat=N`` reviews the holes of the person at seat N, each from
that person's own view; a computer's seat or a seat the match lacks is refused with a
sentence; the statistics' "Your play, reviewed" stays the first person's."""

from __future__ import annotations

import time

from app.golf.actions import parse_log_entry
from app.players.greedy import GreedyPlayer
from tests.web.golf.matchkit import post_action, stored_log
from tests.web.golf.test_pass_and_play_api import deal_for_ann_and_bea
from tests.web.golf.test_pass_and_play_stats import headers, play_to_the_end


def review_of(api, query: str) -> dict:
    for _ in range(900):
        response = api.get(f"/api/match/review?{query}")
        if response.status_code == 200:
            return response.json()
        assert response.status_code == 202, response.text
        time.sleep(0.1)
    raise AssertionError(f"the review {query} was not ready")


def test_each_persons_holes_are_reviewed_and_only_the_first_persons_count(golf_app, api):
    state = play_to_the_end(api, deal_for_ann_and_bea(api, holes=1))
    log = stored_log(golf_app, api)
    seat_of = {index: parse_log_entry(entry)[0] for index, entry in enumerate(log)}

    ann, bea = review_of(api, "hole=1&seat=0"), review_of(api, "hole=1&seat=1")
    assert ann["decisions"] and bea["decisions"]
    assert {seat_of[d["index"]] for d in ann["decisions"]} == {0}
    assert {seat_of[d["index"]] for d in bea["decisions"]} == {1}  # Bea's decisions, not Ann's
    assert review_of(api, "hole=1") == ann  # without a seat: the first person's
    assert review_of(api, "seat=1")["decisions"] == bea["decisions"]  # the whole match, Bea's

    stats = api.get("/api/stats").json()["review"]
    assert stats["decisions"] == sum(d["phase"] != "opening" for d in ann["decisions"])

    for seat, words in [(2, "Seat 2 is a computer's"), (3, "There is no seat 3"), (-1, "There is no seat -1")]:
        refused = api.get(f"/api/match/review?hole=1&seat={seat}")
        assert refused.status_code == 422, refused.text
        assert words in refused.json()["detail"]
    assert state["phase"] == "match_over"


def test_a_computers_seat_is_not_reviewed_in_a_match_against_the_computer(api):
    current = api.get("/api/match").json()
    state = post_action(api, {"action": "reveal", "position": 0}, headers=headers(current))
    assert state.status_code == 200
    refused = api.get("/api/match/review?seat=1")
    assert refused.status_code == 422 and "computer's" in refused.json()["detail"]


def resumed(api) -> dict:
    """The match, going on again if the page just read paused it (a page pauses a match it
    comes back to)."""
    state = api.get("/api/match").json()
    if state["paused"]:
        state = api.post("/api/match/resume", headers=headers(state)).json()
    return state


def test_each_pass_screen_links_its_person_to_their_own_review_once_a_hole_is_finished(api):
    state = deal_for_ann_and_bea(api, holes=2)
    assert "Review my play" not in api.get("/").text  # nothing finished to review yet
    chooser = GreedyPlayer()
    while state["phase"] != "hole_over":
        if state["pass_to"]:
            state = api.post("/api/match/pass-open", headers=headers(state)).json()
        else:
            state = post_action(api, chooser.choose(state), headers=headers(state)).json()
    state = post_action(api, {"action": "next_hole"}, headers=headers(state)).json()
    assert state["pass_to"] == {"seat": 0, "name": "Ann"}
    page = api.get("/").text
    assert "Pass to Ann" in page and '<a class="button" href="/review/seat/0">Review my play</a>' in page
    state = resumed(api)
    state = api.post("/api/match/pass-open", headers=headers(state)).json()
    while state["pass_to"] is None:
        state = post_action(api, chooser.choose(state), headers=headers(state)).json()
    assert state["pass_to"]["name"] == "Bea"
    assert '<a class="button" href="/review/seat/1">Review my play</a>' in api.get("/").text

    bea = review_of(api, "hole=1&seat=1")
    for _ in range(300):
        shown = api.get("/review/seat/1?hole=1")
        if "review-entry" in shown.text:
            break
        time.sleep(0.1)
    assert shown.status_code == 200 and shown.text.count('class="review-entry"') == len(bea["decisions"])
    assert 'href="/review/seat/1/decision?hole=1&amp;n=1"' in shown.text
    assert api.get("/review/seat/1/decision?hole=1&n=1").status_code == 200
    computer = api.get("/review/seat/2?hole=1")
    assert computer.status_code == 422 and "computer" in computer.text
