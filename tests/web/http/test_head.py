"""HEAD is answered as GET is, with no body: uptime monitors and link checkers probe
with HEAD, and a 405 would read as the site being down."""

from __future__ import annotations

import pytest

from app.web.http.stream_limits import EVENT_STREAM


def _get_paths(app) -> list[str]:
    """Every GET route of the app, a table's and a sheet's filled in with ``{code}``."""
    paths = []

    def walk(routes):
        for route in routes:
            if hasattr(route, "original_router"):  # an included router
                walk(route.original_router.routes)
            elif "GET" in getattr(route, "methods", ()) and not EVENT_STREAM.match(route.path):
                paths.append(route.path)

    walk(app.routes)
    return paths


def test_every_get_route_answers_head_with_its_status_and_headers_and_no_body(api, golf_app):
    code = api.post("/api/tables", json={"name": "Heads", "seats": ["host", "open"]}).json()["code"]
    api.post("/api/match/new", json={})
    paths = _get_paths(golf_app)
    assert {"/", "/healthz", "/livez", "/t/{code}", "/api/tables/{code}"} <= set(paths)
    for template in paths:
        path = template.replace("{code}", code).replace("{sheet_id}", "1")
        got, head = api.get(path), api.head(path)
        assert head.status_code == got.status_code != 405, path
        assert head.content == b"", path
        assert head.headers.get("content-type") == got.headers.get("content-type"), path
        assert head.headers.get("content-security-policy") == got.headers.get("content-security-policy"), path


@pytest.mark.parametrize("path", ["/", "/healthz", "/livez", "/static/golf.js"])
def test_a_probe_by_head_gets_the_length_a_get_would_get(api, path):
    plain = {"Accept-Encoding": "identity"}
    got, head = api.get(path, headers=plain), api.head(path, headers=plain)
    assert head.status_code == 200 and head.content == b""
    assert head.headers["content-length"] == got.headers["content-length"] == str(len(got.content))


def test_head_of_a_page_that_does_not_exist_is_404(api):
    assert api.head("/no-such-page").status_code == 404


def test_head_of_a_tables_event_stream_ends_at_once(api):
    code = api.post("/api/tables", json={"name": "Heads", "seats": ["host", "open"]}).json()["code"]
    head = api.head(f"/api/tables/{code}/events")  # would hang were the stream left open
    assert head.status_code == 200 and head.content == b""
    assert head.headers["content-type"].startswith("text/event-stream")
