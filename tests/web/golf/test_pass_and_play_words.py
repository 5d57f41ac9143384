"""Pass and play on a 390x844 touch phone, in words: what a person does is told by their
name ("Ann turned up ..."), for it stays in the log as the device passes on; the totals
and the scorecard list everyone in seat order on every person's screen."""

from __future__ import annotations

import re

import pytest

from tests.browser.fixtures import watch_for_script_errors
from tests.browser.tablekit import wait_settled
from tests.web.golf.test_pass_and_play_dialog import PHONE


@pytest.fixture
def phone(browser, server):
    context = browser.new_context(base_url=server, **PHONE)
    context.add_cookies([{"name": "golf_speed", "value": "instant", "url": server}])
    context.set_default_timeout(10_000)
    errors: list[str] = []
    yield watch_for_script_errors(context.new_page(), errors)
    context.close()
    assert not errors, f"script errors on the page: {errors}"


def deal_for_ann_and_bo(page) -> None:
    page.goto("/")
    wait_settled(page)
    page.get_by_role("button", name="New game").click()
    dialog = page.locator("#new-game-dialog")
    dialog.get_by_label("Number of players").select_option("3")
    dialog.get_by_text("Pass and play").click()
    dialog.get_by_label("Person 1 (you)").fill("Ann")
    dialog.get_by_label("Person 2", exact=True).fill("Bo")
    dialog.get_by_role("button", name="Deal", exact=True).tap()
    wait_settled(page)


def open_pass(page, name: str) -> None:
    assert page.locator("#pass-heading").inner_text() == f"Pass to {name}"
    page.locator("[data-pass-open]").tap()
    wait_settled(page)


def totals(page) -> list[str]:
    """The names of the totals line, in its order."""
    line = page.locator(".status .totals").inner_text()
    return re.findall(r"([A-Z][a-z]+(?: \d)?) -?\d+", line.removeprefix("Totals: "))


def said(page) -> str:
    return page.locator("#announce").inner_text()


def reveal(page) -> None:
    page.locator("#board .seat.mine button.card.down").first.tap()
    wait_settled(page)


def test_each_person_s_moves_are_told_by_name_and_the_totals_keep_seat_order(phone):
    deal_for_ann_and_bo(phone)
    open_pass(phone, "Ann")
    assert totals(phone) == ["Ann", "Bo", "Computer 2"]
    reveal(phone)
    assert re.search(r"Ann turned up the .+ at .+ row, column \d\.", said(phone)), said(phone)
    reveal(phone)  # Ann's opening is done: the device goes to Bo
    open_pass(phone, "Bo")
    assert phone.locator("#board .seat.mine .seat-name").inner_text().startswith("Bo")
    assert totals(phone) == ["Ann", "Bo", "Computer 2"]  # as on Ann's screen
    reveal(phone)
    log = said(phone)
    assert re.search(r"Bo turned up the ", log) and re.search(r"Ann turned up the ", log), log
    assert "You turned up" not in log
    header = phone.locator("#scorecard-dialog thead th").all_inner_texts()
    assert [h.strip() for h in header[1:]] == ["Ann", "Bo", "Computer 2"]
