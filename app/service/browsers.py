"""Browsers and this installation's own secrets."""

from __future__ import annotations

import hashlib
import secrets

from sqlalchemy import Engine, select

from app.store.models import ServerKey
from app.store.repository import insert_if_absent


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
    return server_secret(engine, "deal")


def server_secret(engine: Engine, name: str) -> bytes:
    """This installation's secret called ``name``, made at its first start. Workers
    starting together each offer one; the first stored is the one all of them use."""
    keys = ServerKey.__table__
    with engine.begin() as connection:
        insert_if_absent(connection, keys, {"name": name, "value": secrets.token_hex(32)})
        return connection.execute(select(keys.c.value).where(keys.c.name == name)).scalar_one().encode()
