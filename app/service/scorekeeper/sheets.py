"""The scorekeeper: score sheets for games of Golf played with real cards.

A sheet is holes by players; each entry sets one cell (or clears it) and is kept in the
sheet's history so that Undo can take the last one back. Every change is one
transaction with a versioned write. What the sheet shows (running totals, the leader,
each player's gap, the winner) is worked out here from the scores alone.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass

from sqlalchemy import Engine

from app.names import NameRefused, checked_name, name_key
from app.service.common import in_transaction
from app.service.errors import Conflict, Invalid, NotFound, Stale
from app.store.repository import ensure_browser, note_action, save_preferences
from app.store.score_sheets import (
    SheetRecord,
    delete_sheet,
    insert_sheet,
    list_sheets,
    load_shared_sheet,
    load_sheet,
    save_sheet,
)

# A score sheet as the service hands it out: the pages read it, and need not know the store.
Sheet = SheetRecord

MIN_PLAYERS, MAX_PLAYERS = 2, 8
MAX_HOLES = 36
MAX_NAME = 24
LOWEST_SCORE, HIGHEST_SCORE = -99, 999  # a hole's score: far beyond any real grid, short enough to type
MAX_HISTORY = 2000
STALE_SHEET = "This score sheet was changed in another tab or window; here it is as it stands now."


class SheetMissing(NotFound):
    """No score sheet at that address (or not in this browser)."""


@dataclass(frozen=True)
class Standings:
    running: list[list[int | None]]  # holes x players: the running total after each entered hole
    totals: list[int]
    entered: list[int]  # holes entered, per player
    leaders: list[int]  # the players with the lowest total (ties: several)
    gaps: list[int]  # each player's total minus the leader's
    complete: bool  # every cell filled: the game is over
    holes_done: int  # holes every player has a score for


def standings(sheet: SheetRecord) -> Standings:
    players = len(sheet.players)
    running: list[list[int | None]] = []
    totals = [0] * players
    entered = [0] * players
    for row in sheet.scores:
        line: list[int | None] = []
        for p, value in enumerate(row):
            if value is None:
                line.append(None)
            else:
                totals[p] += value
                entered[p] += 1
                line.append(totals[p])
        running.append(line)
    best = min(totals)
    return Standings(
        running=running,
        totals=totals,
        entered=entered,
        leaders=[p for p, t in enumerate(totals) if t == best],
        gaps=[t - best for t in totals],
        complete=all(v is not None for row in sheet.scores for v in row),
        holes_done=sum(1 for row in sheet.scores if all(v is not None for v in row)),
    )


def clean_name(text: object, seat: int) -> str:
    """A player's name, through the one check of names (:func:`app.names.checked_name`)."""
    if not isinstance(text, str) or not text.strip():
        raise Invalid(f"Player {seat + 1} needs a name.")
    try:
        return checked_name(text, f"Player {seat + 1}’s name", MAX_NAME)
    except NameRefused as refused:
        raise Invalid(str(refused)) from None


