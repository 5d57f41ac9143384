"""Browsers: their session tokens, the purge of idle sessions, and this installation's
own secrets."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import logging
import re
import secrets
from datetime import UTC, datetime, timedelta

from anyio import to_thread
from sqlalchemy import Engine

from app.service.common import in_transaction, purge_every
from app.store import repository

log = logging.getLogger(__name__)


def browser_id_for(token: str) -> str:
    """The key a browser is stored under: the SHA-256 of its cookie, so the database
    never holds a value that could be replayed as someone's cookie."""
    return hashlib.sha256(token.encode()).hexdigest()


# A token is 256 random bits and the server's signature of them: ``<nonce>.<mac>``.
_SIGNED = re.compile(r"^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{32})$")
# Tokens issued before they were signed: 256 random bits alone.
_UNSIGNED = re.compile(r"^[A-Za-z0-9_-]{32,128}$")


class SessionTokens:
    """Issues session tokens and tells which ones to honour.

    Only tokens this server issued are honoured, so nobody can make up a token, use it,
    and then plant it in someone else's browser to share (or watch) their games. A
    token is signed with a key this installation made at its first start: checking it
    needs no database, so requests without a cookie (crawlers, a health check) write
    nothing until they play.

    Tokens from before signing are honoured while a browser is stored under them, so
    nobody loses a match they were playing; a made-up unsigned token has no stored
    browser (none can be made for it any more) and gets a fresh session."""

    def __init__(self, engine: Engine, key: bytes):
        self._engine = engine
        self._key = key

    def issue(self) -> str:
        nonce = secrets.token_urlsafe(32)
        return f"{nonce}.{self._mac(nonce)}"

    def _mac(self, nonce: str) -> str:
        digest = hmac.new(self._key, nonce.encode(), hashlib.sha256).digest()[:24]
        return base64.urlsafe_b64encode(digest).decode()

    def is_signed(self, token: str) -> bool:
        parts = _SIGNED.match(token)
        return parts is not None and hmac.compare_digest(parts[2], self._mac(parts[1]))

    async def honoured(self, token: str) -> bool:
        """Whether ``token`` names a session: signed by this server, or from before
        signing with a browser stored under it."""
        if self.is_signed(token):
            return True
        if not _UNSIGNED.match(token):
            return False
        try:
            return await to_thread.run_sync(self._stored, browser_id_for(token))
        except Exception:
            # Storage unreachable: keep the person's session (their game request will
            # say that storage is down) rather than replace their cookie for good.
            log.exception("could not look up a session")
            return True

    def _stored(self, browser_id: str) -> bool:
        with self._engine.connect() as connection:
            return repository.browser_exists(connection, browser_id)


# ------------------------------------------------------------------ the purge

PURGE_BATCH = 1000  # rows deleted a transaction, so that no purge holds the database long


def purge_sessions(engine: Engine, *, empty_for: timedelta, keep_for: timedelta, now: datetime | None = None) -> int:
    """Delete sessions that never acted and are older than ``empty_for``, and sessions
    (with their match, deal and statistics) whose last action is older than
    ``keep_for``; returns how many. ``now`` is for tests."""
    now = now or datetime.now(UTC)
    removed = 0
    while True:
        batch = in_transaction(
            engine,
            lambda connection: repository.delete_idle_browsers(
                connection, empty_before=now - empty_for, idle_before=now - keep_for, limit=PURGE_BATCH
            ),
        )
        removed += batch
        if batch < PURGE_BATCH:
            return removed


def start_purging(engine: Engine, settings) -> asyncio.Task:
    """Purge now and then every ``settings.session_purge_minutes`` in the background,
    until the returned task is cancelled. Every worker purges; deleting twice is harmless."""
    return purge_every(
        settings.session_purge_minutes,
        lambda: purge_sessions(
            engine,
            empty_for=timedelta(hours=settings.empty_session_hours),
            keep_for=timedelta(days=settings.session_keep_days),
        ),
        "idle sessions",
    )


# ------------------------------------------------------------------ secrets


def deal_key(engine: Engine, configured: str | None) -> bytes:
    """The secret that turns public seeds into deals: the configured one, else the one
    this installation made at its first start (made now if there is none yet)."""
    if configured:
        return configured.encode()
    return server_secret(engine, "deal")


def session_key(engine: Engine) -> bytes:
    """The secret session tokens are signed with."""
    return server_secret(engine, "session")


def server_secret(engine: Engine, name: str) -> bytes:
    """This installation's secret called ``name``, made at its first start. Workers
    starting together each offer one; the first stored is the one all of them use."""
    with engine.begin() as connection:
        return repository.server_key(connection, name, secrets.token_hex(32)).encode()
