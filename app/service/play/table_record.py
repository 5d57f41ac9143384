"""What a table's stored row says, read without the store: who sits where and under
what name, who the computer players are, what its page shows, the snapshots it keeps of
its match, how far back they reach and the match they restore. Pure functions of a
:class:`~app.store.tables.TableRecord` (a table of people or a match against the
computer alike), shared by both services, the event streams and the pages."""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from app.golf.actions import parse_log_entry
from app.golf.engine import GolfState, replay
from app.golf.phases import Phase
from app.golf.rules import RuleSet
from app.golf.snapshots import restore, snapshot_of
from app.golf.view import Seat
from app.names import NameRefused, checked_name
from app.service.errors import Invalid
from app.store.tables import TableRecord, TableSeat

HOST = 0  # the seat of the person who made the table
PERSON = 0  # the person's seat in a match against the computer (app.store.tables.match_seats)
NAME_LENGTH = 24
TABLE_NAME_LENGTH = 60
SNAPSHOTS_KEPT = 8  # the match after each of its last changes (a page that far behind is shown the steps since)


def seat_of(record: TableRecord, browser_id: str) -> int | None:
    """The seat of ``browser_id`` at the table; None for a spectator."""
    for seat, entry in enumerate(record.seats):
        if entry.kind == "person" and entry.browser == browser_id:
            return seat
    return None


def invite_code() -> str:
    """16 URL-safe characters, some 96 random bits, never beginning with "-": a host
    passes the code to ``python -m app admin end-table``, where a leading "-" would read
    as an option."""
    while (code := secrets.token_urlsafe(12)).startswith("-"):
        pass
    return code


def display_name(text: object, what: str = "A name", limit: int = NAME_LENGTH, person: bool = True) -> str:
    """A name people see, through the one check of names (:func:`app.names.checked_name`):
    a person's, or (``person`` false) a table's."""
    try:
        return checked_name(text, what, limit, person)
    except NameRefused as refused:
        raise Invalid(str(refused)) from None


def name_computers(seats: list[TableSeat]) -> None:
    """Name each computer player for its level, ``"Computer (expert)"``, numbered by its
    seat (from 1, as the page counts them) when others share the level (``"Computer 3
    (easy)"`` at the third seat), so that every seat at a table has a name of its own. A
    person's stand-in after they left keeps theirs (``"Bea (computer)"``).

    >>> seats = [TableSeat.computer(level) for level in ("easy", "hard", "easy")]
    >>> name_computers(seats); [s.name for s in seats]
    ['Computer 1 (easy)', 'Computer (hard)', 'Computer 3 (easy)']
    """
    playing = [entry.kind == "computer" and not entry.left for entry in seats]
    levels = Counter(entry.level for entry, named in zip(seats, playing) if named)
    for index, entry in enumerate(seats):
        if playing[index]:
            shared = levels[entry.level] > 1
            name = f"Computer {index + 1} ({entry.level})" if shared else f"Computer ({entry.level})"
            seats[index] = replace(entry, name=name)


def people(record: TableRecord) -> list[int]:
    """The seats of the people at the table (not the computers, nor a person's stand-in)."""
    return [seat for seat, entry in enumerate(record.seats) if entry.kind == "person"]


def waits_for_people(record: TableRecord) -> bool:
    """Whether the end of a hole waits for each person to press Next hole: at a table of
    more than one person, so that nobody's look at the revealed grids is cut short."""
    return len(people(record)) > 1


def ready_seats(record: TableRecord, hole: int) -> list[int]:
    """The people who pressed Next hole at the end of ``hole``.

    >>> record = TableRecord.new(code="c", name="n", status="playing", rules={}, seed=1, now_ms=0,
    ...     seats=[TableSeat.person("a", "Ann"), replace(TableSeat.person("b", "Bea"), ready_hole=2)])
    >>> ready_seats(record, 2), ready_seats(record, 3)
    ([1], [])
    """
    return [seat for seat in people(record) if record.seats[seat].ready_hole == hole]


def seated(record: TableRecord) -> list[Seat]:
    """Who sits at each of the table's seats, for the views to name them."""
    return [Seat(entry.name, entry.kind, entry.level) for entry in record.seats]


def page_stamp(version: int, connected: list[bool], next_code: str | None) -> str:
    """What a table's page shows that may change without a move (its version, who is
    connected, the table made for another match): the page is drawn again only when this
    differs from the one it was drawn with.

    >>> page_stamp(7, [True, False], None)
    '7.10.'
    """
    return f"{version}.{''.join('1' if up else '0' for up in connected)}.{next_code or ''}"


