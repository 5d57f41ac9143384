"""``python -m app admin COMMAND``: the site's host's hand, on the server's own settings
and database (``GOLF_DATABASE_URL``, or the SQLite file in ``GOLF_DATA_DIR``).

    python -m app admin accounts [--name PART]   the accounts, newest seen first
    python -m app admin rename OLD NEW           give an account another name
    python -m app admin suspend NAME             no sign-in, signed out everywhere, off every board
    python -m app admin unsuspend NAME
    python -m app admin off-boards NAME          its results off the boards, every rating worked out again
    python -m app admin on-boards NAME
    python -m app admin end-table CODE [--reason TEXT]

Each command is one transaction (app/service/admin/moderation.py). A refusal (an
unknown account, table or command, a name that cannot be used, a state the command does
not apply to) is one line on stderr and exit status 2, and changes nothing; storage that
cannot be reached is exit status 1. :func:`run` is the whole command as a function of
its arguments and settings.
"""

from __future__ import annotations

import argparse
import sys
import unicodedata
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import NoReturn

from app.service.admin.moderation import DEFAULT_REASON, Moderation
from app.service.browsers import deal_key
from app.service.errors import ServiceError, Unavailable
from app.service.ratings.recompute import Recomputed
from app.service.tables.notify import notifier_for
from app.service.tables.service import TableService
from app.settings import Settings, get_settings
from app.store.database import DatabaseFolderError, make_engine, migrate, prepare_sqlite_folder

PROGRAM = "python -m app admin"


class OneLineErrors(argparse.ArgumentParser):
    """An argument parser whose refusal is one line, naming the command's own --help."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def parser() -> argparse.ArgumentParser:
    commands = OneLineErrors(
        prog=PROGRAM,
        description="The site's host's hand: list, rename, suspend accounts, take results off the boards, "
        "end a table. On the server's own settings and database; see docs/operations.md (Moderation).",
    )
    data_help = "the folder of the SQLite database (default: $GOLF_DATA_DIR or the platform's data folder)"
    commands.add_argument("--data-dir", metavar="FOLDER", type=Path, help=data_help)
    # Taken after the command too ("admin accounts --data-dir F"), as the host is likely to type it.
    after = OneLineErrors(add_help=False)
    after.add_argument("--data-dir", metavar="FOLDER", type=Path, help=data_help, default=argparse.SUPPRESS)
    each = commands.add_subparsers(dest="command", metavar="COMMAND", required=True, parser_class=OneLineErrors)
    listing = each.add_parser(
        "accounts",
        parents=[after],
        help="the accounts with their rating, rated matches, last seen and standing, newest seen first",
        description="The accounts with their rating, rated matches, when they were last seen (UTC) and whether "
        "they are suspended or off the boards, newest seen first.",
    )
    listing.add_argument("--name", metavar="PART", help="only the names that hold PART (in any case)")
    rename = each.add_parser(
        "rename",
        parents=[after],
        help="give an account another name",
        description="Give an account another name, checked as every account's name is. The leaderboard, the "
        "profile and the tables from now on show it; past tables' replays keep the names they were played under.",
    )
    rename.add_argument("old", metavar="OLD", help="the account's name now (in any case)")
    rename.add_argument("new", metavar="NEW", help="its new name")
    for name, said, description in (
        (
            "suspend",
            "suspend an account",
            "Suspend an account: it cannot sign in, every device is signed out of it at once, it cannot be "
            "seated, it is on no board, and its seats at the tables in play are left to the computer.",
        ),
        ("unsuspend", "lift an account's suspension", "Lift an account's suspension: it is as it was before."),
        (
            "off-boards",
            "take an account's results off the boards",
            "Take an account's results off the boards: it is on no board, its rated matches are rated for "
            "nobody, every rating is worked out again without them, and its later matches are not rated.",
        ),
        (
            "on-boards",
            "put an account's results back on the boards",
            "Put an account's results back on the boards, and work every rating out again with its rated matches.",
        ),
    ):
        command = each.add_parser(name, help=said, description=description, parents=[after])
        command.add_argument("name", metavar="NAME", help="the account's name (in any case)")
    ending = each.add_parser(
        "end-table",
        parents=[after],
        help="end a table that cannot finish",
        description="End a table that cannot finish: its seats are told why, its status becomes over, and "
        "nothing is rated or recorded for it. A table over already is refused.",
    )
    ending.add_argument(
        "code",
        metavar="CODE",
        help="the table's code (the end of its invite link, /t/CODE); an older code beginning with "
        "'-' goes after --: end-table -- -CODE",
    )
    ending.add_argument("--reason", metavar="TEXT", help=f"what its seats are told (default: {DEFAULT_REASON!r})")
    return commands


def run(argv: Sequence[str] | None = None, settings: Settings | None = None) -> int:
    """The command ``argv`` (the words after ``admin``) on ``settings``' database (the
    environment's by default); its exit status."""
    try:
        arguments = parser().parse_args(argv)
    except SystemExit as stopped:  # --help (0), or a refusal already said (2)
        return stopped.code if isinstance(stopped.code, int) else 2
    if settings is None:
        settings = Settings(data_dir=arguments.data_dir) if arguments.data_dir is not None else get_settings()
    try:
        prepare_sqlite_folder(settings.database_url)
    except DatabaseFolderError as error:
        print(f"{PROGRAM}: {error}", file=sys.stderr)
        return 1
    engine = make_engine(settings.database_url)
    tables: TableService | None = None
    try:
        migrate(engine)
        tables = TableService(
            engine,
            deal_key(engine, settings.deal_key),
            notifier_for(settings.database_url),  # on PostgreSQL its NOTIFY reaches every server process
            away_seconds=settings.table_away_seconds,
            hold_seconds=settings.play_again_hold_seconds,
            next_hole_seconds=settings.next_hole_seconds,
        )
        COMMANDS[arguments.command](Moderation(engine, tables), arguments)
        return 0
    except Unavailable as failed:
        print(f"{PROGRAM}: {failed.message}", file=sys.stderr)
        return 1
    except ServiceError as refused:
        print(f"{PROGRAM}: {refused.message}", file=sys.stderr)
        return 2
    finally:
        if tables is not None:
            tables.close()
        engine.dispose()


