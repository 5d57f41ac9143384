"""A passkey answer that is not in WebAuthn's form (a field missing, a number, a list,
null or a bogus string where text or an object belongs) is refused with a 4xx and a
sentence, registering and signing in alike, and changes nothing: no account is made, the
session stays a guest, and the challenge still answers the real credential. On SQLite
and PostgreSQL."""

from __future__ import annotations

import copy

import cbor2
import pytest

from tests.web.accounts.accountkit import a_name, ok, person, register
from tests.web.accounts.authenticator import assert_with, b64url, create

MISSING = object()
# Missing, of the wrong kind, not base64url, and base64url of what is not the field's
# content (three zero bytes; CBOR's 7; JSON's 7).
SPOILS = [MISSING, 7, [1], None, "bogus!", "bogus", {"a": 1}, True, "", "AAAA", b64url(cbor2.dumps(7)), b64url(b"7")]


def spoiled(answer: dict, path: tuple[str, ...], value) -> dict:
    """``answer`` with the field at ``path`` removed (MISSING) or set to ``value``."""
    changed = copy.deepcopy(answer)
    holder = changed
    for key in path[:-1]:
        holder = holder[key]
    if value is MISSING:
        holder.pop(path[-1], None)
    else:
        holder[path[-1]] = value
    return changed


def refused_plainly(response) -> None:
    assert 400 <= response.status_code < 500, response.text
    detail = response.json()["detail"]
    assert isinstance(detail, str) and detail.endswith("."), detail


REGISTRATION_FIELDS = [
    ("id",),
    ("rawId",),
    ("type",),
    ("response",),
    ("response", "clientDataJSON"),
    ("response", "attestationObject"),
]


@pytest.mark.parametrize("path", REGISTRATION_FIELDS, ids=".".join)
def test_a_malformed_registration_is_refused_with_a_sentence(golf_app, api, path):
    guest, name = person(golf_app), a_name()
    for value in SPOILS:
        options = ok(guest.post("/api/account/register/options", json={"name": name}))
        _, credential = create(options)
        response = guest.post("/api/account/register", json=spoiled(credential, path, value))
        refused_plainly(response)
        assert guest.get("/api/account").status_code == 401
    # Nothing was made: the name is free, and a real answer registers.
    options = ok(guest.post("/api/account/register/options", json={"name": name}))
    _, credential = create(options)
    made = guest.post("/api/account/register", json=credential)
    assert made.status_code == 201, made.text
    assert guest.delete("/api/account").status_code == 204


def test_a_registration_of_the_wrong_type_says_so(api):
    options = ok(api.post("/api/account/register/options", json={"name": "Cy Malformed"}))
    _, credential = create(options)
    response = api.post("/api/account/register", json={**credential, "type": "bogus"})
    assert response.status_code == 422
    assert response.json()["detail"] == (
        "The browser's passkey answer is not in WebAuthn's form (its type must be public-key): refused. "
        "Nothing was changed."
    )


SIGN_IN_FIELDS = [
    ("id",),
    ("rawId",),
    ("type",),
    ("response",),
    ("response", "clientDataJSON"),
    ("response", "authenticatorData"),
    ("response", "signature"),
    ("response", "userHandle"),
]


@pytest.mark.parametrize("path", SIGN_IN_FIELDS, ids=".".join)
def test_a_malformed_sign_in_is_refused_with_a_sentence(golf_app, api, path):
    owner = person(golf_app)
    passkey, account = register(owner)
    owner.post("/api/account/sign-out")
    guest = person(golf_app)
    for value in SPOILS:
        if path == ("response", "userHandle") and (value is MISSING or value in (None, "")):
            continue  # a passkey may answer without its user handle: that is WebAuthn's form
        options = ok(guest.post("/api/account/sign-in/options"))
        answer = assert_with(passkey, options)
        passkey.sign_count -= 1  # the spoiled answer is not counted: the next one may use the same
        response = guest.post("/api/account/sign-in", json=spoiled(answer, path, value))
        refused_plainly(response)
        assert guest.get("/api/account").status_code == 401
    # The passkey still signs in.
    assert (
        ok(
            guest.post(
                "/api/account/sign-in", json=assert_with(passkey, ok(guest.post("/api/account/sign-in/options")))
            )
        )["name"]
        == account["name"]
    )


def test_a_sign_in_without_authenticator_data_says_what_is_wrong(golf_app, api):
    passkey, _ = register(api)
    api.post("/api/account/sign-out")
    options = ok(api.post("/api/account/sign-in/options"))
    answer = spoiled(assert_with(passkey, options), ("response", "authenticatorData"), MISSING)
    response = api.post("/api/account/sign-in", json=answer)
    assert response.status_code == 422
    assert response.json()["detail"] == (
        "The browser's passkey answer is not in WebAuthn's form (its response.authenticatorData must be "
        "base64url text): refused. Nothing was changed."
    )
    # The challenge was not spent: the real answer to it still signs in.
    assert api.post("/api/account/sign-in", json=assert_with(passkey, options)).status_code == 200
