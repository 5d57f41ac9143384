"""What a guest was doing becomes the account's when it signs in: its statistics, its
match in progress, its seat at a table of people, its solitaire deal, its daily attempt,
its score sheets and reviews; where the account already had one of a kind, the one
under way is kept. On SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import insert, select

from app.service.browsers import browser_id_for
from app.store.account_rows import SCORE_SHEETS
from app.store.daily import DAILY_ENTRIES
from app.store.repository import BROWSERS, ONLINE_RESULTS, PLAY_REVIEWS
from tests.web.accounts.accountkit import cookie, ok, person, register, sign_in
from tests.web.golf.matchkit import open_hole
from tests.web.tables.tablekit import make_table


def signed_out_account(golf_app, api):
    """An account registered from ``api`` and signed out there: (passkey, its principal)."""
    api.get("/api/stats")
    principal = browser_id_for(cookie(api))
    passkey, _ = register(api)
    api.post("/api/account/sign-out")
    return passkey, principal


def guest(golf_app):
    client = person(golf_app)
    client.get("/api/stats")
    return client, browser_id_for(cookie(client))


def rows(golf_app, table, browser_id: str) -> list[dict]:
    with golf_app.state.engine.connect() as connection:
        query = select(table).where(table.c.browser_id == browser_id)
        return [dict(row) for row in connection.execute(query).mappings()]


def browser_exists(golf_app, browser_id: str) -> bool:
    with golf_app.state.engine.connect() as connection:
        return connection.execute(select(BROWSERS.c.id).where(BROWSERS.c.id == browser_id)).first() is not None


def test_a_guests_results_become_the_accounts(golf_app, api):
    passkey, principal = signed_out_account(golf_app, api)
    phone, guest_id = guest(golf_app)
    open_hole(phone)
    ok(phone.post("/api/match/new"))  # the started match given up: a loss
    ok(sign_in(phone, passkey))
    assert ok(phone.get("/api/stats"))["golf"]["played"] == 1
    assert not browser_exists(golf_app, guest_id)  # nothing is left under the guest
    ok(sign_in(api, passkey))
    assert ok(api.get("/api/stats"))["golf"]["played"] == 1  # every device of the account sees it


def test_a_guests_match_in_progress_is_kept_over_the_accounts(golf_app, api):
    ok(api.get("/api/match"))
    passkey, _ = signed_out_account(golf_app, api)
    phone, _ = guest(golf_app)
    playing = open_hole(phone)
    ok(sign_in(phone, passkey))
    match = ok(phone.get("/api/match"))
    assert (match["seed"], match["actions_taken"], match["phase"]) == (playing["seed"], 2, playing["phase"])


def test_the_accounts_match_is_kept_over_a_guests_untouched_deal(golf_app, api):
    theirs = open_hole(api)
    passkey, _ = signed_out_account(golf_app, api)
    phone, _ = guest(golf_app)
    ok(phone.get("/api/match"))  # dealt, never played
    ok(sign_in(phone, passkey))
    match = ok(phone.get("/api/match"))
    assert (match["seed"], match["actions_taken"]) == (theirs["seed"], 2)


def test_a_guests_seat_at_a_table_of_people_becomes_the_accounts(golf_app, api):
    passkey, _ = signed_out_account(golf_app, api)
    host = person(golf_app)
    table = make_table(host, seats=("host", "open", "medium"))
    phone, _ = guest(golf_app)
    joined = ok(phone.post(f"/api/tables/{table['code']}/join", json={"name": "Bea"}))
    ok(sign_in(phone, passkey))
    assert ok(phone.get(f"/api/tables/{table['code']}"))["you"] == joined["you"]
    ok(sign_in(api, passkey))  # the account's other device is seated there too
    assert ok(api.get(f"/api/tables/{table['code']}"))["you"] == joined["you"]
    ok(host.post(f"/api/tables/{table['code']}/start"))
    assert ok(phone.get(f"/api/tables/{table['code']}"))["match"]["players"][0]["name"] == "Bea"


def one_solitaire_move(client) -> dict:
    for pile in range(7):
        answer = client.post("/api/solitaire/play", json={"pile": pile})
        if answer.status_code == 200:
            return answer.json()
    return ok(client.post("/api/solitaire/draw"))


def test_a_guests_solitaire_deal_under_way_is_kept(golf_app, api):
    ok(api.get("/api/solitaire"))
    passkey, _ = signed_out_account(golf_app, api)
    phone, _ = guest(golf_app)
    deal = ok(phone.get("/api/solitaire"))
    played = one_solitaire_move(phone)
    ok(sign_in(phone, passkey))
    after = ok(phone.get("/api/solitaire"))
    assert after["seed"] == deal["seed"] and after["version"] == played["version"]


def test_the_accounts_daily_attempt_stays_its_own(golf_app, api):
    first = ok(api.post("/api/match/new", json={"daily": True}))
    passkey, principal = signed_out_account(golf_app, api)
    phone, guest_id = guest(golf_app)
    ok(phone.post("/api/match/new", json={"daily": True}))
    guest_entry = rows(golf_app, DAILY_ENTRIES, guest_id)[0]
    ok(sign_in(phone, passkey))
    entries = rows(golf_app, DAILY_ENTRIES, principal)
    assert len(entries) == 1 and entries[0]["match_id"] != guest_entry["match_id"]
    assert entries[0]["date"] == first["daily"]
    assert rows(golf_app, DAILY_ENTRIES, guest_id) == []


def test_a_guests_daily_attempt_stays_out_of_the_accounts_count(golf_app, api):
    """Else a person could play the day's deal with several guest cookies and sign in on
    the best: an account's counted attempt is the first it starts signed in."""
    passkey, principal = signed_out_account(golf_app, api)
    phone, guest_id = guest(golf_app)
    tried = ok(phone.post("/api/match/new", json={"daily": True}))
    assert tried["practice"] is False and len(rows(golf_app, DAILY_ENTRIES, guest_id)) == 1
    ok(sign_in(phone, passkey))
    assert rows(golf_app, DAILY_ENTRIES, principal) == [] and rows(golf_app, DAILY_ENTRIES, guest_id) == []
    brought = ok(phone.get("/api/match"))
    assert brought["daily"] == tried["daily"] and brought["practice"] is True  # the guest's match, as practice
    counted = ok(phone.post("/api/match/new", json={"daily": True}, headers={"If-Match": str(brought["version"])}))
    assert counted["practice"] is False
    [entry] = rows(golf_app, DAILY_ENTRIES, principal)
    assert entry["status"] == "playing"


