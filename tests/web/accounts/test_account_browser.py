"""The Account page in Chromium with its virtual authenticator (a passkey that asks the
person nothing): register a passkey, sign out, sign in again, add a second device with
the one-time code, remove it, delete the account; a spoiled signature, an answer from
another origin and an answer sent again are each refused with their sentence; the name
changed with script and without, a refusal shown, the old profile address leading to
the new; signing in while a match is under way here and in the account, keeping the
account's (with a passkey) or this device's (with a code); axe finds nothing on the
page, signed out or in.

WebAuthn needs a secure context and a relying party id that is a domain name:
``http://localhost`` is both, ``http://127.0.0.1`` is not a domain, so the pages are
opened at localhost (the server's relying party is the address a page was opened at)."""

from __future__ import annotations

import base64
import json
import re
import secrets
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from tests.browser.fixtures import new_visitor_context, watch_for_script_errors
from tests.browser.tablekit import axe_violations

AUTHENTICATOR = {
    "protocol": "ctap2",
    "transport": "internal",
    "hasResidentKey": True,
    "hasUserVerification": True,
    "isUserVerified": True,
}


@pytest.fixture
def at_localhost(browser, server):
    """Opens a new visitor at http://localhost:<port> with a virtual authenticator."""
    contexts: list = []
    errors: list[str] = []
    base = server.replace("127.0.0.1", "localhost")

    def visitor():
        context = new_visitor_context(browser, base, "instant")
        contexts.append(context)
        page = watch_for_script_errors(context.new_page(), errors)
        cdp = context.new_cdp_session(page)
        cdp.send("WebAuthn.enable")
        cdp.send("WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR})
        return page

    yield visitor
    for context in contexts:
        context.close()
    assert not errors, f"script errors on the pages: {errors}"


def status(page) -> str:
    return page.locator("#account-status").inner_text()


def test_a_passkey_account_from_registering_to_deleting(at_localhost):
    laptop = at_localhost()
    laptop.goto("/account")
    assert axe_violations(laptop) == []
    laptop.get_by_label("Your name").fill("Ann Passkey")
    laptop.get_by_role("button", name="Create").click()
    laptop.wait_for_url("**/account?said=registered")
    assert status(laptop) == "Your progress is saved to your account."
    assert laptop.locator("#account-name-shown").inner_text() == "Ann Passkey"
    assert axe_violations(laptop) == []

    laptop.get_by_role("button", name="Sign out").click()
    laptop.wait_for_url("**/account?said=signed-out")
    laptop.get_by_role("button", name="Sign in with a passkey").click()
    laptop.wait_for_url("**/account?said=signed-in")
    assert laptop.locator("#account-name-shown").inner_text() == "Ann Passkey"

    # A second device, with the one-time code.
    laptop.get_by_role("button", name="Add a device").click()
    code = laptop.locator("#made-code").inner_text()
    assert re.fullmatch(r"[A-Z2-9]{4}-[A-Z2-9]{4}", code)
    assert laptop.locator("svg.device-qr").is_visible()
    assert axe_violations(laptop) == []
    tablet = at_localhost()
    tablet.goto("/account")
    tablet.get_by_role("textbox", name="Code").fill(code)
    tablet.get_by_role("button", name="Use the code").click()
    tablet.wait_for_url("**/account?said=signed-in")
    assert tablet.locator("#account-name-shown").inner_text() == "Ann Passkey"

    # Removed from the laptop, the tablet is signed out.
    laptop.goto("/account")
    devices = laptop.get_by_role("region", name="Devices").get_by_role("listitem")
    assert devices.count() == 2
    devices.filter(has_not_text="(this device)").get_by_role("button", name="Remove").click()
    laptop.wait_for_url("**/account?said=device-removed")
    assert laptop.get_by_role("region", name="Devices").get_by_role("listitem").count() == 1
    tablet.goto("/account")
    assert tablet.get_by_role("heading", name="Save your progress with a passkey").is_visible()

    # Delete, confirmed in a dialog.
    laptop.get_by_role("link", name="Delete account").click()
    dialog = laptop.get_by_role("dialog", name="Delete your account?")
    assert dialog.is_visible()
    dialog.get_by_role("button", name="Cancel").click()
    assert not dialog.is_visible()
    laptop.get_by_role("link", name="Delete account").click()
    dialog.get_by_role("button", name="Delete account").click()
    laptop.wait_for_url("**/account?said=deleted")
    assert status(laptop).startswith("Your account is deleted")
    laptop.get_by_role("button", name="Sign in with a passkey").click()
    assert "not one of this site's accounts" in laptop.get_by_role("alert").inner_text()


def spoil(field: str, change):
    """A route handler that changes one field of the passkey answer on its way to the server."""

    def handle(route):
        credential = json.loads(route.request.post_data or "{}")
        credential["response"][field] = change(credential["response"][field])
        route.continue_(post_data=json.dumps(credential))

    return handle


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def another_origin(client_data: str) -> str:
    told = json.loads(unb64(client_data))
    told["origin"] = "https://golf.example.net"
    return b64(json.dumps(told).encode())


def flipped(signature: str) -> str:
    raw = bytearray(unb64(signature))
    raw[-1] ^= 0x01
    return b64(bytes(raw))


def test_a_refused_signature_a_replayed_answer_and_another_origin_each_say_why(at_localhost):
    page = at_localhost()
    page.goto("/account")
    page.get_by_label("Your name").fill("Bea Refused")
    page.get_by_role("button", name="Create").click()
    page.wait_for_url("**/account?said=registered")
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url("**/account?said=signed-out")
    sign_in = page.get_by_role("button", name="Sign in with a passkey")

    for change, sentence in (
        (("signature", flipped), "The passkey's signature is not valid: refused."),
        (("clientDataJSON", another_origin), "The passkey answered another web address than this site's: refused."),
    ):
        page.route("**/api/account/sign-in", spoil(*change))
        sign_in.click()
        expect(page.get_by_role("alert")).to_contain_text(sentence)
        assert page.get_by_role("heading", name="Save your progress with a passkey").is_visible()  # still a guest
        page.unroute("**/api/account/sign-in")

    # An answer sent again after it was used: the challenge it answers is spent.
    answers: list[str] = []

    def keep(route):
        answers.append(route.request.post_data or "")
        route.continue_()

    page.route("**/api/account/sign-in", keep)
    sign_in.click()
    page.wait_for_url("**/account?said=signed-in")
    page.unroute("**/api/account/sign-in")
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url("**/account?said=signed-out")
    page.route("**/api/account/sign-in", lambda route: route.continue_(post_data=answers[0]))
    sign_in.click()
    expect(page.get_by_role("alert")).to_contain_text("This passkey request has expired or was already answered")
    assert page.get_by_role("heading", name="Save your progress with a passkey").is_visible()
    assert axe_violations(page) == []


def test_the_header_names_who_is_signed_in(at_localhost):
    """A signed-in person's account is named in the site's header (its Account link), on
    every page; a guest's says Account."""
    page = at_localhost()
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto("/account")
    nav = page.get_by_role("navigation", name="Main")
    assert nav.get_by_role("link", name="Account", exact=True).is_visible()
    page.get_by_label("Your name").fill("Nia Header")
    page.get_by_role("button", name="Create").click()
    page.wait_for_url("**/account?said=registered")
    for path in ("/leaderboard", "/daily", "/"):
        page.goto(path)
        link = page.get_by_role("navigation", name="Main").get_by_role("link", name="Your account: Nia Header")
        assert link.is_visible() and link.inner_text().endswith("Nia Header"), path


def begin_a_match(page) -> int:
    """Two of the person's cards turned up in their match against the computer: under way. Its seed."""
    seed = page.request.get("/api/match").json()["seed"]
    for position in (3, 4):
        assert page.request.post("/api/match/reveal", data={"position": position}).ok
    return seed


def given_up(page) -> int:
    return page.request.get("/api/stats").json()["golf"]["abandoned"]


def test_the_account_page_changes_the_name_with_script_and_without(at_localhost, browser):
    suffix = secrets.token_hex(3)
    old, new, other = f"Cara {suffix}", f"Dana {suffix}", f"Eli {suffix}"
    someone = at_localhost()
    someone.goto("/account")
    someone.get_by_label("Your name").fill(other)
    someone.get_by_role("button", name="Create").click()
    someone.wait_for_url("**/account?said=registered")

    laptop = at_localhost()
    laptop.goto("/account")
    laptop.get_by_label("Your name").fill(old)
    laptop.get_by_role("button", name="Create").click()
    laptop.wait_for_url("**/account?said=registered")
    name_box = laptop.get_by_role("region", name="Your name").get_by_label("New name")
    expect(name_box).to_have_value(old)
    name_box.fill(other)
    laptop.get_by_role("button", name="Change name").click()
    expect(laptop.get_by_role("alert")).to_have_text(f"An account is already called {other}: choose another name.")
    expect(laptop.get_by_role("region", name="Your name").get_by_label("New name")).to_have_value(other)
    assert laptop.locator("#account-name-shown").inner_text() == old  # nothing changed
    laptop.get_by_role("region", name="Your name").get_by_label("New name").fill(new)
    laptop.get_by_role("button", name="Change name").click()
    laptop.wait_for_url("**/account?said=renamed")
    assert status(laptop) == "Your account's name is changed."
    assert laptop.locator("#account-name-shown").inner_text() == new
    assert axe_violations(laptop) == []

    # The old profile address opens the new one.
    laptop.goto(f"/players/{quote(old, safe='')}")
    laptop.wait_for_url(f"**/players/{quote(new, safe='')}")
    assert laptop.get_by_role("heading", level=1).inner_text() == new

    # Without script, the same form.
    plain = browser.new_context(base_url=laptop.url.split("/players/")[0], java_script_enabled=False)
    try:
        plain.add_cookies(laptop.context.cookies())
        page = plain.new_page()
        page.goto("/account")
        page.get_by_label("New name").fill(old)  # its own former name: its own again
        page.get_by_role("button", name="Change name").click()
        page.wait_for_url("**/account?said=renamed")
        assert page.locator("#account-name-shown").inner_text() == old
    finally:
        plain.close()


def test_signing_in_asks_which_match_to_keep(at_localhost):
    laptop = at_localhost()
    laptop.goto("/account")
    laptop.get_by_label("Your name").fill(f"Fay {secrets.token_hex(3)}")
    laptop.get_by_role("button", name="Create").click()
    laptop.wait_for_url("**/account?said=registered")
    accounts_match = begin_a_match(laptop)
    laptop.get_by_role("button", name="Sign out").click()
    laptop.wait_for_url("**/account?said=signed-out")
    choice = laptop.get_by_role("group", name=re.compile("under way here"))
    assert choice.count() == 0  # a new guest, with nothing under way: nothing to ask

    begin_a_match(laptop)  # the guest's own match, under way
    laptop.goto("/account")
    expect(choice).to_contain_text("You have a match under way here.")
    assert choice.get_by_role("radio", name=re.compile("^this one")).is_checked()
    assert axe_violations(laptop) == []
    choice.get_by_role("radio", name=re.compile("^the account’s")).check()
    laptop.get_by_role("button", name="Sign in with a passkey").click()
    laptop.wait_for_url("**/account?said=signed-in")
    assert laptop.request.get("/api/match").json()["seed"] == accounts_match
    assert given_up(laptop) == 1  # the guest's match, recorded as given up

    # Another device with a code: this time the one on that device is kept (the default).
    laptop.get_by_role("button", name="Add a device").click()
    code = laptop.locator("#made-code").inner_text()
    tablet = at_localhost()
    tablets_match = begin_a_match(tablet)
    tablet.goto("/account")
    tablet.get_by_role("textbox", name="Code").fill(code)
    tablet.get_by_role("button", name="Use the code").click()
    tablet.wait_for_url("**/account?said=signed-in")
    assert tablet.request.get("/api/match").json()["seed"] == tablets_match
    assert given_up(tablet) == 2  # the account's, given up now