# ------------------------------------------------------------------ the commands


def _accounts(moderation: Moderation, arguments: argparse.Namespace) -> None:
    rows = moderation.accounts(arguments.name)
    if not rows:
        print("No account is called so." if arguments.name else "No accounts yet.")
        return
    header = ("NAME", "RATING", "RATED MATCHES", "LAST SEEN (UTC)", "STANDING")
    lines = [
        (
            row["name"],
            f"{row['shown']} ({row['games']} games)" if row["shown"] is not None else "unrated",
            str(row["matches"]),
            _when(row["seen_ms"]),
            _standing(row),
        )
        for row in rows
    ]
    print(aligned([header, *lines]))


def _standing(row: dict) -> str:
    said = []
    if row["suspended_ms"] is not None:
        said.append(f"suspended since {_when(row['suspended_ms'])}")
    if row["off_boards"]:
        said.append("off the boards")
    return ", ".join(said) or "in good standing"


def _when(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, UTC).strftime("%Y-%m-%d %H:%M")


def width(text: str) -> int:
    """The columns ``text`` takes in a terminal: wide (East Asian) characters take two,
    combining marks none.

    >>> width("Ann"), width("ＡＮＮ"), width("Zoë")
    (3, 6, 3)
    """
    return sum(
        0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text
    )


def aligned(rows: list[tuple[str, ...]]) -> str:
    """``rows`` as a plain table, each column as wide as its widest cell, two spaces apart.

    >>> print(aligned([("NAME", "RATING"), ("Ann", "1040"), ("Bartholomew", "unrated")]))
    NAME         RATING
    Ann          1040
    Bartholomew  unrated
    """
    widths = [max(width(row[column]) for row in rows) for column in range(len(rows[0]))]
    return "\n".join(
        "  ".join(cell + " " * (widths[column] - width(cell)) for column, cell in enumerate(row)).rstrip()
        for row in rows
    )


def _rename(moderation: Moderation, arguments: argparse.Namespace) -> None:
    old, new = moderation.rename(arguments.old, arguments.new)
    print(f"{old} is now called {new}.")


def _suspend(moderation: Moderation, arguments: argparse.Namespace) -> None:
    done = moderation.suspend(arguments.name)
    sessions = done["signed_out"]
    print(
        f"{done['name']} is suspended: {sessions} device{'s' * (sessions != 1)} signed out, "
        f"{len(done['left'])} seat{'s' * (len(done['left']) != 1)} in play left to the computer."
    )


def _unsuspend(moderation: Moderation, arguments: argparse.Namespace) -> None:
    print(f"{moderation.unsuspend(arguments.name)} is no longer suspended.")


def _recomputed(done: Recomputed) -> str:
    return f"{done.rated} rated matches rated again ({done.left_out} left out), {done.accounts} accounts rated"


def _off_boards(moderation: Moderation, arguments: argparse.Namespace) -> None:
    name, done = moderation.off_boards(arguments.name)
    print(f"{name}'s results are off the boards: {_recomputed(done)}.")


def _on_boards(moderation: Moderation, arguments: argparse.Namespace) -> None:
    name, done = moderation.on_boards(arguments.name)
    print(f"{name}'s results are back on the boards: {_recomputed(done)}.")


def _end_table(moderation: Moderation, arguments: argparse.Namespace) -> None:
    moderation.end_table(arguments.code, arguments.reason)
    print(f"The table {arguments.code} is ended: its seats were told.")


COMMANDS: dict[str, Callable[[Moderation, argparse.Namespace], None]] = {
    "accounts": _accounts,
    "rename": _rename,
    "suspend": _suspend,
    "unsuspend": _unsuspend,
    "off-boards": _off_boards,
    "on-boards": _on_boards,
    "end-table": _end_table,
}


def main(argv: Sequence[str] | None = None) -> int:
    return run(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    sys.exit(main())
