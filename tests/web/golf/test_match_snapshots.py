"""A browser's match keeps its state beside its log: read again by a server that has
never held it (its cache empty, another process, after a restart) it is restored, not
replayed, exactly as the log replays; a match saved before the state was kept is
replayed and keeps one from its next move on. On SQLite and PostgreSQL."""

from __future__ import annotations

from sqlalchemy import update

from app.golf.engine import replay
from app.golf.rules import RuleSet
from app.service.browsers import browser_id_for
from app.service.play.turns import deal_seed
from app.store.models import GolfTable
from app.store.tables import load_match
from app.web.http.session import COOKIE_NAME
from tests.web.golf.matchkit import ROUTES


def play(api, moves: int) -> dict:
    state = api.get("/api/match").json()
    for _ in range(moves):
        if not state["legal"]:
            state = api.post("/api/match/new").json()
            continue
        action = state["legal"][0]
        body = {k: v for k, v in action.items() if k != "action"}
        state = api.post(f"/api/match/{ROUTES[action['action']]}", json=body or None).json()
    return state


def stored(golf_app, api):
    with golf_app.state.engine.connect() as connection:
        return load_match(connection, browser_id_for(api.cookies[COOKIE_NAME]))


def test_a_match_read_afresh_is_restored_exactly_as_its_log_replays(golf_app, api):
    shown = play(api, 25)
    record = stored(golf_app, api)
    assert record.snapshots and record.snapshots[-1]["moves"] == len(record.log)
    service = golf_app.state.golf
    service.cache.clear()
    assert service._state(record) == replay(
        deal_seed(service.deal_key, record.seed), RuleSet(**record.rules), record.log
    )
    again = api.get("/api/match").json()
    assert again["players"] == shown["players"] and again["legal"] == shown["legal"]


def test_a_match_saved_before_its_state_was_kept_is_replayed_and_plays_on(golf_app, api):
    shown = play(api, 12)
    browser = browser_id_for(api.cookies[COOKIE_NAME])
    service = golf_app.state.golf
    with golf_app.state.engine.begin() as connection:
        connection.execute(update(GolfTable).where(GolfTable.owner == browser).values(snapshots=None))
    service.cache.clear()
    again = api.get("/api/match").json()
    assert again["players"] == shown["players"] and again["legal"] == shown["legal"]
    play(api, 3)
    record = stored(golf_app, api)
    assert record.snapshots and record.snapshots[-1]["moves"] == len(record.log)
    service.cache.clear()
    assert service._state(record) == replay(
        deal_seed(service.deal_key, record.seed), RuleSet(**record.rules), record.log
    )
