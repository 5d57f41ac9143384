"""Ending a table that cannot finish: :func:`end_table`.

A table whose match can never reach its end (its people gone and its hole waiting, a
state no move can change) is ended rather than kept in play: its status becomes
``over``, its timer stops, and its seats are told why in its notices, through the
table's one loop (:meth:`app.service.tables.service.TableService._run`), so its open
pages hear of it like any change. Nothing else is written: no result, no replay, no
rating, since the match was not played out. The notice is marked ``ended``, which the
table's page shows in place of a prompt to move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from app.service.errors import Conflict
from app.service.play.match_state import TableOutcome
from app.service.play.turns import Change
from app.store.tables import TableRecord

ENDED = "The site's host ended this table: {reason}"
ALREADY_OVER = "That table is over already: there is nothing to end."


class TableChanges(Protocol):
    """What ending a table asks of the tables' service (:class:`app.service.tables.service.TableService`)."""

    now: Callable[[], int]

    def _notice(self, record: TableRecord, seat: int | None, message: str) -> None: ...

    def _run(
        self,
        browser_id: str | None,
        code: str,
        if_match: int | None,
        change: Change,
        *,
        computers: bool = True,
        own_deadline: bool = False,
        strict: bool = False,
    ) -> TableOutcome: ...


def end_table(tables: TableChanges, code: str, reason: str) -> None:
    """End the table ``code`` (waiting or in play) with a notice giving ``reason``; a table
    over already is refused (:class:`Conflict`), one that does not exist too (``NotFound``)."""

    def end(connection, record: TableRecord, state):
        if record.status == "over":
            raise Conflict(ALREADY_OVER)
        record.status = "over"
        record.deadline_ms = None
        tables._notice(record, None, ENDED.format(reason=reason))
        record.notices[-1]["ended"] = True
        return []

    tables._run(None, code, None, end, computers=False, own_deadline=True)
