"""Pass and play through the JSON API, on SQLite and PostgreSQL: two people (Ann, Bea)
and a computer share one browser's match. The state is drawn from the seat of the
person to act, only once they opened their pass screen; until then it holds no one's
secret, and it never holds a hidden card or a drawn card of another person's."""

from __future__ import annotations

import time

import pytest

from app.cards import card_name
from app.golf.engine import GolfState
from app.golf.rules import RuleSet
from app.players.greedy import GreedyPlayer
from tests.oracle import card_strings
from tests.oracle import hidden_cards as oracle_hidden_cards
from tests.web.golf.matchkit import post_action, stored_log


def deal_for_ann_and_bea(api, **rules) -> dict:
    current = api.get("/api/match").json()
    response = api.post(
        "/api/match/new",
        json={"people": ["Ann", "Bea"], "level": "easy", "rules": {"players": 3, **rules}},
        headers={"If-Match": f'"{current["version"]}"'},
    )
    assert response.status_code == 200, response.text
    return response.json()


def secrets_of(golf_app, api, state: dict, viewer: int | None) -> set[str]:
    """The cards ``viewer`` (None: anyone at all) may not know, by tests/oracle.py."""
    service = golf_app.state.golf
    start = GolfState.new(service._engine_seed(state["seed"]), RuleSet(**state["rules"]))
    return oracle_hidden_cards(start, stored_log(golf_app, api), viewer=viewer)


def leaked(golf_app, api, state: dict) -> set[str]:
    """The cards of the state that its reader may not see: behind a pass screen, any
    hidden card; at a person's turn, any card hidden from that person's seat."""
    seat = None if state["pass_to"] else next(p["seat"] for p in state["players"] if p["id"] == "you")
    return set(card_strings(state)) & secrets_of(golf_app, api, state, seat)


def test_a_new_match_seats_the_people_by_name_and_opens_behind_a_pass_screen(api):
    state = deal_for_ann_and_bea(api)
    assert state["people"] == ["Ann", "Bea"]
    assert [(p["name"], p["kind"]) for p in state["players"]] == [
        ("Ann", "person"),
        ("Bea", "person"),
        ("Computer 2", "computer"),
    ]
    # Ann's opening reveals come first, behind her pass screen: no move until she opens it.
    assert state["pass_to"] == {"seat": 0, "name": "Ann"}
    assert state["legal"] == [] and state["held"] is None and state["can_undo"] is False
    refused = post_action(api, {"action": "reveal", "position": 0}, headers={"If-Match": f'"{state["version"]}"'})
    assert refused.status_code == 409 and "Pass the device to Ann" in refused.json()["detail"]
    opened = api.post("/api/match/pass-open", headers={"If-Match": f'"{state["version"]}"'}).json()
    assert opened["pass_to"] is None and opened["players"][0]["name"] == "Ann"
    assert {"action": "reveal", "position": 0} in opened["legal"]
    again = api.post("/api/match/pass-open", headers={"If-Match": f'"{opened["version"]}"'})
    assert again.status_code == 409  # nothing to open: the table is Ann's already


@pytest.mark.parametrize("preset", ["standard", "four-card"])  # four-card: each person's peek is theirs alone
def test_a_whole_hole_by_two_people_and_a_computer_never_shows_a_secret_of_another(golf_app, api, preset):
    state = deal_for_ann_and_bea(api, holes=2, name=preset)
    chooser = GreedyPlayer()
    passes: list[str] = []
    turns: set[str] = set()
    for _ in range(400):
        assert not leaked(golf_app, api, state), state
        if state["phase"] == "hole_over":
            break
        if state["pass_to"]:
            passes.append(state["pass_to"]["name"])
            assert state["legal"] == [] and state["held"] is None
            assert not any("peeked" in cell for p in state["players"] for cell in p["grid"])
            state = api.post("/api/match/pass-open", headers={"If-Match": f'"{state["version"]}"'}).json()
            continue
        me = next(p for p in state["players"] if p["id"] == "you")
        turns.add(me["name"])
        response = post_action(api, chooser.choose(state), headers={"If-Match": f'"{state["version"]}"'})
        assert response.status_code == 200, response.text
        state = response.json()
    else:
        raise AssertionError("the hole did not end")
    assert turns == {"Ann", "Bea"}
    assert passes[:2] == ["Ann", "Bea"]  # each opening (or first turn) behind its own pass screen
    assert "Ann" in passes[2:] and "Bea" in passes[2:]  # and every turn of a person after another's
    # The hole's end shows every grid to all, and the scorecard names everyone.
    assert state["pass_to"] is None
    assert all(cell["face_up"] for p in state["players"] for cell in p["grid"])
    assert len(state["scorecard"][0]["scores"]) == 3
    assert [p["name"] for p in state["players"]] == ["Ann", "Bea", "Computer 2"]
    # The next hole begins behind a pass screen again: Ann's opening, or the first turn's
    # (four-card, without opening reveals, whose first player moves round the table).
    dealt = post_action(api, {"action": "next_hole"}, headers={"If-Match": f'"{state["version"]}"'}).json()
    assert dealt["hole"] == 2 and dealt["pass_to"] is not None
    if preset == "standard":
        assert dealt["pass_to"] == {"seat": 0, "name": "Ann"}
    assert not leaked(golf_app, api, dealt)


