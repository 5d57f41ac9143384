"""Which account a session is signed in to, read on every request that carries a cookie,
and a session joining an account (registering, signing in, claiming a device code).

A signed-in session is read as its account's principal browser, where the account's
rows are. The principal's own cookie (the one the account was registered from) is never
honoured again once registration has given that session a new one: whoever might have
copied the old cookie cannot reach the account with it."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from anyio import to_thread
from sqlalchemy import Connection, Engine
from sqlalchemy.exc import OperationalError

from app.recent import Recent
from app.service.accounts.moving import THIS_DEVICE, give_to_account
from app.service.common import UNAVAILABLE_MESSAGE
from app.service.errors import Unavailable
from app.store import accounts as store
from app.store import repository

log = logging.getLogger(__name__)

DEVICE_LENGTH = 60
ADDRESS_LENGTH = 64  # an IPv6 address with its zone, or the name of a unix socket, cut short


@dataclass(frozen=True)
class Signed:
    """What a session's cookie stands for: ``browser_id`` is what its requests are
    stored under (the account's principal, or the session itself for a guest);
    ``refused`` is an old principal's cookie, to be replaced by a fresh one."""

    browser_id: str
    signed_in: bool = False
    refused: bool = False
    name: str | None = None  # the account's, when signed in: the header shows it


KEPT_SECONDS = 1.0
"""How long a process keeps what a session stands for: looking it up on every request
(a hop to a thread and a query) made a cheap read some 5% slower on SQLite and 10% on
PostgreSQL (python -m bench.session_lookup). A change of
accounts made in this process forgets every kept answer at once (:meth:`changed`); one
made in another process is seen here within this long."""

GUEST_KEPT_SECONDS = 60.0
"""How long a process that makes every change of accounts itself (SQLite: one server
process) keeps that a session is a guest's. A guest's session becomes anything else only
by registering an account from it (its id becomes the account's principal, whose cookie
is refused from then on), through this process's account routes, which forget every kept
answer (:meth:`changed`), and a lookup under way meanwhile is not kept. Where another
process may register it unheard (PostgreSQL), a guest is kept :data:`KEPT_SECONDS`, as
every session is (and a minute bounds what a second process on SQLite, against
docs/operations.md, would not hear). The people at a table of friends are mostly guests,
each posting a move every few seconds: each of those moves looked the guest up again."""


class SessionAccounts:
    """What sessions stand for, kept a while (``guests_kept_seconds`` for a guest,
    :data:`KEPT_SECONDS` for any other); ``clock`` is for tests."""

    def __init__(
        self,
        engine: Engine,
        kept: int = 10_000,
        *,
        guests_kept_seconds: float = KEPT_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.engine = engine
        self._kept = Recent(size=kept)  # session id -> (Signed, until, in clock())
        self._guests_kept_seconds = guests_kept_seconds
        self._clock = clock
        self._changes = 0  # how many changes of accounts this process has heard of

    async def signed(self, session_id: str) -> Signed:
        """Raises :class:`Unavailable` when the storage cannot say: a signed-in session's
        request must not go on as a guest's and store its work apart from the account."""
        now = self._clock()
        kept = self._kept.take(session_id)
        if kept is not None and kept[1] > now:
            self._kept.put(session_id, kept)
            return kept[0]
        changes = self._changes
        try:
            signed = await to_thread.run_sync(self._signed, session_id)
        except OperationalError:
            log.exception("could not look up a session's account")
            raise Unavailable(UNAVAILABLE_MESSAGE) from None
        if changes == self._changes:  # else what it read may be from before that change
            guest = not signed.signed_in and not signed.refused
            self._kept.put(session_id, (signed, now + (self._guests_kept_seconds if guest else KEPT_SECONDS)))
        return signed

    def changed(self) -> None:
        """A session joined or left an account, or an account went: forget what was kept,
        and what any lookup under way finds."""
        self._changes += 1
        self._kept.clear()

    def _signed(self, session_id: str) -> Signed:
        with self.engine.connect() as connection:
            standing = store.session_standing(connection, session_id)
        if standing is None:
            return Signed(session_id)
        principal, signed_in, name = standing
        return Signed(principal, signed_in=True, name=name) if signed_in else Signed(session_id, refused=True)


def join(
    connection: Connection,
    account: dict,
    guest: str,
    new_session: str,
    device: str,
    now_ms: int,
    code: dict | None = None,
    keep: str = THIS_DEVICE,
    *,
    deal_key: bytes,
) -> None:
    """Sign the session ``guest`` in to ``account`` as ``new_session`` (the browser id of
    the new cookie the answer sets): the guest's rows become the account's, ``keep``
    saying which game under way is kept where both have one (see moving.py). ``code``
    (``{"made_on", "address"}``) for a session signed in with a device code."""
    give_to_account(connection, guest, account["principal"], now_ms, keep, deal_key=deal_key)
    by_code = {"code_made_on": code["made_on"], "code_address": code["address"][:ADDRESS_LENGTH]} if code else {}
    store.add_session(connection, new_session, account["id"], device[:DEVICE_LENGTH], now_ms, **by_code)


def named_as_account(connection: Connection, account: dict) -> None:
    """The account's name is the name its daily results are shown under."""
    browser = repository.ensure_browser(connection, account["principal"])
    preferences = dict(browser["preferences"] or {})
    if preferences.get("daily_name") != account["name"]:
        preferences["daily_name"] = account["name"]
        repository.save_preferences(connection, account["principal"], preferences)


def device_of(user_agent: str) -> str:
    """A short name of a browser from its User-Agent, for the list of devices.

    >>> device_of("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36")
    'Chrome on Linux'
    >>> device_of("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1")
    'Safari on iPhone'
    >>> device_of("curl/8.0")
    'A browser'
    """
    browser = next(
        (name for key, name in _BROWSERS if key in user_agent),
        "A browser",
    )
    system = next((name for key, name in _SYSTEMS if key in user_agent), None)
    return f"{browser} on {system}" if system and browser != "A browser" else browser


# Checked in order: Edge and Opera say Chrome too, Chrome says Safari.
_BROWSERS = [("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"), ("Safari/", "Safari")]
_SYSTEMS = [
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("Android", "Android"),
    ("Windows", "Windows"),
    ("Mac OS X", "Mac"),
    ("CrOS", "ChromeOS"),
    ("Linux", "Linux"),
]
