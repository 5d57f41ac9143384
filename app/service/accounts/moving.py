"""A guest's rows given to the account it signs in to, in the transaction that signs it
in. (What an account leaves behind when it is deleted: :mod:`app.service.accounts.forgetting`.)

Every row is keyed by a browser id; the account's are under its principal browser. The
rows of which a browser has any number (results, score sheets, reviews) simply change
hands. Where a browser has one (its match against the computer, its solitaire deal) one
is kept: the guest's if it is under way, else the account's. Where both are under way
the person chose before signing in (``keep``): the one on this device (the default) or
the account's, and the other is recorded as given up, as a new deal records the one it
replaces (an abandoned loss, a solitaire deal played with the cards it had left):
nothing disappears unrecorded. A guest's daily attempts stay out of the account's count:
an account's counted attempt of a date is the first it started signed in (or the one its session had
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

from app.service.errors import Conflict, Invalid
from app.service.play.match_deals import give_up
from app.service.play.table_record import state_at
from app.service.play.turns import deal_seed
from app.service.solitaire import game_of
from app.service.solitaire import give_up as give_up_deal
from app.store import account_rows as rows
from app.store import repository
from app.store import tables as table_store

THIS_DEVICE = "this-device"
ACCOUNT = "account"
KEEP = (THIS_DEVICE, ACCOUNT)
BAD_KEEP = (
    'Say which match to keep if your account has one under way too: "this-device" or "account". Nothing was changed.'
)


def keep_choice(value: object) -> str:
    """A sign-in's ``keep`` as asked (none: the one on this device).

    >>> keep_choice(None), keep_choice("account")
    ('this-device', 'account')
    """
    if value is None or value == "":
        return THIS_DEVICE
    if value not in KEEP:
        raise Invalid(BAD_KEEP)
    return str(value)


def give_to_account(
    connection: Connection, guest: str, principal: str, now_ms: int, keep: str, *, deal_key: bytes
) -> None:
    """Every row of ``guest`` becomes ``principal``'s; the guest's browser is deleted.
    ``keep``: which match against the computer and which solitaire deal is kept where
    both have one under way (the other recorded as given up; ``deal_key`` replays it)."""
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
    # A result recorded under the guest here changes hands with the others below.
    _own_match(connection, guest, principal, keep, deal_key, now_ms)
    _solitaire(connection, guest, principal, keep, now_ms)
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


def _own_match(connection: Connection, guest: str, principal: str, keep: str, deal_key: bytes, now: int) -> None:
    mine = rows.own_match(connection, guest)
    if mine is None:
        return
    theirs = rows.own_match(connection, principal)
    if theirs is not None and under_way(mine) and under_way(theirs):
        if keep == ACCOUNT:
            _give_up_match(connection, guest, deal_key, now)
            return  # the guest's match goes with the guest's browser
        _give_up_match(connection, principal, deal_key, now)
    if under_way(mine) or theirs is None:
        rows.replace_own_match(connection, mine, principal, practice=mine["practice"] or mine["daily"] is not None)
    # else the account's match stays, and the guest's (never begun, or over and counted
    # already) goes with the guest's browser


def _give_up_match(connection: Connection, browser_id: str, deal_key: bytes, now: int) -> None:
    record = table_store.load_match(connection, browser_id)
    assert record is not None  # read just now, in this transaction
    give_up(connection, record, state_at(record, deal_seed(deal_key, record.seed), len(record.log)), now)


def under_way(match: dict) -> bool:
    """A match against the computer someone has played in and not finished.

    >>> under_way({"status": "playing", "actions_taken": 2}), under_way({"status": "over", "actions_taken": 40})
    (True, False)
    """
    return match["status"] != "over" and match["actions_taken"] > 0


def started(deal: dict) -> bool:
    """A solitaire deal someone has moved in and not finished.

    >>> started({"moves": ["a"], "recorded": False}), started({"moves": [], "recorded": False})
    (True, False)
    """
    return bool(deal["moves"]) and not deal["recorded"]


def _solitaire(connection: Connection, guest: str, principal: str, keep: str, now: int) -> None:
    mine = rows.solitaire_game(connection, guest)
    if mine is None:
        return
    theirs = rows.solitaire_game(connection, principal)
    if theirs is not None and started(mine) and started(theirs):
        if keep == ACCOUNT:
            _give_up_deal(connection, guest, now)
            return
        _give_up_deal(connection, principal, now)
    if started(mine) or theirs is None:
        rows.replace_solitaire_game(connection, guest, principal)


def _give_up_deal(connection: Connection, browser_id: str, now: int) -> None:
    record = repository.load_solitaire(connection, browser_id)
    assert record is not None  # read just now, in this transaction
    give_up_deal(connection, record, game_of(record), now)


def under_way_here(connection: Connection, browser_id: str) -> list[str]:
    """What a session has under way that a sign-in may meet the account's of: "match"
    (against the computer), "solitaire"; the Account page asks which to keep then."""
    match, deal = rows.own_match(connection, browser_id), rows.solitaire_game(connection, browser_id)
    return [
        what for what, going in (("match", match and under_way(match)), ("solitaire", deal and started(deal))) if going
    ]


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
