"""Another site's page cannot make a visitor's browser act in their game, through the
HTML forms or the JSON API; the JSON API takes JSON bodies only."""

from __future__ import annotations

import pytest

from tests.web.golf.matchkit import open_hole

EVIL = "http://evil.example"
HX = {"HX-Request": "true"}


def test_a_form_post_from_another_site_is_refused_and_changes_nothing(api):
    before = api.get("/api/match").json()
    response = api.post(
        "/play/reveal", data={"position": "0", "version": str(before["version"])}, headers={"Origin": EVIL}
    )
    assert response.status_code == 403
    assert '<nav aria-label="Main">' in response.text and "another site" in response.text
    assert api.get("/api/match").json() == before


@pytest.mark.parametrize(
    "path, body",
    [("/api/match/reveal", {"position": 0}), ("/api/match/new", {"seed": 5}), ("/api/solitaire/new", {"seed": 5})],
)
def test_a_json_post_from_another_site_is_refused_and_changes_nothing(api, path, body):
    golf, solitaire = api.get("/api/match").json(), api.get("/api/solitaire").json()
    response = api.post(path, json=body, headers={"Origin": EVIL})
    assert response.status_code == 403 and "another site" in response.json()["detail"]
    assert api.get("/api/match").json() == golf and api.get("/api/solitaire").json() == solitaire


@pytest.mark.parametrize(
    "headers",
    [
        {"Referer": "http://evil.example/page.html"},
        {"Origin": "null"},
        {"Origin": "http://testserver.evil.example"},
        {"Origin": "http://testserver:8080"},
    ],
)
def test_other_signs_of_another_site_are_refused_too(api, headers):
    api.get("/")
    response = api.post("/solitaire/draw", data={}, headers={**headers, **HX})
    assert response.status_code == 403 and response.text.startswith("Refused")


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "http://testserver"},
        {"Referer": "http://testserver/solitaire"},
        {"Origin": "http://TESTSERVER:80"},
        {},
        {"Origin": "https://testserver"},
    ],
)  # behind a TLS proxy: Host has no scheme
def test_the_sites_own_pages_and_programs_without_an_origin_are_let_through(api, headers):
    before = api.get("/api/match").json()
    response = api.post("/api/match/reveal", json={"position": 0}, headers=headers)
    assert response.status_code == 200 and response.json()["version"] == before["version"] + 1


def test_allowed_origins_are_let_through(own_database):
    from fastapi.testclient import TestClient

    from app.main import create_app
    from app.settings import Settings

    settings = Settings(
        database_url=own_database,
        deal_key="test-deal-key",
        rate_limit_enabled=False,
        allowed_origins="https://golf.example, https://cards.example:8443",
    )
    with TestClient(create_app(settings)) as client:
        assert client.post("/api/match/pause", headers={"Origin": "https://golf.example"}).status_code == 200
        assert client.post("/api/match/resume", headers={"Origin": "https://cards.example:8443"}).status_code == 200
        assert client.post("/api/match/pause", headers={"Origin": "https://cards.example"}).status_code == 403


@pytest.mark.parametrize(
    "content_type, content",
    [
        ("text/plain", '{"position": 0}'),
        ("application/x-www-form-urlencoded", "position=0"),
        (
            "multipart/form-data; boundary=x",
            '--x\r\nContent-Disposition: form-data; name="position"\r\n\r\n0\r\n--x--\r\n',
        ),
        (None, '{"position": 0}'),
    ],
)
def test_the_json_api_refuses_a_body_that_is_not_json(api, content_type, content):
    before = api.get("/api/match").json()
    headers = {"Content-Type": content_type} if content_type else {}
    response = api.post("/api/match/reveal", content=content, headers=headers)
    assert response.status_code == 415 and "application/json" in response.json()["detail"]
    assert api.get("/api/match").json() == before


def test_the_json_api_takes_json_with_a_charset_and_posts_without_a_body(api):
    open_hole(api)
    drawn = api.post(
        "/api/match/draw", content='{"source": "stock"}', headers={"Content-Type": "application/json; charset=utf-8"}
    )
    assert drawn.status_code == 200
    assert api.post("/api/match/reject").status_code == 200  # no body, no type needed
