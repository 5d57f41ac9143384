"""A table's waiting room and its seats: making a table, people joining it, the host
setting its seats and starting it, a person leaving, and another match at the same table
once one is over. :class:`TableRoom` is the part of
:class:`app.service.tables.service.TableService` that changes who sits where; each change goes
through the service's one loop (``_run``), as every move does.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from sqlalchemy import Connection, Engine

from app.golf.engine import GolfState
from app.golf.rules import PRESETS, RulesError, RuleSet, rules_from_dict, rules_from_request
from app.names import name_key
from app.players import LEVELS
from app.service.admin.guard import refuse_suspended
from app.service.common import in_transaction
from app.service.errors import Conflict, Forbidden, Invalid
from app.service.play.match_deals import MAX_SEED
from app.service.play.match_state import TableOutcome
from app.service.play.table_record import (
    HOST,
    TABLE_NAME_LENGTH,
    display_name,
    held,
    invite_code,
    name_computers,
    names_in_use,
    next_table,
    seat_of,
)
from app.service.play.turns import Change
from app.service.tables.leaving import give_seat_to_computer
from app.service.tables.notify import Notifier
from app.store import accounts as accounts_store
from app.store import ratings as ratings_store
from app.store import repository
from app.store import tables as table_store
from app.store.tables import TableRecord, TableSeat

if TYPE_CHECKING:
    from app.golf.events import Event
    from app.service.tables.timeouts import TableTimeouts

TIMER_SECONDS = (10, 3600)


def _check_seat_kind(kind: str) -> None:
    """Refuse a seat that is neither open nor a computer of a known level."""
    if kind != "open" and kind not in LEVELS:
        raise Invalid(f'A seat is "open" or a computer level ({", ".join(LEVELS)}), not {kind!r}.')


class TableRoom:
    """Who sits at a table, and the table's making and remaking (a mixin of
    :class:`app.service.tables.service.TableService`, whose loop and state it uses)."""

    if TYPE_CHECKING:  # what the service gives it
        engine: Engine
        notifier: Notifier
        now: Callable[[], int]
        hold_ms: int
        timeouts: TableTimeouts

        def _run(
            self,
            browser_id: str | None,
            code: str,
            if_match: int | None,
            change: Change,
        ) -> TableOutcome: ...

        def _describe(
            self,
            record: TableRecord,
            state: GolfState,
            browser_id: str | None,
            events: list[Event],
            connected: set[int] | None = None,
            seen: dict | None = None,
        ) -> dict: ...

        def _fresh_state(self, record: TableRecord) -> GolfState: ...

        def _notice(self, record: TableRecord, seat: int | None, message: str) -> None: ...

    def create(
        self,
        browser_id: str,
        *,
        name: str,
        rules: dict | str | None,
        seats: list[str],
        host_name: str = "Host",
        timer_seconds: int | None = None,
    ) -> TableOutcome:
        """A new table, its caller the host at seat 0."""
        name = display_name(name, "The table's name", TABLE_NAME_LENGTH, person=False)
        # A signed-in person is known by their account's name at every table.
        host_name = in_transaction(self.engine, lambda c: accounts_store.name_of_principal(c, browser_id)) or host_name
        host_name = display_name(host_name)
        if not isinstance(seats, list) or not 2 <= len(seats) <= 8:
            raise Invalid("A table has 2 to 8 seats.")
        if seats[0] != "host" or "host" in seats[1:]:
            raise Invalid('The first seat is the host\'s ("host"), and only the first.')
        for kind in seats[1:]:
            _check_seat_kind(kind)
        ruleset = self._rules(rules, len(seats))
        if timer_seconds is not None and not TIMER_SECONDS[0] <= timer_seconds <= TIMER_SECONDS[1]:
            raise Invalid(f"A turn timer runs from {TIMER_SECONDS[0]} to {TIMER_SECONDS[1]} seconds.")
        now = self.now()
        record = TableRecord.new(
            code=invite_code(),
            name=name,
            status="waiting",
            rules=ruleset.model_dump(),
            seed=secrets.randbelow(MAX_SEED),
            now_ms=now,
            timer_seconds=timer_seconds,
            seats=[TableSeat.person(browser_id, host_name)]
            + [TableSeat.open() if kind == "open" else TableSeat.computer(kind) for kind in seats[1:]],
        )
        name_computers(record.seats)
        if name_key(host_name) in {name_key(entry.name) for entry in record.seats[1:] if entry.kind == "computer"}:
            raise Invalid(f"A computer player at this table is called {host_name}: choose another name.")

        def make(connection: Connection) -> None:
            refuse_suspended(connection, browser_id)
            repository.ensure_browser(connection, browser_id)
            repository.note_action(connection, browser_id)
            table_store.insert_table(connection, record)
            self.notifier.stage(connection, record.code, record.version)

        in_transaction(self.engine, make)
        self.notifier.publish(record.code, record.version)
        return TableOutcome(self._describe(record, self._fresh_state(record), browser_id, []))

    def join(self, browser_id: str, code: str, name: str) -> TableOutcome:
        """The first open seat; a person already seated keeps theirs."""
        name = display_name(name)

        def sit(connection, record, state):
            nonlocal name
            if seat_of(record, browser_id) is not None:
                return None  # back at their own seat: nothing changes
            refuse_suspended(connection, browser_id)
            name = accounts_store.name_of_principal(connection, browser_id) or name  # an account's own name
            if record.status != "waiting":
                raise Conflict("The match has begun: you can watch it, but no seat is free.")
            now = self.now()
            open_seats = [s for s, entry in enumerate(record.seats) if entry.kind == "open"]
            kept = next((s for s in open_seats if record.seats[s].held_for == browser_id), None)
            free = [s for s in open_seats if not held(record.seats[s], now)]
            seat = kept if kept is not None else (free[0] if free else None)
            if seat is None and open_seats:
                raise Conflict(
                    "The open seats are kept for the people who played the last match here, "
                    "for a few minutes: you can watch, or try again later."
                )
            if seat is None:
                raise Conflict("Every seat at this table is taken: you can watch it.")
            if name_key(name) in {name_key(other) for s, other in names_in_use(record, now) if s != seat}:
                raise Conflict(f"Someone at this table is already called {name}: choose another name.")
            repository.ensure_browser(connection, browser_id)
            if seat != kept:
                self._unrate(record, f"{name} took a seat kept for the last match's players")
            record.seats[seat] = TableSeat.person(browser_id, name)
            return []

        return self._run(browser_id, code, None, sit)

    def set_seat(self, browser_id: str, code: str, seat: int, kind: str) -> TableOutcome:
        """The host makes a seat open or a computer player of a level, before the start."""
        _check_seat_kind(kind)

        def change(connection, record, state):
            self._host_before_start(record, browser_id)
            if not 0 <= seat < len(record.seats):
                raise Invalid(f"There is no seat {seat}: seats run from 0 to {len(record.seats) - 1}.")
            if record.seats[seat].kind == "person":
                raise Conflict("A person sits there: only an open seat or a computer player can be changed.")
            if record.seats[seat].kind != kind:
                self._unrate(record, "The host changed a seat")
            record.seats[seat] = TableSeat.open() if kind == "open" else TableSeat.computer(kind)
            name_computers(record.seats)
            return []

        return self._run(browser_id, code, None, change)

    def start(self, browser_id: str, code: str, fill: str | None = None) -> TableOutcome:
        """The host deals the first hole; open seats become computer players at ``fill``."""
        if fill is not None and fill not in LEVELS:
            raise Invalid(f"fill is a computer level: {', '.join(LEVELS)}.")

        def deal(connection, record, state):
            self._host_before_start(record, browser_id)
            open_seats = [s for s, entry in enumerate(record.seats) if entry.kind == "open"]
            if open_seats:
                if fill is None:
                    raise Conflict("Some seats are still open: wait for people, or start with a level to fill them.")
                for seat in open_seats:
                    record.seats[seat] = TableSeat.computer(fill)
                name_computers(record.seats)
                self._unrate(record, "Computer players took the seats nobody came back to")
            if record.rated:
                browsers = [entry.browser for entry in record.seats if entry.kind == "person" and entry.browser]
                if len(ratings_store.accounts_of(connection, browsers)) != len(browsers):
                    self._unrate(record, "A guest sits at the table")
            record.status = "playing"
            record.started_ms = self.now()
            return self._fresh_state(record)

        return self._run(browser_id, code, None, deal)

    def _unrate(self, record: TableRecord, why: str) -> None:
        """A rematch of a rated match is rated while its seats are the last match's people
        and its computers: ``why`` they no longer are, said in a notice; it is unrated."""
        if record.rated and record.status == "waiting":
            record.rated = False
            self._notice(record, None, f"{why}: this match is unrated.")

    def begin(self, code: str) -> None:
        """Deal the first hole of a table made with every seat taken (quick play's), which
        has no host to press Start. Once: a table already dealt is left as it is."""

        def deal(connection, record, state):
            if record.status != "waiting" or any(entry.kind == "open" for entry in record.seats):
                return None
            record.status = "playing"
            record.started_ms = self.now()
            return self._fresh_state(record)

        self._run(None, code, None, deal)

    def leave(self, browser_id: str, code: str) -> TableOutcome:
        """Before the start the seat opens again; during the match a computer player
        takes it (the match goes on, or ends if no person is left) and the match counts
        as a loss for the leaver (last place at a rated table)."""

        def go(connection, record, state):
            seat = seat_of(record, browser_id)
            if seat is None:
                raise Forbidden("You have no seat at this table.")
            if record.status == "over":
                raise Conflict("The match is over: there is nothing to leave.")
            if record.status == "waiting":
                if seat == HOST:
                    raise Conflict("The host cannot leave before the start: start the match, then leave.")
                record.seats[seat] = TableSeat.open()
                return []
            give_seat_to_computer(connection, record, state, seat, self.timeouts.stand_in_level)
            return []

        return self._run(browser_id, code, None, go)

    def again(self, browser_id: str, code: str) -> TableOutcome:
        """After the end, a new table with the same name, rules, seats and timer, made
        once: the caller is its host, the other people's seats wait open for them, kept
        for them alone for ``hold_ms`` (the old table names it as ``next``, so every
        page there links to it), the computer players stay. Asked again, it answers the
        table already made."""

        def follow(connection, record, state):
            seat = seat_of(record, browser_id)
            if seat is None:
                raise Forbidden("Only the people seated at this table can deal another match.")
            if record.status != "over":
                raise Conflict("The match is not over yet.")
            if next_table(record):
                return None
            others = [entry for s, entry in enumerate(record.seats) if s != seat]
            now = self.now()
            follow_up = TableRecord.new(
                code=invite_code(),
                name=record.name,
                status="waiting",
                rules=dict(record.rules),
                seed=secrets.randbelow(MAX_SEED),
                now_ms=now,
                timer_seconds=record.timer_seconds,
                seats=[TableSeat.person(browser_id, record.seats[seat].name)]
                + [
                    entry  # a computer player as it was (renumbered below)
                    if entry.kind == "computer" and not entry.left
                    # Kept for the person who sat there, so that no one else takes it (or their name).
                    else replace(
                        TableSeat.open(), held_for=entry.browser, held_name=entry.name, held_until_ms=now + self.hold_ms
                    )
                    if entry.kind == "person"
                    else TableSeat.open()
                    for entry in others
                ],
            )
            name_computers(follow_up.seats)  # numbered by their new seats
            # A rematch of a rated match is rated too, while its seats stay the last match's
            # (the same people, every one an account, none of whom left): see _unrate.
            follow_up.rated = record.rated and not any(entry.left for entry in record.seats)
            table_store.insert_table(connection, follow_up)
            self.notifier.stage(connection, follow_up.code, follow_up.version)
            self._notice(record, seat, f"{record.seats[seat].name} made a table for another match.")
            record.notices[-1]["next"] = follow_up.code
            return []

        return self._run(browser_id, code, None, follow)

    @staticmethod
    def _rules(rules: dict | str | None, players: int) -> RuleSet:
        if isinstance(rules, str):
            if rules not in PRESETS:
                raise Invalid(f"Unknown rules {rules!r}: choose one of {', '.join(PRESETS)}.")
            rules = {"name": rules}
        if rules is not None and rules.get("players", players) != players:
            raise Invalid(f"The rules name {rules['players']} players but the table has {players} seats.")
        try:
            base = rules_from_request(rules)
            return rules_from_dict({**base.model_dump(), "players": players})
        except RulesError as error:
            raise Invalid(f"These rules cannot be played: {error}") from None

    @staticmethod
    def _host_before_start(record: TableRecord, browser_id: str) -> None:
        if seat_of(record, browser_id) != HOST:
            raise Forbidden("Only the host can do that.")
        if record.status != "waiting":
            raise Conflict("The match has already begun.")
