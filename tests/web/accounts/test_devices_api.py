"""Adding a device with a one-time code, removing devices and passkeys, and deleting the
account with everything only its own, through the JSON API, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

from fastapi.testclient import TestClient
from sqlalchemy import select

from app.main import create_app
from app.service.browsers import browser_id_for, purge_sessions
from app.settings import Settings
from app.store.models import Base
from tests.web.accounts.accountkit import cookie, ok, person, register, sign_in
from tests.web.accounts.authenticator import b64url, create
from tests.web.golf.matchkit import open_hole
from tests.web.tables.tablekit import make_table

BAD_CODE = (
    "That code is not right, was used already, or is more than five minutes old: make a new one on your "
    "other device. Nothing was changed."
)


def test_a_code_signs_another_device_in_once(golf_app, api):
    _, account = register(api)
    open_hole(api)
    made = ok(api.post("/api/account/device-code"))
    code = made["code"]
    assert len(code) == 9 and code[4] == "-" and not set(code) & set("01ILO")
    assert made["link"] == f"http://testserver/account?code={code}"
    assert made["qr_svg"].startswith("<svg") and "<script" not in made["qr_svg"]
    tablet = person(golf_app)
    before = cookie(tablet)
    claimed = ok(tablet.post("/api/account/device-code/claim", json={"code": code.lower().replace("-", " ")}))
    assert claimed["name"] == account["name"] and len(claimed["devices"]) == 2
    assert cookie(tablet) != before
    assert ok(tablet.get("/api/match"))["actions_taken"] == 2  # the account's match
    # Used once: nobody else signs in with it.
    response = person(golf_app).post("/api/account/device-code/claim", json={"code": code})
    assert response.status_code == 422 and response.json()["detail"] == BAD_CODE


def test_a_code_lasts_five_minutes(golf_app, api, monkeypatch):
    register(api)
    code = ok(api.post("/api/account/device-code"))["code"]
    devices = golf_app.state.devices
    clock = devices.now
    monkeypatch.setattr(devices, "now", lambda: clock() + 5 * 60 * 1000 + 1000)
    tablet = person(golf_app)
    response = tablet.post("/api/account/device-code/claim", json={"code": code})
    assert response.status_code == 422 and response.json()["detail"] == BAD_CODE
    assert tablet.get("/api/account").status_code == 401


def test_a_made_up_code_is_refused(golf_app, api):
    register(api)
    for typed in ("ABCD-EFGH", "short", ""):
        response = person(golf_app).post("/api/account/device-code/claim", json={"code": typed})
        assert response.status_code == 422 and response.json()["detail"] == BAD_CODE


def test_only_a_signed_in_device_makes_codes(api):
    response = api.post("/api/account/device-code")
    assert response.status_code == 401 and response.json()["detail"] == "You are not signed in to an account."


def test_removing_a_device_signs_it_out(golf_app, api):
    register(api)
    tablet = person(golf_app)
    ok(tablet.post("/api/account/device-code/claim", json={"code": ok(api.post("/api/account/device-code"))["code"]}))
    devices = ok(api.get("/api/account"))["devices"]
    other = next(device for device in devices if not device["this"])
    assert api.delete(f"/api/account/devices/{other['id']}").status_code == 204
    assert tablet.get("/api/account").status_code == 401
    assert ok(tablet.get("/api/stats"))["golf"]["played"] == 0
    assert [device["this"] for device in ok(api.get("/api/account"))["devices"]] == [True]
    response = api.delete(f"/api/account/devices/{other['id']}")
    assert response.status_code == 404


def test_one_account_cannot_remove_anothers_device_or_passkey(golf_app, api):
    register(api)
    theirs = person(golf_app)
    _, their_account = register(theirs)
    device = their_account["devices"][0]["id"]
    passkey = their_account["passkeys"][0]["id"]
    assert api.delete(f"/api/account/devices/{device}").status_code == 404
    assert api.delete(f"/api/account/passkeys/{passkey}").status_code == 404
    assert ok(theirs.get("/api/account"))["name"] == their_account["name"]
    assert len(ok(theirs.get("/api/account"))["passkeys"]) == 1


def test_removing_a_passkey_but_never_the_last(golf_app, api):
    first, account = register(api)
    response = api.delete(f"/api/account/passkeys/{account['passkeys'][0]['id']}")
    assert response.status_code == 409
    assert response.json()["detail"].startswith("This is the account's only passkey")
    second, credential = create(ok(api.post("/api/account/register/options", json={})))
    ok_201 = api.post("/api/account/register", json=credential)
    assert ok_201.status_code == 201
    assert api.delete(f"/api/account/passkeys/{account['passkeys'][0]['id']}").status_code == 204
    response = sign_in(person(golf_app), first)
    assert response.status_code == 403
    assert response.json()["detail"] == "This passkey is not one of this site's accounts (it may have been removed)."
    assert sign_in(person(golf_app), second).status_code == 200


def every_row(golf_app) -> str:
    """Every row of every table, as text."""
    with golf_app.state.engine.connect() as connection:
        return json.dumps(
            {
                table.name: [
                    {k: v.hex() if isinstance(v, bytes) else v for k, v in row.items()}
                    for row in connection.execute(select(table)).mappings()
                ]
                for table in Base.metadata.sorted_tables
            },
            default=str,
        )


def test_deleting_the_account_leaves_nothing_of_it(golf_app, api):
    api.get("/api/stats")
    principal = browser_id_for(cookie(api))
    open_hole(api)
    ok(api.post("/api/match/new"))
    ok(api.post("/api/match/new", json={"daily": True}))
    api.post("/scorekeeper", data={"player-0": "Ann", "player-1": "Bea", "holes": "9"})
    passkey, account = register(api)
    host = person(golf_app)
    table = make_table(host, seats=("host", "open", "medium"))
    ok(api.post(f"/api/tables/{table['code']}/join", json={"name": "Ann"}))
    tablet = person(golf_app)
    ok(tablet.post("/api/account/device-code/claim", json={"code": ok(api.post("/api/account/device-code"))["code"]}))
    ok(api.post("/api/account/device-code"))  # one left unused
    sessions = [browser_id_for(cookie(api)), browser_id_for(cookie(tablet))]
    assert principal in every_row(golf_app)

    response = api.delete("/api/account")
    assert response.status_code == 204
    stored = every_row(golf_app)
    for trace in (principal, *sessions, account["name"], b64url(passkey.credential_id)):
        assert trace not in stored
    for client in (api, tablet):
        assert client.get("/api/account").status_code == 401
        assert ok(client.get("/api/stats"))["golf"]["played"] == 0
    assert sign_in(person(golf_app), passkey).status_code == 403
    # The table goes on for the others; the seat names nobody now.
    assert ok(host.get(f"/api/tables/{table['code']}"))["seats"][1]["name"] == "A former player"
    # The name is free again.
    assert person(golf_app).post("/api/account/register/options", json={"name": account["name"]}).status_code == 200


def test_an_account_is_kept_from_the_purge_of_idle_sessions(own_database):
    """On a database of its own: the purge run far in the future deletes every guest."""
    settings = Settings(database_url=own_database, deal_key="test", rate_limit_enabled=False)
    with TestClient(create_app(settings)) as laptop:
        app = laptop.app
        open_hole(laptop)
        ok(laptop.post("/api/match/new"))
        passkey, account = register(laptop)
        laptop.post("/api/account/sign-out")
        phone = TestClient(app)
        ok(sign_in(phone, passkey))
        long_after = datetime.now(UTC) + timedelta(days=4000)
        purge_sessions(app.state.engine, empty_for=timedelta(hours=1), keep_for=timedelta(days=1), now=long_after)
        assert ok(phone.get("/api/account"))["name"] == account["name"]
        assert ok(phone.get("/api/stats"))["golf"]["played"] == 1
        assert ok(sign_in(laptop, passkey))["name"] == account["name"]
