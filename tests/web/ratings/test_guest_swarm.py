"""A throw-away cookie costs nothing, so nothing a crowd of guests does may lift an
account. A thousand guests, one script, on SQLite and PostgreSQL, against one account
(Tara) that would like to climb, and her rival (Rex):

- all of them press Play now beside Tara, for a table of her size: none is seated with
  her; her table is rated and holds accounts and computers only; theirs are unrated;
- they leave their tables, lose, and play on: Tara's rating moves only by her own match;
- they ask for the daily board under Tara's and Rex's names: refused, every one;
- a few sign in to Tara's account with her passkey after playing the day's deal: not
  one of their attempts becomes hers;
- nobody but the two accounts is ever on the leaderboard.
"""

from __future__ import annotations

import pytest
from sqlalchemy import select

from app.service.browsers import browser_id_for
from app.store.daily import DAILY_ENTRIES
from app.store.models import GolfTable
from tests.web.accounts.accountkit import register, sign_in
from tests.web.quickplay.quickkit import ask, empty_queue
from tests.web.ratings.ratingkit import make_account
from tests.web.ratings.test_fair_play import play_to_the_end
from tests.web.ratings.test_ratings import MODEL, shown
from tests.web.tables.tablekit import ok, person

GUESTS = 1000
SIGNING_IN = 20  # of the guests, those who also sign in to Tara's account (a passkey check each)

pytestmark = pytest.mark.slow


def tables_seating(golf_app, browser_ids: set[str]) -> list[dict]:
    """The quick-play tables where any of ``browser_ids`` sits."""
    with golf_app.state.engine.connect() as connection:
        t = GolfTable.__table__
        rows = connection.execute(select(t.c.code, t.c.rated, t.c.seats).where(t.c.quick_play.is_(True)))
        return [
            dict(row)
            for row in rows.mappings()
            if any(seat.get("browser") in browser_ids for seat in row["seats"] if seat["kind"] == "person")
        ]


def browser_of(golf_app, client) -> str:
    return browser_id_for(client.cookies.get("golf_session"))


def test_a_thousand_guests_lift_no_account(golf_app, api):
    quick = golf_app.state.quick_play
    empty_queue(golf_app.state.engine)
    real_now, wait_ms, tables_now = quick.now, quick.wait_ms, golf_app.state.tables.now
    quick.wait_ms = 60_000  # nobody is seated with computers while the crowd arrives
    try:
        tara, rex = api, person(golf_app)
        passkey, _ = register(tara, "Tara Climb")
        make_account(golf_app, rex, "Rex Rival")
        tara_browser = browser_of(golf_app, tara)
        ok(ask(tara, 2, "Tara Climb"))

        crowd = person(golf_app)  # one client, a fresh cookie for each guest
        cookies: list[str] = []
        for number in range(GUESTS):
            crowd.cookies.clear()
            answer = ok(ask(crowd, 2, f"Guest {number}"))
            assert answer["status"] == "seated" or answer["rated"] is False
            cookies.append(crowd.cookies.get("golf_session"))
            if number % 100 == 0:
                assert ok(tara.get("/api/quick-play"))["status"] == "waiting"  # her page keeps asking
        # Two guests a table: the crowd sat down among itself, and Tara still waits.
        assert ok(tara.get("/api/quick-play"))["status"] == "waiting"
        assert ok(tara.get("/api/quick-play"))["seated"] == ["Tara Climb"]

        ok(ask(rex, 2, "Rex Rival"))
        code = ok(tara.get("/api/quick-play"))["code"]
        table = ok(tara.get(f"/api/tables/{code}"))
        assert table["rated"] and [seat["name"] for seat in table["seats"]] == ["Tara Climb", "Rex Rival"]

        guest_browsers = set()
        for cookie in cookies:
            crowd.cookies.clear()
            crowd.cookies.set("golf_session", cookie, domain="testserver.local")
            guest_browsers.add(browser_of(golf_app, crowd))
        guest_tables = tables_seating(golf_app, guest_browsers)
        assert len(guest_tables) == GUESTS // 2
        assert not any(row["rated"] for row in guest_tables)
        assert not any(tara_browser in [s.get("browser") for s in row["seats"]] for row in guest_tables)

        # The crowd leaves its tables (a loss each, rated for nobody) and asks again.
        for cookie in cookies[:200]:
            crowd.cookies.clear()
            crowd.cookies.set("golf_session", cookie, domain="testserver.local")
            seated = ok(crowd.get("/api/quick-play"))
            ok(crowd.post(f"/api/tables/{seated['code']}/leave"))
        # Rex leaves (last place): the computer plays his seat on.
        ok(rex.post(f"/api/tables/{code}/leave"))
        assert ok(tara.get("/api/account"))["rating"] is None  # not over yet

        # The crowd tries the daily board under the accounts' names.
        for number, cookie in enumerate(cookies[:100]):
            crowd.cookies.clear()
            crowd.cookies.set("golf_session", cookie, domain="testserver.local")
            name = ("Tara Climb", "REX RIVAL")[number % 2]
            refused = crowd.post("/api/match/new", json={"daily": True, "name": name})
            assert refused.status_code == 409, refused.text

        # Some of the crowd start today's deal, then sign in to Tara's account.
        for cookie in cookies[:SIGNING_IN]:
            crowd.cookies.clear()
            crowd.cookies.set("golf_session", cookie, domain="testserver.local")
            ok(crowd.post("/api/match/new", json={"daily": True, "name": "Helper"}))
            ok(crowd.delete("/api/quick-play"))
            answer = sign_in(crowd, passkey)
            assert answer.status_code in (200, 409), answer.text  # 409: the guest still sits at a table
            if answer.status_code == 200:
                assert crowd.post("/api/account/sign-out").status_code == 204
        with golf_app.state.engine.connect() as connection:
            entries = connection.execute(select(DAILY_ENTRIES).where(DAILY_ENTRIES.c.browser_id == tara_browser))
            assert entries.first() is None  # no guest's attempt is Tara's

        board = ok(tara.get("/api/leaderboard"))
        names = {row["name"] for row in board["players"]} | {row["name"] for row in board["week"]}
        assert not any(name.startswith("Guest") or name == "Helper" for name in names)
        # Tara plays her match out against the computer in Rex's seat: her one rated match.
        over = play_to_the_end(golf_app, [tara], code)
        assert over["status"] == "over" and over["rated"]
        expected = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1, 2])  # Rex left: last
        tara_profile, rex_profile = ok(tara.get("/api/players/Tara Climb")), ok(tara.get("/api/players/Rex Rival"))
        assert tara_profile["games"] == 1 and tara_profile["rating"] == shown(expected[0][0])
        assert rex_profile["games"] == 1 and rex_profile["rating"] == shown(expected[1][0])
    finally:
        quick.now, quick.wait_ms, golf_app.state.tables.now = real_now, wait_ms, tables_now
