"""A computer player's failure never reaches the person: the match goes on, on SQLite and PostgreSQL."""

from __future__ import annotations

import logging

import pytest

from app.players.expert import ExpertPlayer
from tests.web.golf.matchkit import act, open_hole

EIGHT_SEATS = {"players": 8, "rows": 3, "cols": 4, "decks": 2}


def to_empty_stock_holding_a_discard(api) -> dict:
    """Draw from the stock and swap into position 0 until the stock is empty, then take
    the discard pile's top card: the position where the hint used to fail."""
    state = open_hole(api)
    for _ in range(200):
        assert state["phase"] == "draw", state["phase"]
        if state["stock_count"] == 0:
            return act(api, {"action": "draw", "source": "discard"})
        act(api, {"action": "draw", "source": "stock"})
        state = act(api, {"action": "swap", "position": 0})
    raise AssertionError("the stock never ran out")


@pytest.mark.parametrize("seed", [1, 2, 4])
def test_hint_holding_a_discard_with_the_stock_empty_at_eight_seats(api, seed, caplog):
    # Seeds 2 and 4 deal a position where the held card was counted twice and the hint
    # failed; the Expert's own answer is given (no fallback was needed).
    response = api.post("/api/match/new", json={"seed": seed, "level": "easy", "rules": EIGHT_SEATS})
    assert response.status_code == 200, response.text
    state = to_empty_stock_holding_a_discard(api)
    assert state["phase"] == "place" and state["held"]["source"] == "discard"
    caplog.set_level(logging.ERROR)
    response = api.post("/api/match/hint")
    assert response.status_code == 200, response.text
    hint = response.json()
    assert hint["action"] in state["legal"] and hint["reason"]
    assert not caplog.records


class Broken(RuntimeError):
    pass


def fail(self, view):
    raise Broken("this player always fails")


def test_a_failing_computer_player_is_replaced_and_the_match_goes_on(api, monkeypatch, caplog):
    api.post("/api/match/new", json={"seed": 7, "level": "medium"})
    monkeypatch.setattr("app.players.levels.StyledPlayer.choose", fail)
    caplog.set_level(logging.ERROR)
    state = open_hole(api)  # the computer's opening reveals came from the fallback
    assert sum(cell["face_up"] for cell in state["players"][1]["grid"]) == 2
    before = state["version"]
    act(api, {"action": "draw", "source": "stock"})
    state = act(
        api,
        {"action": "reject"} if state["rules"]["flip_after_reject"] == "never" else {"action": "swap", "position": 0},
    )
    assert state["version"] > before
    assert state["turn"] == "you" and state["phase"] == "draw"
    computer_moves = [e for e in state["events"] if e.get("player") == "computer"]
    assert computer_moves, "the computer took its turn"
    failures = [r for r in caplog.records if "medium" in r.getMessage() and "Broken" in (r.exc_text or "")]
    assert failures, [r.getMessage() for r in caplog.records]
    message = failures[0].getMessage()
    assert "seat 1" in message and "phase" in message


def test_a_failing_hint_falls_back_to_a_legal_move(api, monkeypatch, caplog):
    api.post("/api/match/new", json={"seed": 7, "level": "easy"})
    state = open_hole(api)
    monkeypatch.setattr(ExpertPlayer, "choose", fail)
    monkeypatch.setattr(ExpertPlayer, "decide", lambda self, table: fail(self, table))
    caplog.set_level(logging.ERROR)
    response = api.post("/api/match/hint")
    assert response.status_code == 200, response.text
    hint = response.json()
    assert hint["action"] in state["legal"] and hint["reason"]
    assert any("hint" in r.getMessage() for r in caplog.records)