def test_a_guests_score_sheets_become_the_accounts(golf_app, api):
    passkey, principal = signed_out_account(golf_app, api)
    phone, guest_id = guest(golf_app)
    made = phone.post("/scorekeeper", data={"player-0": "Ann", "player-1": "Bea", "holes": "9"}, follow_redirects=False)
    assert made.status_code == 303, made.text
    ok(sign_in(phone, passkey))
    assert len(rows(golf_app, SCORE_SHEETS, principal)) == 1
    ok(sign_in(api, passkey))
    assert api.get(made.headers["location"]).status_code == 200


def test_a_guests_reviews_and_table_results_become_the_accounts(golf_app, api):
    passkey, principal = signed_out_account(golf_app, api)
    phone, guest_id = guest(golf_app)
    open_hole(phone)  # the guest's browser is stored
    with golf_app.state.engine.begin() as connection:
        connection.execute(
            insert(PLAY_REVIEWS).values(
                browser_id=guest_id,
                match_id="m1",
                hole=1,
                seat=0,
                digest="d" * 64,
                review={},
                decisions=3,
                points_lost=1.5,
                created_ms=1,
            )
        )
        connection.execute(
            insert(ONLINE_RESULTS).values(
                browser_id=guest_id,
                table_code="t1",
                finished_at=datetime.now(UTC),
                rules_name="standard",
                players=2,
                outcome="win",
                abandoned=False,
                total=10,
                holes_played=9,
            )
        )
    ok(sign_in(phone, passkey))
    assert [row["match_id"] for row in rows(golf_app, PLAY_REVIEWS, principal)] == ["m1"]
    assert [row["table_code"] for row in rows(golf_app, ONLINE_RESULTS, principal)] == ["t1"]
    assert rows(golf_app, PLAY_REVIEWS, guest_id) == rows(golf_app, ONLINE_RESULTS, guest_id) == []
