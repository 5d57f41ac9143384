"""Rated play that nobody can game, on SQLite and PostgreSQL, each problem played as a
hostile player would through the API:

- a guest cannot lift an account: guests and accounts are seated apart, and a table with
  a guest in it is rated for nobody (the "pump": an account and a throw-away cookie
  seated together, the account leaving, the guest losing on purpose);
- leaving a rated match, or being away until the table gives up on you, is last place;
- a person plays one quick match at a time (no dodging a losing one by starting another);
- one account holds one seat at a table: a sign-in that would bring it into a second is
  refused, and nothing is rated twice;
- a table whose people all left ends (and is rated), instead of waiting for ever.
"""

from __future__ import annotations

import pytest
from sqlalchemy import select, update

from app.players.greedy import GreedyPlayer
from app.store.models import GolfTable
from tests.web.accounts.accountkit import register, sign_in
from tests.web.quickplay.quickkit import ask, empty_queue
from tests.web.ratings.ratingkit import make_account
from tests.web.tables.tablekit import make_table, ok, person, post_action, start

NEXT_HOLE = {"action": "next_hole"}


@pytest.fixture
def quick(golf_app, api):
    """The app's quick play, its queue empty and a short wait; the clocks of quick play
    and of the tables put back after the test."""
    service, tables = golf_app.state.quick_play, golf_app.state.tables
    empty_queue(golf_app.state.engine)
    real_now, wait_ms, tables_now = service.now, service.wait_ms, tables.now
    service.wait_ms = 4000
    yield service
    service.now, service.wait_ms, tables.now = real_now, wait_ms, tables_now


def past_the_wait(quick) -> None:
    real_now = quick.now
    quick.now = lambda: real_now() + quick.wait_ms + 1000


def rating(client) -> dict | None:
    return ok(client.get("/api/account"))["rating"]


def stored_table(golf_app, code: str) -> dict:
    with golf_app.state.engine.connect() as connection:
        t = GolfTable.__table__
        return dict(connection.execute(select(t).where(t.c.code == code)).mappings().one())


def play_to_the_end(golf_app, people, code: str) -> dict:
    """Every person still seated plays their turns (greedily) and presses Next hole; the
    turns of a seat nobody plays are left to the timer (moved on a minute at a time)."""
    player = GreedyPlayer()
    tables = golf_app.state.tables
    real_now = tables.now
    shift = 0
    for _ in range(3000):
        moved = False
        for client in people:
            view = ok(client.get(f"/api/tables/{code}"))
            if view["status"] == "over":
                return view
            legal = view["match"]["legal"] if view["match"] else []
            if legal == [NEXT_HOLE]:
                ok(post_action(client, code, NEXT_HOLE))
                moved = True
            elif legal:
                ok(post_action(client, code, player.choose(view["match"])))
                moved = True
        if not moved:  # waiting for a seat nobody plays: its time runs out
            shift += 61_000
            tables.now = lambda shift=shift: real_now() + shift
            tables.expire(code)
    raise AssertionError("the match did not finish")


# ---------------------------------------------------------------- the pump


def test_an_account_and_a_guest_are_never_seated_together(golf_app, api, quick):
    account, guest = api, person(golf_app)
    make_account(golf_app, account, "Pam Pump")
    waiting = ok(ask(account, 2, "Pam Pump"))
    assert waiting["status"] == "waiting" and waiting["rated"] is True
    alone = ok(ask(guest, 2, "Throwaway"))
    # Two people asking for a table of two, yet nobody is seated: they are in different pools.
    assert alone["status"] == "waiting" and alone["rated"] is False and alone["seated"] == ["Throwaway"]
    assert ok(account.get("/api/quick-play"))["seated"] == ["Pam Pump"]
    past_the_wait(quick)
    mine, theirs = ok(account.get("/api/quick-play")), ok(guest.get("/api/quick-play"))
    assert mine["status"] == theirs["status"] == "seated" and mine["code"] != theirs["code"]
    rated = ok(account.get(f"/api/tables/{mine['code']}"))
    assert rated["rated"] and [s["kind"] for s in rated["seats"]] == ["person", "computer"]
    unrated = ok(guest.get(f"/api/tables/{theirs['code']}"))
    assert not unrated["rated"] and unrated["quick_play"]


