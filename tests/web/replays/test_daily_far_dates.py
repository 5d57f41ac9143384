"""The daily deal of any date there is, however far back: the first date of the calendar
answers its (empty) leaderboard, on the page and in the API, and the page lists only
the days before it that exist; a date that is not one, or not yet begun, is refused with
a sentence. On SQLite and PostgreSQL."""

from __future__ import annotations

import re

import pytest

from tests.web.tables.tablekit import ok


def days_listed(page: str) -> list[str]:
    return re.findall(r'<a href="/daily\?date=([0-9-]+)">', page)


@pytest.mark.parametrize("day, before", [("0001-01-01", []), ("0001-01-03", ["0001-01-02", "0001-01-01"])])
def test_the_first_days_of_the_calendar_answer(api, day, before):
    board = ok(api.get(f"/api/daily?date={day}"))
    assert board["date"] == day and board["leaderboard"] == [] and board["played"] == 0
    page = api.get(f"/daily?date={day}")
    assert page.status_code == 200, page.text
    assert days_listed(page.text) == before


def test_a_week_back_from_a_day_lists_seven_days(api):
    assert days_listed(api.get("/daily?date=0001-01-09").text) == [f"0001-01-0{n}" for n in range(8, 0, -1)][:7]


@pytest.mark.parametrize("day", ["0000-12-31", "9999-12-31", "2031-02-30", "+001-01-01"])
def test_a_date_that_is_not_one_or_not_begun_is_refused_with_a_sentence(api, day):
    response = api.get(f"/api/daily?date={day}")
    assert response.status_code == 422, response.text
    assert response.json()["detail"] in (
        "A date is written YYYY-MM-DD, as 2026-12-01.",
        "That date's deal is not dealt yet.",
    )
    page = api.get(f"/daily?date={day}")
    assert page.status_code == 200 and response.json()["detail"].replace("'", "&#39;") in page.text
