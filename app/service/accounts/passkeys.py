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
from webauthn.helpers.exceptions import InvalidAuthenticationResponse, InvalidRegistrationResponse
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from app.names import name_key
from app.service import clock
from app.service.accounts.sessions import join, named_as_account
from app.service.common import in_transaction
from app.service.errors import Conflict, Forbidden, Invalid, NotSignedIn
from app.service.play.table_record import display_name
from app.store import accounts as store
from app.store import repository

CHALLENGE_MS = 5 * 60 * 1000  # how long the browser (and the person at it) has to answer
ACCOUNT_NAME_LENGTH = 24  # a name at a table is at most as long
SITE_NAME = "Golf"
PASSKEY_LABEL_LENGTH = 60

EXPIRED = "This passkey request has expired or was already answered: try again."
UNREADABLE = "The browser's passkey answer could not be read: try again."
NAME_TAKEN = "An account is already called {name}: choose another name."
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


@dataclass(frozen=True)
class RelyingParty:
    """Who the passkeys are for: the site's domain (``id``, e.g. ``golf.example`` or
    ``localhost``) and the origin its pages are served from (``https://golf.example``)."""

    id: str
    origin: str


@dataclass(frozen=True)
class Caller:
    """The request's session: ``session_id`` its cookie's browser id, ``browser_id``
    what its rows are stored under (the account's principal when signed in)."""

    session_id: str
    browser_id: str
    signed_in: bool
    device: str


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


def _from_base64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Passkeys:
    def __init__(self, engine: Engine, now: Callable[[], int] = clock.now_ms):
        self.engine = engine
        self.now = now

    # ------------------------------------------------------------------ registering

    def registration_options(self, caller: Caller, name: object, party: RelyingParty) -> dict:
        """The options of ``navigator.credentials.create()``: for a new account called
        ``name``, or a further passkey for the caller's account."""

        def make(connection: Connection) -> dict:
            details: dict[str, Any]
            account = store.account_of_session(connection, caller.session_id)
            if account is None:
                chosen = display_name(name, "Your name", ACCOUNT_NAME_LENGTH)
                if store.name_taken(connection, name_key(chosen)):
                    raise Conflict(NAME_TAKEN.format(name=chosen))
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
        except (InvalidRegistrationResponse, ValueError, KeyError, TypeError) as error:
            raise Invalid(refusal_of(error)) from None
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
                if store.name_taken(connection, name_key(details["name"])):
                    raise Conflict(NAME_TAKEN.format(name=details["name"]))
                repository.ensure_browser(connection, caller.session_id)
                account = {
                    "id": details["account_id"],
                    "name": details["name"],
                    "name_key": name_key(details["name"]),
                    "principal": caller.session_id,
                    "created_ms": now,
                }
                store.add_account(connection, **account)
                named_as_account(connection, account)
                join(connection, account, caller.session_id, new_session, caller.device, now)
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
            # Two registrations racing for one name (or one passkey): the second is refused.
            taken = in_transaction(
                self.engine, lambda connection: store.name_taken(connection, name_key(details["name"]))
            )
            name_lost = taken and not details["adding"]
            raise Conflict(NAME_TAKEN.format(name=details["name"]) if name_lost else KNOWN_PASSKEY) from None

    # ------------------------------------------------------------------ signing in

    def sign_in_options(self, caller: Caller, party: RelyingParty) -> dict:
        """The options of ``navigator.credentials.get()``: any of this site's passkeys
        the browser holds (the person picks one)."""
        if caller.signed_in:
            raise Conflict(SIGNED_IN_ALREADY)

        def make(connection: Connection) -> dict:
            options = generate_authentication_options(
                rp_id=party.id, timeout=CHALLENGE_MS, user_verification=UserVerificationRequirement.PREFERRED
            )
            self._keep(connection, options.challenge, "sign-in", caller.session_id, {})
            return json.loads(options_to_json(options))

        return in_transaction(self.engine, make)

    def sign_in(self, caller: Caller, credential: object, party: RelyingParty, new_session: str) -> dict:
        """Check the browser's signature with one of the accounts' passkeys and sign the
        session in to that account as ``new_session``, its rows becoming the account's."""
        if caller.signed_in:
            raise Conflict(SIGNED_IN_ALREADY)
        challenge = self._take(credential, "sign-in", caller.session_id)
        assert isinstance(credential, dict)  # _take has read it as one
        credential_id = credential.get("rawId") or credential.get("id")
        now = self.now()

        def check(connection: Connection) -> dict:
            passkey = store.passkey_by_credential(connection, str(credential_id))
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
            except (InvalidAuthenticationResponse, ValueError, KeyError, TypeError) as error:
                raise Forbidden(refusal_of(error)) from None
            handle = (credential.get("response") or {}).get("userHandle")
            if handle and _from_base64url(handle) != passkey["account_id"].encode():
                raise Forbidden(WRONG_ACCOUNT)
            if not store.passkey_used(connection, passkey["id"], passkey["sign_count"], verified.new_sign_count, now):
                raise Conflict(RACED)
            account = store.account(connection, passkey["account_id"])
            assert account is not None  # the passkey's foreign key
            if account.get("suspended_ms") is not None:
                raise Forbidden(SUSPENDED)
            join(connection, account, caller.session_id, new_session, caller.device, now)
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
        taken = in_transaction(
            self.engine, lambda connection: store.take_challenge(connection, challenge, purpose, session_id)
        )
        if taken is None or taken["expires_ms"] < self.now():
            raise Conflict(EXPIRED)
        return taken


def _transports(credential: object) -> list[str]:
    transports = (credential.get("response") or {}).get("transports") if isinstance(credential, dict) else None
    return [t for t in transports if isinstance(t, str)][:8] if isinstance(transports, list) else []
