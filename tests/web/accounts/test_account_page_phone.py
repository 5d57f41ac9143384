"""The Account page on a 390x844 touch phone and at 1280x720, with Chromium's virtual
authenticator: its fields drawn as the site's other forms, signing in said kindly, the
profile and My matches linked for a signed-in person, and "Add a passkey on this device"
offered only where this device may have none.

Opened at localhost, as WebAuthn needs (see test_account_browser.py)."""

from __future__ import annotations

import secrets
from urllib.parse import quote

import pytest

from tests.browser.fixtures import shot, watch_for_script_errors
from tests.browser.tablekit import axe_violations
from tests.web.accounts.test_account_browser import AUTHENTICATOR

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
LAPTOP = {"viewport": {"width": 1280, "height": 720}}
ADD_PASSKEY = "Add a passkey on this device"


@pytest.fixture(params=[pytest.param(PHONE, id="390x844-touch"), pytest.param(LAPTOP, id="1280x720")])
def screen(request):
    return request.param


@pytest.fixture
def device(browser, server, screen):
    """Opens a new device at http://localhost:<port> with a virtual authenticator."""
    contexts: list = []
    errors: list[str] = []
    base = server.replace("127.0.0.1", "localhost")

    def open_one():
        context = browser.new_context(base_url=base, **screen)
        context.set_default_timeout(10_000)
        contexts.append(context)
        page = watch_for_script_errors(context.new_page(), errors)
        cdp = context.new_cdp_session(page)
        cdp.send("WebAuthn.enable")
        cdp.send("WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR})
        return page

    yield open_one
    for context in contexts:
        context.close()
    assert not errors, f"script errors on the pages: {errors}"


def register(page, name: str) -> None:
    page.goto("/account")
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Create").click()
    page.wait_for_url("**/account?said=registered")


FIELD = """e => { const s = getComputedStyle(e), r = e.getBoundingClientRect();
  return {border: s.borderTopWidth + ' ' + s.borderTopStyle, radius: s.borderTopLeftRadius, font: s.fontSize,
          background: s.backgroundColor, height: r.height >= 40, label_above: document.querySelector(`label[for="${e.id}"]`)
            .getBoundingClientRect().bottom <= r.top + 1, right: r.right}; }"""


def test_a_guests_fields_are_drawn_as_the_sites_other_forms_and_signing_in_is_said_kindly(device, screen):
    page = device()
    page.goto("/solitaire/new")  # another form of the site: its deal number field
    theirs = page.get_by_label("Deal number").evaluate(FIELD)
    page.goto("/account")
    width = screen["viewport"]["width"]
    for label in ("Your name", "Code"):
        ours = page.get_by_label(label, exact=True).evaluate(FIELD)
        assert ours["right"] <= width
        assert {k: ours[k] for k in ("border", "radius", "font", "background", "height")} == {
            k: theirs[k] for k in ("border", "radius", "font", "background", "height")
        }, label
        assert ours["label_above"], f"the label {label!r} is not above its field"
    sign_in = page.get_by_role("region", name="Sign in with a passkey")
    assert "What you played here as a guest is kept in your account." in sign_in.inner_text()
    assert "becomes your account" not in page.content()
    shot(page, f"account-{width}")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    assert axe_violations(page) == []


def test_a_signed_in_person_finds_their_profile_and_their_matches(device):
    page = device()
    name = f"Ann #{secrets.token_hex(2)}/Phone"  # "#" and "/" need encoding in the address
    register(page, name)
    profile = page.get_by_role("link", name="Your profile")
    assert profile.count() == 1 and profile.is_visible()
    assert profile.get_attribute("href") == f"/players/{quote(name, safe='')}"
    # Just under the name, before anything else of the account.
    shown = page.locator("#account-name-shown").bounding_box()
    assert 0 < profile.bounding_box()["y"] - shown["y"] < 80
    profile.click()
    page.wait_for_url("**/players/**")
    assert page.get_by_role("heading", level=1).inner_text().startswith(name)
    page.go_back()
    page.get_by_role("link", name="My matches").click()
    page.wait_for_url("**/matches")
    assert page.get_by_role("heading", level=1).is_visible()
    page.goto("/account")
    assert axe_violations(page) == []


def test_add_a_passkey_is_offered_only_where_this_device_may_have_none(device):
    laptop = device()
    register(laptop, f"Bea {secrets.token_hex(2)}")
    add = laptop.get_by_role("button", name=ADD_PASSKEY)
    assert add.count() == 0, "offered right after making the account's passkey here"
    # Signed out and in again with that passkey: still nothing to add here.
    laptop.get_by_role("button", name="Sign out").click()
    laptop.wait_for_url("**/account?said=signed-out")
    laptop.get_by_role("button", name="Sign in with a passkey").click()
    laptop.wait_for_url("**/account?said=signed-in")
    assert add.count() == 0, "offered on the device that signed in with its passkey"

    # Another device signed in with a one-time code has no passkey yet: offered there.
    laptop.get_by_role("button", name="Add a device").click()
    code = laptop.locator("#made-code").inner_text()
    phone = device()
    phone.goto("/account")
    phone.get_by_role("textbox", name="Code").fill(code)
    phone.get_by_role("button", name="Use the code").click()
    phone.wait_for_url("**/account?said=signed-in")
    phone.get_by_role("button", name=ADD_PASSKEY).click()
    phone.wait_for_url("**/account?said=passkey-added")
    assert phone.get_by_role("region", name="Passkeys").get_by_role("listitem").count() == 2
    assert phone.get_by_role("button", name=ADD_PASSKEY).count() == 0, "offered again right after adding one"
    assert axe_violations(phone) == []
