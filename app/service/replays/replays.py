"""Replays: every finished match, against the computer or at a table, watched again.

When a match ends, the transaction that ends it keeps the match whole (who sat where,
the rules, the seeds, the log and the hole scores) under an unguessable id: a keyed
hash of the match's identity, so the state of a finished match can name its replay
(``/r/{id}``) without storing the link beside it, and nobody can work out the link of a
match they did not see end. Nothing is kept before the end, so no link of an
unfinished match exists. A replay may show every card: the match is over. A daily
match's replay is shown only once its date is over (``shown_from_ms``).

:meth:`Replays.export` gives the API's replay (shared/API.md); :meth:`Replays.step` the
table as it stood after a number of the log's actions, for the replay page.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sqlalchemy import Connection, Engine

from app.golf.actions import NextHole, parse_log_entry
from app.golf.engine import GolfState
from app.golf.events import Event
from app.golf.rules import RuleSet
from app.golf.view import Seat, spectator_view
from app.service import clock
from app.service.common import in_transaction
from app.service.errors import NotFound
from app.store import replays as store
from app.store.tables import TableRecord

ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{16}")  # 96 bits, URL-safe base64
NOT_FOUND = "There is no replay at this link: a match has one once it is over."


def replay_id(deal_key: bytes, source: str) -> str:
    """The replay link's id of the match named ``source`` (``"match <id>"``, ``"table <code>"``).

    >>> replay_id(b"key", "table abc") == replay_id(b"key", "table abc") != replay_id(b"other", "table abc")
    True
    >>> len(replay_id(b"key", "table abc"))
    16
    """
    digest = hmac.new(deal_key, f"replay {source}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:12]).decode()


def keep(
    connection: Connection,
    deal_key: bytes,
    *,
    source: str,
    kind: str,
    seed: int,
    deal_seed: int,
    rules: dict,
    seats: Sequence[Seat],
    state: GolfState,
    now_ms: int,
    shown_from_ms: int = 0,
) -> str:
    """Keep the match that ``state`` ends (called in the transaction that ends it); its id."""
    assert state.is_over, "a replay is kept only of a finished match"
    identifier = replay_id(deal_key, source)
    store.keep_replay(
        connection,
        {
            "id": identifier,
            "kind": kind,
            "seed": seed,
            "deal_seed": str(deal_seed),
            "rules": rules,
            "seats": [{"name": s.name, "kind": s.kind, "level": s.level} for s in seats],
            "log": list(state.log),
            "hole_scores": [list(scores) for scores in state.hole_scores],
            "created_ms": now_ms,
            "shown_from_ms": shown_from_ms,
        },
    )
    return identifier


def keep_game(
    connection: Connection,
    deal_key: bytes,
    record: TableRecord,
    state: GolfState,
    *,
    deal_seed: int,
    now_ms: int,
    shown_from_ms: int = 0,
) -> str:
    """:func:`keep` the game of Golf ``record`` stores, which ``state`` ends: who sat where
    as its seats say, a match against the computer or a table of people alike."""
    return keep(
        connection,
        deal_key,
        source=source_of(record),
        kind="table" if record.owner is None else "match",
        seed=record.seed,
        deal_seed=deal_seed,
        rules=record.rules,
        seats=[Seat(seat.name, seat.kind, seat.level) for seat in record.seats],
        state=state,
        now_ms=now_ms,
        shown_from_ms=shown_from_ms,
    )


def link_of(deal_key: bytes, record: TableRecord) -> str:
    """The replay link of the game ``record`` stores (once it is over)."""
    return link(replay_id(deal_key, source_of(record)))


def link(identifier: str) -> str:
    return f"/r/{identifier}"


def source_of(record: TableRecord) -> str:
    """The identity a game's replay is keyed by: a table of people's code, a match
    against the computer's id (matches from before ids: its browser's, with the seed)."""
    if record.owner is None:
        return table_source(record.code)
    return match_source(record.match_id or f"{record.owner} {record.seed}")


def match_source(match_id: str) -> str:
    """The identity a match against the computer's replay is keyed by."""
    return f"match {match_id}"


