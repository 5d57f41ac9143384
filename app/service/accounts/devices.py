"""The account as its person sees it (its name, devices and passkeys), changing its name,
the one-time codes that sign another device in, signing out, removing a device or a
passkey, and deleting the account.

A device is a session signed in to the account. It is named in the API by a digest of
its session id, never by the id itself (the key its rows would be stored under). A
device code is 8 characters that cannot be mistaken for one another (no 0 or O, no 1, I
or L), good for one use within a few minutes and while the device that made it stays
signed in (signing it out, removing it or deleting the account kills its codes); the
rate limits on the account's steps keep anyone from trying many. A device signed in with
a code is listed with the device that made the code, and when and from where (its
browser, its network address) the code was used, so a code someone else used is seen."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from datetime import UTC, datetime

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import IntegrityError

from app.service import clock
from app.service.accounts.forgetting import forget
from app.service.accounts.moving import THIS_DEVICE, keep_choice, under_way_here
from app.service.accounts.naming import account_name_check
from app.service.accounts.passkeys import SIGNED_IN_ALREADY, SUSPENDED, Caller
from app.service.accounts.renaming import rename
from app.service.accounts.sessions import join
from app.service.common import in_transaction
from app.service.errors import Conflict, Forbidden, Invalid, NotFound, NotSignedIn
from app.service.ratings.service import standing_of
from app.store import accounts as store

CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
CODE_MS = 5 * 60 * 1000
NOT_SIGNED_IN = "You are not signed in to an account."
BAD_CODE = (
    "That code is not right, was used already, or is more than five minutes old: make a new one on your "
    "other device. Nothing was changed."
)
RENAMED_MEANWHILE = "Your account's name was changed somewhere else at the same moment: look, and try again."
LAST_PASSKEY = (
    "This is the account's only passkey: add another first (or delete the account), or you could not sign in "
    "on a new device. Nothing was changed."
)


def device_id(session_id: str) -> str:
    """The name of a device (a signed-in session) in the API."""
    return hashlib.sha256(f"device:{session_id}".encode()).hexdigest()[:16]


def tidy_code(text: object) -> str:
    """A typed code as stored: capitals, without spaces or dashes.

    >>> tidy_code(" abcd-efgh ")
    'ABCDEFGH'
    """
    return "".join(ch for ch in str(text).upper() if ch not in " -")[:32]


def shown_code(code: str) -> str:
    """``ABCD-EFGH``: easier to read out and type."""
    return f"{code[:4]}-{code[4:]}"


def _iso(ms: int | None) -> str | None:
    return None if ms is None else datetime.fromtimestamp(ms / 1000, UTC).isoformat(timespec="seconds")


class Devices:
    def __init__(self, engine: Engine, deal_key: bytes, now: Callable[[], int] = clock.now_ms):
        self.engine = engine
        self.deal_key = deal_key  # to replay a match a sign-in gives up, for its result
        self.now = now

    def account(self, caller: Caller) -> dict:
        """``{"name", "devices", "passkeys", "rating"}`` of the caller's account."""

        def read(connection: Connection) -> dict:
            account = _signed_in(connection, caller)
            return {
                "name": account["name"],
                "devices": [
                    {
                        "id": device_id(session["session_id"]),
                        "device": session["device"],
                        "signed_in": _iso(session["created_ms"]),
                        "this": session["session_id"] == caller.session_id,
                        "signed_in_with": _with_code(session),
                    }
                    for session in store.sessions(connection, account["id"])
                ],
                "passkeys": [
                    {
                        "id": passkey["id"],
                        "label": passkey["label"],
                        "made": _iso(passkey["created_ms"]),
                        "last_used": _iso(passkey["used_ms"]),
                    }
                    for passkey in store.passkeys(connection, account["id"])
                ],
                "rating": standing_of(connection, account["id"]),
            }

        return in_transaction(self.engine, read)

    def rename(self, caller: Caller, name: object) -> dict:
        """Give the caller's account the name ``name`` (see renaming.py): ``{"name", "former_name"}``."""
        now = self.now()

        def change(connection: Connection) -> dict:
            return rename(connection, _signed_in(connection, caller)["id"], name, now)

        try:
            return in_transaction(self.engine, change)
        except IntegrityError:
            # Another account took the name (or one like it) at the same moment: the
            # check now names it.
            def check(connection: Connection) -> None:
                account_name_check(connection, name, _signed_in(connection, caller)["id"], now_ms=now)

            in_transaction(self.engine, check)
            raise Conflict(RENAMED_MEANWHILE) from None

    def under_way(self, caller: Caller) -> list[str]:
        """What a guest's session has under way ("match", "solitaire") that signing in
        may meet the account's of: the Account page asks which to keep then."""
        if caller.signed_in:
            return []
        return in_transaction(self.engine, lambda connection: under_way_here(connection, caller.browser_id))

    # ------------------------------------------------------------------ another device

    def make_code(self, caller: Caller) -> dict:
        """A one-time code another device signs in with: ``{"code", "expires"}``."""
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        now = self.now()

        def make(connection: Connection) -> dict:
            account = _signed_in(connection, caller)
            store.add_device_code(connection, code, account["id"], caller.session_id, now + CODE_MS, now)
            return {"code": shown_code(code), "expires": _iso(now + CODE_MS), "seconds": CODE_MS // 1000}

        return in_transaction(self.engine, make)

    def claim(self, caller: Caller, code: object, new_session: str, keep: object = THIS_DEVICE) -> dict:
        """Sign the caller's session in with another device's code, as ``new_session``;
        ``keep``: which game under way is kept where both have one (see moving.py)."""
        if caller.signed_in:
            raise Conflict(SIGNED_IN_ALREADY)
        typed = tidy_code(code)
        if len(typed) != CODE_LENGTH:
            raise Invalid(BAD_CODE)
        kept = keep_choice(keep)
        now = self.now()

        def claim(connection: Connection) -> dict:
            taken = store.take_device_code(connection, typed, now)
            account = store.account(connection, taken["account_id"]) if taken else None
            if taken is None or account is None:
                raise Invalid(BAD_CODE)
            if account.get("suspended_ms") is not None:
                raise Forbidden(SUSPENDED)
            code = {"made_on": taken["made_on"], "address": caller.address}
            join(
                connection,
                account,
                caller.session_id,
                new_session,
                caller.device,
                now,
                code,
                kept,
                deal_key=self.deal_key,
            )
            return account

        return in_transaction(self.engine, claim)

    # ------------------------------------------------------------------ leaving

    def sign_out(self, caller: Caller) -> None:
        def leave(connection: Connection) -> None:
            _signed_in(connection, caller)
            store.end_session(connection, caller.session_id)

        in_transaction(self.engine, leave)

    def remove_device(self, caller: Caller, device: str) -> bool:
        """Sign a device of the caller's account out; whether it was the caller's own."""

        def remove(connection: Connection) -> bool:
            account = _signed_in(connection, caller)
            for session in store.sessions(connection, account["id"]):
                if device_id(session["session_id"]) == device:
                    store.end_session(connection, session["session_id"])
                    return session["session_id"] == caller.session_id
            raise NotFound("Your account has no such device (it may have been signed out already).")

        return in_transaction(self.engine, remove)

    def remove_passkey(self, caller: Caller, passkey_id: str) -> None:
        def remove(connection: Connection) -> None:
            account = _signed_in(connection, caller)
            passkeys = store.passkeys(connection, account["id"])
            if passkey_id not in {passkey["id"] for passkey in passkeys}:
                raise NotFound("Your account has no such passkey (it may have been removed already).")
            if len(passkeys) == 1:
                raise Conflict(LAST_PASSKEY)
            store.delete_passkey(connection, account["id"], passkey_id)

        in_transaction(self.engine, remove)

    def delete_account(self, caller: Caller) -> None:
        """Delete the account and all that is only its own, and sign every device out."""

        def delete(connection: Connection) -> None:
            account = _signed_in(connection, caller)
            sessions = [session["session_id"] for session in store.sessions(connection, account["id"])]
            store.delete_challenges(connection, [*sessions, account["principal"]])
            former = store.former_names(connection, account["id"])
            store.delete_account(connection, account["id"])
            forget(connection, account["principal"], account["name"], former)

        in_transaction(self.engine, delete)


def _with_code(session: dict) -> dict | None:
    """How a device signed in with a code: which device made it, when and from where
    (the browser and the network address) it was used; None for a passkey's."""
    if session["code_made_on"] is None:
        return None
    return {
        "code_made_on": session["code_made_on"],
        "used_at": _iso(session["created_ms"]),
        "used_from": session["device"],
        "address": session["code_address"],
    }


def _signed_in(connection: Connection, caller: Caller) -> dict:
    account = store.account_of_session(connection, caller.session_id)
    if account is None:
        raise NotSignedIn(NOT_SIGNED_IN)
    return account
