"""An account's name: through the one check of names (app/names.py), and neither the
name of another account nor one that looks like it. Registering checks it twice, at the
options and as the account is made; the unique keys of the accounts' table settle two
registrations racing for one name (or two look-alikes): the second is refused with the
same sentence. A rename checks a new name with the same function
(app/service/accounts/renaming.py).

Two names are one name when their ``name_key`` is ("Ann", "ANN", the full-width
"ＡＮＮ"), and look alike when their look-alike key is (app/confusables.py: "Ann" and
"Аnn" with a Cyrillic "А", "Ian" and "lan"). Other accounts can see a name on the
leaderboards and at tables, and a name is its profile's address: a name that passed
for another account's would take its place there.

A name an account gave up is kept for it for ``FORMER_NAME_KEPT_DAYS`` (it alone may take
it, or one that looks like it, again): time enough for the people who knew it by that
name to learn the new one, and for nobody to take the old one and pose as it meanwhile.
Then the name is free for anyone. Keeping it for ever would let one account hold any
number of names by changing its name again and again.
"""

from __future__ import annotations

from sqlalchemy import Connection

from app.confusables import look_alike_key
from app.names import name_key
from app.service import clock
from app.service.errors import Conflict, Invalid
from app.service.play.table_record import display_name
from app.store import accounts as store

ACCOUNT_NAME_LENGTH = 24  # a name at a table is at most as long
NAME_TAKEN = "An account is already called {name}: choose another name."
LOOKS_LIKE = "{name} looks like the account name {other}: choose another name."
NOT_AN_ADDRESS = "{what} cannot be {name}: it is part of the address of its profile page. Choose another name."
FORMER_NAME_KEPT_DAYS = 30
FORMER_NAME_KEPT_MS = FORMER_NAME_KEPT_DAYS * 24 * 60 * 60 * 1000
KEPT_FOR_ITS_ACCOUNT = (
    "{name} was another account's name until lately, and is kept for that account for "
    f"{FORMER_NAME_KEPT_DAYS} days after its change: choose another name."
)
LOOKS_LIKE_KEPT = (
    "{name} looks like {other}, another account's name until lately, which is kept for that account for "
    f"{FORMER_NAME_KEPT_DAYS} days after its change: choose another name."
)


def account_name_check(
    connection: Connection,
    name: object,
    except_account: str | None = None,
    what: str = "Your name",
    now_ms: int | None = None,
) -> dict:
    """``name`` as an account's, ``{"name", "name_key", "name_skeleton"}`` (the columns
    it is stored in), unless it is refused (Invalid) or another account than
    ``except_account`` has it or one that looks like it, or had it until lately and is
    still kept for (Conflict, naming that account's)."""
    chosen = display_name(name, what, ACCOUNT_NAME_LENGTH)
    if chosen in (".", ".."):  # a path's "this" and "parent", which no address can name
        raise Invalid(NOT_AN_ADDRESS.format(what=what, name=chosen))
    key, alike = name_key(chosen), look_alike_key(chosen)
    for other in store.accounts_named_like(connection, key, alike):
        if other["id"] == except_account:
            continue
        if other["name_key"] == key:
            raise Conflict(NAME_TAKEN.format(name=chosen))
        raise Conflict(LOOKS_LIKE.format(name=chosen, other=other["name"]))
    kept_for_others(connection, chosen, except_account, now_ms)
    return {"name": chosen, "name_key": key, "name_skeleton": alike}


def kept_for_others(connection: Connection, name: str, except_account: str | None, now_ms: int | None = None) -> None:
    """Conflict if ``name`` (checked), or one like it, is a former name still kept for
    another account than ``except_account``. Also asked once a new name is written: a
    name given up at the same moment is seen then (see renaming.py)."""
    now = clock.now_ms() if now_ms is None else now_ms
    key = name_key(name)
    for former in store.former_names_reserved_like(connection, key, look_alike_key(name), now):
        if former["account_id"] == except_account:
            continue
        if former["name_key"] == key:
            raise Conflict(KEPT_FOR_ITS_ACCOUNT.format(name=name))
        raise Conflict(LOOKS_LIKE_KEPT.format(name=name, other=former["name"]))
