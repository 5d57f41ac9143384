"""Browsers and this installation's own secrets."""

from __future__ import annotations

import hashlib
import secrets
from sqlalchemy import Engine, insert, select
from sqlalchemy.exc import IntegrityError

from app.store.models import ServerKey


def new_session_token() -> str:
    """An opaque, unguessable cookie value (256 random bits)."""
    return secrets.token_urlsafe(32)


def browser_id_for(token: str) -> str:
    """The key a browser is stored under: the SHA-256 of its cookie, so the database
    never holds a value that could be replayed as someone's cookie."""
    return hashlib.sha256(token.encode()).hexdigest()


def deal_key(engine: Engine, configured: str | None) -> bytes:
    """The secret that turns public seeds into deals: the configured one, else the one
    this installation made at its first start (made now if there is none yet)."""
    if configured:
        return configured.encode()
    keys = ServerKey.__table__
    read = select(keys.c.value).where(keys.c.name == "deal")
    with engine.begin() as connection:
        stored = connection.execute(read).scalar()
    if stored is None:
        try:
            with engine.begin() as connection:
                connection.execute(insert(keys).values(name="deal", value=secrets.token_hex(32)))
        except IntegrityError:
            pass  # another worker made it first: use theirs
        with engine.begin() as connection:
            stored = connection.execute(read).scalar_one()
    return stored.encode()
