"""Request size limits and rate limits: refused plainly, early, and with nothing changed.

Size: a body over the limit is refused with 413 before it is read (a 100 MB body is
never taken in), headers over theirs with 431. Rate: moves, hints and new tables are
limited per session and per client address, answered with 429 and Retry-After.
"""

from __future__ import annotations

import asyncio

import httpx
import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings
from tests.web.golf.matchkit import open_hole

MB = 1024 * 1024
CHUNK = 64 * 1024


class HugeBody:
    """A body of ``size`` bytes made as it is sent, counting how much was taken."""

    def __init__(self, size: int = 100 * MB):
        self.size = size
        self.taken = 0

    async def __aiter__(self):
        while self.taken < self.size:
            self.taken += CHUNK
            yield b"[" * CHUNK


def send(app, method: str, path: str, body: HugeBody, headers: dict) -> httpx.Response:
    """Send through an ASGI transport that pulls the body only as the app reads it
    (the app's lifespan has run: the ``api`` fixture started it)."""

    async def go():
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
            return await client.request(method, path, content=body, headers=headers)

    return asyncio.run(go())


@pytest.mark.parametrize(
    "path, content_type",
    [
        ("/api/match/reveal", "application/json"),
        ("/play/reveal", "application/x-www-form-urlencoded"),
        ("/solitaire/play", "application/x-www-form-urlencoded"),
    ],
)
def test_a_body_declared_too_large_is_refused_before_any_of_it_is_read(api, golf_app, path, content_type):
    before = api.get("/api/match").json()
    body = HugeBody()
    response = send(golf_app, "POST", path, body, {"Content-Type": content_type, "Content-Length": str(body.size)})
    assert response.status_code == 413
    assert body.taken <= CHUNK  # refused on the declared length, not after reading it
    assert api.get("/api/match").json() == before


def test_a_streamed_body_is_refused_as_soon_as_it_passes_the_limit(api, golf_app):
    before = api.get("/api/match").json()
    body = HugeBody()  # sent chunked: no length is declared
    response = send(golf_app, "POST", "/api/match/reveal", body, {"Content-Type": "application/json"})
    assert response.status_code == 413
    assert "larger than this server accepts" in response.json()["detail"]
    assert body.taken <= 64 * 1024 + 2 * CHUNK  # stopped at the limit, not at 100 MB
    assert api.get("/api/match").json() == before


def test_a_too_large_form_post_from_a_page_gets_a_page_saying_so(api):
    api.get("/")
    response = api.post(
        "/play/reveal",
        content=b"position=0&" + b"x" * (65 * 1024),
        headers={"Content-Type": "application/x-www-form-urlencoded", "Accept": "text/html"},
    )
    assert response.status_code == 413
    assert response.headers["content-type"].startswith("text/html")
    assert '<nav aria-label="Main">' in response.text and "larger than this server accepts" in response.text


def test_a_body_within_the_limit_is_accepted(api):
    state = open_hole(api)
    padded = '{"source": "stock"' + " " * (60 * 1024) + "}"
    response = api.post("/api/match/draw", content=padded, headers={"Content-Type": "application/json"})
    assert response.status_code == 200 and response.json()["version"] > state["version"]


def test_headers_too_large_are_refused_with_431(api):
    response = api.get("/api/match", headers={"X-Padding": "a" * (40 * 1024)})
    assert response.status_code == 431
    assert "headers are larger" in response.json()["detail"]
    assert api.get("/api/match", headers={"X-Padding": "a" * 1024}).status_code == 200


# --------------------------------------------------------------------------- rate limits


@pytest.fixture
def limited(own_database):
    """A client of an app with small rate limits (fresh counts for each test)."""
    settings = Settings(
        database_url=own_database,
        deal_key="test-deal-key",
        rate_limit_actions="3/minute",
        rate_limit_actions_per_address="5/minute",
        rate_limit_hints="1/minute",
        rate_limit_hints_per_address="10/minute",
        rate_limit_tables="1/minute",
        rate_limit_tables_per_address="10/minute",
    )
    with TestClient(create_app(settings)) as client:
        yield client


def test_moves_over_the_session_limit_get_429_with_retry_after_and_change_nothing(limited):
    state = limited.get("/api/match").json()
    for position in (0, 1):
        assert limited.post("/api/match/reveal", json={"position": position}).status_code == 200
    state = limited.post("/api/match/draw", json={"source": "stock"}).json()
    refused = limited.post("/api/match/swap", json={"position": 2})
    assert refused.status_code == 429
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert "Too many moves" in refused.json()["detail"]
    assert limited.get("/api/match").json() == state  # reading has its own, far larger limit; nothing changed


def test_a_page_over_the_limit_says_so_as_a_page_and_to_htmx_as_a_sentence(limited):
    limited.get("/")
    for _ in range(3):
        limited.post("/play/pause", data={})
    page = limited.post("/play/resume", data={}, headers={"Accept": "text/html"})
    assert page.status_code == 429 and page.headers["Retry-After"]
    assert '<nav aria-label="Main">' in page.text and "Too many moves" in page.text
    htmx = limited.post("/play/resume", data={}, headers={"HX-Request": "true"})
    assert htmx.status_code == 429 and htmx.headers["content-type"].startswith("text/plain")
    assert htmx.text.startswith("Too many moves")


def test_a_new_cookie_does_not_escape_the_limit_per_address(limited):
    answers = []
    for _ in range(6):
        limited.cookies.clear()  # a new session each time
        answers.append(limited.post("/api/match/pause").status_code)
    assert answers[:5] == [200] * 5 and answers[5] == 429


def test_hints_have_their_own_limit(limited):
    open_hole(limited)
    assert limited.post("/api/match/hint").status_code == 200
    assert limited.post("/api/match/hint").status_code == 429
    assert limited.get("/api/solitaire/hint").status_code == 429
    assert limited.post("/api/match/draw", json={"source": "stock"}).status_code == 200  # moves still go


def test_making_tables_is_limited_by_path(limited):
    limited.post("/api/tables", json={})
    refused = limited.post("/api/tables", json={})
    assert refused.status_code == 429 and "Too many new tables" in refused.json()["detail"]


def test_reads_flat_out_are_limited_but_the_probes_and_static_files_never(own_database):
    settings = Settings(
        database_url=own_database,
        deal_key="test-deal-key",
        rate_limit_reads="5/minute",
        rate_limit_reads_per_address="50/minute",
    )
    with TestClient(create_app(settings)) as client:
        answers = [client.get("/api/match").status_code for _ in range(6)]
        assert answers == [200] * 5 + [429]
        refused = client.get("/statistics")
        assert refused.status_code == 429 and "Too many requests" in refused.text and refused.headers["Retry-After"]
        for path in ("/livez", "/healthz", "/static/golf.css"):
            assert all(client.get(path).status_code == 200 for _ in range(10)), path
        assert client.head("/livez").status_code == 200
        assert client.post("/api/match/pause").status_code in (200, 409)  # moves have their own count


def test_a_limit_that_cannot_be_read_stops_the_start():
    with pytest.raises(ValueError, match="rate_limit_actions"):
        Settings(rate_limit_actions="lots")
