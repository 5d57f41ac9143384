"""Replays of finished matches (``/api/replays/{id}``, ``/r/{id}``), on SQLite and
PostgreSQL: a finished match names its replay, which anyone with the link may watch and
export, which replays to the match's own scores, and which does not exist before the end."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from app.golf.actions import action_from_json, log_entry
from app.golf.engine import replay
from app.golf.rules import RuleSet
from app.players.greedy import GreedyPlayer
from app.service.browsers import browser_id_for
from app.service.replays.replays import replay_id
from app.store.tables import load_match
from app.web.http.session import COOKIE_NAME
from tests.web.golf.matchkit import play_until
from tests.web.tables.tablekit import make_table, ok, post_action

HX = {"HX-Request": "true"}


def finish(api, rules: dict, level: str = "easy", seed: int = 7) -> dict:
    response = api.post("/api/match/new", json={"seed": seed, "level": level, "rules": rules})
    assert response.status_code == 200, response.text
    return play_until(api, lambda s: s["phase"] == "match_over")


def replay_path(state: dict) -> str:
    link = state["replay"]
    assert re.fullmatch(r"/r/[A-Za-z0-9_-]{16}", link), link
    return link


def test_a_match_names_its_replay_only_once_it_is_over(api):
    state = api.post("/api/match/new", json={"seed": 7, "rules": {"holes": 2}}).json()
    assert "replay" not in state
    state = play_until(api, lambda s: s["phase"] in ("hole_over", "match_over"))
    assert state["phase"] == "hole_over" and "replay" not in state
    state = play_until(api, lambda s: s["phase"] == "match_over")
    assert api.get("/api/match").json()["replay"] == replay_path(state)


def test_anyone_with_the_link_gets_the_whole_match_and_it_replays_to_its_scores(golf_app, api):
    state = finish(api, {"holes": 3, "players": 3}, level="medium")
    identifier = replay_path(state).removeprefix("/r/")
    stranger = TestClient(golf_app)  # no cookie: a friend the link was sent to
    exported = ok(stranger.get(f"/api/replays/{identifier}"))
    assert exported["id"] == identifier and exported["kind"] == "match"
    assert exported["seed"] == state["seed"] and exported["rules"]["players"] == 3
    assert [(s["seat"], s["kind"]) for s in exported["seats"]] == [(0, "person"), (1, "computer"), (2, "computer")]
    assert [s["level"] for s in exported["seats"]][1:] == ["medium", "medium"]
    assert [h["hole"] for h in exported["holes"]] == [1, 2, 3]
    # The totals are the match's, seat by seat (the person's seat first, as in the match).
    ids = [p["id"] for p in state["players"]]
    assert exported["totals"] == [state["totals"][i] for i in ids]
    assert [h["scores"] for h in exported["holes"]] == [[row["scores"][i] for i in ids] for row in state["scorecard"]]
    # Every action, hole by hole, replays on the engine to those very scores.
    log = [log_entry(a["seat"], action_from_json(a["action"])) for h in exported["holes"] for a in h["actions"]]
    rebuilt = replay(int(exported["deal_seed"]), RuleSet(**exported["rules"]), log)
    assert rebuilt.is_over and rebuilt.hole_scores == [h["scores"] for h in exported["holes"]]
    assert rebuilt.totals() == exported["totals"]
    # A replay never changes (but for its chances to win, null until they are worked out).
    story = ("win_chance", "turning_points")
    again = ok(stranger.get(f"/api/replays/{identifier}"))
    assert {k: v for k, v in again.items() if k not in story} == {k: v for k, v in exported.items() if k not in story}


def test_no_link_of_an_unfinished_match_answers(golf_app, api):
    api.post("/api/match/new", json={"seed": 9, "rules": {"holes": 1}})
    with golf_app.state.engine.connect() as connection:
        match = load_match(connection, browser_id_for(api.cookies[COOKIE_NAME]))
    # The id the match will have once it is over, worked out with the server's own key.
    future = replay_id(golf_app.state.golf.deal_key, f"match {match.match_id}")
    assert api.get(f"/api/replays/{future}").status_code == 404
    assert api.get(f"/r/{future}").status_code == 404
    finished = play_until(api, lambda s: s["phase"] == "match_over")
    assert finished["replay"] == f"/r/{future}"
    assert api.get(f"/api/replays/{future}").status_code == 200


@pytest.mark.parametrize("bad", ["nope", "A" * 16, "A" * 200, "%00" * 16, "AAAAAAAAAAAAAAA%00", "é" * 16])
def test_a_link_that_names_no_replay_is_404_never_an_error(api, bad):
    response = api.get(f"/api/replays/{bad}")
    assert response.status_code in (404, 422), response.text
    assert api.get(f"/r/{bad}").status_code == 404


def test_a_table_of_people_names_its_replay_with_their_names(golf_app, api):
    table = make_table(api, seats=("host", "easy"), rules={"holes": 1}, host_name="Ann")
    code = table["code"]
    table = ok(api.post(f"/api/tables/{code}/start"))
    player = GreedyPlayer()
    for _ in range(500):
        if table["status"] == "over":
            break
        if table["match"]["legal"]:
            table = ok(post_action(api, code, player.choose(table["match"])))
        else:
            table = ok(api.get(f"/api/tables/{code}"))
    assert table["status"] == "over"
    exported = ok(TestClient(golf_app).get(f"/api/replays/{replay_path(table['match']).removeprefix('/r/')}"))
    assert exported["kind"] == "table"
    assert [(s["name"], s["kind"]) for s in exported["seats"]] == [
        ("Ann", "person"),
        (table["seats"][1]["name"], "computer"),
    ]
    assert exported["totals"] == [table["match"]["totals"]["you"], table["match"]["totals"]["computer"]]


def test_the_replay_page_steps_through_the_match_with_every_card_shown(golf_app, api):
    state = finish(api, {"holes": 2})
    path = replay_path(state)
    watcher = TestClient(golf_app)
    exported = ok(watcher.get(f"/api/replays/{path.removeprefix('/r/')}"))
    count = sum(len(h["actions"]) for h in exported["holes"])
    first = watcher.get(path)
    assert first.status_code == 200
    page = first.text
    assert f"Step 0 of {count}, hole 1." in page and "Hole 1 is dealt." in page
    # The deal: every card of both grids is named, twelve of them still face down in play.
    assert page.count("face down in play") == 12
    assert 'rel="next"' in page and 'rel="prev"' not in page
    # The second hole starts where the first hole's last action (the next deal) was.
    second = len(exported["holes"][0]["actions"])
    assert f'?step={second}"' in page
    step = watcher.get(f"{path}?step={second}", headers=HX)
    assert step.status_code == 200 and "<html" not in step.text  # the step alone, for the page script
    assert f"Step {second} of {count}, hole 2." in step.text and "Hole 2 is dealt." in step.text
    end = watcher.get(f"{path}?step={count + 50}").text  # past the end: the end
    assert f"Step {count} of {count}" in end and 'rel="next"' not in end
    for player, total in zip(("You", "Computer"), exported["totals"]):
        assert re.search(rf'class="total">{total}<', end), (player, total)


def test_the_end_of_a_match_and_of_a_table_shows_the_replay_link_to_copy(golf_app, api):
    state = finish(api, {"holes": 1})
    for page in (api.get("/").text, api.get("/summary").text):
        assert f'href="{state["replay"]}"' in page and f'data-copy-replay="{state["replay"]}"' in page
    table = make_table(api, seats=("host", "easy"), rules={"holes": 1}, host_name="Ann")
    code = table["code"]
    assert "data-copy-replay" not in api.get(f"/t/{code}").text
    table = ok(api.post(f"/api/tables/{code}/start"))
    player = GreedyPlayer()
    while table["status"] != "over":
        table = (
            ok(post_action(api, code, player.choose(table["match"])))
            if table["match"]["legal"]
            else ok(api.get(f"/api/tables/{code}"))
        )
    assert f'data-copy-replay="{table["match"]["replay"]}"' in api.get(f"/t/{code}").text