def kept_snapshots(record: TableRecord, state: GolfState, replaced: bool) -> list[dict]:
    """The table's snapshots once ``state`` is saved as its next version: the newest
    last, at most SNAPSHOTS_KEPT, one per length of the log; none of before a change
    that put a new state in place (``replaced``: a deal, an undo), whose logs differ."""
    kept = [] if replaced else list(record.snapshots or [])
    if kept and kept[-1]["moves"] == len(state.log):
        return kept  # nothing was played: the newest stands for this version too
    kept.append({"version": record.version + 1, "moves": len(state.log), "state": snapshot_of(state)})
    return kept[-SNAPSHOTS_KEPT:]


def moves_at(record: TableRecord, version: int) -> int | None:
    """The log's length at ``version``, from the table's snapshots; None when they do not
    reach back that far.

    >>> record = TableRecord("c", 9, "", "playing", {}, 1, [], [], [], None, None, False, 0, 0, 0,
    ...                      snapshots=[{"version": 4, "moves": 10}, {"version": 7, "moves": 12}])
    >>> moves_at(record, 4), moves_at(record, 6), moves_at(record, 9), moves_at(record, 3)
    (10, 10, 12, None)
    """
    known = [s["moves"] for s in record.snapshots or [] if s["version"] <= version]
    return known[-1] if known else None


def state_at(record: TableRecord, deal_seed: int, moves: int) -> GolfState:
    """The match after the first ``moves`` actions of its log (``deal_seed``: the engine's
    seed of its deals): restored from the newest snapshot at or before them and played on
    from there, the few actions since; replayed from the deal only when no snapshot is
    that old (a match saved before snapshots were kept)."""
    rules = RuleSet(**record.rules)
    kept = next((s for s in reversed(record.snapshots or []) if s["moves"] <= moves), None)
    if kept is None:
        return replay(deal_seed, rules, record.log[:moves])
    state = restore(rules, kept["state"], record.log[: kept["moves"]])
    for entry in record.log[kept["moves"] : moves]:
        state.apply(*parse_log_entry(entry))
    return state


def computer_levels(record: TableRecord) -> Callable[[int], str | None]:
    """The level of each computer seat while the match is being played; no one moves
    before the start (nor after the end)."""

    def level(seat: int) -> str | None:
        entry = record.seats[seat]
        return entry.level if record.status == "playing" and entry.kind == "computer" else None

    return level


def held(entry: TableSeat, now: int) -> bool:
    """Whether an open seat is still kept for the person who sat there (Play again)."""
    return entry.kind == "open" and entry.held_for is not None and now < (entry.held_until_ms or 0)


def names_in_use(record: TableRecord, now: int) -> list[tuple[int, str]]:
    """(seat, name) of every name in use at the table: people, computer players, and
    the people open seats are still kept for."""
    return [
        (s, (entry.held_name or entry.name) if held(entry, now) else entry.name)
        for s, entry in enumerate(record.seats)
        if entry.kind != "open" or held(entry, now)
    ]


def next_table(record: TableRecord) -> str | None:
    """The code of the table made for another match after this one, if any."""
    return next((n["next"] for n in record.notices if n.get("next")), None)


# ---------------------------------------------------------------- pass and play


def passes_device(record: TableRecord) -> bool:
    """Pass and play: a browser's match at which several people sit, all of that browser,
    sharing its one screen (each person's seat is theirs only while they hold it)."""
    return record.owner is not None and len(people(record)) > 1


def device_holder(record: TableRecord) -> int | None:
    """The person of a pass-and-play match who opened their pass screen last, if anyone."""
    return next((seat for seat, entry in enumerate(record.seats) if entry.has_device), None)


def pass_to(record: TableRecord, state: GolfState) -> int | None:
    """The person the device is to be passed to before play goes on: the first person to
    act, when someone else holds it. None when play goes on as it is: not pass and play, a
    computer to act, the person to act holding the device, or the hole over (its cards
    are shown to everyone)."""
    if not passes_device(record) or state.phase in (Phase.HOLE_OVER, Phase.MATCH_OVER):
        return None
    acting = [seat for seat in state.to_act() if record.seats[seat].kind == "person"]
    if not acting or device_holder(record) in acting:
        return None
    return acting[0]


def seat_shown(record: TableRecord, state: GolfState) -> int:
    """The seat a browser's match is seen from, and whose moves it takes: its person's; in
    pass and play, the person to act (behind their pass screen until they open it), else
    the person holding the device while the computers play, else the first person."""
    if not passes_device(record):
        return PERSON
    waiting = pass_to(record, state)
    if waiting is not None:
        return waiting
    holder = device_holder(record)
    return holder if holder is not None else PERSON


def hand_device(record: TableRecord, seat: int | None) -> None:
    """``seat``'s person now holds the device (None: nobody, as at each hole's end, so
    that every hole's opening reveals begin behind a pass screen)."""
    record.seats = [replace(entry, has_device=index == seat) for index, entry in enumerate(record.seats)]


def people_names(record: TableRecord) -> list[str] | None:
    """The names of the people sharing a pass-and-play match's device, in seat order;
    None for a match of one person."""
    return [record.seats[seat].name for seat in people(record)] if passes_device(record) else None
