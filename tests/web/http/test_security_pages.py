"""The pages under the site's Content-Security-Policy: nothing they do is blocked, the
policy is in force, the API docs work with no other site reachable, a missing page is a
page of the site, and a refusal sent to HTMX is shown in the alert area."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from tests.browser.tablekit import open_table, wait_settled

WATCH_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__violations.push(e.violatedDirective + " " + (e.blockedURI || "inline")));
"""
FACE_DOWN = re.compile(r"^Your card, .* row, column \d, face down$")


@pytest.fixture
def watched(page):
    """The page, with every Content-Security-Policy violation and console error kept."""
    page.add_init_script(WATCH_VIOLATIONS)
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text) if message.type == "error" else None)
    page.console_errors = console
    return page


def violations(page) -> list[str]:
    policy_errors = [text for text in page.console_errors if "Content Security Policy" in text]
    return page.evaluate("() => window.__violations") + policy_errors


def test_the_golf_table_works_with_nothing_blocked(watched):
    page = watched
    open_table(page)
    page.get_by_role("button", name=FACE_DOWN).first.click()  # an HTMX swap
    wait_settled(page)
    assert page.locator(".seat .card.up").count() >= 1
    page.get_by_role("button", name="New game").click()  # a dialog opened by the page's script
    assert page.locator("#new-game-dialog").is_visible()
    assert page.evaluate("() => document.documentElement.classList.contains('js')")  # js-on.js ran
    assert violations(page) == []


@pytest.mark.parametrize(
    "path", ["/solitaire", "/how-to-play", "/statistics", "/scorecard", "/new", "/solitaire/new", "/no-such-page"]
)
def test_the_other_pages_load_with_nothing_blocked(watched, path):
    watched.goto(path)
    watched.wait_for_load_state("load")
    assert violations(watched) == []


def test_the_policy_is_in_force(watched):
    """An inline script added to the page does not run, and is reported."""
    watched.goto("/how-to-play")
    ran = watched.evaluate("""() => new Promise((done) => {
        const script = document.createElement("script");
        script.textContent = "window.__ran = true";
        document.head.appendChild(script);
        setTimeout(() => done(window.__ran === true), 100);
    })""")
    assert ran is False
    assert any(v.startswith("script-src") for v in violations(watched))


def test_the_api_docs_render_with_no_other_site_reachable(watched, server):
    page = watched
    outside: list[str] = []

    def only_this_site(route):
        if urlsplit(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page.route("**/*", only_this_site)
    page.goto("/docs")
    page.locator(".swagger-ui .info .title").filter(has_text="Golf").wait_for()
    page.locator(".opblock-summary-path", has_text="/api/match/reveal").first.wait_for()
    assert outside == []
    assert violations(page) == []


def test_a_missing_page_is_a_page_of_the_site(page):
    response = page.goto("/no-such-page")
    assert response.status == 404
    assert page.title() == "Page not found · Golf"
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Solitaire").click()
    page.wait_for_url("**/solitaire")


def test_a_refusal_to_htmx_is_shown_in_the_alert_area(page):
    open_table(page)
    sentence = "Too many moves in a short time: wait 30 seconds and try again; nothing was changed."
    page.route(
        "**/play/reveal",
        lambda route: route.fulfill(
            status=429, content_type="text/plain; charset=utf-8", body=sentence, headers={"Retry-After": "30"}
        ),
    )
    page.get_by_role("button", name=FACE_DOWN).first.click()
    page.locator("#alert", has_text=sentence).wait_for()
