"""The table quick play makes for a group: an ordinary table of people (see
:mod:`app.service.tables.room`) with the standard rules, nine holes and a turn timer,
its people seated in the order they came, computer players in the seats left, marked as
made by quick play, and as rated when its people all have accounts; dealt at once by the
tables' service.
"""

from __future__ import annotations

import secrets

from app.golf.rules import PRESETS, rules_from_dict
from app.names import name_key
from app.players import Level
from app.service.play.match_deals import MAX_SEED
from app.service.play.table_record import NAME_LENGTH, invite_code, name_computers
from app.service.quickplay.matching import Group
from app.service.ratings.skill import Skill, fitting_level
from app.store.tables import TableRecord, TableSeat

TABLE_NAME = "Play now"  # the one name of quick play, on every page
RULES = "standard"  # nine holes
TIMER_SECONDS = 60  # the make-table form's one-minute timer


def level_for(skills: list[Skill | None]) -> Level:
    """The computer players' level at a table of people of these skills (None: unrated):
    the level nearest their average skill, the middle level when none is rated.

    >>> level_for([None]), level_for([Skill(33.0, 2.0), None]), level_for([Skill(16.0, 3.0), Skill(20.0, 3.0)])
    ('medium', 'expert', 'easy')
    """
    rated = [skill for skill in skills if skill is not None]
    if not rated:
        return fitting_level(None)
    return fitting_level(Skill(sum(s.mu for s in rated) / len(rated), sum(s.sigma for s in rated) / len(rated)))


def table_for(group: Group, now_ms: int, level: Level, rated: bool = False) -> TableRecord:
    """The table of ``group``, not yet dealt: its people first, then computer players of
    ``level``; ``rated`` when its people are accounts."""
    people = [TableSeat.person(entry.browser_id, entry.name) for entry in group.people]
    computers = [TableSeat.computer(level) for _ in range(group.players - len(people))]
    seats = people + computers
    name_computers(seats)
    _name_apart(seats)
    rules = rules_from_dict({**PRESETS[RULES].model_dump(), "players": group.players})
    record = TableRecord.new(
        code=invite_code(),
        name=TABLE_NAME,
        status="waiting",
        rules=rules.model_dump(),
        seed=secrets.randbelow(MAX_SEED),
        now_ms=now_ms,
        timer_seconds=TIMER_SECONDS,
        seats=seats,
    )
    record.quick_play = True
    record.rated = rated
    return record


def _name_apart(seats: list[TableSeat]) -> None:
    """People who gave the same name (or a computer's) are told apart by a number: "Ann",
    "Ann 2". A table's names are all different, as joining a table requires."""
    taken = {name_key(seat.name) for seat in seats if seat.kind == "computer"}
    for index, seat in enumerate(seats):
        if seat.kind != "person":
            continue
        name, number = seat.name, 1
        while name_key(name) in taken:
            number += 1
            suffix = f" {number}"
            name = seat.name[: NAME_LENGTH - len(suffix)] + suffix
        taken.add(name_key(name))
        if name != seat.name:
            seats[index] = TableSeat.person(seat.browser or "", name)
