"""The Golf match API of shared/API.md: every endpoint and every refusal, on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from tests.oracle import card_strings
from tests.web.golf.matchkit import (
    act,
    hidden_cards,
    open_hole,
    play_until,
    stored_log,
)


def test_first_visit_deals_a_match_and_sets_a_private_cookie(api):
    response = api.get("/api/match")
    assert response.status_code == 200
    cookie = response.headers["set-cookie"]
    assert "golf_session=" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    state = response.json()
    assert state["phase"] == "opening" and state["hole"] == 1 and state["holes"] == 9
    assert state["first_player"] == "you"
    assert state["stock_count"] == 39 and state["discard"]["count"] == 1
    you, computer = state["players"]
    assert (you["id"], computer["id"]) == ("you", "computer")
    assert [cell["face_up"] for cell in you["grid"]] == [False] * 6
    assert [cell["card"] for cell in you["grid"]] == [None] * 6
    # The computer's first two positions start face up; the rest stay hidden.
    assert [cell["face_up"] for cell in computer["grid"]] == [True, True, False, False, False, False]
    assert all(cell["card"] is None for cell in computer["grid"][2:])
    assert state["result"] is None and state["held"] is None and state["events"] == []
    assert response.headers["etag"] == f'"{state["version"]}"'


def test_each_browser_has_its_own_match(api, _shared_client):
    first = api.get("/api/match").json()
    act(api, {"action": "reveal", "position": 0})
    cookie = dict(api.cookies)
    api.cookies.clear()
    other = api.get("/api/match").json()
    assert other["players"][0]["grid"][0]["face_up"] is False
    api.cookies.clear()
    api.cookies.update(cookie)
    assert api.get("/api/match").json()["players"][0]["grid"][0]["face_up"] is True
    assert first["seed"] != other["seed"]


def test_opening_reveals_two_cards_then_you_draw_first_on_hole_one(api):
    api.get("/api/match")
    state = act(api, {"action": "reveal", "position": 3})
    assert state["phase"] == "opening" and state["players"][0]["grid"][3]["face_up"]
    state = act(api, {"action": "reveal", "position": 5})
    assert state["phase"] == "draw"
    assert state["players"][0]["showing"] is not None


@pytest.mark.parametrize(
    "body, status",
    [
        ({"position": 6}, 422),  # a 2x3 grid has positions 0 to 5
        ({"position": -1}, 422),
        ({"position": "two"}, 422),
        ({}, 422),
        (None, 422),
    ],
)
def test_malformed_reveals_are_refused_and_change_nothing(api, body, status):
    before = api.get("/api/match").json()
    response = api.post("/api/match/reveal", json=body)
    assert response.status_code == status
    assert isinstance(response.json()["detail"], str) and response.json()["detail"]
    assert api.get("/api/match").json() == before


def test_revealing_a_face_up_card_is_a_conflict(api):
    api.get("/api/match")
    act(api, {"action": "reveal", "position": 2})
    before = api.get("/api/match").json()
    response = api.post("/api/match/reveal", json={"position": 2})
    assert response.status_code == 409
    assert response.json()["detail"] == "That card is already face up: choose a face-down card."
    assert api.get("/api/match").json() == before


def test_moves_out_of_turn_are_conflicts_with_reasons(api):
    api.get("/api/match")
    assert api.post("/api/match/draw", json={"source": "stock"}).status_code == 409  # still opening
    state = open_hole(api)
    for path, body, reason in [
        ("swap", {"position": 0}, "Draw a card first"),
        ("reject", None, "Draw a card first"),
        ("next-hole", None, "still being played"),
        ("knock", None, "Knocking is not part of these rules"),
        ("reveal", {"position": 0}, "Draw a card first"),
    ]:
        response = api.post(f"/api/match/{path}", json=body)
        assert response.status_code == 409, path
        assert reason in response.json()["detail"]
    assert api.get("/api/match").json() == state


def test_draw_from_the_stock_shows_you_the_card_and_you_may_swap_it(api):
    state = open_hole(api)
    stock = state["stock_count"]
    state = act(api, {"action": "draw", "source": "stock"})
    assert state["phase"] == "place" and state["held"]["source"] == "stock"
    held = state["held"]["card"]
    assert state["stock_count"] == stock - 1
    assert api.post("/api/match/draw", json={"source": "discard"}).status_code == 409  # one card at a time
    old = state["players"][0]["grid"][0]
    state = act(api, {"action": "swap", "position": 0})
    assert state["players"][0]["grid"][0] == {"card": held, "face_up": True}
    # The replaced card went face up onto the pile, unless the computer has taken it since.
    assert state["discard"]["cards"][-1] != held
    assert old["card"] is None  # it was face down: we could not know it before


def test_a_discard_draw_must_be_swapped_in(api):
    state = open_hole(api)
    top = state["discard"]["top"]
    state = act(api, {"action": "draw", "source": "discard"})
    assert state["held"] == {"card": top, "source": "discard"}
    response = api.post("/api/match/reject")
    assert response.status_code == 409
    assert response.json()["detail"] == "A card taken from the discard pile must be swapped into your grid."


def test_rejecting_a_stock_draw_then_revealing_passes_the_turn(api):
    open_hole(api)
    state = act(api, {"action": "draw", "source": "stock"})
    thrown = state["held"]["card"]
    state = act(api, {"action": "reject"})
    assert state["phase"] == "flip" and state["discard"]["top"] == thrown and state["held"] is None
    assert api.post("/api/match/reveal", json={"position": 3}).status_code == 409  # already up
    state = act(api, {"action": "reveal", "position": 0})
    assert state["players"][0]["grid"][0]["face_up"]
    # The computer took its turn in the same response, listed in order.
    assert state["phase"] in ("draw", "hole_over")
    actions = [e["action"] for e in state["events"]]
    assert actions[0] == "draw" and all(e.get("player", "computer") == "computer" for e in state["events"])
    for event in state["events"]:
        if event["action"] == "draw" and event["source"] == "stock":
            assert "card" not in event  # a stock card stays hidden until it is used


def test_unknown_draw_source_is_malformed(api):
    open_hole(api)
    response = api.post("/api/match/draw", json={"source": "deck"})
    assert response.status_code == 422 and "source" in response.json()["detail"]


def test_no_response_ever_holds_a_hidden_card(api, golf_app):
    """Through a whole match, no card that is face down, in the unseen stock or held
    by the computer appears anywhere in a response."""
    from app.players.greedy import GreedyPlayer

    player = GreedyPlayer()
    state = api.get("/api/match").json()
    while state["phase"] != "match_over":
        log = stored_log(golf_app, api)
        leaked = set(card_strings(state)) & hidden_cards(golf_app, state, log)
        assert not leaked, f"hidden cards in the response: {leaked}"
        state = act(api, player.choose(state))


def test_next_hole_deals_and_the_computer_starts_even_holes(api):
    state = play_until(api, lambda s: s["phase"] == "hole_over")
    assert state["players"][0]["hole_score"] is not None and state["players"][1]["hole_score"] is not None
    assert all(cell["face_up"] for p in state["players"] for cell in p["grid"])
    assert state["scorecard"][0]["hole"] == 1
    kinds = [e["action"] for e in state["events"]]
    assert "reveal_all" in kinds and kinds[-1] == "hole_scored"
    state = act(api, {"action": "next_hole"})
    assert state["hole"] == 2 and state["first_player"] == "computer" and state["phase"] == "opening"
    state = act(api, {"action": "reveal", "position": 0})
    state = act(api, {"action": "reveal", "position": 1})
    # The computer moved first: it drew, and the turn came back to you.
    assert state["phase"] == "draw" and state["events"][0]["player"] == "computer"


def test_undo_goes_back_before_your_last_action_and_the_computers_reply(api):
    open_hole(api)
    assert api.get("/api/match").json()["can_undo"] is True
    act(api, {"action": "draw", "source": "stock"})
    holding = act(api, {"action": "reject"})
    after = act(api, {"action": "reveal", "position": 0})
    assert after["events"]  # the computer replied
    undone = act(api, {"action": "undo"})
    assert undone["phase"] == "flip" and undone["discard"] == holding["discard"]
    assert undone["players"][1] == holding["players"][1]
    assert undone["actions_taken"] == after["actions_taken"]  # undo does not reduce the count
    redone = act(api, {"action": "reveal", "position": 0})
    assert redone["players"] == after["players"]  # same deal, same computer: the same reply


def test_undo_crosses_a_hole_boundary(api):
    play_until(api, lambda s: s["phase"] == "hole_over")
    act(api, {"action": "next_hole"})
    state = act(api, {"action": "undo"})
    assert state["hole"] == 1 and state["phase"] == "hole_over"
    state = act(api, {"action": "undo"})
    assert state["hole"] == 1 and state["phase"] in ("draw", "place", "flip") and state["scorecard"] == []


def test_nothing_to_undo_is_a_conflict(api):
    api.get("/api/match")
    response = api.post("/api/match/undo")
    assert response.status_code == 409 and response.json()["detail"] == "There is nothing to undo yet."


def test_pause_stops_play_until_resume(api):
    open_hole(api)
    state = act(api, {"action": "draw", "source": "stock"})
    paused = api.post("/api/match/pause").json()
    assert paused["paused"] is True
    for path, body in [
        ("swap", {"position": 1}),
        ("undo", None),
        ("hint", None),
        ("restart", None),
        ("new", None),
        ("pause", None),
    ]:
        response = api.post(f"/api/match/{path}", json=body)
        assert response.status_code == 409, path
    assert api.get("/api/match").json()["held"] == state["held"]
    resumed = api.post("/api/match/resume").json()
    assert resumed["paused"] is False
    assert api.post("/api/match/resume").status_code == 409
    assert act(api, {"action": "swap", "position": 1})["phase"] in ("draw", "hole_over")


def test_the_clock_stops_while_paused(api, golf_app, monkeypatch):
    service = golf_app.state.golf
    now = [10_000_000]
    monkeypatch.setattr(service, "now", lambda: now[0])
    api.post("/api/match/new")
    now[0] += 30_000
    assert api.get("/api/match").json()["elapsed_seconds"] == 0  # the clock waits for the first move
    act(api, {"action": "reveal", "position": 0})
    now[0] += 65_000
    assert api.get("/api/match").json()["elapsed_seconds"] == 65
    api.post("/api/match/pause")
    now[0] += 3_600_000
    assert api.get("/api/match").json()["elapsed_seconds"] == 65
    api.post("/api/match/resume")
    now[0] += 5_000
    assert api.get("/api/match").json()["elapsed_seconds"] == 70
    api.post("/api/match/restart")
    assert api.get("/api/match").json()["elapsed_seconds"] == 0


def test_a_stale_version_is_refused_with_412_and_changes_nothing(api):
    state = open_hole(api)
    stale = f'"{state["version"] - 1}"'
    response = api.post("/api/match/draw", json={"source": "stock"}, headers={"If-Match": stale})
    assert response.status_code == 412 and "moved on" in response.json()["detail"]
    assert api.get("/api/match").json() == state
    current = f'"{state["version"]}"'
    response = api.post("/api/match/draw", json={"source": "stock"}, headers={"If-Match": current})
    assert response.status_code == 200 and response.json()["version"] > state["version"]
    # A double click: the same request again is now stale.
    again = api.post("/api/match/draw", json={"source": "stock"}, headers={"If-Match": current})
    assert again.status_code == 412


def test_a_malformed_if_match_is_refused(api):
    open_hole(api)
    response = api.post("/api/match/draw", json={"source": "stock"}, headers={"If-Match": "yesterday"})
    assert response.status_code == 422


def test_new_match_with_a_seed_repeats_its_deals_for_anyone(api):
    api.post("/api/match/new", json={"seed": 4242})
    first = open_hole(api)
    api.cookies.clear()
    api.post("/api/match/new", json={"seed": 4242})
    second = open_hole(api)
    assert first["players"] == second["players"] and first["discard"] == second["discard"]
    assert second["seed"] == 4242


def test_new_match_takes_level_and_rules_and_remembers_them(api):
    state = api.post("/api/match/new", json={"level": "expert", "rules": {"name": "nine-card"}}).json()
    assert state["level"] == "expert" and (state["rules"]["rows"], state["rules"]["cols"]) == (3, 3)
    assert sum(cell["face_up"] for cell in state["players"][1]["grid"]) == 3
    again = api.post("/api/match/new").json()
    assert again["level"] == "expert" and again["rules"]["name"] == "nine-card"
    assert again["seed"] != state["seed"]


@pytest.mark.parametrize(
    "body, phrase",
    [
        ({"level": "grandmaster"}, "level"),
        ({"seed": -5}, "seed"),
        ({"rules": {"players": 9}}, "players"),
        ({"rules": {"players": 8, "rows": 3, "cols": 3, "decks": 1}}, "need at least 74 cards"),
        ({"rules": {"match_diagonals": True}}, "square grid"),
        ({"surprise": 1}, "surprise"),
    ],
)
def test_new_match_refuses_bad_input_plainly(api, body, phrase):
    before = api.get("/api/match").json()
    response = api.post("/api/match/new", json=body)
    assert response.status_code == 422
    assert phrase in response.json()["detail"]
    assert api.get("/api/match").json() == before


def test_restart_repeats_the_same_deals_and_clears_the_scorecard(api):
    play_until(api, lambda s: s["phase"] == "hole_over")
    finished_hole = api.get("/api/match").json()
    restarted = api.post("/api/match/restart").json()
    assert restarted["seed"] == finished_hole["seed"] and restarted["scorecard"] == []
    assert restarted["hole"] == 1 and restarted["actions_taken"] == 0
    assert restarted["players"][1]["grid"][:2] == api.post("/api/match/restart").json()["players"][1]["grid"][:2]


def test_abandoning_a_begun_match_counts_as_a_loss_once(api):
    api.get("/api/match")
    api.post("/api/match/new")  # nothing done yet: not counted
    assert api.get("/api/stats").json()["golf"]["played"] == 0
    act(api, {"action": "reveal", "position": 0})
    api.post("/api/match/restart")
    stats = api.get("/api/stats").json()["golf"]
    assert (stats["played"], stats["lost"], stats["abandoned"]) == (1, 1, 1)
    api.post("/api/match/restart")  # the restarted match was not begun
    assert api.get("/api/stats").json()["golf"]["played"] == 1


def test_a_whole_match_ends_with_a_result_recorded_once(api):
    state = play_until(api, lambda s: s["phase"] == "match_over")
    assert len(state["scorecard"]) == 9 and state["hole"] == 9
    totals = state["totals"]
    assert totals == state["scorecard"][-1]["totals"]
    expected = "win" if totals["you"] < totals["computer"] else "loss" if totals["you"] > totals["computer"] else "draw"
    assert state["result"] == expected and state["can_undo"] is False
    assert api.post("/api/match/undo").status_code == 409
    assert api.post("/api/match/pause").status_code == 409
    api.get("/api/match")
    api.post("/api/match/restart")  # a finished match is not recorded again
    stats = api.get("/api/stats").json()["golf"]
    assert stats["played"] == 1 and stats[{"win": "won", "loss": "lost", "draw": "drawn"}[expected]] == 1
    assert stats["best_total"] == totals["you"] and stats["average_total"] == totals["you"]
    assert stats["by_level"][state["level"]]["played"] == 1


def test_hint_says_what_to_do_and_is_counted(api):
    state = open_hole(api)
    response = api.post("/api/match/hint")
    assert response.status_code == 200
    advice = response.json()
    assert advice["action"] in state["legal"] and advice["reason"]
    assert api.get("/api/match").json()["version"] == state["version"]  # nothing moved
    assert api.get("/api/stats").json()["golf"]["hints_used"] == 1


def test_stats_has_the_documented_fields(api):
    stats = api.get("/api/stats").json()
    for key in (
        "played",
        "won",
        "lost",
        "drawn",
        "best_total",
        "average_total",
        "current_streak",
        "best_streak",
        "win_rate",
    ):
        assert key in stats["golf"]
    assert "solitaire" in stats


def test_openapi_documents_every_route(api):
    paths = api.get("/openapi.json").json()["paths"]
    for path in [
        "/api/match",
        "/api/match/new",
        "/api/match/restart",
        "/api/match/reveal",
        "/api/match/draw",
        "/api/match/swap",
        "/api/match/reject",
        "/api/match/next-hole",
        "/api/match/undo",
        "/api/match/pause",
        "/api/match/resume",
        "/api/match/hint",
        "/api/stats",
    ]:
        assert path in paths
    assert api.get("/docs").status_code == 200
