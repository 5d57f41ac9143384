"""Browsers and this installation's own secrets."""

from __future__ import annotations

import hashlib
import secrets
from datetime import UTC, datetime

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from app.store.models import Browser, ServerKey


def new_session_token() -> str:
    """An opaque, unguessable cookie value (256 random bits)."""
    return secrets.token_urlsafe(32)


def browser_id_for(token: str) -> str:
    """The key a browser is stored under: the SHA-256 of its cookie, so the database
    never holds a value that could be replayed as someone's cookie."""
    return hashlib.sha256(token.encode()).hexdigest()


def ensure_browser(db: Session, browser_id: str) -> Browser:
    browser = db.get(Browser, browser_id)
    if browser is None:
        browser = Browser(id=browser_id, created_at=datetime.now(UTC), preferences={})
        db.add(browser)
        db.flush()
    return browser


def deal_key(sessions: sessionmaker[Session], configured: str | None) -> bytes:
    """The secret that turns public seeds into deals: the configured one, else the one
    this installation made at its first start (made now if there is none yet)."""
    if configured:
        return configured.encode()
    for _attempt in range(2):
        with sessions.begin() as db:
            stored = db.get(ServerKey, "deal")
            if stored is not None:
                return stored.value.encode()
        try:
            with sessions.begin() as db:
                db.add(ServerKey(name="deal", value=secrets.token_hex(32)))
        except IntegrityError:
            continue  # another worker made it first: read theirs
    with sessions.begin() as db:
        return db.get(ServerKey, "deal").value.encode()
