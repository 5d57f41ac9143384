"""What a deleted account leaves behind, cleared in the transaction that deletes it.

Its principal browser goes with every row of its own (the foreign keys cascade), and so
do the replays of its matches against the computer, which nobody else played. At tables
of people it shared, only its own seats change: a seat it sat at (or left to a computer
at a rated table, or that was kept for it) names nobody any more, neither its browser
nor its name, which becomes "A former player". Everyone else's seat, name, computer
and level stay exactly as they were, and the match plays on for them.

Its name, and each name it went by before, is replaced whole, never inside another word
or name: in the notices of its own seats and of no seat (the ones that list people,
"... without waiting longer for Ann and Bea"), and in the replays of the tables it
finished. Another person's name that holds
it ("Ann Lee" beside "Ann", "Steve" beside "e") is left alone: a notice names a seat by
its whole name.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterable

from sqlalchemy import Connection

from app.names import FORMER_PLAYER
from app.store import account_rows as rows

STAND_IN = " (computer)"  # a person's stand-in after they left: "Bea (computer)"


def forget(connection: Connection, principal: str, name: str, former_names: Iterable[str] = ()) -> None:
    """Delete the principal browser and all that is only its own; at tables of people,
    its seats name nobody and its name (``name``, the ``former_names`` it went by before,
    and whatever it sat as) becomes "A former player" (see the module's docstring)."""
    rows.delete_replays(connection, rows.own_match_replays(connection, principal))
    nobody = secrets.token_hex(32)  # an id no cookie hashes to
    every_name = {name, *former_names}
    known: dict[str, tuple[set[int], set[str]]] = {}  # table code -> its own seats, its names there
    for table in rows.tables_seating(connection, principal):
        seats = table["seats"]
        own = {index for index, seat in enumerate(seats) if _is_own(seat, principal)}
        others = {seat["name"] for index, seat in enumerate(seats) if index not in own}
        names = _names_there(seats, own, every_name, others)
        rows.reseat(
            connection,
            table["code"],
            [_forgotten(seat, principal, nobody) if index in own else seat for index, seat in enumerate(seats)],
        )
        rows.renotice(
            connection,
            table["code"],
            [
                {**notice, "message": renamed(notice["message"], names, others)}
                if notice.get("seat") is None or notice.get("seat") in own
                else notice
                for notice in table["notices"]
            ],
        )
        known[table["code"]] = (own, names)
    for replay in rows.table_replays(connection, principal):
        own_seats, names = known.get(replay["table_code"], (None, every_name))
        rows.rename_in_replay(
            connection,
            replay["id"],
            [
                {**seat, "name": former(seat["name"], names, always=own_seats is not None and index in own_seats)}
                for index, seat in enumerate(replay["seats"])
            ],
        )
    rows.delete_browser(connection, principal)


def _is_own(seat: dict, principal: str) -> bool:
    return principal in (seat.get("browser"), seat.get("left_by"), seat.get("held_for"))


def _names_there(seats: list[dict], own: set[int], account_names: set[str], others: set[str]) -> set[str]:
    """The names the account is known by at a table: its seats' (a stand-in's without
    " (computer)", which the notices before it left used), and the account's own names
    (now and before), unless another person there goes by it."""
    names = set(account_names) - others
    for index in own:
        seat = seats[index]
        if seat.get("kind") != "open":
            names |= {seat["name"], seat["name"].removesuffix(STAND_IN)}
        if seat.get("held_name"):
            names.add(seat["held_name"])
    return names - others


def _forgotten(seat: dict, principal: str, nobody: str) -> dict:
    """The account's own seat, naming nobody: a seat kept for it opens to anyone."""
    if seat.get("held_for") == principal:
        return {"kind": "open", "browser": None, "name": seat["name"], "level": None}
    forgotten = {key: nobody if value == principal else value for key, value in seat.items()}
    forgotten["name"] = FORMER_PLAYER + STAND_IN if seat.get("kind") == "computer" else FORMER_PLAYER
    return forgotten


def former(shown: str, names: set[str], always: bool = False) -> str:
    """A replay's seat name with the account's name made "A former player": the seat
    named by one of ``names`` (or its stand-in), or every seat ``always``.

    >>> former("Ann", {"Ann"}), former("Ann (computer)", {"Ann"}), former("Anna", {"Ann"})
    ('A former player', 'A former player (computer)', 'Anna')
    >>> former("Bea", {"Ann"}, always=True)
    'A former player'
    """
    if shown.endswith(STAND_IN) and (always or shown.removesuffix(STAND_IN) in names):
        return FORMER_PLAYER + STAND_IN
    return FORMER_PLAYER if always or shown in names else shown


def renamed(text: str, names: set[str], others: set[str]) -> str:
    """``text`` with each whole occurrence of one of ``names`` made "A former player":
    not inside a word (word characters as Unicode has them), nor inside the name of one
    of ``others``, found first where names overlap.

    >>> renamed("e ran out of time: a computer player made that move.", {"e"}, {"Steve Peterson"})
    'A former player ran out of time: a computer player made that move.'
    >>> renamed("Steve Peterson ran out of time.", {"e"}, {"Steve Peterson"})
    'Steve Peterson ran out of time.'
    >>> renamed("No waiting longer for Ann, Anna and Ann Lee.", {"Ann"}, {"Anna", "Ann Lee"})
    'No waiting longer for A former player, Anna and Ann Lee.'
    >>> renamed("Zoë and Zoëlle", {"Zoë"}, {"Zoëlle"})
    'A former player and Zoëlle'
    """
    if not names:
        return text
    every = sorted(names | others, key=len, reverse=True)  # the longest first where names overlap
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(shown) for shown in every) + r")(?!\w)")
    return pattern.sub(lambda found: FORMER_PLAYER if found.group(0) in names else found.group(0), text)
