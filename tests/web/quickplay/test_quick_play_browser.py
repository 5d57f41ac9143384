"""Quick play in a real browser: Play now in the home page's New game dialog, the
waiting page counting down, and the table's page once computer players have taken the
empty seat. A server of its own, whose quick play waits a few seconds only."""

from __future__ import annotations

import re

import pytest

from bench.servers import server_process
from tests.browser.fixtures import new_visitor_context, watch_for_script_errors
from tests.browser.tablekit import axe_violations

WAIT_SECONDS = 10  # long enough to check the waiting page (axe included) on a busy machine


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("quick-play-browser")
    with server_process(
        f"sqlite:///{folder / 'golf.sqlite3'}",
        folder / "server.log",
        deal_key="quick-play-browser",
        GOLF_REVIEWS_AHEAD="false",
        GOLF_QUICK_PLAY_WAIT_SECONDS=str(WAIT_SECONDS),
    ) as base:
        yield base


@pytest.fixture
def visitor(browser, quick_server):
    context = new_visitor_context(browser, quick_server, "instant")
    errors: list[str] = []
    yield watch_for_script_errors(context.new_page(), errors)
    context.close()
    assert not errors, f"script errors on the page: {errors}"


def test_play_now_waits_then_seats_you_with_a_computer(visitor):
    page = visitor
    page.goto("/")
    page.get_by_role("button", name="New game").click()
    dialog = page.locator("#new-game-dialog")
    dialog.get_by_label("Table size").select_option("2")
    dialog.get_by_label("Your name").fill("Ann")
    dialog.get_by_role("button", name="Play now").click()

    page.wait_for_url(re.compile(r"/quick-play$"))
    assert page.get_by_text("standard rules, nine holes, with a turn timer").is_visible()
    assert page.get_by_role("listitem").filter(has_text="Ann (you)").is_visible()
    countdown = page.locator("[data-quick-countdown]")
    first = int(countdown.inner_text())
    assert 0 < first <= WAIT_SECONDS
    page.wait_for_function(
        f"() => parseInt((document.querySelector('[data-quick-countdown]') || {{}}).textContent, 10) < {first}"
    )
    assert axe_violations(page) == []

    page.wait_for_url(re.compile(r"/t/[\w-]+$"), timeout=WAIT_SECONDS * 1000 + 10_000)
    # An ordinary table of two, dealt: the computer in the other seat, Ann to reveal.
    page.locator(':text-is("Computer (medium)"):visible').first.wait_for()
    assert page.get_by_text("Choose two cards to reveal").is_visible()
    # The name given is remembered for the next form.
    page.goto("/")
    page.get_by_role("button", name="New game").click()
    assert page.locator("#dialog-quick-play-name").input_value() == "Ann"


def test_leave_goes_back_home(visitor):
    page = visitor
    page.goto("/new")  # the New game page (the dialog's page without script)
    page.get_by_label("Table size").select_option("4")
    page.get_by_role("button", name="Play now").click()
    page.wait_for_url(re.compile(r"/quick-play$"))
    page.get_by_role("button", name="Leave").click()
    page.wait_for_url(re.compile(r"/(\?.*)?$"))
    page.goto("/quick-play")
    assert page.get_by_text("You are not waiting for a table").is_visible()


def test_without_script_the_waiting_page_reloads_itself_to_the_table(browser, quick_server):
    context = browser.new_context(base_url=quick_server, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto("/new")  # the New game page: the dialog's form without script
        page.get_by_label("Table size").select_option("3")
        page.get_by_label("Your name").fill("Cy")
        page.get_by_role("button", name="Play now").click()
        page.wait_for_url(re.compile(r"/quick-play$"))
        assert page.get_by_text("Cy (you)").is_visible()
        assert page.get_by_role("link", name="Check again").is_visible()
        # Nobody else comes: the page asks again by itself, and once the wait is over
        # it is sent to the table, computers in the two empty seats.
        page.wait_for_url(re.compile(r"/t/[\w-]+$"), timeout=WAIT_SECONDS * 1000 + 10_000)
        drawn = page.content()
        assert "Computer 2 (medium)" in drawn and "Computer 3 (medium)" in drawn
    finally:
        context.close()
