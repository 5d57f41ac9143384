"""``python -m app admin suspend`` and ``unsuspend``, on SQLite and PostgreSQL: a
suspended account cannot sign in, is signed out everywhere at once (its devices are new
guests who never act as it again), cannot be seated, is on no board (the leaderboard,
its profile, the daily board), and its seat at a table in play is left to the computer;
lifting the suspension puts it back as it was."""

from __future__ import annotations

import time

import pytest
from sqlalchemy import insert, select, update

from app.service.accounts.passkeys import SUSPENDED
from app.service.accounts.sessions import KEPT_SECONDS
from app.service.admin.guard import SUSPENDED_SEAT
from app.service.errors import Forbidden
from app.store.models import Account, DailyEntry
from tests.admin.adminkit import refused_and_unchanged
from tests.web.accounts.accountkit import ok, register, sign_in
from tests.web.golf.matchkit import open_hole
from tests.web.ratings.ratingkit import play_rated
from tests.web.tables.tablekit import make_table, start

DAY = "2026-12-01"


def principal_of(site, name: str) -> str:
    with site.app.state.engine.connect() as connection:
        a = Account.__table__
        return connection.execute(select(a.c.principal).where(a.c.name == name)).scalar_one()


def a_daily_result(site, browser_id: str, name: str, total: int) -> None:
    with site.app.state.engine.begin() as connection:
        connection.execute(
            insert(DailyEntry.__table__).values(
                date=DAY,
                browser_id=browser_id,
                name=name,
                match_id=f"m{total}",
                status="finished",
                total=total,
                expert_total=20,
                hole_scores=[],
                started_ms=0,
                finished_ms=1,
            )
        )


def daily_names(client) -> list[str]:
    return [row["name"] for row in ok(client.get(f"/api/daily?date={DAY}"))["leaderboard"]]


def test_a_suspended_account_is_signed_out_everywhere_off_every_board_and_its_seat_left(site, capsys):
    ann, phone, bea = site.client, site.person(), site.person()
    passkey, _ = register(ann, "Ann Suspended")
    assert sign_in(phone, passkey).status_code == 200  # a second device
    open_hole(ann)  # the account's own match, under way
    play_rated(site.app, ann, names=(), computers=("easy",))
    register(bea, "Bea Stays")
    table = make_table(ann, seats=("host", "open", "medium"))
    ok(bea.post(f"/api/tables/{table['code']}/join", json={"name": "Bea"}))
    start(ann, table["code"])
    a_daily_result(site, principal_of(site, "Ann Suspended"), "Ann Suspended", 10)
    a_daily_result(site, principal_of(site, "Bea Stays"), "Bea Stays", 12)
    assert "Ann Suspended" in [p["name"] for p in ok(bea.get("/api/leaderboard"))["players"]]
    assert daily_names(bea) == ["Ann Suspended", "Bea Stays"]

    capsys.readouterr()
    assert site.admin("suspend", "ann suspended") == 0
    assert capsys.readouterr().out == (
        "Ann Suspended is suspended: 2 devices signed out, 1 seat in play left to the computer.\n"
    )

    # Its seat at the table in play is a computer's now, as if Ann had left; Bea plays on.
    seats = ok(bea.get(f"/api/tables/{table['code']}"))["seats"]
    assert seats[0]["kind"] == "computer" and seats[0]["left"] and seats[0]["name"] == "Ann Suspended (computer)"
    # Off every board.
    board = ok(bea.get("/api/leaderboard"))
    assert "Ann Suspended" not in [p["name"] for p in board["players"]] + [w["name"] for w in board["week"]]
    assert board["rated"] == 0
    profile = bea.get("/api/players/Ann Suspended")
    assert profile.status_code == 404 and profile.json()["detail"] == "This player's account is suspended."
    assert daily_names(bea) == ["Bea Stays"]
    # Not seated anywhere, in the moment before a server process learns the sessions are gone.
    principal = principal_of(site, "Ann Suspended")
    for seat in (
        lambda: site.app.state.quick_play.join(principal, 2, "Ann"),
        lambda: site.app.state.tables.create(principal, name="Mine", rules="standard", seats=["host", "easy"]),
        lambda: site.app.state.tables.join(principal, make_table(bea)["code"], "Ann"),
    ):
        with pytest.raises(Forbidden, match=SUSPENDED_SEAT):
            seat()
    # Every device is a new guest, once the servers' kept answers (a second) are out of date.
    time.sleep(KEPT_SECONDS + 0.2)
    for device in (ann, phone):
        assert device.get("/api/account").status_code == 401
        assert ok(device.get("/api/match"))["actions_taken"] == 0  # a guest's own new match, not the account's
        assert ok(device.get(f"/api/tables/{table['code']}"))["you"] is None
    # And it cannot sign in again.
    refused = sign_in(site.person(), passkey)
    assert refused.status_code == 403 and refused.json()["detail"] == SUSPENDED

    capsys.readouterr()
    assert site.admin("unsuspend", "Ann Suspended") == 0
    assert capsys.readouterr().out == "Ann Suspended is no longer suspended.\n"
    assert sign_in(ann, passkey).status_code == 200
    assert ok(ann.get("/api/match"))["actions_taken"] == 2  # the account's own match, as it was
    assert ok(ann.get("/api/leaderboard"))["you"]["name"] == "Ann Suspended"
    assert ok(ann.get("/api/players/Ann Suspended"))["games"] == 1
    assert daily_names(bea) == ["Ann Suspended", "Bea Stays"]


def test_a_device_code_of_a_suspended_account_signs_nobody_in(site):
    ann, tablet = site.client, site.person()
    register(ann, "Ann Coded")
    code = ok(ann.post("/api/account/device-code"))["code"]
    with site.app.state.engine.begin() as connection:  # suspended at this moment, the code not yet gone
        a = Account.__table__
        connection.execute(update(a).where(a.c.name == "Ann Coded").values(suspended_ms=1))
    refused = tablet.post("/api/account/device-code/claim", json={"code": code})
    assert refused.status_code == 403 and refused.json()["detail"] == SUSPENDED
    assert tablet.get("/api/account").status_code == 401


def test_a_refused_suspension_changes_nothing(site, capsys):
    register(site.client, "Cy Good")
    refused_and_unchanged(site, capsys, ("suspend", "Nobody"), "No account is called 'Nobody'.")
    refused_and_unchanged(site, capsys, ("unsuspend", "Cy Good"), "Cy Good is not suspended.")
    assert site.admin("suspend", "Cy Good") == 0
    refused_and_unchanged(site, capsys, ("suspend", "CY GOOD"), "Cy Good is suspended already.")
    refused_and_unchanged(site, capsys, ("unsuspend", "Nobody"), "No account is called 'Nobody'.")
