"""What a first visit costs on the wire, and how long a browser keeps the static files.

Pages and files are sent gzip-compressed to a browser that accepts it; files whose
address carries their version are kept for a year, others are checked again."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

FIRST_LOAD_BUDGET = 64 * 1024  # bytes on the wire: the page and every script and style it loads
GZIP = {"Accept-Encoding": "gzip", "Accept": "text/html"}
YEAR = "public, max-age=31536000, immutable"


class Assets(HTMLParser):
    def __init__(self):
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "script" and attrs.get("src"):
            self.urls.append(attrs["src"])
        if tag == "link" and attrs.get("rel") == "stylesheet":
            self.urls.append(attrs["href"])


def wire_size(api, url: str) -> tuple[int, dict]:
    """The bytes of a response as they travel (before the client decompresses them)."""
    with api.stream("GET", url, headers=GZIP) as response:
        assert response.status_code == 200, url
        return sum(len(chunk) for chunk in response.iter_raw()), response.headers


def test_a_first_visit_moves_under_64_kb_compressed(api):
    page_size, headers = wire_size(api, "/")
    assert headers["content-encoding"] == "gzip"
    parser = Assets()
    parser.feed(api.get("/", headers=GZIP).text)
    assert any("htmx" in url for url in parser.urls) and parser.urls
    total = page_size
    for url in parser.urls:
        size, headers = wire_size(api, url)
        assert headers.get("content-encoding") == "gzip" or size < 500, url
        total += size
    assert total < FIRST_LOAD_BUDGET, f"{total} bytes on the wire"


def test_versioned_static_files_are_kept_for_a_year(api):
    page = api.get("/", headers=GZIP).text
    versioned = re.findall(r'(?:src|href)="(/static/[^"]*\?v=[^"]+|/static/vendor/[^"]+)"', page)
    assert any("?v=" in url for url in versioned) and any("/vendor/" in url for url in versioned)
    for url in versioned:
        assert api.get(url).headers["cache-control"] == YEAR, url


@pytest.mark.parametrize("url", ["/static/js-on.js", "/static/golf.css"])
def test_unversioned_static_files_are_checked_again(api, url):
    assert api.get(url).headers["cache-control"] == "no-cache"


def test_pages_are_not_kept_for_a_year(api):
    assert "immutable" not in api.get("/", headers=GZIP).headers.get("cache-control", "")


def test_a_browser_that_does_not_accept_gzip_gets_plain_bytes(api):
    response = api.get("/static/golf.css", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in response.headers and "{" in response.text


@pytest.mark.slow
def test_the_live_event_stream_is_never_compressed_or_held_back(database_url, tmp_path):
    """A table's events go out as they happen even to a client that accepts gzip (a
    compressor would hold them back until it had enough to compress)."""
    import contextlib

    import httpx

    from bench.servers import EventReader, server_process

    class GzipAcceptingReader(EventReader):
        def __init__(self, client, path):
            super().__init__(client, path)
            self._request = self._request.replace(b"\r\n\r\n", b"\r\nAccept-Encoding: gzip\r\n\r\n", 1)

    with server_process(database_url, tmp_path / "server.log") as base:
        ann, bea = httpx.Client(base_url=base), httpx.Client(base_url=base)
        with contextlib.closing(ann), contextlib.closing(bea):
            code = ann.post(
                "/api/tables",
                json={"name": "Live", "seats": ["host", "open"], "rules": {"holes": 1}, "host_name": "Ann"},
            ).json()["code"]
            assert bea.post(f"/api/tables/{code}/join", json={"name": "Bea"}).status_code == 200
            assert ann.post(f"/api/tables/{code}/start").status_code == 200
            with GzipAcceptingReader(bea, f"/api/tables/{code}/events") as events:
                assert events.headers["content-type"].startswith("text/event-stream")
                assert "content-encoding" not in {k.lower() for k in events.headers}
                events.next_version(timeout=2)
                moved = ann.post(f"/api/tables/{code}/reveal", json={"position": 0})
                assert events.wait_for(moved.json()["version"], timeout=2) == moved.json()["version"]


def test_every_file_a_page_loads_by_the_asset_version_changes_it():
    """A page asks for ``/static/<name>?v={{ asset_version }}`` and browsers keep it a
    long while: a file left out of the version would be served stale after an upgrade."""
    import re

    from app.resources import TEMPLATES
    from app.web.common import ASSETS

    named = {
        name
        for path in TEMPLATES.rglob("*.html")
        for name in re.findall(r"/static/([\w.-]+)\?v=\{\{ *asset_version *\}\}", path.read_text())
    }
    assert named and named <= set(ASSETS), sorted(named - set(ASSETS))
