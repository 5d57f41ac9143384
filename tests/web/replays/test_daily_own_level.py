"""The daily deal does not change the level a person deals their own matches at, on
SQLite and PostgreSQL: its match state tells that level (``own_level``), the page's
New game and summary deal at it, and its end says to press New game (Restart is off)."""

from __future__ import annotations

import re

from tests.web.golf.matchkit import play_until
from tests.web.replays.test_daily import clock_at, new_daily, short_daily  # noqa: F401 (fixtures)
from tests.web.tables.tablekit import ok


def test_after_the_daily_new_game_deals_at_the_persons_own_level(api, clock_at, short_daily):  # noqa: F811
    ok(api.post("/api/match/new", json={"level": "hard"}))
    assert "own_level" not in ok(api.get("/api/match"))
    clock_at.day(40)
    state = new_daily(api)
    assert state["practice"] is False and state["own_level"] == "hard"
    assert play_until(api, lambda s: s["phase"] == "match_over")["own_level"] == "hard"

    page = api.get("/").text
    assert re.search(r'id="prompt"[^>]*>[^<]*\. Press New game to play on\.<', page)
    assert "restart the match" not in page
    assert re.search(r'<input type="radio" name="level" value="hard"[^>]*checked', page)
    assert '<button type="submit" class="primary">New match at Hard</button>' in page
    assert 'data-key="u"' not in page and "<kbd>U</kbd>" not in page  # no Undo, nor its key, in the counted attempt

    again = ok(api.post("/api/match/new", json={}))
    assert again["level"] == "hard" and again["daily"] is None and "own_level" not in again
