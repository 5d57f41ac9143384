"""A stream told of a change while a move of its table is being answered in this process
draws its page's table after that answer, not beside it: the mover's answer is not held up
by the other seats' tables. The wait is short and bounded: a move answered only after the
computers' turns does not keep the others from seeing it."""

from __future__ import annotations

import asyncio
import time

from app.web.tables import answering
from app.web.tables.answering import AnswersUnderWay


def test_with_no_answer_under_way_a_stream_draws_at_once():
    async def scenario() -> list[str]:
        answers, order = AnswersUnderWay(), []

        async def stream() -> None:
            await answers.answered("ABCD")  # nothing to wait for
            order.append("table")

        async def other() -> None:
            await asyncio.sleep(0)
            order.append("the loop's next turn")

        await asyncio.gather(stream(), other())
        return order

    assert asyncio.run(scenario()) == ["table", "the loop's next turn"]


def test_a_stream_waits_for_the_answer_of_its_own_table_only(monkeypatch):
    monkeypatch.setattr(answering, "ANSWER_FIRST_SECONDS", 30)

    async def scenario() -> list[str]:
        answers, order = AnswersUnderWay(), []

        async def mover() -> None:
            async with answers.answering("ABCD"):
                await asyncio.sleep(0.005)  # the answer drawn in a worker thread
                order.append("answer")

        async def stream(code: str) -> None:
            await asyncio.sleep(0)  # told of the change once the move is under way
            await answers.answered(code)
            order.append(f"table {code}")

        await asyncio.gather(mover(), stream("ABCD"), stream("WXYZ"))
        return order

    assert asyncio.run(scenario()) == ["table WXYZ", "answer", "table ABCD"]


def test_two_answers_of_one_table_are_both_waited_for(monkeypatch):
    monkeypatch.setattr(answering, "ANSWER_FIRST_SECONDS", 30)

    async def scenario() -> list[str]:
        answers, order = AnswersUnderWay(), []

        async def mover(name: str, seconds: float) -> None:
            async with answers.answering("ABCD"):
                await asyncio.sleep(seconds)
                order.append(name)

        async def stream() -> None:
            await asyncio.sleep(0)
            await answers.answered("ABCD")
            order.append("table")

        await asyncio.gather(mover("first", 0.002), mover("second", 0.006), stream())
        return order

    assert asyncio.run(scenario()) == ["first", "second", "table"]


def test_a_long_answer_is_waited_for_no_longer_than_the_bound(monkeypatch):
    monkeypatch.setattr(answering, "ANSWER_FIRST_SECONDS", 0.01)

    async def scenario() -> tuple[list[str], float]:
        answers, order, played = AnswersUnderWay(), [], asyncio.Event()

        async def mover() -> None:
            async with answers.answering("ABCD"):
                await played.wait()  # the computers' turns, played before the answer
                order.append("answer")

        async def stream() -> float:
            await asyncio.sleep(0)
            started = time.monotonic()
            await answers.answered("ABCD")
            order.append("table")
            played.set()
            return time.monotonic() - started

        _, waited = await asyncio.gather(mover(), stream())
        return order, waited

    order, waited = asyncio.run(scenario())
    assert order == ["table", "answer"]
    assert waited >= 0.008  # the bound, give or take the loop's clock


def test_an_answer_that_fails_still_lets_the_streams_draw(monkeypatch):
    monkeypatch.setattr(answering, "ANSWER_FIRST_SECONDS", 30)

    async def scenario() -> list[str]:
        answers, order = AnswersUnderWay(), []

        async def mover() -> None:
            try:
                async with answers.answering("ABCD"):
                    await asyncio.sleep(0.002)
                    raise RuntimeError("the store went away")
            except RuntimeError:
                order.append("refused")

        async def stream() -> None:
            await asyncio.sleep(0)
            await answers.answered("ABCD")
            order.append("table")

        await asyncio.gather(mover(), stream())
        assert answers._tables == {}
        return order

    assert asyncio.run(scenario()) == ["refused", "table"]
