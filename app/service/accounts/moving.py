"""A guest's rows given to the account it signs in to, in the transaction that signs it
in. (What an account leaves behind when it is deleted: :mod:`app.service.accounts.forgetting`.)

Every row is keyed by a browser id; the account's are under its principal browser. The
rows of which a browser has any number (results, score sheets, reviews) simply change
hands. Where a browser has one (its match against the computer, its solitaire deal) the
one being played on this device is kept: the guest's if it is under way, else the
account's. A guest's daily attempts stay out of the account's count: an account's
counted attempt of a date is the first it started signed in (or the one its session had
when it was made), so that nobody can play a date with several guest cookies and sign in
on the best; a daily match under way comes along as practice.
At tables of people the guest's seats become the account's, so a person who signs in
keeps their seat; but one account holds one seat at a table: a sign-in that would bring
the account into a second seat of a table not yet over is refused (two seats of one
person would rate one person twice, and let them play both hands). The preferences are
the account's, the guest's filling what it lacks.
"""

from __future__ import annotations

from sqlalchemy import Connection

from app.service.errors import Conflict
from app.store import account_rows as rows
from app.store import repository


def give_to_account(connection: Connection, guest: str, principal: str) -> None:
    """Every row of ``guest`` becomes ``principal``'s; the guest's browser is deleted."""
    if guest == principal:
        return
    guest_browser = rows.browser(connection, guest)
    if guest_browser is None:  # a session that never stored anything
        return
    tables = rows.tables_seating(connection, guest)
    for table in tables:
        if table["status"] != "over" and _names(table["seats"], principal):
            raise Conflict(TWO_SEATS.format(table=table["name"]))
    repository.ensure_browser(connection, principal)
    _own_match(connection, guest, principal)
    _solitaire(connection, guest, principal)
    # The guest's daily attempts are not moved: they go with the guest's browser.
    rows.move_many(connection, guest, principal)
    for table in tables:
        if not _names(table["seats"], principal):  # a finished table where both sat keeps its seats apart
            rows.reseat(connection, table["code"], rows.swap_browser(table["seats"], guest, principal))
    _preferences(connection, guest_browser, principal)
    rows.delete_browser(connection, guest)


TWO_SEATS = (
    "This account sits at the table {table}, where you sit too: one person holds one seat at a table. Leave "
    "one of the two seats (or let the match end), then sign in. Nothing was changed."
)


def _names(seats: list[dict], browser_id: str) -> bool:
    """Whether a table's seats name ``browser_id``: seated, kept for, or left."""
    return any(browser_id in (seat.get("browser"), seat.get("held_for"), seat.get("left_by")) for seat in seats)


def _own_match(connection: Connection, guest: str, principal: str) -> None:
    mine = rows.own_match(connection, guest)
    if mine is None:
        return
    if under_way(mine) or rows.own_match(connection, principal) is None:
        rows.replace_own_match(connection, mine, principal, practice=mine["practice"] or mine["daily"] is not None)
    # else the account's match stays, and the guest's goes with the guest's browser


def under_way(match: dict) -> bool:
    """A match against the computer someone has played in and not finished.

    >>> under_way({"status": "playing", "actions_taken": 2}), under_way({"status": "over", "actions_taken": 40})
    (True, False)
    """
    return match["status"] != "over" and match["actions_taken"] > 0


def _solitaire(connection: Connection, guest: str, principal: str) -> None:
    mine = rows.solitaire_game(connection, guest)
    if mine is None:
        return
    started = bool(mine["moves"]) and not mine["recorded"]
    if started or rows.solitaire_game(connection, principal) is None:
        rows.replace_solitaire_game(connection, guest, principal)


def _preferences(connection: Connection, guest_browser: dict, principal: str) -> None:
    account_browser = rows.browser(connection, principal)
    assert account_browser is not None  # ensured above
    acted = [when for when in (guest_browser["last_action_at"], account_browser["last_action_at"]) if when]
    rows.update_browser(
        connection,
        principal,
        preferences={**(guest_browser["preferences"] or {}), **(account_browser["preferences"] or {})},
        last_action_at=max(acted) if acted else None,
    )
