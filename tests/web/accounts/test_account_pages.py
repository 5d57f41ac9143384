"""The Account page without script: what a guest and a signed-in person see, and the
forms (a device code, signing out, removing a device, deleting the account behind its
confirmation page), on SQLite and PostgreSQL."""

from __future__ import annotations

import html
import re

from tests.web.accounts.accountkit import ok, person, register


def page(client, path: str = "/account") -> str:
    response = client.get(path)
    assert response.status_code == 200, response.text
    return html.unescape(response.text)


def test_a_guest_is_offered_to_save_sign_in_or_use_a_code(api):
    text = page(api)
    for words in ("Save your progress with a passkey", "Sign in with a passkey", "Use a code from your other device"):
        assert words in text
    assert (
        'href="/account" class="nav-from-980 account-link" aria-current="page">Account</a>' in text
    )  # in the site's navigation
    assert 'value="ABCD-EFGH"' in page(api, "/account?code=abcdefgh")  # the QR code's link fills it in


def test_a_signed_in_person_sees_the_name_devices_and_passkeys(api):
    _, account = register(api)
    text = page(api)
    assert f"Signed in as {account['name']}" in re.sub("<[^>]+>", "", text)
    assert "(this device)" in text and "Passkey made on" in text
    assert "Sign out" in text and "Delete account" in text


def test_add_a_device_with_the_pages_alone(golf_app, api):
    _, account = register(api)
    made = api.post("/account/code")
    assert made.status_code == 200
    code = re.search(r'id="made-code">([A-Z0-9-]{9})<', made.text)[1]
    assert "<svg" in made.text and "http://testserver/account?code=" in made.text
    tablet = person(golf_app)
    wrong = tablet.post("/account/claim", data={"code": "AAAA-AAAA"})
    assert wrong.status_code == 422 and "That code is not right" in html.unescape(wrong.text)
    claimed = tablet.post("/account/claim", data={"code": code}, follow_redirects=False)
    assert claimed.status_code == 303 and claimed.headers["location"] == "/account?said=signed-in"
    assert ok(tablet.get("/api/account"))["name"] == account["name"]
    assert "You are signed in." in page(tablet, "/account?said=signed-in")

    # Remove the tablet from the first device: it is signed out.
    other = next(d for d in ok(api.get("/api/account"))["devices"] if not d["this"])
    removed = api.post(f"/account/devices/{other['id']}/remove", follow_redirects=False)
    assert removed.status_code == 303
    assert tablet.get("/api/account").status_code == 401


def test_sign_out_with_the_page(api):
    register(api)
    response = api.post("/account/sign-out", follow_redirects=False)
    assert response.status_code == 303 and "golf_session=" in response.headers["set-cookie"]
    assert api.get("/api/account").status_code == 401
    assert "Save your progress with a passkey" in page(api)


def test_delete_asks_first_then_deletes(api):
    _, account = register(api)
    question = page(api, "/account/delete")
    assert "Delete your account?" in question and account["name"] in question
    assert ok(api.get("/api/account"))["name"] == account["name"]  # asking changed nothing
    response = api.post("/account/delete", follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == "/account?said=deleted"
    assert api.get("/api/account").status_code == 401
    assert "Your account is deleted" in page(api, "/account?said=deleted")
