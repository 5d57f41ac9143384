"""An account changing its name.

The new name goes through the one check of account names (:mod:`.naming`): refused as it
would be at registering, or when another account has it, one that looks like it, or had
it until lately. Everything that shows the account reads its name as it is now: the
leaderboards, the profile, the daily leaderboard (and the name the account's daily
results are played under), and the seat at every table it takes from now on, quick
play's included. What was played stays as it was played: a seat taken before the change
keeps its name until its table is over (the other people at a match in play would not
know who the new name is), and a replay keeps the names its match was played under.

The old name is remembered (``account_former_names``): the old profile address leads to
the new one for as long as no other account goes by that name, and nobody else may take
the name, or one like it, for ``FORMER_NAME_KEPT_DAYS`` (see :mod:`.naming`).
"""

from __future__ import annotations

from sqlalchemy import Connection

from app.names import name_key
from app.service import clock
from app.service.accounts.naming import FORMER_NAME_KEPT_MS, account_name_check, kept_for_others
from app.service.accounts.sessions import named_as_account
from app.service.errors import NotFound
from app.store import accounts as store
from app.store import daily as daily_store
from app.store import quick_play as queue_store

NO_ACCOUNT = "There is no such account (it may have been deleted)."


def rename(
    connection: Connection,
    account_id: str,
    new_name: object,
    now_ms: int | None = None,
    *,
    keep_former: bool = True,
    what: str = "Your name",
) -> dict:
    """Give the account ``account_id`` the name ``new_name``: ``{"name", "former_name"}``
    (``former_name`` None when the name is unchanged). Refused (Invalid, Conflict,
    NotFound) with nothing changed; ``what`` names the name in the refusals. ``keep_former``:
    the old name is remembered for its old address and kept for the account for a while;
    False forgets it at once (a name the site's host takes away is not kept for the
    account that had it, nor does its address lead anywhere)."""
    now = clock.now_ms() if now_ms is None else now_ms
    account = store.account(connection, account_id)
    if account is None:
        raise NotFound(NO_ACCOUNT)
    named = account_name_check(connection, new_name, except_account=account_id, what=what, now_ms=now)
    if named["name"] == account["name"]:
        return {"name": account["name"], "former_name": None}
    store.rename_account(connection, account_id, **named)
    store.drop_former_name(connection, account_id, named["name_key"])  # its own again
    if keep_former and account["name_key"] != named["name_key"]:  # not a change of case alone
        store.keep_former_name(
            connection,
            account_id=account_id,
            name=account["name"],
            name_key=account["name_key"],
            name_skeleton=account["name_skeleton"],
            renamed_ms=now,
            reserved_until_ms=now + FORMER_NAME_KEPT_MS,
        )
    # Another account may have given this name up while this was checked: its change is
    # seen now that this transaction wrote the name (the unique key made it wait for it).
    kept_for_others(connection, named["name"], account_id, now)
    named_as_account(connection, {**account, **named})
    daily_store.rename_entries(connection, account["principal"], named["name"])
    queue_store.rename_waiting(connection, account["principal"], named["name"])
    return {"name": named["name"], "former_name": account["name"]}


def name_now(connection: Connection, name: str) -> str | None:
    """The name now of the account that went by ``name`` before (the one that gave it up
    last), or None; asked for a profile address no account goes by."""
    return store.name_now(connection, name_key(name))
