"""A person's seat given to a computer player during a match, and a match that cannot go
on ended where it stands.

A person leaves a table in play by pressing Leave, or, at a quick-play table, by being
away: a table gives up on a person whose time runs out :data:`GIVE_UP_AFTER` times in a
row (their turns played by a computer, :mod:`app.service.tables.timeouts`), and their
seat is then the computer's as if they had left. Either way it counts as an abandoned
loss in their statistics and, at a rated table, as last place
(:func:`app.service.ratings.service.rate_table`, by the seat's ``left_by``). A table with
nobody left at it ends there: the computers would only play on for no one, and a match
that never ends would never be rated.

Pure bookkeeping on the record inside a change of the tables' one loop; the caller's
transaction stores it.
"""

from __future__ import annotations

from dataclasses import replace

from sqlalchemy import Connection

from app.golf.engine import GolfState
from app.service.play.table_record import people
from app.service.stats.results import record_online_result
from app.store.tables import TableRecord, TableSeat

GIVE_UP_AFTER = 2
"""At a quick-play table, how many of a person's turns in a row the timer may play before
the table gives up on them (with a one-minute timer: two minutes away)."""

EVERYONE_LEFT = "Everyone has left the table: the match ends here."


def give_seat_to_computer(connection: Connection, record: TableRecord, state: GolfState, seat: int, level: str) -> None:
    """A computer player of ``level`` takes ``seat``'s place, named for the person who
    sat there ("Bea (computer)"); the match counts as an abandoned loss for them."""
    person = record.seats[seat]
    assert person.kind == "person" and person.browser is not None
    record_online_result(connection, person.browser, record.code, state, seat, abandoned=True)
    record.seats[seat] = replace(
        TableSeat.computer(level, f"{person.name} (computer)"), left=True, left_by=person.browser
    )


def timed_out(record: TableRecord, seat: int) -> bool:
    """Count one more of ``seat``'s turns played by the timer; whether the table now gives
    up on its person (a quick-play table, after :data:`GIVE_UP_AFTER` in a row)."""
    entry = record.seats[seat]
    record.seats[seat] = replace(entry, timed_out=entry.timed_out + 1)
    return record.quick_play and entry.timed_out + 1 >= GIVE_UP_AFTER


def acted(record: TableRecord, seat: int) -> None:
    """``seat``'s person made a change of their own: the timer's count starts again."""
    if record.seats[seat].timed_out:
        record.seats[seat] = replace(record.seats[seat], timed_out=0)


def nobody_left(record: TableRecord) -> bool:
    """A table in play at which no person sits any more."""
    return record.status == "playing" and not people(record)


def end_where_it_stands(record: TableRecord) -> None:
    """The match ends as it stands (no one plays on): over, with no deadline."""
    record.status = "over"
    record.deadline_ms = None
    record.away = False
