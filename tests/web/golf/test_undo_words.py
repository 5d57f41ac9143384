"""Undo says what it took back: the person's own move, and the computer's moves after it
only when there were some."""

from __future__ import annotations

import html as html_lib
import re

from tests.web.golf.test_pages_html import new_match, post, table


def said(page: str) -> str:
    return html_lib.unescape(re.search(r'data-say="([^"]*)"', page).group(1))


def test_undoing_a_draw_names_the_draw_and_no_replies(api):
    new_match(api, seed=5)
    page = table(api)
    for position in (0, 4):
        _, page = post(api, "reveal", page, position=str(position))
    _, page = post(api, "draw", page, source="stock")
    status, page = post(api, "undo", page)
    assert status == 200
    assert said(page).startswith("Taken back: your draw from the stock.")
    assert "computer" not in said(page).split(".")[0]


def test_undoing_a_swap_names_the_place_and_counts_the_computers_moves(api):
    new_match(api, seed=5)
    page = table(api)
    for position in (0, 4):
        _, page = post(api, "reveal", page, position=str(position))
    _, page = post(api, "draw", page, source="stock")
    _, page = post(api, "swap", page, position="1")
    status, page = post(api, "undo", page)
    assert status == 200
    assert re.match(
        r"Taken back: your swap into top row, column 2, and the computer's \d+ moves? after it\.", said(page)
    ), said(page)


def test_undo_from_a_page_without_script_says_the_same(api):
    new_match(api, seed=5)
    page = table(api)
    for position in (0, 4):
        _, page = post(api, "reveal", page, position=str(position))
    _, page = post(api, "draw", page, source="stock")
    version = re.search(r'data-version="(\d+)"', page).group(1)
    response = api.post("/play/undo", data={"version": version}, follow_redirects=True)
    assert "Taken back: your draw from the stock." in html_lib.unescape(response.text)
