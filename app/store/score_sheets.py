"""Reading and writing the scorekeeper's score sheets (SQLAlchemy Core).

A write names the version it was read at; if another request saved the sheet first,
nothing is written and :class:`LostRace` is raised, as for the games.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from sqlalchemy import Connection, delete, insert, select, update

from app.store.models import ScoreSheet
from app.store.repository import LostRace, is_key

SCORE_SHEETS = ScoreSheet.__table__


@dataclass
class SheetRecord:
    id: str
    browser_id: str
    share_code: str
    version: int
    players: list
    holes: int
    rules: dict
    scores: list
    history: list
    created_ms: int
    updated_ms: int


def _record(row) -> SheetRecord:
    return SheetRecord(**{f.name: row[f.name] for f in fields(SheetRecord)})


def insert_sheet(connection: Connection, record: SheetRecord) -> None:
    connection.execute(insert(SCORE_SHEETS).values(**{f.name: getattr(record, f.name) for f in fields(record)}))


def load_sheet(connection: Connection, browser_id: str, sheet_id: str) -> SheetRecord | None:
    """The browser's own sheet (another browser's is as good as missing)."""
    if not is_key(sheet_id):
        return None
    row = (
        connection.execute(
            select(SCORE_SHEETS).where(SCORE_SHEETS.c.id == sheet_id, SCORE_SHEETS.c.browser_id == browser_id)
        )
        .mappings()
        .first()
    )
    return _record(row) if row else None


def load_shared_sheet(connection: Connection, share_code: str) -> SheetRecord | None:
    if not is_key(share_code):
        return None
    row = connection.execute(select(SCORE_SHEETS).where(SCORE_SHEETS.c.share_code == share_code)).mappings().first()
    return _record(row) if row else None


def list_sheets(connection: Connection, browser_id: str) -> list[SheetRecord]:
    query = (
        select(SCORE_SHEETS)
        .where(SCORE_SHEETS.c.browser_id == browser_id)
        .order_by(SCORE_SHEETS.c.updated_ms.desc(), SCORE_SHEETS.c.id)
    )
    return [_record(row) for row in connection.execute(query).mappings()]


def save_sheet(connection: Connection, record: SheetRecord, read_version: int) -> None:
    """Write the sheet's play over the row read at ``read_version``, raising its version by one."""
    result = connection.execute(
        update(SCORE_SHEETS)
        .where(
            SCORE_SHEETS.c.id == record.id,
            SCORE_SHEETS.c.browser_id == record.browser_id,
            SCORE_SHEETS.c.version == read_version,
        )
        .values(version=read_version + 1, scores=record.scores, history=record.history, updated_ms=record.updated_ms)
    )
    if result.rowcount != 1:
        raise LostRace()
    record.version = read_version + 1


def delete_sheet(connection: Connection, browser_id: str, sheet_id: str) -> bool:
    if not is_key(sheet_id):
        return False
    result = connection.execute(
        delete(SCORE_SHEETS).where(SCORE_SHEETS.c.id == sheet_id, SCORE_SHEETS.c.browser_id == browser_id)
    )
    return result.rowcount == 1
