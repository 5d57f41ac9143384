"""The one check that keeps a suspended account out of every seat.

Suspending an account signs every session out of it at once (its devices become new
guests), so its principal can act only in the moment before a server process learns
of it (app/service/accounts/sessions.py keeps what a session stands for a second): quick
play, joining a table and making one refuse it then all the same."""

from __future__ import annotations

from sqlalchemy import Connection

from app.service.errors import Forbidden
from app.store import moderation

SUSPENDED_SEAT = "This account is suspended by the site's host: it cannot take a seat."


def refuse_suspended(connection: Connection, browser_id: str) -> None:
    """Refuse (403) a seat to the principal of a suspended account."""
    if moderation.is_suspended_principal(connection, browser_id):
        raise Forbidden(SUSPENDED_SEAT)