def test_leaving_to_a_losing_guest_pumps_nothing(golf_app, api, quick):
    """The pump as it was tried: the account and a fresh cookie press Play now together,
    the account leaves, the guest plays badly. Now the account leaves its own rated table
    (the guest is never there): four times last place, four times lower."""
    account = api
    make_account(golf_app, account, "Pete Pump")
    seen = [1000]
    for _ in range(4):
        guest = person(golf_app)
        ok(ask(account, 2, "Pete Pump"))
        ok(ask(guest, 2, "Loser"))
        past_the_wait(quick)
        code = ok(account.get("/api/quick-play"))["code"]
        assert ok(guest.get("/api/quick-play"))["code"] != code
        ok(account.post(f"/api/tables/{code}/leave"))
        over = ok(account.get(f"/api/tables/{code}"))
        assert over["status"] == "over" and "Everyone has left" in over["notices"][-1]["message"]
        now = rating(account)
        assert now is not None and now["rating"] < seen[-1]
        seen.append(now["rating"])
        ok(account.delete("/api/quick-play"))
        ok(guest.delete("/api/quick-play"))
    assert rating(account)["games"] == 4


# ---------------------------------------------------------------- one quick match at a time


def test_play_now_while_seated_answers_the_table_in_play(golf_app, api, quick):
    ann, bea = api, person(golf_app)
    make_account(golf_app, ann, "Ann Dodge")
    make_account(golf_app, bea, "Bea Dodge")
    ok(ask(ann, 2, "Ann Dodge"))
    code = ok(ask(bea, 2, "Bea Dodge"))["code"]
    # Losing, Ann leaves the queue and presses Play now again, for another size.
    assert ok(ann.delete("/api/quick-play")) == {"status": "seated", "code": code}
    assert ok(ann.get("/api/quick-play")) == {"status": "idle"}
    again = ok(ask(ann, 3, "Ann Dodge"))
    assert again == {"status": "seated", "code": code}
    cy = person(golf_app)
    make_account(golf_app, cy, "Cy Dodge")
    assert ok(ask(cy, 3, "Cy Dodge"))["status"] == "waiting"  # Ann is not waiting with Cy
    assert ok(cy.get("/api/quick-play"))["seated"] == ["Cy Dodge"]
    assert ann.post("/quick-play", data={"players": "2"}, follow_redirects=False).headers["location"] == f"/t/{code}"


def test_a_person_away_is_given_up_on_and_rated_last(golf_app, api, quick):
    """Ann stops playing (she is losing): the timer plays two of her turns in a row, then a
    computer takes her seat as if she had left; the match ends and she is rated last."""
    ann, bea = api, person(golf_app)
    make_account(golf_app, ann, "Ann Away")
    make_account(golf_app, bea, "Bea Stays")
    ok(ask(ann, 2, "Ann Away"))
    code = ok(ask(bea, 2, "Bea Stays"))["code"]
    over = play_to_the_end(golf_app, [bea], code)
    seat = over["seats"][0]
    assert seat["kind"] == "computer" and seat["left"] and seat["name"] == "Ann Away (computer)"
    messages = [notice["message"] for notice in over["notices"]]
    assert any("Ann Away ran out of time 2 turns in a row" in message for message in messages)
    assert not over["away"]  # a quick-play table never stops to wait
    ann_profile = ok(bea.get("/api/players/Ann Away"))
    bea_profile = ok(bea.get("/api/players/Bea Stays"))
    assert ann_profile["matches"][0]["place"] == 2 and bea_profile["matches"][0]["place"] == 1
    assert ann_profile["rating"] < 1000 < bea_profile["rating"]
    # Ann's statistics count it as a match she left, a loss.
    assert ok(ann.get("/api/stats"))["online"]["abandoned"] == 1


# ---------------------------------------------------------------- one account, one seat


def test_a_sign_in_that_would_give_an_account_two_seats_is_refused(golf_app, api):
    host, guest = api, person(golf_app)
    passkey, _ = register(host, "Hana Host")
    table = make_table(host, seats=("host", "open", "easy"), rules={"holes": 1})
    code = table["code"]
    ok(guest.post(f"/api/tables/{code}/join", json={"name": "Sly"}))
    start(host, code)
    before = stored_table(golf_app, code)
    # The guest claims a device code of the account seated beside them ...
    code_made = ok(host.post("/api/account/device-code"))["code"]
    claimed = guest.post("/api/account/device-code/claim", json={"code": code_made})
    assert claimed.status_code == 409 and "one person holds one seat at a table" in claimed.json()["detail"]
    # ... or signs in with the account's passkey: refused alike.
    refused = sign_in(guest, passkey)
    assert refused.status_code == 409 and "Nothing was changed" in refused.json()["detail"]
    after = stored_table(golf_app, code)
    assert after["seats"] == before["seats"] and after["version"] == before["version"]
    assert ok(guest.get(f"/api/tables/{code}"))["you"] == 1 and guest.get("/api/account").status_code == 401
    assert play_to_the_end(golf_app, [host, guest], code)["status"] == "over"


