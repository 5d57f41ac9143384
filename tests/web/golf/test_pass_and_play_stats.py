"""Pass and play in the statistics, on SQLite and PostgreSQL: counted apart from the
tables of people (``pass_and_play`` of ``GET /api/stats``, the Statistics page's "Pass
and play"), as the first person's results; a match given up is no one's loss, and
nothing of it reaches "Golf with friends"."""

from __future__ import annotations

from app.players.greedy import GreedyPlayer
from tests.web.golf.matchkit import post_action
from tests.web.golf.test_pass_and_play_api import deal_for_ann_and_bea


def headers(state: dict) -> dict:
    return {"If-Match": f'"{state["version"]}"'}


def play_to_the_end(api, state: dict) -> dict:
    chooser = GreedyPlayer()
    for _ in range(600):
        if state["phase"] == "match_over":
            return state
        if state["pass_to"]:
            state = api.post("/api/match/pass-open", headers=headers(state)).json()
        elif state["phase"] == "hole_over":
            state = post_action(api, {"action": "next_hole"}, headers=headers(state)).json()
        else:
            state = post_action(api, chooser.choose(state), headers=headers(state)).json()
    raise AssertionError("the match did not end")


def test_a_pass_and_play_match_given_up_is_no_ones_loss_and_not_a_table_of_friends(api):
    state = deal_for_ann_and_bea(api, holes=1)
    state = api.post("/api/match/pass-open", headers=headers(state)).json()
    state = post_action(api, {"action": "reveal", "position": 0}, headers=headers(state)).json()
    deal_for_ann_and_bea(api, holes=1)  # dealt anew over the begun match: it is given up
    stats = api.get("/api/stats").json()
    assert stats["online"]["played"] == 0 and stats["online"]["lost"] == 0  # not "your" loss at a table
    shared = stats["pass_and_play"]
    assert (shared["played"], shared["abandoned"], shared["lost"], shared["won"]) == (1, 1, 0, 0)

    page = api.get("/statistics").text
    assert "<h2>Pass and play</h2>" in page
    assert "first person" in page and "Left unfinished (not counted as lost)" in page
    friends = page[page.index("<h2>Golf with friends</h2>") : page.index("<h2>Pass and play</h2>")]
    assert "<td>0</td>" in friends and "<td>1</td>" not in friends


def test_a_finished_pass_and_play_match_counts_as_the_first_persons_result(api):
    state = play_to_the_end(api, deal_for_ann_and_bea(api, holes=1))
    totals = state["totals"]
    mine = next(p for p in state["players"] if p.get("seat") == 0)
    stats = api.get("/api/stats").json()
    shared = stats["pass_and_play"]
    assert shared["played"] == 1 and shared["abandoned"] == 0
    won = totals[mine["id"]] < min(v for k, v in totals.items() if k != mine["id"])
    assert shared["won"] == (1 if won else 0)
    assert shared["best_total"] == totals[mine["id"]]
    assert stats["online"]["played"] == 0 and stats["golf"]["played"] == 0
