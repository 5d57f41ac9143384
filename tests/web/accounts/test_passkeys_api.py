"""Saving your progress to an account with a passkey, signing out and signing in again
on another device, through the JSON API, on SQLite and PostgreSQL; and every way a
passkey answer is refused, each with its sentence and with nothing changed."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings
from app.store.accounts import PASSKEYS
from tests.web.accounts.accountkit import a_name, cookie, ok, person, register, sign_in, with_cookie
from tests.web.accounts.authenticator import assert_with, create
from tests.web.golf.matchkit import open_hole


def stored_passkey(golf_app, passkey) -> dict:
    from tests.web.accounts.authenticator import b64url

    with golf_app.state.engine.connect() as connection:
        row = connection.execute(
            PASSKEYS.select().where(PASSKEYS.c.credential_id == b64url(passkey.credential_id))
        ).mappings()
        return dict(row.one())


def abandon_a_match(client) -> None:
    """Start a match and give it up with New game: a loss in the statistics."""
    open_hole(client)
    ok(client.post("/api/match/new"))


def test_a_guest_has_no_account(api):
    response = api.get("/api/account")
    assert response.status_code == 401
    assert response.json()["detail"] == "You are not signed in to an account."


def test_registering_saves_what_the_browser_had_and_the_account_follows_its_passkey(golf_app, api):
    abandon_a_match(api)
    playing = open_hole(api)
    guest_cookie = cookie(api)
    name = a_name()
    passkey, account = register(api, name)
    assert account["name"] == name and account["rating"] is None
    assert [device["this"] for device in account["devices"]] == [True]
    assert len(account["passkeys"]) == 1
    assert cookie(api) != guest_cookie  # a new session at sign-in
    assert ok(api.get("/api/account"))["name"] == name
    assert ok(api.get("/api/stats"))["golf"]["played"] == 1
    assert ok(api.get("/api/match"))["seed"] == playing["seed"]

    # The cookie the account was registered from opens nothing of it any more.
    old = with_cookie(person(golf_app), guest_cookie)
    assert old.get("/api/account").status_code == 401
    assert ok(old.get("/api/stats"))["golf"]["played"] == 0
    assert cookie(old) != guest_cookie

    # Signing out: a fresh guest, with nothing of the account.
    response = api.post("/api/account/sign-out")
    assert response.status_code == 204
    assert api.get("/api/account").status_code == 401
    assert ok(api.get("/api/stats"))["golf"]["played"] == 0

    # Another device signs in with the (synced) passkey and finds the account's rows.
    phone = person(golf_app)
    signed = ok(sign_in(phone, passkey))
    assert signed["name"] == name and [d["this"] for d in signed["devices"]] == [True]
    assert ok(phone.get("/api/stats"))["golf"]["played"] == 1
    assert ok(phone.get("/api/match"))["seed"] == playing["seed"]
    assert stored_passkey(golf_app, passkey)["sign_count"] == 1


def test_signing_in_again_after_signing_out_on_the_same_browser(golf_app, api):
    passkey, account = register(api)
    ok(api.post("/api/match/new"))
    api.post("/api/account/sign-out")
    assert ok(sign_in(api, passkey))["name"] == account["name"]
    assert len(ok(api.get("/api/account"))["devices"]) == 1  # the signed-out session is gone


def test_a_signed_in_session_cannot_sign_in_or_register_again(api):
    passkey, _ = register(api)
    response = api.post("/api/account/sign-in/options")
    assert response.status_code == 409
    assert response.json()["detail"] == "You are signed in already: sign out first to use another account."


def test_a_signed_in_session_adds_another_passkey_to_its_account(golf_app, api):
    _, account = register(api)
    options = ok(api.post("/api/account/register/options", json={}))
    assert options["user"]["name"] == account["name"]
    assert len(options["excludeCredentials"]) == 1  # the browser is told not to make a second on it
    second, credential = create(options)
    response = api.post("/api/account/register", json=credential)
    assert response.status_code == 201, response.text
    assert len(response.json()["passkeys"]) == 2
    assert ok(sign_in(person(golf_app), second))["name"] == account["name"]


def refused(response, status: int, sentence: str) -> None:
    assert response.status_code == status, response.text
    assert response.json()["detail"] == sentence


@pytest.mark.parametrize(
    "spoiled, sentence",
    [
        ({"origin": "http://evil.example"}, "The passkey answered another web address than this site's: refused."),
        ({"rp_id": "evil.example"}, "The passkey belongs to another site than this one: refused."),
        ({"bad_signature": True}, "The passkey's signature is not valid: refused."),
    ],
)
def test_a_spoiled_sign_in_is_refused_and_changes_nothing(golf_app, api, spoiled, sentence):
    passkey, _ = register(api)
    api.post("/api/account/sign-out")
    other = person(golf_app)
    open_hole(other)
    before = cookie(other)
    refused(sign_in(other, passkey, **spoiled), 403, sentence + " Nothing was changed.")
    assert cookie(other) == before
    assert other.get("/api/account").status_code == 401
    assert ok(other.get("/api/match"))["actions_taken"] == 2  # the guest's match is still its own
    assert stored_passkey(golf_app, passkey)["sign_count"] == 0
    assert stored_passkey(golf_app, passkey)["used_ms"] is None


def test_a_sign_count_going_backwards_is_refused(golf_app, api):
    passkey, _ = register(api)
    api.post("/api/account/sign-out")
    ok(sign_in(api, passkey, sign_count=5))
    api.post("/api/account/sign-out")
    refused(
        sign_in(api, passkey, sign_count=3),
        403,
        "This passkey's counter went backwards, as a copied passkey's would: it is refused. Nothing was changed.",
    )
    assert api.get("/api/account").status_code == 401
    assert stored_passkey(golf_app, passkey)["sign_count"] == 5


def test_a_replayed_answer_is_refused(golf_app, api):
    passkey, account = register(api)
    api.post("/api/account/sign-out")
    phone = person(golf_app)
    options = ok(phone.post("/api/account/sign-in/options"))
    answer = assert_with(passkey, options)
    captured = cookie(phone)
    ok(phone.post("/api/account/sign-in", json=answer))
    # Someone who copied the request (cookie and body) sends it again.
    thief = with_cookie(person(golf_app), captured)
    refused(
        thief.post("/api/account/sign-in", json=answer),
        409,
        "This passkey request has expired or was already answered: try again.",
    )
    assert thief.get("/api/account").status_code == 401
    assert len(ok(phone.get("/api/account"))["devices"]) == 1


def test_a_challenge_is_short_lived(golf_app, api, monkeypatch):
    passkey, _ = register(api)
    api.post("/api/account/sign-out")
    options = ok(api.post("/api/account/sign-in/options"))
    service = golf_app.state.passkeys
    clock = service.now
    monkeypatch.setattr(service, "now", lambda: clock() + 5 * 60 * 1000 + 1000)
    refused(
        api.post("/api/account/sign-in", json=assert_with(passkey, options)),
        409,
        "This passkey request has expired or was already answered: try again.",
    )


def test_a_registration_for_another_site_is_refused(api):
    options = ok(api.post("/api/account/register/options", json={"name": a_name()}))
    _, credential = create(options, origin="http://evil.example")
    refused(
        api.post("/api/account/register", json=credential),
        422,
        "The passkey answered another web address than this site's: refused. Nothing was changed.",
    )
    assert api.get("/api/account").status_code == 401


def test_an_unknown_passkey_is_refused(golf_app, api):
    from tests.web.accounts.authenticator import Passkey

    refused(
        sign_in(api, Passkey(user_handle=b"x")),
        403,
        "This passkey is not one of this site's accounts (it may have been removed).",
    )


def test_an_unreadable_answer_is_refused(api):
    refused(
        api.post("/api/account/sign-in", json={"response": {"clientDataJSON": "%%%"}}),
        422,
        "The browser's passkey answer could not be read: try again.",
    )


def test_names_are_unique_whatever_their_case(golf_app, api):
    name = a_name()
    register(api, name)
    refused(
        person(golf_app).post("/api/account/register/options", json={"name": f"  {name.upper()} "}),
        409,
        f"An account is already called {name.upper()}: choose another name.",
    )
    refused(
        person(golf_app).post("/api/account/register/options", json={"name": "Ann\u202eevil"}),
        422,
        "Your name cannot hold control characters, line breaks or invisible formatting characters "
        "(such as a right-to-left override).",
    )


def test_the_relying_party_and_origin_are_settings(own_database):
    settings = Settings(
        database_url=own_database,
        deal_key="test",
        rate_limit_enabled=False,
        rp_id="golf.example",
        origin="https://golf.example",
    )
    with TestClient(create_app(settings), base_url="https://golf.example") as client:
        options = ok(client.post("/api/account/register/options", json={"name": "Bea"}))
        assert options["rp"]["id"] == "golf.example"
        _, credential = create(options, origin="http://testserver")
        refused(
            client.post("/api/account/register", json=credential),
            422,
            "The passkey answered another web address than this site's: refused. Nothing was changed.",
        )
        options = ok(client.post("/api/account/register/options", json={"name": "Bea"}))
        _, credential = create(options, origin="https://golf.example")
        assert client.post("/api/account/register", json=credential).status_code == 201


def test_every_account_step_is_rate_limited(own_database):
    settings = Settings(
        database_url=own_database,
        deal_key="test",
        rate_limit_accounts="3/minute",
        rate_limit_accounts_per_address="10/minute",
    )
    with TestClient(create_app(settings)) as client:
        for _ in range(3):
            assert client.post("/api/account/sign-in/options").status_code == 200
        response = client.post("/api/account/sign-in/options")
        assert response.status_code == 429
        assert response.json()["detail"].startswith("Too many account steps in a short time")
        assert client.post("/api/account/device-code/claim", json={"code": "ABCD-EFGH"}).status_code == 429
