"""One name for quick play, on a 390x844 touch phone and at 1280x720: the page is
"Play now" (with other players), its table is titled "Play now" (against the computer,
when computer players took the empty seats), and a guest who gave no name reads "You"
in the totals and on the scorecard, not "Player". A server of its own, whose quick play
waits a moment only."""

from __future__ import annotations

import re

import pytest

from bench.servers import server_process
from tests.browser.fixtures import SCREENS, screen_page, shot

WAIT_SECONDS = 2


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("play-now-names")
    with server_process(
        f"sqlite:///{folder / 'golf.sqlite3'}",
        folder / "server.log",
        deal_key="play-now-names",
        GOLF_REVIEWS_AHEAD="false",
        GOLF_QUICK_PLAY_WAIT_SECONDS=str(WAIT_SECONDS),
    ) as base:
        yield base


@pytest.fixture(params=SCREENS)
def screen(request, browser, quick_server):
    with screen_page(browser, quick_server, request.param) as page:
        yield page, request.param["viewport"]["width"]


def test_play_now_is_one_name_and_a_guest_is_you(screen):
    page, width = screen
    page.goto("/quick-play")
    assert page.title() == "Play now · Golf"
    assert page.get_by_role("heading", level=1).inner_text().strip() == "Play now with other players"
    shot(page, f"play-now-page-{width}")
    form = page.locator("form.quick-play-form")
    form.get_by_label("Table size").select_option("2")
    assert form.get_by_label("Your name").input_value() == ""  # a guest who gives no name
    form.get_by_role("button", name="Play now").click()
    page.wait_for_url(re.compile(r"/t/[\w-]+$"), timeout=WAIT_SECONDS * 1000 + 15_000)
    page.wait_for_selector("#board")

    assert page.title() == "Play now · Golf"
    title = page.get_by_role("heading", level=1).inner_text().strip()
    assert title == "Play now against the computer", title
    assert "Quick play" not in title and "Golf with friends" not in title
    totals = page.locator("#table-head .totals").inner_text()
    assert re.match(r"Totals: You 0, Computer", totals), totals
    assert "Player" not in totals
    page.get_by_role("button", name="Scorecard").click()
    card = page.locator("#scorecard-dialog table.scorecard")
    heads = [h.strip() for h in card.locator("thead th").all_inner_texts()]
    assert heads[:2] == ["Hole", "You"], heads
    shot(page, f"play-now-table-{width}")
