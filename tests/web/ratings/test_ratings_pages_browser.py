"""The leaderboard and a profile in Chromium: you, marked among the top; a profile's
chart and its matches; axe finds nothing on either page, on a desktop and a phone."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime

import pytest
from sqlalchemy import create_engine, insert

from app.names import name_key
from app.service import clock
from app.service.browsers import browser_id_for
from app.service.ratings.service import week_of
from app.store.models import Account, AccountSession, Browser, RatedMatch, Rating, RatingEntry, RatingWeek
from bench.servers import server_process
from tests.browser.tablekit import axe_violations


@pytest.fixture(scope="module")
def rated_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("ratings-browser")
    url = f"sqlite:///{folder / 'golf.sqlite3'}"
    with server_process(url, folder / "server.log") as base:
        rate_players(url, None)
        yield base, url


def rate_players(url: str, you: str | None) -> None:
    """Eleven rated accounts, or an account that ``you`` (a session) is signed in to, in the
    middle with three rated matches."""
    engine = create_engine(url)
    now = clock.now_ms()
    browsers = [f"{0:064d}", *(f"{n:064d}" for n in range(1, 12))]
    names = ["Zoë Rated", *(f"Golfer {n}" for n in range(1, 12))]
    accounts = [secrets.token_hex(8) for _ in browsers]
    shown = [1100, *(1400 - 30 * n for n in range(1, 12))]
    if you is not None:  # you alone
        browsers, names, accounts, shown = browsers[:1], names[:1], accounts[:1], shown[:1]
    else:
        browsers, names, accounts, shown = browsers[1:], names[1:], accounts[1:], shown[1:]
    with engine.begin() as connection:
        connection.execute(
            insert(Browser.__table__),
            [{"id": b, "created_at": datetime.now(UTC), "preferences": {}} for b in browsers],
        )
        connection.execute(
            insert(Account.__table__),
            [
                {"id": a, "name": n, "name_key": name_key(n), "principal": b, "created_ms": 0}
                for a, n, b in zip(accounts, names, browsers, strict=True)
            ],
        )
        connection.execute(
            insert(Rating.__table__),
            [
                {
                    "account_id": a,
                    "mu": 25.0,
                    "sigma": 5.0,
                    "shown": s,
                    "games": 3 if a == accounts[0] else 20,
                    "updated_ms": now,
                }
                for a, s in zip(accounts, shown, strict=True)
            ],
        )
        if you is None:
            return
        connection.execute(
            insert(AccountSession.__table__),
            {"session_id": you, "account_id": accounts[0], "device": "Chromium", "created_ms": now},
        )
        for n, rating in enumerate((1000, 1060, 1100)):
            code = f"rated{n}"
            connection.execute(
                insert(RatedMatch.__table__),
                {
                    "code": code,
                    "finished_ms": now - n,
                    "replay_id": None,
                    "seats": [{"kind": "person", "level": None, "total": 9}] * 2,
                },
            )
            connection.execute(
                insert(RatingEntry.__table__),
                {
                    "account_id": accounts[0],
                    "code": code,
                    "seat": 0,
                    "finished_ms": now - 3 + n,
                    "total": 9,
                    "place": 1,
                    "shown_before": rating - 40,
                    "shown_after": rating,
                },
            )
        connection.execute(
            insert(RatingWeek.__table__), {"week": week_of(now), "account_id": accounts[0], "gained": 100, "games": 3}
        )
    engine.dispose()


@pytest.mark.parametrize("width, height", [(1366, 768), (390, 844)])
def test_the_leaderboard_and_a_profile_read_well(browser, rated_server, width, height):
    base, url = rated_server
    context = browser.new_context(base_url=base, viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto("/leaderboard")
    assert "Guests play unrated" in page.inner_text("main")
    if width > 1000:  # your account, made on the desktop's browser alone
        cookie = next(c["value"] for c in context.cookies() if c["name"] == "golf_session")
        rate_players(url, browser_id_for(cookie))
        page.reload()
        you = page.locator("tr.you")
        assert you.count() == 1 and "Zoë Rated" in you.inner_text() and "(provisional)" in you.inner_text()
        assert "rank 10 of 12" in page.inner_text(".leaderboard-you")
        assert axe_violations(page) == []
        page.get_by_role("main").get_by_role("link", name="Zoë Rated").first.click()  # the header names you too
        page.wait_for_url("**/players/*")
        assert page.get_by_role("heading", level=1).inner_text() == "Zoë Rated"
        assert page.locator("svg[role=img]").count() == 1 and page.locator("table.player-matches tbody tr").count() == 3
        assert axe_violations(page) == []
    else:
        page.goto("/players/Golfer 1")
        assert "Rating 1370" in page.inner_text("main")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        assert axe_violations(page) == []
        page.goto("/leaderboard")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        assert axe_violations(page) == []
    context.close()
