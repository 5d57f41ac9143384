"""``python -m app admin end-table``, on SQLite and PostgreSQL: a table that cannot finish
is ended with a notice to its seats, its status over, no move left to make, and nothing
else written (no result, replay or rating); its open pages are told (on PostgreSQL, by
the NOTIFY every server process listens for); a table over already, or no table at
all, is refused and nothing changes."""

from __future__ import annotations

import re

import psycopg
import pytest
from markupsafe import escape
from sqlalchemy import func, select, update
from sqlalchemy.engine import make_url

from app.store.models import GolfTable, OnlineResult, RatedMatch, Replay
from app.store.tables import load_table
from tests.admin.adminkit import refused_and_unchanged
from tests.web.accounts.accountkit import ok, register
from tests.web.ratings.ratingkit import play_rated
from tests.web.tables.tablekit import make_table, post_action, start


def counts(site) -> dict[str, int]:
    with site.app.state.engine.connect() as connection:
        return {
            table.name: connection.execute(select(func.count()).select_from(table)).scalar_one()
            for table in (OnlineResult.__table__, RatedMatch.__table__, Replay.__table__)
        }


def a_quick_play_table_in_play(site) -> tuple[str, list]:
    ann, bea = site.client, site.person()
    register(ann, "Ann Ended")
    table = make_table(ann, seats=("host", "open", "medium"), rules={"holes": 1})
    code = table["code"]
    ok(bea.post(f"/api/tables/{code}/join", json={"name": "Bea"}))
    with site.app.state.engine.begin() as connection:
        t = GolfTable.__table__
        connection.execute(update(t).where(t.c.code == code).values(quick_play=True))
    start(ann, code)
    return code, [ann, bea]


def test_a_table_is_ended_with_a_notice_and_nothing_else(site, capsys):
    code, people = a_quick_play_table_in_play(site)
    before = counts(site)
    capsys.readouterr()
    assert site.admin("end-table", code, "--reason", "Its people left long ago.") == 0
    assert capsys.readouterr().out == f"The table {code} is ended: its seats were told.\n"

    said = "The site's host ended this table: Its people left long ago."
    for person in people:
        table = ok(person.get(f"/api/tables/{code}"))
        assert table["status"] == "over" and table["seconds_left"] is None
        assert table["notices"][-1]["message"] == said
        assert table["match"]["legal"] == [] and table["match"].get("replay") is None
        refused = post_action(person, code, {"action": "reveal", "position": 0})
        assert refused.status_code == 409 and refused.json()["detail"] == "The match is over."
        page = person.get(f"/t/{code}/table").text
        assert f'<h2 id="prompt" class="prompt" tabindex="-1">{escape(said)}</h2>' in page
        assert set(re.findall(f'hx-post="/t/{code}/play/([a-z-]+)"', page)) == {"undo"}  # no move to make
        assert 'aria-keyshortcuts="U" aria-disabled="true">Undo' in page
    assert counts(site) == before  # no result, no replay, no rating
    with site.app.state.engine.connect() as connection:
        assert load_table(connection, code).deadline_ms is None

    refused_and_unchanged(site, capsys, ("end-table", code), "That table is over already: there is nothing to end.")


def test_a_finished_or_unknown_table_is_refused(site, capsys):
    register(site.client, "Cy Finished")
    finished = play_rated(site.app, site.client, names=(), computers=("easy",))
    refused_and_unchanged(
        site, capsys, ("end-table", finished["code"]), "That table is over already: there is nothing to end."
    )
    refused_and_unchanged(site, capsys, ("end-table", "no-such-table"), "No table has the code 'no-such-table'.")
    refused_and_unchanged(site, capsys, ("end-table", "x" * 40), "No table has the code")
    # A code beginning with "-" (made before codes never began so) is read after "--".
    refused_and_unchanged(site, capsys, ("end-table", "--", "-no-such"), "No table has the code '-no-such'.")
    refused_and_unchanged(site, capsys, ("end-table", finished["code"], "--reason", "\u202e"), "The reason cannot")


def test_every_server_process_hears_of_the_end(site, own_database):
    if not own_database.startswith("postgresql"):
        # One server process tells its own pages; a command run beside it cannot: they see it at their next read.
        pytest.skip("on SQLite a command's change reaches the open pages at their next read")
    code, _ = a_quick_play_table_in_play(site)
    url = make_url(own_database).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(url, autocommit=True) as listener:
        listener.execute("LISTEN golf_tables")
        assert site.admin("end-table", code) == 0
        heard = [n.payload for n in listener.notifies(timeout=10, stop_after=1)]
    version = ok(site.client.get(f"/api/tables/{code}"))["version"]
    assert heard == [f"{code} {version}"]
