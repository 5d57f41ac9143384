"""Accounts: their sessions, passkeys, sign-in challenges, device codes and former names."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    ForeignKey,
    LargeBinary,
    String,
    false,
)
from sqlalchemy.orm import Mapped, mapped_column

from app.store.models.base import Base


class Account(Base):
    """An account a person saved their progress to, protected by passkeys.

    Its rows (matches, statistics, daily entries, score sheets, preferences) are stored
    under its ``principal`` browser, exactly as a guest's are under their own: every
    session signed in to the account is read as that browser (app/web/http/session.py).
    The principal is the session that registered; its cookie is replaced at
    registration and never honoured again. The sessions signed in to it are
    :class:`AccountSession` rows."""

    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    """Random; also the user handle the passkeys hold."""
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(40), unique=True)
    """The name case folded (app.names.name_key): no two accounts share a name."""
    name_skeleton: Mapped[str | None] = mapped_column(String(500), nullable=True, index=True, unique=True)
    """The name's look-alike key (app.confusables.look_alike_key, UTS #39's skeleton): no
    two accounts have names that look alike ("Ann" and "Аnn" with a Cyrillic "А"). At
    most 24 characters, each mapped to at most 18. Null only for an account made before
    the check whose name looked like an older account's (it keeps its name)."""
    principal: Mapped[str] = mapped_column(ForeignKey("browsers.id", ondelete="CASCADE"), unique=True)
    created_ms: Mapped[int] = mapped_column(BigInteger)
    suspended_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    """When the site's host suspended the account (``python -m app admin suspend``); null
    while it is in good standing. A suspended account cannot sign in and is on no board."""
    off_boards: Mapped[bool] = mapped_column(Boolean, server_default=false(), default=False)
    """The site's host took the account's results off the boards (``python -m app admin
    off-boards``): its rated matches are left out of every rating, and it is on no board."""


class AccountSession(Base):
    """A session (a browser's cookie) signed in to an account. Kept apart from
    ``browsers``: a signed-in session stores nothing under its own id, and deleting the
    account deletes these rows, which signs every device out."""

    __tablename__ = "account_sessions"

    session_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    """The browser id of the session's cookie (app/service/browsers.py)."""
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    device: Mapped[str] = mapped_column(String(60))
    """What the session's browser said it was (from its User-Agent), for the list of devices."""
    created_ms: Mapped[int] = mapped_column(BigInteger)
    code_made_on: Mapped[str | None] = mapped_column(String(60), nullable=True)
    """For a session signed in with a device code: the device of the session that made
    the code (what its browser said it was), null for one that used a passkey."""
    code_address: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """... and the network address its request to use the code came from."""


class Passkey(Base):
    """A passkey (a WebAuthn credential) that signs in to an account."""

    __tablename__ = "passkeys"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    """Random: the passkey's name in the API (the credential id is never needed there)."""
    credential_id: Mapped[str] = mapped_column(String(1400), unique=True)
    """The credential id, base64url (at most 1023 bytes)."""
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    public_key: Mapped[bytes] = mapped_column(LargeBinary)
    """The credential's public key, COSE encoded."""
    sign_count: Mapped[int] = mapped_column(BigInteger)
    """The authenticator's last signature counter: one that does not rise is refused."""
    transports: Mapped[list] = mapped_column(JSON)
    label: Mapped[str] = mapped_column(String(60))
    created_ms: Mapped[int] = mapped_column(BigInteger)
    used_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)


class PasskeyChallenge(Base):
    """A challenge sent to a session for one passkey step (register or sign in): used
    once (deleted when it is answered) and only for a few minutes."""

    __tablename__ = "webauthn_challenges"

    challenge: Mapped[str] = mapped_column(String(100), primary_key=True)
    """The random challenge, base64url."""
    purpose: Mapped[str] = mapped_column(String(16))  # register, sign-in
    session_id: Mapped[str] = mapped_column(String(64), index=True)
    """The session (the browser id of its cookie) it was sent to; it alone may answer it."""
    details: Mapped[dict] = mapped_column(JSON)
    """What the answer needs besides: the name asked for, the account a passkey is added to."""
    expires_ms: Mapped[int] = mapped_column(BigInteger, index=True)


class DeviceCode(Base):
    """A short one-time code a signed-in device shows, with which another device signs
    in to the same account within a few minutes, while the device that made it is still
    signed in."""

    __tablename__ = "device_codes"

    code: Mapped[str] = mapped_column(String(16), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    expires_ms: Mapped[int] = mapped_column(BigInteger, index=True)
    session_id: Mapped[str] = mapped_column(ForeignKey("account_sessions.session_id", ondelete="CASCADE"), index=True)
    """The session that made it: a code dies with it (signed out, removed, its account deleted)."""


class AccountFormerName(Base):
    """A name an account went by before it changed it (see
    app/service/accounts/renaming.py): its old profile address leads to the account's
    profile, and for a while nobody else may take the name, or one that looks like it."""

    __tablename__ = "account_former_names"

    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    name_key: Mapped[str] = mapped_column(String(40), primary_key=True, index=True)
    """The former name case folded (app.names.name_key), as ``accounts.name_key``."""
    name: Mapped[str] = mapped_column(String(40))
    name_skeleton: Mapped[str | None] = mapped_column(String(500), nullable=True, index=True)
    """Its look-alike key, as ``accounts.name_skeleton`` (null where the account had none)."""
    renamed_ms: Mapped[int] = mapped_column(BigInteger)
    reserved_until_ms: Mapped[int] = mapped_column(BigInteger)
    """Until then only its account may take the name (or one that looks like it) again."""
