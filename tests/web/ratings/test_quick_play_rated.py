"""Quick play and ratings together, on SQLite and PostgreSQL: two people with accounts
who press Play now are seated together, play the nine holes out, and are rated; the
computers that fill a rated person's table are of the level nearest their rating; the
account shows its rating."""

from __future__ import annotations

import pytest
from sqlalchemy import insert

from app.players.greedy import GreedyPlayer
from app.store.models import Rating
from tests.web.quickplay.quickkit import ask, empty_queue
from tests.web.ratings.ratingkit import make_account
from tests.web.tables.tablekit import ok, person, post_action

NEXT_HOLE = {"action": "next_hole"}


@pytest.fixture
def quick(golf_app, api):
    service = golf_app.state.quick_play
    empty_queue(golf_app.state.engine)
    real_now, wait_ms = service.now, service.wait_ms
    service.wait_ms = 4000
    yield service
    service.now, service.wait_ms = real_now, wait_ms


def play_out(people, code: str) -> dict:
    """Every person plays their turns (greedily) and presses Next hole, to the match's end."""
    player = GreedyPlayer()
    for _ in range(5000):
        for client in people:
            view = ok(client.get(f"/api/tables/{code}"))
            if view["status"] == "over":
                return view
            legal = view["match"]["legal"]
            if legal == [NEXT_HOLE]:
                ok(post_action(client, code, NEXT_HOLE))
            elif legal:
                ok(post_action(client, code, player.choose(view["match"])))
    raise AssertionError("the match did not finish")


def test_two_accounts_seated_by_quick_play_are_rated_at_the_end(golf_app, api, quick):
    ann, bea = api, person(golf_app)
    make_account(golf_app, ann, "Ann Quick")
    make_account(golf_app, bea, "Bea Quick")
    assert ok(ann.get("/api/account"))["rating"] is None
    assert "No rating yet" in ann.get("/account").text
    ok(ask(ann, 2, "Ann Quick"))
    seated = ok(ask(bea, 2, "Bea Quick"))
    assert seated["status"] == "seated"
    over = play_out([ann, bea], seated["code"])
    assert over["match"]["holes"] == 9 and len(over["match"]["scorecard"]) == 9

    mine = ok(ann.get("/api/account"))["rating"]
    assert mine is not None and mine["games"] == 1 and mine["provisional"] and mine["rank"] >= 1
    ann_profile = ok(ann.get("/api/players/Ann Quick"))
    assert ann_profile["rating"] == mine["rating"]
    assert ann_profile["matches"][0]["replay"] == over["match"]["replay"]
    assert ok(bea.get("/api/players/Bea Quick"))["games"] == 1
    assert f"Your rating: <strong>{mine['rating']}</strong> (provisional)" in ann.get("/account").text


def test_the_computers_that_fill_a_rated_persons_table_are_of_their_level(golf_app, api, quick):
    account = make_account(golf_app, api, "Cy Strong")
    with golf_app.state.engine.begin() as connection:
        connection.execute(
            insert(Rating.__table__),
            {"account_id": account, "mu": 34.0, "sigma": 2.0, "shown": 1400, "games": 30, "updated_ms": 0},
        )
    ok(ask(api, 3, "Cy Strong"))
    real_now = quick.now
    quick.now = lambda: real_now() + quick.wait_ms + 1000
    seated = ok(api.get("/api/quick-play"))
    table = ok(api.get(f"/api/tables/{seated['code']}"))
    assert [seat["level"] for seat in table["seats"][1:]] == ["expert", "expert"]

    guest = person(golf_app)
    ok(ask(guest, 2, "Dee Guest"))
    quick.now = lambda: real_now() + 2 * (quick.wait_ms + 1000)
    seated = ok(guest.get("/api/quick-play"))
    table = ok(guest.get(f"/api/tables/{seated['code']}"))
    assert table["seats"][1]["level"] == "medium"  # an unrated person meets the middle level


def test_the_waiting_page_says_whether_the_match_is_rated(golf_app, api, quick):
    ok(ask(api, 3, "Eve Guest"))
    assert "You play as a guest, unrated" in api.get("/quick-play").text
    ok(api.delete("/api/quick-play"))
    fay = person(golf_app)
    make_account(golf_app, fay, "Fay Rated")
    ok(ask(fay, 3, "Fay Rated"))
    page = fay.get("/quick-play").text
    assert "This match is rated" in page and "guest" not in page
