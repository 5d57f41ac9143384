"""The security headers on every answer, pages free of inline script and style (so the
Content-Security-Policy holds), the API docs served from the site, and refusals answered
in the form the request wants: a page, a sentence for HTMX, or JSON."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

PAGES = [
    "/",
    "/new",
    "/scorecard",
    "/statistics",
    "/how-to-play",
    "/solitaire",
    "/solitaire/new",
    "/docs",
    "/no-such-page",
    "/tables/new",
]
BROWSER = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}


@pytest.mark.parametrize("path", [*PAGES, "/table", "/api/match", "/api/nothing", "/static/golf.css", "/openapi.json"])
def test_every_answer_carries_the_security_headers(api, path):
    headers = api.get(path, headers=BROWSER).headers
    policy = {part.split()[0]: part.split()[1:] for part in headers["content-security-policy"].split("; ")}
    assert policy["script-src"] == ["'self'"] and policy["style-src"] == ["'self'"]
    assert policy["default-src"] == ["'self'"] and policy["frame-ancestors"] == ["'none'"]
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-frame-options"] == "DENY"
    assert headers["referrer-policy"] == "same-origin"


def test_a_refusal_carries_them_too(api):
    headers = api.post("/api/match/reveal", json={"position": 0}, headers={"Origin": "http://evil.example"}).headers
    assert "frame-ancestors 'none'" in headers["content-security-policy"] and headers["x-frame-options"] == "DENY"


class Inline(HTMLParser):
    """Whatever the policy would block: inline scripts, style elements and attributes,
    inline event handlers, and anything loaded from another site."""

    def __init__(self):
        super().__init__()
        self.found: list[str] = []
        self._in_script_without_src = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "script" and not attrs.get("src"):
            self._in_script_without_src = True
        if tag == "style":
            self.found.append("<style>")
        for name, value in attrs.items():
            if name == "style" or name.startswith("on"):
                self.found.append(f"<{tag} {name}={value!r}>")
            loaded = name == "src" or (tag == "link" and name == "href")  # a link to follow is fine
            if loaded and value and value.startswith(("http:", "https:", "//")):
                self.found.append(f"<{tag} {name}={value!r}> from another site")

    def handle_data(self, data):
        if self._in_script_without_src and data.strip():
            self.found.append(f"inline script {data.strip()[:40]!r}")

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script_without_src = False


@pytest.mark.parametrize("path", PAGES)
def test_no_page_holds_what_the_policy_blocks(api, path):
    api.get("/api/match")
    api.post("/api/match/reveal", json={"position": 0})  # a table with a card face up
    parser = Inline()
    parser.feed(api.get(path, headers=BROWSER).text)
    assert parser.found == []


@pytest.mark.parametrize("stage", ["waiting", "playing", "watching", "over"])
def test_no_table_page_holds_what_the_policy_blocks(api, stage):
    """The page of a table of people: its waiting room, the match, a spectator's view, the end."""
    seats = ["host", "easy"] if stage == "over" else ["host", "open", "medium"]
    code = api.post(
        "/api/tables", json={"name": "Policy", "seats": seats, "rules": {"holes": 1}, "timer_seconds": 60}
    ).json()["code"]
    if stage != "waiting":
        api.post(f"/api/tables/{code}/start", json={"fill": "easy"})
    if stage == "over":
        from tests.web.tables.test_table_pages import choose

        for _ in range(100):
            table = api.get(f"/api/tables/{code}").json()
            if table["status"] == "over":
                break
            move = choose(table["match"])
            api.post(
                f"/api/tables/{code}/{move['action'].replace('_', '-')}",
                json={k: v for k, v in move.items() if k != "action"} or None,
            )
    if stage == "watching":
        api.cookies.clear()
    parser = Inline()
    parser.feed(api.get(f"/t/{code}", headers=BROWSER).text)
    assert parser.found == []


def test_the_api_docs_come_from_this_site(api):
    page = api.get("/docs")
    assert page.status_code == 200
    scripts = [line for line in page.text.splitlines() if "<script" in line or "stylesheet" in line]
    assert any("/static/vendor/swagger-ui-bundle-5.35.0.js" in line for line in scripts)
    assert all("cdn" not in line and "http" not in line for line in scripts)
    for path in (
        "/static/vendor/swagger-ui-bundle-5.35.0.js",
        "/static/vendor/swagger-ui-5.35.0.css",
        "/static/api-docs.js",
    ):
        assert api.get(path).status_code == 200
    assert api.get("/redoc").status_code == 404  # it would load from a CDN


# --------------------------------------------------------------------------- refusals


def test_a_browser_gets_a_404_page_with_the_sites_navigation(api):
    response = api.get("/no-such-page", headers=BROWSER)
    assert response.status_code == 404 and response.headers["content-type"].startswith("text/html")
    assert '<nav aria-label="Main">' in response.text and "There is no page at this address." in response.text
    assert "<title>Page not found · Golf</title>" in response.text


@pytest.mark.parametrize(
    "path, headers",
    [("/api/nothing", BROWSER), ("/api/match/fly", {}), ("/no-such-page", {"Accept": "application/json"})],
)
def test_json_clients_get_a_json_404(api, path, headers):
    response = api.get(path, headers=headers)
    assert response.status_code == 404 and response.json() == {"detail": "There is no page at this address."}


def test_an_unknown_move_from_a_page_is_a_404_page_and_from_htmx_a_sentence(api):
    api.get("/")
    page = api.post("/play/fly", data={}, headers=BROWSER)
    assert page.status_code == 404 and '<nav aria-label="Main">' in page.text
    htmx = api.post("/solitaire/fly", data={}, headers={"HX-Request": "true"})
    assert htmx.status_code == 404 and htmx.text == "There is no page at this address."


def test_a_wrong_method_is_405_in_the_form_asked_for(api):
    assert api.get("/play/reveal", headers=BROWSER).status_code == 405
    response = api.get("/api/match/reveal")
    assert response.status_code == 405 and "does not take that kind of request" in response.json()["detail"]
    assert "POST" in response.headers["allow"]


def test_a_service_refusal_keeps_its_json_shape(api):
    response = api.post("/api/match/swap", json={"position": 0})
    assert response.status_code == 409 and set(response.json()) == {"detail"}


def test_an_unexpected_failure_is_answered_in_the_same_forms(api, golf_app, monkeypatch):
    from fastapi.testclient import TestClient

    api.get("/")
    monkeypatch.setattr(type(golf_app.state.golf), "current", lambda *args, **kwargs: 1 / 0)
    client = TestClient(golf_app, raise_server_exceptions=False)  # the app is started already
    client.cookies = api.cookies
    page = client.get("/scorecard", headers=BROWSER)
    assert page.status_code == 500 and '<nav aria-label="Main">' in page.text
    assert "Something went wrong on the server" in page.text
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert client.get("/api/match").json() == {"detail": "Something went wrong on the server. Try again in a moment."}