def test_a_finished_table_where_both_sat_keeps_its_seats_apart(golf_app, api):
    host, guest = api, person(golf_app)
    passkey, _ = register(host, "Ivo Host")
    table = make_table(host, seats=("host", "open"), rules={"holes": 1})
    code = table["code"]
    ok(guest.post(f"/api/tables/{code}/join", json={"name": "Jo"}))
    start(host, code)
    play_to_the_end(golf_app, [host, guest], code)
    ok(sign_in(guest, passkey))  # the table is over: nothing is at stake
    seats = stored_table(golf_app, code)["seats"]
    assert seats[0]["browser"] != seats[1]["browser"]
    assert ok(host.get(f"/api/tables/{code}"))["you"] == 0


def test_an_account_in_two_seats_is_never_rated_twice(golf_app, api, caplog):
    """Whatever brought it about (rows written by hand here), the last move of such a
    match answers, the match ends, and nothing is rated: no rating is written twice."""
    ann, bea = api, person(golf_app)
    make_account(golf_app, ann, "Ann Twice")
    table = make_table(ann, seats=("host", "open"), rules={"holes": 1}, timer_seconds=30)
    code = table["code"]
    ok(bea.post(f"/api/tables/{code}/join", json={"name": "Bea"}))
    start(ann, code)
    with golf_app.state.engine.begin() as connection:
        t = GolfTable.__table__
        seats = connection.execute(select(t.c.seats).where(t.c.code == code)).scalar_one()
        seats[1] = {**seats[1], "browser": seats[0]["browser"]}  # the account holds both seats
        connection.execute(update(t).where(t.c.code == code).values(seats=seats, quick_play=True, rated=True))
    over = play_to_the_end(golf_app, [ann], code)
    assert over["status"] == "over" and over["rated"]
    assert rating(ann) is None
    assert "an account holds two seats" in caplog.text


# ---------------------------------------------------------------- everyone left


def test_a_table_whose_people_all_left_ends_and_is_rated(golf_app, api, quick):
    ann, bea = api, person(golf_app)
    make_account(golf_app, ann, "Ann Gone")
    make_account(golf_app, bea, "Bea Gone")
    ok(ask(ann, 3, "Ann Gone"))
    ok(ask(bea, 3, "Bea Gone"))
    past_the_wait(quick)
    code = ok(ann.get("/api/quick-play"))["code"]
    ok(bea.post(f"/api/tables/{code}/leave"))
    assert ok(ann.get(f"/api/tables/{code}"))["status"] == "playing"  # Ann plays on with the computers
    ok(ann.post(f"/api/tables/{code}/leave"))
    over = ok(ann.get(f"/api/tables/{code}"))
    assert over["status"] == "over" and over["match"]["legal"] == []
    assert over["match"]["seed"] is None  # the deals nobody saw stay private
    assert over["notices"][-1]["message"] == "Everyone has left the table: the match ends here."
    stored = stored_table(golf_app, code)
    assert stored["deadline_ms"] is None and stored["recorded"]
    # Both left: both last, sharing the place below the computer.
    for name in ("Ann Gone", "Bea Gone"):
        profile = ok(ann.get(f"/api/players/{name}"))
        assert profile["games"] == 1 and profile["matches"][0]["place"] == 2 and profile["rating"] < 1000


def test_a_table_frozen_with_nobody_in_it_is_ended_by_the_sweep(golf_app, api):
    """A table left by everyone before such tables were ended at once (its row written
    by hand here): the sweep ends it rather than leaving it waiting for ever."""
    host, bea = api, person(golf_app)
    table = make_table(host, seats=("host", "open", "medium"), rules={"holes": 2}, timer_seconds=30)
    code = table["code"]
    ok(bea.post(f"/api/tables/{code}/join", json={"name": "Bea"}))
    start(host, code)
    with golf_app.state.engine.begin() as connection:
        t = GolfTable.__table__
        seats = connection.execute(select(t.c.seats).where(t.c.code == code)).scalar_one()
        gone = [
            {"kind": "computer", "name": f"{s['name']} (computer)", "level": "medium", "left": True, "browser": None}
            if s["kind"] == "person"
            else s
            for s in seats
        ]
        connection.execute(update(t).where(t.c.code == code).values(seats=gone, deadline_ms=0))
    golf_app.state.tables.sweep()
    over = ok(host.get(f"/api/tables/{code}"))
    assert over["status"] == "over" and "Everyone has left" in over["notices"][-1]["message"]


def test_the_page_of_a_table_ended_where_it_stood_says_why(golf_app, api, quick):
    ann = api
    make_account(golf_app, ann, "Ann Page")
    ok(ask(ann, 2, "Ann Page"))
    past_the_wait(quick)
    code = ok(ann.get("/api/quick-play"))["code"]
    ok(ann.post(f"/api/tables/{code}/leave"))
    page = ann.get(f"/t/{code}").text
    assert "Everyone has left the table: the match ends here." in page
    assert f'action="/t/{code}/leave"' not in page and "/play/draw" not in page