def table_source(code: str) -> str:
    """The identity an online table's replay is keyed by."""
    return f"table {code}"


@dataclass(frozen=True)
class Step:
    """The table after ``number`` of the log's actions, every card in it known."""

    number: int  # 0: the first deal, before anyone acted
    count: int  # the log's length: the last step's number
    state: GolfState
    events: list[Event]  # what the step's action set off (none for step 0)
    holes: list[int]  # the first step of each hole, hole 1 first


class Replays:
    def __init__(self, engine: Engine, now: Callable[[], int] = clock.now_ms):
        self.engine = engine
        self.now = now

    def load(self, identifier: str) -> dict:
        """The stored replay; :class:`NotFound` for no such link, or a daily's before its date is over."""
        if not isinstance(identifier, str) or not ID_PATTERN.fullmatch(identifier):
            raise NotFound(NOT_FOUND)  # never a query for what no id can be (a NUL, say)
        row = in_transaction(self.engine, lambda connection: store.load_replay(connection, identifier))
        if row is None or row["shown_from_ms"] > self.now():
            raise NotFound(NOT_FOUND)
        return row

    def export(self, identifier: str) -> dict:
        """The API's replay: everything needed to play the match again, every card included."""
        return self.exported(self.load(identifier))

    @staticmethod
    def exported(row: dict) -> dict:
        """The API's replay of a stored one."""
        holes: list[dict] = [{"hole": 1, "actions": []}]
        for entry in row["log"]:
            seat, action = parse_log_entry(entry)
            holes[-1]["actions"].append({"seat": seat, "action": action.to_json()})
            if isinstance(action, NextHole):  # the deal of the next hole ends this one
                holes.append({"hole": len(holes) + 1, "actions": []})
        for hole, scores in zip(holes, row["hole_scores"]):
            hole["scores"] = scores
        players = len(row["seats"])
        return {
            "id": row["id"],
            "kind": row["kind"],
            "rules": row["rules"],
            "seats": [{"seat": seat, **entry} for seat, entry in enumerate(row["seats"])],
            "seed": row["seed"],
            "deal_seed": row["deal_seed"],
            "holes": holes,
            "totals": [sum(scores[seat] for scores in row["hole_scores"]) for seat in range(players)],
        }

    def step(self, identifier: str, number: int) -> tuple[dict, Step]:
        """The stored replay and its table after ``number`` actions (clamped to the match)."""
        row = self.load(identifier)
        log = row["log"]
        number = min(max(number, 0), len(log))
        state = GolfState.new(int(row["deal_seed"]), RuleSet(**row["rules"]))
        holes, events = [0], []
        for index, entry in enumerate(log):
            if index == number:
                break
            seat, action = parse_log_entry(entry)
            events = state.apply(seat, action)
        for index, entry in enumerate(log):
            if isinstance(parse_log_entry(entry).action, NextHole):
                holes.append(index + 1)
        return row, Step(number, len(log), state, events if number else [], holes)


def seats_of(row: dict) -> list[Seat]:
    """The replay's seats as the views name them."""
    return [Seat(entry["name"], entry["kind"], entry.get("level")) for entry in row["seats"]]


def open_view(state: GolfState, seats: Sequence[Seat]) -> dict:
    """The table as a spectator sees it, and every card besides: the face-down ones
    (``hidden``: still face down in play) and a card drawn from the stock. Only for a
    finished match's replay."""
    seen = spectator_view(state, seats)
    for seat, player in enumerate(seen["players"]):
        for position, cell in enumerate(player["grid"]):
            if not cell["face_up"]:
                cell.update(card=state.grids[seat][position], face_up=True, hidden=True)
        if player["holding"]:
            player["holding_card"] = state.held
    return seen
