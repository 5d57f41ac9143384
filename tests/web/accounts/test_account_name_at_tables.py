"""A signed-in person is known by their account's name at every table and on the daily
leaderboard, whatever name a form sends: at a table they make, one they join and one
quick play finds; a guest keeps the name they give. On SQLite and PostgreSQL."""

from __future__ import annotations

from sqlalchemy import select

from app.store.daily import DAILY_ENTRIES
from tests.web.accounts.accountkit import a_name, register
from tests.web.quickplay.quickkit import ask, empty_queue
from tests.web.tables.tablekit import make_table, ok, person


def test_an_account_sits_under_its_own_name(golf_app, api):
    name = a_name()
    register(api, name)
    made = make_table(api, seats=("host", "open", "medium"), host_name="Someone Else")
    assert made["seats"][0]["name"] == name

    host = person(golf_app)
    table = make_table(host, seats=("host", "open", "medium"), host_name="Hosting Guest")
    assert table["seats"][0]["name"] == "Hosting Guest"  # a guest is called what they say
    joined = ok(api.post(f"/api/tables/{table['code']}/join", json={"name": "Not Me"}))
    assert joined["seats"][1]["name"] == name


def test_quick_play_seats_an_account_under_its_own_name(golf_app, api):
    empty_queue(golf_app.state.engine)
    name = a_name()
    register(api, name)
    assert ok(ask(api, 3, "Another Name"))["seated"] == [name]
    ok(api.delete("/api/quick-play"))


def test_the_daily_leaderboard_names_an_account_by_its_name(golf_app, api):
    name = a_name()
    register(api, name)
    assert "under your account’s name" in api.get("/daily").text
    assert 'name="name"' not in api.get("/daily").text.split('id="daily-start"')[1].split("</form>")[0]
    ok(api.post("/api/match/new", json={"daily": True, "name": "Someone Else"}))
    with golf_app.state.engine.connect() as connection:
        names = connection.execute(select(DAILY_ENTRIES.c.name).where(DAILY_ENTRIES.c.name.in_([name, "Someone Else"])))
        assert [row[0] for row in names] == [name]
