"""My matches (``GET /api/matches``, ``/matches``), on SQLite and PostgreSQL: a browser's
finished matches, against the computer and at tables, newest first, each with the replay
that opens it; never another browser's, never a match given up."""

from __future__ import annotations

from fastapi.testclient import TestClient

from app.players.greedy import GreedyPlayer
from tests.browser.tablekit import axe_violations, play_out_hole
from tests.browser.tablekit import new_match as new_page_match
from tests.web.replays.test_replays import finish
from tests.web.tables.tablekit import make_table, ok, post_action


def finish_a_table(client) -> dict:
    table = make_table(client, seats=("host", "easy"), rules={"holes": 1}, host_name="Ann")
    code = table["code"]
    table = ok(client.post(f"/api/tables/{code}/start"))
    player = GreedyPlayer()
    for _ in range(500):
        if table["status"] == "over":
            return table
        table = (
            ok(post_action(client, code, player.choose(table["match"])))
            if table["match"]["legal"]
            else ok(client.get(f"/api/tables/{code}"))
        )
    raise AssertionError("the table did not finish")


def test_nothing_finished_lists_nothing(api):
    assert ok(api.get("/api/matches")) == []
    assert "No match finished yet" in api.get("/matches").text


def test_finished_matches_are_listed_newest_first_with_their_replays(golf_app, api):
    first = finish(api, {"holes": 1, "players": 3}, level="medium", seed=3)
    table = finish_a_table(api)
    listed = ok(api.get("/api/matches"))
    assert [m["replay"] for m in listed] == [table["match"]["replay"], first["replay"]]
    newest, oldest = listed
    assert newest["against"] == "people" and newest["players"][0] == "Ann" and newest["holes"] == 1
    assert oldest["against"] == "computer" and len(oldest["players"]) == 3 and oldest["holes"] == 1
    assert oldest["total"] == first["totals"]["you"]
    totals = sorted(first["totals"].values())
    assert oldest["place"] == 1 + totals.index(first["totals"]["you"])
    assert oldest["outcome"] == first["result"]
    for match in listed:  # each replay opens, for anyone holding the link
        assert TestClient(golf_app).get(f"/api{match['replay'].replace('/r/', '/replays/')}").status_code == 200
    page = api.get("/matches").text
    assert all(f'href="{m["replay"]}"' in page for m in listed)


def test_another_browser_sees_none_of_them(golf_app, api):
    finish(api, {"holes": 1})
    assert ok(TestClient(golf_app).get("/api/matches")) == []


def test_a_match_given_up_is_not_listed(api):
    api.post("/api/match/new", json={"seed": 5, "rules": {"holes": 2}})
    ok(api.post("/api/match/reveal", json={"position": 0}))
    ok(api.post("/api/match/new", json={"seed": 6}))  # the first match, begun, given up
    assert ok(api.get("/api/matches")) == []


def test_my_matches_page_in_the_browser_opens_a_replay(page):
    new_page_match(page, seed=11, rules={"holes": 1})
    page.goto("/")
    play_out_hole(page)
    page.goto("/statistics")
    page.get_by_role("link", name="My matches").click()
    page.wait_for_url("**/matches")
    assert axe_violations(page) == []
    assert page.locator("table.my-matches tbody tr").count() == 1
    page.get_by_role("link", name="Watch the replay").click()
    page.wait_for_url("**/r/*")
