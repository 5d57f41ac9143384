"""Only session tokens this server issued are honoured: a made-up token cannot be used
to plant a session in someone's browser, while tokens from before tokens were signed
keep their match."""

from __future__ import annotations

import secrets

from fastapi.testclient import TestClient
from sqlalchemy import func, select

from app.service.browsers import SessionTokens, browser_id_for
from app.store.repository import BROWSERS
from app.web.http.session import COOKIE_NAME


def _visit(golf_app, token: str | None, path: str = "/api/match"):
    headers = {"cookie": f"{COOKIE_NAME}={token}"} if token else {}
    return TestClient(golf_app).get(path, headers=headers)


def _issued(response) -> str | None:
    return response.cookies.get(COOKIE_NAME)


def _stored(golf_app, token: str) -> bool:
    with golf_app.state.engine.connect() as connection:
        return (
            connection.execute(select(BROWSERS.c.id).where(BROWSERS.c.id == browser_id_for(token))).first() is not None
        )


def test_a_made_up_token_gets_a_fresh_session_and_never_names_one(golf_app, api):
    made_up = secrets.token_urlsafe(32)  # as the server made them before they were signed
    planter = _visit(golf_app, made_up)
    first = _issued(planter)
    assert first is not None and first != made_up
    moved = TestClient(golf_app).post(
        "/api/match/reveal", json={"position": 0}, headers={"cookie": f"{COOKIE_NAME}={first}"}
    )
    assert moved.status_code == 200 and moved.json()["actions_taken"] == 1

    # Whoever is given the made-up token gets a session of their own, not the planter's.
    victim = _visit(golf_app, made_up)
    second = _issued(victim)
    assert second is not None and second not in (made_up, first)
    assert victim.json()["actions_taken"] == 0
    assert not _stored(golf_app, made_up)


def test_a_forged_or_foreign_signature_gets_a_fresh_session(golf_app, api):
    issued = _issued(_visit(golf_app, None, "/healthz"))
    nonce, _mac = issued.split(".")
    foreign = SessionTokens(golf_app.state.engine, b"another installation's key").issue()
    for token in (f"{nonce}.{secrets.token_urlsafe(24)}", foreign, f"{nonce}.", "x" * 300, "a.b.c"):
        fresh = _issued(_visit(golf_app, token, "/healthz"))
        assert fresh is not None and fresh != token


def test_an_issued_token_is_kept_and_names_the_same_session(golf_app, api):
    issued = _issued(_visit(golf_app, None))
    moved = TestClient(golf_app).post(
        "/api/match/reveal", json={"position": 1}, headers={"cookie": f"{COOKIE_NAME}={issued}"}
    )
    assert moved.status_code == 200
    again = _visit(golf_app, issued)
    assert _issued(again) is None
    assert again.json()["version"] == moved.json()["version"] and again.json()["actions_taken"] == 1


def test_a_visit_without_a_cookie_stores_nothing_until_it_plays(golf_app, api):
    with golf_app.state.engine.connect() as connection:
        before = connection.execute(select(func.count()).select_from(BROWSERS)).scalar()
    token = _issued(_visit(golf_app, None, "/healthz"))
    assert token is not None and not _stored(golf_app, token)
    with golf_app.state.engine.connect() as connection:
        assert connection.execute(select(func.count()).select_from(BROWSERS)).scalar() == before


def test_a_token_from_before_signing_keeps_its_stored_match(golf_app, api):
    legacy = secrets.token_urlsafe(32)
    # A browser an older server stored under its unsigned token, with a match begun.
    golf_app.state.golf.new_match(browser_id_for(legacy), seed=4242)
    golf_app.state.golf.act(browser_id_for(legacy), {"action": "reveal", "position": 2})

    response = _visit(golf_app, legacy)
    assert _issued(response) is None
    match = response.json()
    assert match["seed"] == 4242 and match["actions_taken"] == 1


def test_the_session_is_found_among_other_cookies_as_a_browser_sends_them(golf_app, api):
    """Another cookie of the site's domain, even one malformed (a pair without a value,
    a space in a name), costs nobody their match; the session cookie quoted is the same."""
    issued = _issued(_visit(golf_app, None, "/healthz"))
    moved = TestClient(golf_app).post(
        "/api/match/reveal", json={"position": 0}, headers={"cookie": f"{COOKIE_NAME}={issued}"}
    )
    assert moved.status_code == 200 and moved.json()["actions_taken"] == 1
    for header in (
        f"theme=dark; {COOKIE_NAME}={issued}; golf_speed=fast",
        f"tracking; odd name=1; {COOKIE_NAME}={issued}",
        f'{COOKIE_NAME}="{issued}"',
    ):
        seen = TestClient(golf_app).get("/api/match", headers={"cookie": header})
        assert seen.status_code == 200 and _issued(seen) is None, header  # no new session given
        assert seen.json()["actions_taken"] == 1, header
