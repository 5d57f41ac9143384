"""A device code lives no longer than the device that made it: signing that device out,
removing it from another device, or deleting the account kills its codes (and five
minutes do); another device's code lives on. A device that signed in with a code shows,
in the account's list of devices, which device made the code, when it was used and from
where (the browser and the network address). On SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import datetime

from fastapi.testclient import TestClient

from tests.web.accounts.accountkit import ok, person, register, sign_in

BAD_CODE = (
    "That code is not right, was used already, or is more than five minutes old: make a new one on your "
    "other device. Nothing was changed."
)
FIREFOX_ON_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0"
CHROME_ON_LINUX = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36"


def claim(client, code: str):
    return client.post("/api/account/device-code/claim", json={"code": code})


def refused_as_bad(client, code: str) -> None:
    response = claim(client, code)
    assert response.status_code == 422 and response.json()["detail"] == BAD_CODE, response.text
    assert client.get("/api/account").status_code == 401


def second_device(golf_app, laptop) -> TestClient:
    """Another device of ``laptop``'s account, signed in with a code."""
    phone = person(golf_app)
    ok(claim(phone, ok(laptop.post("/api/account/device-code"))["code"]))
    return phone


def test_a_code_dies_when_its_device_signs_out(golf_app, api):
    register(api)
    code = ok(api.post("/api/account/device-code"))["code"]
    assert api.post("/api/account/sign-out").status_code == 204
    refused_as_bad(person(golf_app), code)


def test_a_code_dies_when_its_device_is_removed(golf_app, api):
    register(api)
    phone = second_device(golf_app, api)
    code = ok(phone.post("/api/account/device-code"))["code"]
    phone_id = next(device["id"] for device in ok(phone.get("/api/account"))["devices"] if device["this"])
    assert api.delete(f"/api/account/devices/{phone_id}").status_code == 204
    refused_as_bad(person(golf_app), code)


def test_a_code_dies_with_its_account(golf_app, api):
    passkey, _ = register(api)
    phone = second_device(golf_app, api)
    code = ok(phone.post("/api/account/device-code"))["code"]
    assert api.delete("/api/account").status_code == 204
    refused_as_bad(person(golf_app), code)


def test_a_code_outlives_another_device_signing_out(golf_app, api):
    _, account = register(api)
    phone = second_device(golf_app, api)
    code = ok(api.post("/api/account/device-code"))["code"]
    assert phone.post("/api/account/sign-out").status_code == 204
    assert ok(claim(person(golf_app), code))["name"] == account["name"]


def test_a_device_signed_in_with_a_code_says_which_device_made_it_when_and_from_where(golf_app, api):
    laptop = person(golf_app)
    laptop.headers["user-agent"] = FIREFOX_ON_MAC
    passkey, _ = register(laptop)
    made = ok(laptop.post("/api/account/device-code"))
    phone = person(golf_app)
    phone.headers["user-agent"] = CHROME_ON_LINUX
    ok(claim(phone, made["code"]))
    devices = ok(laptop.get("/api/account"))["devices"]
    assert [(d["device"], d["this"], d["signed_in_with"]) for d in devices][0] == ("Firefox on Mac", True, None)
    used = devices[1]
    assert used["device"] == "Chrome on Linux" and not used["this"]
    assert used["signed_in_with"] == {
        "code_made_on": "Firefox on Mac",
        "used_at": used["signed_in"],
        "used_from": "Chrome on Linux",
        "address": "testclient",  # the test client's address, as the server reads a request's
    }
    assert datetime.fromisoformat(used["signed_in_with"]["used_at"]) <= datetime.fromisoformat(made["expires"])
    # A device signed in with a passkey shows none.
    tablet = person(golf_app)
    ok(sign_in(tablet, passkey))
    assert [d["signed_in_with"] for d in ok(tablet.get("/api/account"))["devices"]][2] is None
    # The Account page says it too.
    page = laptop.get("/account").text
    shown = f"{used['signed_in_with']['used_at'][11:16]} UTC</time> from the address testclient"
    assert "Chrome on Linux, signed in" in page and "with a code made on Firefox on Mac, used at" in page
    assert shown in page
