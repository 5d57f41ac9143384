"""The site's host's commands on accounts and tables (``python -m app admin``).

Each command is one transaction that checks first and changes nothing when it refuses
(an unknown name or code, a name that cannot be used, a state the command does not
apply to): a :class:`~app.service.errors.ServiceError` with one sentence. Suspending
then leaves the account's seats at the tables in play to the computer, each through
the tables' own way of leaving (:meth:`app.service.tables.room.TableRoom.leave`), and
ending a table is the tables' own ending of a table where it stands
(:meth:`app.service.tables.service.TableService.end`), so that their open pages hear of
it.

- A **suspended** account cannot sign in (app/service/accounts/passkeys.py, devices.py),
  is signed out everywhere at once (every session's row goes: its devices become new
  guests, who never act as the account again), cannot be seated (guard.py), and is on
  no board (app/store/moderation.py). Its ratings and rows are kept: unsuspending puts
  it back as it was.
- An account **off the boards** is on no board, and its rated matches are rated for
  nobody: every rating is worked out again without them
  (app/service/ratings/recompute.py), and its later matches are not rated. Putting it
  back on the boards works every rating out again with them.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import IntegrityError

from app.names import name_key
from app.service import clock
from app.service.accounts.naming import NAME_TAKEN
from app.service.accounts.renaming import rename
from app.service.common import in_transaction
from app.service.errors import Conflict, NotFound, ServiceError
from app.service.play.table_record import display_name, seat_of
from app.service.ratings.recompute import Recomputed, recompute_ratings
from app.service.tables.service import TableService
from app.store import account_rows
from app.store import moderation as store
from app.store import tables as table_store

REASON_LENGTH = 200
DEFAULT_REASON = "it could not finish."
ENDED = "The site's host ended this table: {reason}"
ALREADY_OVER = "That table is over already: there is nothing to end."


class Moderation:
    def __init__(self, engine: Engine, tables: TableService, now: Callable[[], int] = clock.now_ms):
        self.engine = engine
        self.tables = tables
        self.now = now

    # ------------------------------------------------------------------ reading

    def accounts(self, name_part: str | None = None) -> list[dict]:
        """Every account whose name holds ``name_part`` (compared as names are: case
        folded), newest seen first: :func:`app.store.moderation.overview`."""
        part = name_key(name_part) if name_part else None
        return in_transaction(self.engine, lambda connection: store.overview(connection, part))

    # ------------------------------------------------------------------ an account

    def rename(self, old: str, new: str) -> tuple[str, str]:
        """Give the account ``old`` the name ``new``; its old and new names."""

        def work(connection: Connection) -> tuple[str, str]:
            account = _account(connection, old)
            # The one change of name an account makes itself (the same check, the same rows
            # changed), but for the old name: one the host takes away is neither kept for the
            # account nor leads to its profile.
            renamed = rename(connection, account["id"], new, self.now(), keep_former=False, what="The new name")
            if renamed["former_name"] is None:
                raise Conflict(f"The account is called {account['name']} already: nothing to change.")
            return account["name"], renamed["name"]

        try:
            return in_transaction(self.engine, work)
        except IntegrityError:  # an account was made under that name (or a look-alike) meanwhile
            raise Conflict(NAME_TAKEN.format(name=new)) from None

    def suspend(self, name: str) -> dict:
        """Suspend the account ``name``: ``{"name", "signed_out", "left"}``, the sessions
        signed out and the codes of the tables whose seat was left to the computer."""
        now = self.now()

        def work(connection: Connection) -> tuple[dict, int, list[str]]:
            account = _account(connection, name)
            if account["suspended_ms"] is not None:
                raise Conflict(f"{account['name']} is suspended already.")
            store.set_suspended(connection, account["id"], now)
            signed_out = store.sign_out_everywhere(connection, account)
            return account, signed_out, _tables_in_play(connection, account["principal"])

        account, signed_out, codes = in_transaction(self.engine, work)
        left = []
        for code in codes:
            try:
                self.tables.leave(account["principal"], code)
            except ServiceError:
                continue  # the match ended, or the seat was left, meanwhile
            left.append(code)
        return {"name": account["name"], "signed_out": signed_out, "left": left}

    def unsuspend(self, name: str) -> str:
        """Lift the account's suspension; its name."""

        def work(connection: Connection) -> str:
            account = _account(connection, name)
            if account["suspended_ms"] is None:
                raise Conflict(f"{account['name']} is not suspended.")
            store.set_suspended(connection, account["id"], None)
            return account["name"]

        return in_transaction(self.engine, work)

    def off_boards(self, name: str) -> tuple[str, Recomputed]:
        """Take the account's results off the boards and work every rating out again."""
        return self._boards(name, off=True)

    def on_boards(self, name: str) -> tuple[str, Recomputed]:
        """Put the account's results back on the boards and work every rating out again."""
        return self._boards(name, off=False)

    def _boards(self, name: str, off: bool) -> tuple[str, Recomputed]:
        def work(connection: Connection) -> tuple[str, Recomputed]:
            account = _account(connection, name)
            if account["off_boards"] == off:
                said = "off the boards already" if off else "on the boards already"
                raise Conflict(f"{account['name']}'s results are {said}.")
            store.set_off_boards(connection, account["id"], off)
            return account["name"], recompute_ratings(connection)

        return in_transaction(self.engine, work)

    # ------------------------------------------------------------------ a table

    def end_table(self, code: str, reason: str | None = None) -> None:
        """End the table ``code`` (waiting or in play) where it stands, with a notice to its
        seats giving ``reason``: over, nothing more played, recorded or rated."""
        said = display_name(reason or DEFAULT_REASON, "The reason", REASON_LENGTH)
        try:
            ended = self.tables.end(code, ENDED.format(reason=said))
        except NotFound:
            raise NotFound(f"No table has the code {code!r}.") from None
        if not ended:
            raise Conflict(ALREADY_OVER)


def _account(connection: Connection, name: str) -> dict:
    account = store.account_named(connection, name_key(name), for_update=True)
    if account is None:
        raise NotFound(f"No account is called {name!r}.")
    return account


def _tables_in_play(connection: Connection, principal: str) -> list[str]:
    """The codes of the tables in play where ``principal`` sits."""
    codes = []
    for table in account_rows.tables_seating(connection, principal):
        record = table_store.load_table(connection, table["code"])
        if record is not None and record.status == "playing" and seat_of(record, principal) is not None:
            codes.append(record.code)
    return codes
