"""Helpers for the API tests: drive a match over HTTP, and know its hidden cards.

The tests know the deal key the app was built with, so they can rebuild the true
state of a match from its public seed and log (the engine replays it) and check that
no response ever leaks a card its player may not see.
"""

from __future__ import annotations

import re

from app.golf.engine import replay
from app.golf.rules import RuleSet
from app.players.greedy import GreedyPlayer
from app.web.golf.move_routes import PATHS
from tests.oracle import hidden_cards as oracle_hidden_cards

ROUTES = {**PATHS, "undo": "undo", "pause": "pause", "resume": "resume"}


def post_action(api, action: dict, **kwargs):
    """POST an action given in the API's terms to its route."""
    body = {k: v for k, v in action.items() if k != "action"}
    return api.post(f"/api/match/{ROUTES[action['action']]}", json=body or None, **kwargs)


def act(api, action: dict) -> dict:
    response = post_action(api, action)
    assert response.status_code == 200, response.text
    return response.json()


def open_hole(api, positions=(3, 4)) -> dict:
    """Reveal two of your cards; returns the state at your first decision."""
    state = api.get("/api/match").json()
    for position in positions:
        state = act(api, {"action": "reveal", "position": position})
    return state


def play_until(api, done, player=None, limit: int = 2000) -> dict:
    """Let a greedy player act for the person until ``done(state)``."""
    player = player or GreedyPlayer()
    state = api.get("/api/match").json()
    for _ in range(limit):
        if done(state):
            return state
        state = act(api, player.choose(state))
    raise AssertionError("the match did not reach the expected point")


def true_state(golf_app, browser_state: dict, log: list[str]):
    """The whole state of a match (hidden cards included) from the service's own log."""
    service = golf_app.state.golf
    return replay(service._engine_seed(browser_state["seed"]), RuleSet(**browser_state["rules"]), log)


def stored_log(golf_app, api) -> list[str]:
    """The stored log of this client's match, read straight from the database."""
    from app.service.browsers import browser_id_for
    from app.store.tables import load_match
    from app.web.http.session import COOKIE_NAME

    browser_id = browser_id_for(api.cookies[COOKIE_NAME])
    with golf_app.state.engine.connect() as connection:
        return list(load_match(connection, browser_id).log)


def hidden_cards(golf_app, browser_state: dict, log: list[str]) -> set[str]:
    """Cards the person (seat 0) may not know after ``log``, by tests/oracle.py."""
    from app.golf.engine import GolfState

    service = golf_app.state.golf
    state = GolfState.new(service._engine_seed(browser_state["seed"]), RuleSet(**browser_state["rules"]))
    return oracle_hidden_cards(state, log, viewer=0)


def keys_listed(html: str) -> set[str]:
    """The keys a table page's Keys dialog lists (``{"S", "D", "U", ...}``)."""
    keys = html.split('id="keys-dialog"', 1)[1].split("</dialog>", 1)[0]
    return set(re.findall(r"<kbd>(\w)</kbd>", keys))
