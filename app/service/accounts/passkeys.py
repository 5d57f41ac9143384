"""Registering a passkey and signing in with one (WebAuthn, by py_webauthn).

Each step is two calls: the options (a fresh random challenge, kept for this session
and this purpose for a few minutes) and the browser's answer, checked against that
challenge, this site's origin and relying party id, and, signing in, the passkey's
public key and signature counter. A challenge answers once: it is deleted, in a
transaction of its own, before the answer is checked, so a replayed or failed answer
can never be tried again. Every refusal is a sentence and changes nothing else.

Registering makes the account (its principal is the registering session's browser,
whose rows are then the account's as they stand) or, from a signed-in session, adds a
passkey to its account.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import IntegrityError
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import bytes_to_base64url
from webauthn.helpers.exceptions import InvalidAuthenticationResponse, InvalidRegistrationResponse, WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from app.service import clock
from app.service.accounts.moving import THIS_DEVICE, keep_choice
from app.service.accounts.naming import account_name_check, kept_for_others
from app.service.accounts.sessions import join, named_as_account
from app.service.common import in_transaction
from app.service.errors import Conflict, Forbidden, Invalid, NotSignedIn
from app.store import accounts as store
from app.store import repository

CHALLENGE_MS = 5 * 60 * 1000  # how long the browser (and the person at it) has to answer
SITE_NAME = "Golf"
PASSKEY_LABEL_LENGTH = 60

EXPIRED = "This passkey request has expired or was already answered: try again."
UNREADABLE = "The browser's passkey answer could not be read: try again."
SIGNED_IN_ALREADY = "You are signed in already: sign out first to use another account."
UNKNOWN_PASSKEY = "This passkey is not one of this site's accounts (it may have been removed)."
KNOWN_PASSKEY = "This passkey is registered already."
WRONG_ACCOUNT = "This passkey names another account than its own: refused. Nothing was changed."
RACED = "This passkey was used somewhere else at the same moment: try again."
SUSPENDED = "This account is suspended by the site's host: it cannot be signed in to. Nothing was changed."
# What py_webauthn found wrong, by a word of its message, as a sentence for the person.
REFUSALS = [
    ("sign count", "This passkey's counter went backwards, as a copied passkey's would: it is refused."),
    ("origin", "The passkey answered another web address than this site's: refused."),
    ("RP ID", "The passkey belongs to another site than this one: refused."),
    ("challenge", "The passkey answered another request than this one: refused."),
    ("signature", "The passkey's signature is not valid: refused."),
    ("type", "The browser's passkey answer is of the wrong kind: refused."),
]
REFUSED = "The passkey's answer could not be checked: refused."
MALFORMED = "The browser's passkey answer is not in WebAuthn's form ({what}): refused. Nothing was changed."
# The fields of the browser's answer that must be base64url text, by step. Each is checked
# before py_webauthn reads the answer: it raises exceptions of its own (InvalidJSONStructure,
# InvalidCBORData, ...) or Python's for a field of the wrong kind, and a malformed answer
# is the person's mistake (422), not the server's, and spends no challenge.
TEXT_FIELDS = {
    "register": (("id",), ("rawId",), ("response", "clientDataJSON"), ("response", "attestationObject")),
    "sign-in": (
        ("id",),
        ("rawId",),
        ("response", "clientDataJSON"),
        ("response", "authenticatorData"),
        ("response", "signature"),
    ),
}
_BASE64URL = re.compile(r"[A-Za-z0-9_-]+={0,2}")


@dataclass(frozen=True)
class RelyingParty:
    """Who the passkeys are for: the site's domain (``id``, e.g. ``golf.example`` or
    ``localhost``) and the origin its pages are served from (``https://golf.example``)."""

    id: str
    origin: str


@dataclass(frozen=True)
class Caller:
    """The request's session: ``session_id`` its cookie's browser id, ``browser_id``
    what its rows are stored under (the account's principal when signed in); ``device``
    what its browser says it is, ``address`` where the request came from."""

    session_id: str
    browser_id: str
    signed_in: bool
    device: str
    address: str = ""  # the network address the request came from (through the proxy)


def refusal_of(error: Exception) -> str:
    """The sentence for what py_webauthn refused.

    >>> refusal_of(InvalidAuthenticationResponse("Unexpected RP ID hash"))
    'The passkey belongs to another site than this one: refused. Nothing was changed.'
    """
    message = str(error)
    return next((sentence for word, sentence in REFUSALS if word in message), REFUSED) + " Nothing was changed."


def _challenge_of(credential: object) -> str:
    """The challenge the browser says it answered (checked again by py_webauthn)."""
    try:
        client_data = credential["response"]["clientDataJSON"]  # type: ignore[index]
        padded = client_data + "=" * (-len(client_data) % 4)
        challenge = json.loads(base64.urlsafe_b64decode(padded))["challenge"]
    except (KeyError, TypeError, ValueError, binascii.Error):
        raise Invalid(UNREADABLE) from None
    if not isinstance(challenge, str) or not 0 < len(challenge) <= 100:
        raise Invalid(UNREADABLE)
    return challenge


def is_base64url(value: object) -> bool:
    """Whether ``value`` is base64url text (padded or not) that decodes to some bytes.

    >>> is_base64url("AAE"), is_base64url("AAE="), is_base64url("bogus"), is_base64url("a+b/"), is_base64url(7)
    (True, True, False, False, False)
    """
    return isinstance(value, str) and bool(_BASE64URL.fullmatch(value)) and len(value.rstrip("=")) % 4 != 1


def check_form(credential: object, purpose: str) -> dict:
    """The browser's answer for ``purpose`` ("register" or "sign-in"), once it is known
    to be in WebAuthn's JSON form: else Invalid, naming the first field that is not.

    >>> try:
    ...     check_form({"type": "public-key", "id": "AA", "rawId": "AA", "response": {}}, "sign-in")
    ... except Invalid as refusal:
    ...     print(refusal.message)
    The browser's passkey answer is not in WebAuthn's form (its response.clientDataJSON must be base64url text): ...
    """
    if not isinstance(credential, dict):
        raise Invalid(MALFORMED.format(what="it must be an object"))
    if credential.get("type") != "public-key":
        raise Invalid(MALFORMED.format(what="its type must be public-key"))
    response = credential.get("response")
    if not isinstance(response, dict):
        raise Invalid(MALFORMED.format(what="its response must be an object"))
    for path in TEXT_FIELDS[purpose]:
        value = credential.get(path[0]) if len(path) == 1 else response.get(path[1])
        if not is_base64url(value):
            raise Invalid(MALFORMED.format(what=f"its {'.'.join(path)} must be base64url text"))
    handle = response.get("userHandle")  # none (null, absent, empty) for a passkey that keeps no user
    if purpose == "sign-in" and handle not in (None, "") and not is_base64url(handle):
        raise Invalid(MALFORMED.format(what="its response.userHandle must be base64url text or null"))
    return credential


def _from_base64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Passkeys:
    def __init__(self, engine: Engine, deal_key: bytes, now: Callable[[], int] = clock.now_ms):
        self.engine = engine
        self.deal_key = deal_key  # to replay a match a sign-in gives up, for its result
        self.now = now

    # ------------------------------------------------------------------ registering

    def registration_options(self, caller: Caller, name: object, party: RelyingParty) -> dict:
        """The options of ``navigator.credentials.create()``: for a new account called
        ``name``, or a further passkey for the caller's account."""

        def make(connection: Connection) -> dict:
            details: dict[str, Any]
            account = store.account_of_session(connection, caller.session_id)
            if account is None:
                chosen = account_name_check(connection, name, now_ms=self.now())["name"]
                details = {"account_id": secrets.token_hex(16), "name": chosen, "adding": False}
                excluded: list[PublicKeyCredentialDescriptor] = []
            else:
                details = {"account_id": account["id"], "name": account["name"], "adding": True}
                excluded = [
                    PublicKeyCredentialDescriptor(id=_from_base64url(passkey["credential_id"]))
                    for passkey in store.passkeys(connection, account["id"])
                ]
            options = generate_registration_options(
                rp_id=party.id,
                rp_name=SITE_NAME,
                user_name=details["name"],
                user_id=details["account_id"].encode(),
                user_display_name=details["name"],
                timeout=CHALLENGE_MS,
                authenticator_selection=AuthenticatorSelectionCriteria(
                    resident_key=ResidentKeyRequirement.REQUIRED,
                    user_verification=UserVerificationRequirement.PREFERRED,
                ),
                exclude_credentials=excluded,
            )
            self._keep(connection, options.challenge, "register", caller.session_id, details)
            return json.loads(options_to_json(options))

        return in_transaction(self.engine, make)

    def register(self, caller: Caller, credential: object, party: RelyingParty, new_session: str) -> dict:
        """Check the browser's new passkey and make the account (signing the session in
        as ``new_session``) or add the passkey to the caller's account. The account."""
        challenge = self._take(credential, "register", caller.session_id)
        try:
            verified = verify_registration_response(
                credential=credential,  # type: ignore[arg-type]
                expected_challenge=_from_base64url(challenge["challenge"]),
                expected_rp_id=party.id,
                expected_origin=party.origin,
            )
        except InvalidRegistrationResponse as error:
            raise Invalid(refusal_of(error)) from None
        except (WebAuthnException, ValueError, KeyError, TypeError):
            raise Invalid(MALFORMED.format(what="its attestation could not be decoded")) from None
        details = challenge["details"]
        now = self.now()

        def save(connection: Connection) -> dict:
            if details["adding"]:
                account = store.account_of_session(connection, caller.session_id)
                if account is None or account["id"] != details["account_id"]:
                    raise NotSignedIn("You were signed out meanwhile: sign in again to add a passkey.")
            else:
                if store.account_of_session(connection, caller.session_id) is not None:
                    raise Conflict(SIGNED_IN_ALREADY)
                # Taken (or a look-alike made, or given up and kept) meanwhile?
                named = account_name_check(connection, details["name"], now_ms=now)
                repository.ensure_browser(connection, caller.session_id)
                account = {"id": details["account_id"], **named, "principal": caller.session_id, "created_ms": now}
                store.add_account(connection, **account)
                kept_for_others(connection, named["name"], account["id"], now)  # given up this moment? (renaming.py)
                named_as_account(connection, account)
                join(connection, account, caller.session_id, new_session, caller.device, now, deal_key=self.deal_key)
            if store.passkey_by_credential(connection, bytes_to_base64url(verified.credential_id)) is not None:
                raise Conflict(KNOWN_PASSKEY)
            store.add_passkey(
                connection,
                id=secrets.token_hex(16),
                credential_id=bytes_to_base64url(verified.credential_id),
                account_id=account["id"],
                public_key=verified.credential_public_key,
                sign_count=verified.sign_count,
                transports=_transports(credential),
                label=f"Passkey made on {caller.device}"[:PASSKEY_LABEL_LENGTH],
                created_ms=now,
                used_ms=None,
            )
            return account

        try:
            return in_transaction(self.engine, save)
        except IntegrityError:
            # Two registrations racing for one name, two look-alikes or one passkey: the
            # second is refused, for its name if another account has it (or one like it).
            if not details["adding"]:
                in_transaction(
                    self.engine, lambda connection: account_name_check(connection, details["name"], now_ms=now)
                )
            raise Conflict(KNOWN_PASSKEY) from None

    # ------------------------------------------------------------------ signing in

    def sign_in_options(self, caller: Caller, party: RelyingParty, keep: object = THIS_DEVICE) -> dict:
        """The options of ``navigator.credentials.get()``: any of this site's passkeys
        the browser holds (the person picks one). ``keep``: which game under way the
        sign-in keeps where the session and the account each have one (see moving.py),
        remembered with the challenge."""
        if caller.signed_in:
            raise Conflict(SIGNED_IN_ALREADY)
        kept = keep_choice(keep)

        def make(connection: Connection) -> dict:
            options = generate_authentication_options(
                rp_id=party.id, timeout=CHALLENGE_MS, user_verification=UserVerificationRequirement.PREFERRED
            )
            self._keep(connection, options.challenge, "sign-in", caller.session_id, {"keep": kept})
            return json.loads(options_to_json(options))

        return in_transaction(self.engine, make)

    def sign_in(self, caller: Caller, credential: object, party: RelyingParty, new_session: str) -> dict:
        """Check the browser's signature with one of the accounts' passkeys and sign the
        session in to that account as ``new_session``, its rows becoming the account's."""
        if caller.signed_in:
            raise Conflict(SIGNED_IN_ALREADY)
        challenge = self._take(credential, "sign-in", caller.session_id)
        assert isinstance(credential, dict)  # _take has checked its form
        credential_id = credential["rawId"]
        now = self.now()

        def check(connection: Connection) -> dict:
            passkey = store.passkey_by_credential(connection, credential_id)
            if passkey is None:
                raise Forbidden(UNKNOWN_PASSKEY)
            try:
                verified = verify_authentication_response(
                    credential=credential,
                    expected_challenge=_from_base64url(challenge["challenge"]),
                    expected_rp_id=party.id,
                    expected_origin=party.origin,
                    credential_public_key=passkey["public_key"],
                    credential_current_sign_count=passkey["sign_count"],
                )
            except InvalidAuthenticationResponse as error:
                raise Forbidden(refusal_of(error)) from None
            except (WebAuthnException, ValueError, KeyError, TypeError):
                raise Invalid(MALFORMED.format(what="its authenticator data could not be decoded")) from None
            handle = (credential.get("response") or {}).get("userHandle")
            if handle and _from_base64url(handle) != passkey["account_id"].encode():
                raise Forbidden(WRONG_ACCOUNT)
            if not store.passkey_used(connection, passkey["id"], passkey["sign_count"], verified.new_sign_count, now):
                raise Conflict(RACED)
            account = store.account(connection, passkey["account_id"])
            assert account is not None  # the passkey's foreign key
            if account.get("suspended_ms") is not None:
                raise Forbidden(SUSPENDED)
            keep = challenge["details"].get("keep", THIS_DEVICE)
            join(
                connection,
                account,
                caller.session_id,
                new_session,
                caller.device,
                now,
                None,
                keep,
                deal_key=self.deal_key,
            )
            return account

        return in_transaction(self.engine, check)

    # ------------------------------------------------------------------ challenges

    def _keep(self, connection: Connection, challenge: bytes, purpose: str, session_id: str, details: dict) -> None:
        now = self.now()
        store.add_challenge(
            connection,
            now,
            challenge=bytes_to_base64url(challenge),
            purpose=purpose,
            session_id=session_id,
            details=details,
            expires_ms=now + CHALLENGE_MS,
        )

    def _take(self, credential: object, purpose: str, session_id: str) -> dict:
        """The challenge the credential answers, deleted (committed) before it is checked."""
        challenge = _challenge_of(credential)
        check_form(credential, purpose)
        taken = in_transaction(
            self.engine, lambda connection: store.take_challenge(connection, challenge, purpose, session_id)
        )
        if taken is None or taken["expires_ms"] < self.now():
            raise Conflict(EXPIRED)
        return taken


def _transports(credential: object) -> list[str]:
    transports = (credential.get("response") or {}).get("transports") if isinstance(credential, dict) else None
    return [t for t in transports if isinstance(t, str)][:8] if isinstance(transports, list) else []
