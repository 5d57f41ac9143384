"""Helpers for the account tests: people (each a client with its own cookies) who
register, sign in and out with the software passkey of tests/web/accounts/authenticator.py."""

from __future__ import annotations

import secrets

from fastapi.testclient import TestClient

from tests.web.accounts.authenticator import Passkey, assert_with, create


def person(golf_app) -> TestClient:
    """A new browser: its own cookie jar. (The app is already started by the shared client.)"""
    return TestClient(golf_app)


def a_name() -> str:
    return f"Ann {secrets.token_hex(4)}"


def register(client, name: str | None = None) -> tuple[Passkey, dict]:
    """Make an account called ``name`` (a new one by default) from ``client``'s session."""
    options = ok(client.post("/api/account/register/options", json={"name": name or a_name()}))
    passkey, credential = create(options)
    response = client.post("/api/account/register", json=credential)
    assert response.status_code == 201, response.text
    return passkey, response.json()


def sign_in(client, passkey: Passkey, **spoiled):
    """The answer to signing in with ``passkey`` (spoiled as ``spoiled`` says)."""
    options = ok(client.post("/api/account/sign-in/options"))
    return client.post("/api/account/sign-in", json=assert_with(passkey, options, **spoiled))


def ok(response) -> dict:
    assert response.status_code == 200, response.text
    return response.json()


def cookie(client) -> str | None:
    return client.cookies.get("golf_session")


def with_cookie(client, value: str):
    """``client`` presenting the session cookie ``value`` (another's, copied)."""
    client.cookies.set("golf_session", value, domain="testserver.local")
    return client
