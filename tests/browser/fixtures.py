"""Browser test fixtures: the real server in a subprocess, driven by headless Chromium.

Loaded for the whole suite as a plugin (tests/conftest.py), so that the Golf table's
and the solitaire page's browser tests share one server and one browser: Playwright's
synchronous API cannot run two at once in one process.

One uvicorn process per test session (a temporary SQLite database, a fixed deal key),
one browser per session, a new browser context (a new visitor, with its own cookie)
per test. The computer plays at the "instant" speed unless a test asks otherwise.

Chromium is the system one (``GOLF_CHROMIUM``, default ``/usr/bin/chromium``); when it
is missing the browser tests are skipped and say so.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("GOLF_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic",
]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """The base URL of a running server with a fresh database."""
    port = _free_port()
    database = tmp_path_factory.mktemp("browser-db") / "golf.sqlite3"
    log_path = tmp_path_factory.mktemp("browser-log") / "server.log"
    env = {**os.environ, "GOLF_DATABASE_URL": f"sqlite:///{database}", "GOLF_DEAL_KEY": "browser-test-key",
           "GOLF_RATE_LIMIT_ENABLED": "false"}  # a test plays far faster than a person
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "app.main:app", "--host", "127.0.0.1", "--port", str(port),
             # The page's request context keeps its connections open with no
             # time limit; a server that closes an idle one first (uvicorn: after 5 s) can
             # close it just as a request is sent on it, and the request fails.
             "--timeout-keep-alive", "600", "--log-level", "warning"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"the server did not start:\n{log_path.read_text(errors='replace')}")
        time.sleep(0.1)
    yield base
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM}: browser tests skipped")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def speed():
    """The computer's speed for the test's visitor (override with parametrize or a fixture)."""
    return "instant"


@pytest.fixture
def context(browser, server, speed):
    context = browser.new_context(base_url=server, viewport={"width": 1024, "height": 900})
    context.add_cookies([{"name": "golf_speed", "value": speed, "url": server}])
    context.set_default_timeout(10_000)
    yield context
    context.close()


@pytest.fixture
def page(context):
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    assert not errors, f"script errors on the page: {errors}"
