"""A guest who signs in while both they and the account have a match against the computer
(or a solitaire deal) under way chose, before signing in, which to keep: the one on this
device (the default) or the account's. The other is recorded as given up, an abandoned
loss in the statistics, as a new deal records the one it replaces: nothing disappears
unrecorded. With a passkey (the choice goes with the sign-in's options), with a device
code (with the code, by the API and by the page's form), on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from app.service.browsers import browser_id_for
from app.store.daily import DAILY_ENTRIES
from tests.web.accounts.accountkit import cookie, ok, person, register
from tests.web.accounts.authenticator import assert_with
from tests.web.accounts.test_account_moving import one_solitaire_move
from tests.web.golf.matchkit import open_hole

BAD_KEEP = (
    'Say which match to keep if your account has one under way too: "this-device" or "account". Nothing was changed.'
)


def sign_in(client, passkey, keep: str | None = None):
    """Sign in with ``passkey``, the choice (if any) sent with the options."""
    options = ok(client.post("/api/account/sign-in/options", json={} if keep is None else {"keep": keep}))
    return client.post("/api/account/sign-in", json=assert_with(passkey, options))


def solitaire_begun(client) -> dict:
    """A solitaire deal with one move made (dealt first: a refused move deals nothing)."""
    ok(client.get("/api/solitaire"))
    return one_solitaire_move(client)


def account_playing(golf_app, api, solitaire: bool = False) -> tuple:
    """An account with a match (or a solitaire deal) under way, signed out: (passkey, what it plays)."""
    api.get("/api/stats")
    passkey, _ = register(api)
    playing = solitaire_begun(api) if solitaire else open_hole(api)
    api.post("/api/account/sign-out")
    return passkey, playing


def guest_playing(golf_app, solitaire: bool = False) -> tuple:
    client = person(golf_app)
    client.get("/api/stats")
    return client, solitaire_begun(client) if solitaire else open_hole(client)


def given_up(client, game: str = "golf") -> tuple[int, int]:
    """(played, abandoned) in the statistics."""
    stats = ok(client.get("/api/stats"))[game]
    return stats["played"], stats["abandoned"]


@pytest.mark.parametrize("keep", [None, "this-device"])
def test_keeping_the_match_on_this_device_records_the_accounts_as_given_up(golf_app, api, keep):
    passkey, theirs = account_playing(golf_app, api)
    phone, mine = guest_playing(golf_app)
    assert mine["seed"] != theirs["seed"]
    ok(sign_in(phone, passkey, keep))
    match = ok(phone.get("/api/match"))
    assert (match["seed"], match["actions_taken"]) == (mine["seed"], 2)
    assert given_up(phone) == (1, 1)  # the account's, an abandoned loss
    assert given_up(api) == (0, 0)  # the signed-out browser is a new guest


def test_keeping_the_accounts_match_records_the_one_on_this_device_as_given_up(golf_app, api):
    passkey, theirs = account_playing(golf_app, api)
    phone, mine = guest_playing(golf_app)
    ok(sign_in(phone, passkey, "account"))
    match = ok(phone.get("/api/match"))
    assert (match["seed"], match["actions_taken"], match["version"]) == (theirs["seed"], 2, theirs["version"])
    assert given_up(phone) == (1, 1)  # the guest's, now the account's statistics


def test_the_choice_matters_only_when_both_are_under_way(golf_app, api):
    api.get("/api/stats")
    passkey, _ = register(api)
    ok(api.get("/api/match"))  # dealt, never played
    api.post("/api/account/sign-out")
    phone, mine = guest_playing(golf_app)
    ok(sign_in(phone, passkey, "account"))  # the account has none under way: the guest's is kept
    assert ok(phone.get("/api/match"))["seed"] == mine["seed"]
    assert given_up(phone) == (0, 0)


def test_a_device_code_carries_the_choice(golf_app, api):
    api.get("/api/stats")
    register(api)
    theirs = open_hole(api)
    phone, _ = guest_playing(golf_app)
    code = ok(api.post("/api/account/device-code"))["code"]
    ok(phone.post("/api/account/device-code/claim", json={"code": code, "keep": "account"}))
    assert ok(phone.get("/api/match"))["seed"] == theirs["seed"]
    assert given_up(api) == (1, 1)  # seen from the account's other device too

    # The page's form, which works without script, carries it too.
    tablet, mine = guest_playing(golf_app)
    code = ok(api.post("/api/account/device-code"))["code"]
    signed = tablet.post("/account/claim", data={"code": code, "keep": "this-device"}, follow_redirects=False)
    assert signed.status_code == 303 and signed.headers["location"] == "/account?said=signed-in"
    assert ok(tablet.get("/api/match"))["seed"] == mine["seed"]
    assert given_up(api) == (2, 2)


def test_a_choice_not_offered_is_refused_and_changes_nothing(golf_app, api):
    passkey, _ = account_playing(golf_app, api)
    phone, mine = guest_playing(golf_app)
    before = cookie(phone)
    answer = phone.post("/api/account/sign-in/options", json={"keep": "both"})
    assert answer.status_code == 422 and answer.json()["detail"] == BAD_KEEP
    signed_in = api.post("/api/account/device-code")  # the account's device is signed out: no code
    assert signed_in.status_code == 401
    claimed = phone.post("/api/account/device-code/claim", json={"code": "ABCD-EFGH", "keep": ["account"]})
    assert claimed.status_code == 422 and claimed.json()["detail"] == BAD_KEEP
    page = phone.post("/account/claim", data={"code": "ABCD-EFGH", "keep": "mine"})
    assert page.status_code == 422 and BAD_KEEP.replace('"', "&#34;") in page.text
    assert cookie(phone) == before and phone.get("/api/account").status_code == 401
    assert ok(phone.get("/api/match"))["version"] == mine["version"]
    assert given_up(phone) == (0, 0)


@pytest.mark.parametrize("keep", ["this-device", "account"])
def test_solitaire_deals_follow_the_same_choice(golf_app, api, keep):
    passkey, theirs = account_playing(golf_app, api, solitaire=True)
    phone, mine = guest_playing(golf_app, solitaire=True)
    ok(sign_in(phone, passkey, keep))
    kept = ok(phone.get("/api/solitaire"))
    assert kept["seed"] == (mine if keep == "this-device" else theirs)["seed"]
    assert given_up(phone, "solitaire") == (1, 1)


def test_the_accounts_counted_daily_attempt_given_up_counts_as_played(golf_app, api):
    api.get("/api/stats")
    principal = browser_id_for(cookie(api))  # the session that registers: the account's rows are under it
    passkey, _ = register(api)
    assert ok(api.post("/api/match/new", json={"daily": True}))["practice"] is False
    open_hole(api)
    api.post("/api/account/sign-out")
    phone, _ = guest_playing(golf_app)
    ok(sign_in(phone, passkey))
    with golf_app.state.engine.connect() as connection:
        statuses = list(
            connection.execute(select(DAILY_ENTRIES.c.status).where(DAILY_ENTRIES.c.browser_id == principal)).scalars()
        )
    assert statuses == ["abandoned"]
    stats = ok(phone.get("/api/stats"))["golf"]
    assert stats["daily"]["abandoned"] == 1 and stats["abandoned"] == 0  # counted with the daily matches


def test_the_account_page_asks_only_when_something_is_under_way(golf_app, api):
    fresh = person(golf_app)
    assert 'name="keep"' not in fresh.get("/account").text
    phone, _ = guest_playing(golf_app)
    page = phone.get("/account").text
    assert "You have a match under way here. If your account has one under way too, when you sign in keep:" in page
    assert page.count('name="keep"') == 2 and 'value="this-device" form="claim-form" checked' in page
    solitaire_begun(phone)
    assert "You have a match and a solitaire deal under way here." in phone.get("/account").text
    register(phone)
    assert 'name="keep"' not in phone.get("/account").text  # signed in: nothing to choose