def test_a_reload_during_a_pass_screen_shows_no_secret(golf_app, api):
    state = deal_for_ann_and_bea(api)
    state = api.post("/api/match/pass-open", headers={"If-Match": f'"{state["version"]}"'}).json()
    for position in (0, 1):
        state = post_action(
            api, {"action": "reveal", "position": position}, headers={"If-Match": f'"{state["version"]}"'}
        ).json()
    assert state["pass_to"] == {"seat": 1, "name": "Bea"}
    reloaded = api.get("/api/match").json()
    assert reloaded["pass_to"] == {"seat": 1, "name": "Bea"} and reloaded["legal"] == []
    assert not set(card_strings(reloaded)) & secrets_of(golf_app, api, reloaded, None)
    # Ann's face-down cards are hidden from the page read for Bea's pass screen.
    assert [cell["card"] for cell in reloaded["players"][-1]["grid"]].count(None) == 4


def test_undo_and_hint_are_off_when_people_share_the_device(api):
    state = deal_for_ann_and_bea(api)
    state = api.post("/api/match/pass-open", headers={"If-Match": f'"{state["version"]}"'}).json()
    state = post_action(api, {"action": "reveal", "position": 0}, headers={"If-Match": f'"{state["version"]}"'}).json()
    assert state["can_undo"] is False
    undo = api.post("/api/match/undo", headers={"If-Match": f'"{state["version"]}"'})
    assert undo.status_code == 409 and "people share the device" in undo.json()["detail"]
    assert api.post("/api/match/hint").status_code == 409


def test_people_are_refused_plainly_and_nothing_changes(api):
    current = api.get("/api/match").json()
    headers = {"If-Match": f'"{current["version"]}"'}
    for people, words in [
        (["Ann"], "2 to 8 people"),
        (["Ann", "ann"], "a name of their own"),
        (["Ann", "Bea", "Cy"], "3 people need 3 seats"),
        (["Ann", ""], "Person 2"),
    ]:
        response = api.post("/api/match/new", json={"people": people, "rules": {"players": 2}}, headers=headers)
        assert response.status_code == 422, response.text
        assert words in response.json()["detail"]
    daily = api.post("/api/match/new", json={"people": ["Ann", "Bea"], "daily": True}, headers=headers)
    assert daily.status_code == 422
    after = api.get("/api/match").json()
    assert after["version"] == current["version"] and "people" not in after


def test_a_match_of_people_alone_has_no_level_and_counts_as_pass_and_play(golf_app, api):
    state = deal_for_ann_and_bea(api, players=2, holes=1)
    assert state["level"] is None
    assert [p["kind"] for p in state["players"]] == ["person", "person"]
    chooser = GreedyPlayer()
    for _ in range(400):
        if state["phase"] == "match_over":
            break
        if state["pass_to"]:
            state = api.post("/api/match/pass-open", headers={"If-Match": f'"{state["version"]}"'}).json()
            continue
        state = post_action(api, chooser.choose(state), headers={"If-Match": f'"{state["version"]}"'}).json()
    assert state["phase"] == "match_over" and state["replay"]
    assert api.get(state["replay"]).status_code == 200
    stats = api.get("/api/stats").json()
    assert stats["pass_and_play"]["played"] == 1 and stats["golf"]["played"] == 0
    assert stats["online"]["played"] == 0  # counted apart from the tables of people


def test_the_page_reloaded_behind_a_pass_screen_shows_no_secret_and_the_review_names_everyone(golf_app, api):
    state = deal_for_ann_and_bea(api, holes=2)
    state = api.post("/api/match/pass-open", headers={"If-Match": f'"{state["version"]}"'}).json()
    for position in (0, 1):
        state = post_action(
            api, {"action": "reveal", "position": position}, headers={"If-Match": f'"{state["version"]}"'}
        ).json()
    # What a card's key or click is told meanwhile, on the table as it stands.
    assert "Bea opens the table to play." in api.get("/table").text
    page = api.get("/").text  # a reload
    assert "Pass to Bea" in page and "data-pass-open" in page
    secret_names = {card_name(code) for code in secrets_of(golf_app, api, state, None)}
    assert not [name for name in secret_names if name in page]
    assert 'class="peek"' not in page
    # Played to the hole's end: the first person's review, of a board naming everyone.
    state = api.get("/api/match").json()
    if state["paused"]:  # the page pauses a match it comes back to
        state = api.post("/api/match/resume", headers={"If-Match": f'"{state["version"]}"'}).json()
    assert state["pass_to"] == {"seat": 1, "name": "Bea"}
    chooser = GreedyPlayer()
    while state["phase"] != "hole_over":
        if state["pass_to"]:
            state = api.post("/api/match/pass-open", headers={"If-Match": f'"{state["version"]}"'}).json()
        else:
            state = post_action(api, chooser.choose(state), headers={"If-Match": f'"{state["version"]}"'}).json()
    for _ in range(600):
        review = api.get("/api/match/review?hole=1")
        if review.status_code == 200:
            break
        assert review.status_code == 202, review.text
        time.sleep(0.1)
    assert review.status_code == 200 and review.json()["decisions"]
    decision = api.get("/review/decision?hole=1&n=1")
    assert decision.status_code == 200
    assert "Bea" in decision.text and "Computer 2" in decision.text