class ScorekeeperService:
    def __init__(self, engine: Engine):
        self.engine = engine

    # ----------------------------------------------------------------- reading

    def remembered_names(self, browser_id: str) -> list[str]:
        def work(connection):
            names = ensure_browser(connection, browser_id).get("preferences", {}).get("scorekeeper_names", [])
            return [n for n in names if isinstance(n, str)][:MAX_PLAYERS] if isinstance(names, list) else []

        return in_transaction(self.engine, work)

    def sheets(self, browser_id: str) -> list[SheetRecord]:
        return in_transaction(self.engine, lambda connection: list_sheets(connection, browser_id))

    def sheet(self, browser_id: str, sheet_id: str) -> SheetRecord:
        return in_transaction(self.engine, lambda connection: self._own(connection, browser_id, sheet_id))

    def shared(self, share_code: str) -> SheetRecord:
        sheet = in_transaction(self.engine, lambda connection: load_shared_sheet(connection, share_code))
        if sheet is None:
            raise SheetMissing("There is no score sheet at this address.")
        return sheet

    # ----------------------------------------------------------------- changing

    def create(self, browser_id: str, names: list[str], holes: int, rules: dict) -> SheetRecord:
        players = [clean_name(n, i) for i, n in enumerate(names)]
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise Invalid(f"A game needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}.")
        if len({name_key(p) for p in players}) != len(players):
            raise Invalid("Two players have the same name: add an initial to tell them apart.")
        if not 1 <= holes <= MAX_HOLES:
            raise Invalid(f"A game has 1 to {MAX_HOLES} holes.")
        now = _now_ms()
        sheet = SheetRecord(
            id=secrets.token_urlsafe(12),
            browser_id=browser_id,
            share_code=secrets.token_urlsafe(16),
            version=1,
            players=players,
            holes=holes,
            rules=dict(rules),
            scores=[[None] * len(players) for _ in range(holes)],
            history=[],
            created_ms=now,
            updated_ms=now,
        )

        def work(connection):
            browser = ensure_browser(connection, browser_id)
            preferences = {**(browser.get("preferences") or {}), "scorekeeper_names": players}
            save_preferences(connection, browser_id, preferences)
            insert_sheet(connection, sheet)
            note_action(connection, browser_id)  # a kept score sheet keeps its session from the purge
            return sheet

        return in_transaction(self.engine, work)

    def enter(
        self, browser_id: str, sheet_id: str, entries: dict[tuple[int, int], int | None], if_match: int | None = None
    ) -> tuple[SheetRecord, int]:
        """Set cells (hole, player) -> score, or None to clear; only changed cells count
        as entries. Returns the sheet and how many cells changed."""

        def work(connection):
            sheet = self._own(connection, browser_id, sheet_id, if_match)
            changed = 0
            for (hole, player), value in sorted(entries.items()):
                if not (0 <= hole < sheet.holes and 0 <= player < len(sheet.players)):
                    raise Invalid(f"There is no hole {hole + 1} for player {player + 1} on this sheet.")
                if value is not None and not LOWEST_SCORE <= value <= HIGHEST_SCORE:
                    raise Invalid(f"A hole’s score is between {LOWEST_SCORE} and {HIGHEST_SCORE}.")
                before = sheet.scores[hole][player]
                if before == value:
                    continue
                sheet.scores[hole][player] = value
                last = sheet.history[-1] if sheet.history else None
                if last and last[0] == hole and last[1] == player:
                    last[3] = value  # typing on in the same cell ("1", then "17") is one entry
                    if last[2] == value:
                        sheet.history.pop()  # typed and rubbed out: no entry at all
                else:
                    sheet.history.append([hole, player, before, value])
                changed += 1
            if changed:
                del sheet.history[:-MAX_HISTORY]
                self._save(connection, sheet)
            return sheet, changed

        return in_transaction(self.engine, work)

    def undo(self, browser_id: str, sheet_id: str, if_match: int | None = None) -> tuple[SheetRecord, list]:
        """Take back the last entry; returns the sheet and that entry [hole, player, before, after]."""

        def work(connection):
            sheet = self._own(connection, browser_id, sheet_id, if_match)
            if not sheet.history:
                raise Conflict("There is no entry to take back.")
            entry = sheet.history.pop()
            hole, player, before, _ = entry
            sheet.scores[hole][player] = before
            self._save(connection, sheet)
            return sheet, entry

        return in_transaction(self.engine, work)

    def delete(self, browser_id: str, sheet_id: str) -> None:
        def work(connection):
            if not delete_sheet(connection, browser_id, sheet_id):
                raise SheetMissing("That score sheet is not here any more.")

        in_transaction(self.engine, work)

    # ----------------------------------------------------------------- helpers

    def _own(self, connection, browser_id: str, sheet_id: str, if_match: int | None = None) -> SheetRecord:
        sheet = load_sheet(connection, browser_id, sheet_id)
        if sheet is None:
            raise SheetMissing("There is no such score sheet in this browser.")
        if if_match is not None and if_match != sheet.version:
            raise Stale(STALE_SHEET)
        return sheet

    def _save(self, connection, sheet: SheetRecord) -> None:
        read = sheet.version
        sheet.updated_ms = _now_ms()
        save_sheet(connection, sheet, read)
        note_action(connection, sheet.browser_id)


def _now_ms() -> int:
    return int(time.time() * 1000)
