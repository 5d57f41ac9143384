"""Every profile link works for every name an account may have: a name with "/", "?",
"#", "%", spaces or letters of other scripts is linked from the leaderboard (the top, the
week's board) and the Account page, and each link opens that player's profile, as the
JSON profile answers at the name percent-encoded. On SQLite and PostgreSQL."""

from __future__ import annotations

import html
import re
import secrets
from urllib.parse import quote

import pytest

from tests.web.ratings.ratingkit import make_account, play_rated
from tests.web.tables.tablekit import ok, person

NAMES = ["AC/DC {}", "Why? {}", "No #{}", "100% {}", "Zoë Łukasz {}", "山田 太郎 {}", "../{}"]


def profile_links(page: str) -> list[str]:
    return [html.unescape(link) for link in re.findall(r'href="(/players/[^"]*)"', page)]


@pytest.mark.parametrize("shape", NAMES)
def test_a_profile_link_opens_the_profile_whatever_the_name(golf_app, api, shape):
    name = shape.format(secrets.token_hex(3))
    player = person(golf_app)
    make_account(golf_app, player, name)
    play_rated(golf_app, player, names=(), computers=("easy",))
    link = f"/players/{quote(name, safe='')}"
    board = player.get("/leaderboard").text
    assert profile_links(board).count(link) >= 2, profile_links(board)  # the top players and the week's board
    assert link in profile_links(player.get("/account").text)
    page = player.get(link)
    assert page.status_code == 200, page.text
    assert f"<h1>{html.escape(name, quote=False)}" in page.text or html.escape(name) in page.text
    profile = ok(person(golf_app).get(f"/api{link}"))
    assert profile["name"] == name and profile["games"] == 1
