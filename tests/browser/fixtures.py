"""Browser test fixtures: the real server in a subprocess, driven by headless Chromium.

Loaded for the whole suite as a plugin (tests/conftest.py), so that the Golf table's
and the solitaire page's browser tests share one server, and never hold two browsers
at once: Playwright's synchronous API cannot run two at once in one process.

One uvicorn process per test session (a temporary SQLite database, a fixed deal key),
one browser per test module, a new browser context (a new visitor, with its own cookie)
per test. The computer plays at the "instant" speed unless a test asks otherwise. A
visitor sees the cards move, as most players do; a test that plays whole matches only to
reach what it checks asks for reduced motion (``reduced_motion``), the setting of the
players who turn motion off, which draws every step at once.

Chromium is the system one (``GOLF_CHROMIUM``, default ``/usr/bin/chromium``); when it
is missing the browser tests are skipped and say so.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from bench.servers import CHROMIUM, CHROMIUM_ARGS, server_process


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """The base URL of a running server with a fresh database."""
    database = tmp_path_factory.mktemp("browser-db") / "golf.sqlite3"
    log_path = tmp_path_factory.mktemp("browser-log") / "server.log"
    # Holes are reviewed when a review is asked for: the review pages' tests still wait
    # for it as a page does, and the many holes played to reach something else cost nothing.
    with server_process(
        f"sqlite:///{database}", log_path, deal_key="browser-test-key", GOLF_REVIEWS_AHEAD="false"
    ) as base:
        yield base


# One browser per test module, not per session: Playwright's synchronous API keeps an
# event loop running in this thread while it is open, and a later test of another module
# in the same process (pytest-xdist sends any file to any process) that runs one of its
# own with asyncio.run would be refused.
@pytest.fixture(scope="module")
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


def new_visitor_context(browser, server: str, speed: str, reduced_motion: bool = False):
    """A new visitor: a browser context with its own cookies, the computer at ``speed``,
    motion reduced if ``reduced_motion``."""
    context = browser.new_context(
        base_url=server,
        viewport={"width": 1024, "height": 900},
        reduced_motion="reduce" if reduced_motion else "no-preference",
    )
    context.add_cookies([{"name": "golf_speed", "value": speed, "url": server}])
    context.set_default_timeout(10_000)
    return context


def watch_for_script_errors(page, errors: list[str]):
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page


@pytest.fixture
def reduced_motion():
    """Whether the test's visitor has asked for reduced motion (override with a fixture)."""
    return False


@pytest.fixture
def context(browser, server, speed, reduced_motion):
    context = new_visitor_context(browser, server, speed, reduced_motion)
    yield context
    context.close()


@pytest.fixture
def page(context):
    errors: list[str] = []
    page = watch_for_script_errors(context.new_page(), errors)
    yield page
    assert not errors, f"script errors on the page: {errors}"


@pytest.fixture
def people(browser, server):
    """Opens a new visitor (a browser context with its own cookie) and its page, as many
    as the test calls for: ``ann, bea = people(), people("fast")``, or with motion reduced,
    ``people(reduced_motion=True)``."""
    contexts: list = []
    errors: list[str] = []

    def visitor(speed: str = "instant", reduced_motion: bool = False):
        context = new_visitor_context(browser, server, speed, reduced_motion)
        contexts.append(context)
        return watch_for_script_errors(context.new_page(), errors)

    yield visitor
    for context in contexts:
        context.close()
    assert not errors, f"script errors on the pages: {errors}"


@pytest.fixture
def sized(browser, server):
    """A page of a new visitor with a viewport of the given size."""
    contexts = []

    def make(width: int, height: int, **options):
        context = browser.new_context(base_url=server, viewport={"width": width, "height": height}, **options)
        context.add_cookies([{"name": "golf_speed", "value": "instant", "url": server}])
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


# The two screens of the phone tests: a 390x844 touch phone, and the laptop it is compared with.
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
LAPTOP = {"viewport": {"width": 1280, "height": 720}}
SCREENS = [pytest.param(PHONE, id="390x844-touch"), pytest.param(LAPTOP, id="1280x720")]


@contextmanager
def screen_page(browser, base: str, options: dict, speed: str = "instant") -> Iterator:
    """A new visitor's page on ``base`` with the screen ``options`` (PHONE or LAPTOP); no
    script error may happen on it."""
    context = browser.new_context(base_url=base, **options)
    context.set_default_timeout(15_000)
    context.add_cookies([{"name": "golf_speed", "value": speed, "url": base}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors


@pytest.fixture(params=SCREENS)
def screen(request, browser, server):
    """``page, width``: a test run once on a phone, once on a laptop."""
    with screen_page(browser, server, request.param) as page:
        yield page, request.param["viewport"]["width"]


def shot(page, name: str) -> None:
    """A screenshot of ``page`` as ``$GOLF_SCREENSHOTS/<name>.png``, to look at what a
    test saw; nothing when that is not set (the suite writes no files of its own)."""
    folder = os.environ.get("GOLF_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))
