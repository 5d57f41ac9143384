"""Helpers for the table tests: several people (each a client with its own cookies),
and the hidden cards of a table worked out from its stored row by the engine."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from app.golf.actions import parse_log_entry
from app.golf.engine import GolfState
from app.golf.rules import RuleSet
from app.service.play.turns import deal_seed
from app.store.tables import load_table
from tests.oracle import card_strings, hidden_cards
from tests.web.golf.matchkit import ROUTES


def person(golf_app) -> TestClient:
    """A new browser: its own cookie jar. (The app is already started by the shared client.)"""
    return TestClient(golf_app)


def make_table(client, seats=("host", "open", "open", "medium"), rules=None, **extra) -> dict:
    body = {"name": "Friday golf", "seats": list(seats), "rules": rules or {"holes": 2}, **extra}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def seated(golf_app, host, names=("Bea", "Cy"), **table_options):
    """A table with the host and one person per name seated; returns (table, people)."""
    table = make_table(host, **table_options)
    people = [host]
    for name in names:
        client = person(golf_app)
        joined = ok(client.post(f"/api/tables/{table['code']}/join", json={"name": name}))
        assert joined["you"] == len(people)
        people.append(client)
    return table, people


def start(host, code, **body):
    return ok(host.post(f"/api/tables/{code}/start", json=body or None))


def ok(response) -> dict:
    assert response.status_code == 200, response.text
    return response.json()


def post_action(client, code: str, action: dict, **kwargs):
    body = {k: v for k, v in action.items() if k != "action"}
    return client.post(f"/api/tables/{code}/{ROUTES[action['action']]}", json=body or None, **kwargs)


def record(golf_app, code: str):
    with golf_app.state.engine.connect() as connection:
        return load_table(connection, code)


def true_state(golf_app, code: str) -> GolfState:
    """The whole state of the table, hidden cards included, replayed from its stored log."""
    row = record(golf_app, code)
    state = GolfState.new(deal_seed(golf_app.state.tables.deal_key, row.seed), RuleSet(**row.rules))
    for entry in row.log:
        state.apply(*parse_log_entry(entry))
    return state


def hidden_from(golf_app, code: str, viewer: int | None, upto: int | None = None) -> set[str]:
    """Cards ``viewer`` (None: a spectator) may not know now (or just before the log's
    ``upto``-th action), by tests/oracle.py."""
    row = record(golf_app, code)
    state = GolfState.new(deal_seed(golf_app.state.tables.deal_key, row.seed), RuleSet(**row.rules))
    return hidden_cards(state, row.log[:upto], viewer)


def assert_nothing_hidden_shown(golf_app, code: str, table: dict) -> None:
    """No card the viewer may not know, and no seed before the end, is in ``table``."""
    hidden = hidden_from(golf_app, code, table["you"])
    leaked = set(card_strings(table)) & hidden
    assert not leaked, f"seat {table['you']} was shown hidden cards {leaked}"
    if table["status"] != "over":
        seed = str(record(golf_app, code).seed)
        assert seed not in json.dumps(table), "the seed was shown before the end"
        assert table["match"] is None or table["match"]["seed"] is None
