"""The tables whose moves this process is answering now: so that the other pages' tables,
which their streams draw on the event loop (:mod:`app.web.tables.page_stream`), are drawn
after the mover's answer rather than beside it.

The mover's answer is drawn in a worker thread, and a table drawn on the loop meanwhile
holds the interpreter's lock: the answer waited for the three other seats' tables (at one
table of four, its median came some 2 ms later). A stream told of a change while a move of
its table is being answered here waits for that answer, a few milliseconds at most
(:data:`ANSWER_FIRST_SECONDS`: a move followed by the computers' turns is answered only
after they are played, and the others see the person's move before that).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

ANSWER_FIRST_SECONDS = 0.02


@dataclass
class _UnderWay:
    answers: int = 0
    done: asyncio.Event = field(default_factory=asyncio.Event)


class AnswersUnderWay:
    """The tables with a move being answered in this process (used on the event loop alone)."""

    def __init__(self) -> None:
        self._tables: dict[str, _UnderWay] = {}

    @contextlib.asynccontextmanager
    async def answering(self, code: str) -> AsyncIterator[None]:
        """For the length of a with block: a move of table ``code`` is being answered."""
        under_way = self._tables.setdefault(code, _UnderWay())
        under_way.answers += 1
        try:
            yield
        finally:
            under_way.answers -= 1
            if under_way.answers == 0:
                del self._tables[code]
                under_way.done.set()

    async def answered(self, code: str) -> None:
        """Once no move of table ``code`` is being answered, or after ANSWER_FIRST_SECONDS."""
        under_way = self._tables.get(code)
        if under_way is None:
            return
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(ANSWER_FIRST_SECONDS):
                await under_way.done.wait()
