"""Quick play through the JSON API, on SQLite and PostgreSQL: people asking for the same
size sit at one table together, a person alone gets computer players once the wait is
over, Leave and a closed page take a person out of the queue, bad input changes
nothing, and nobody is ever seated twice."""

from __future__ import annotations

import time
from datetime import datetime

import pytest

from tests.web.quickplay.quickkit import ask, empty_queue, quick_seats
from tests.web.tables.tablekit import ok, person


@pytest.fixture
def quick(golf_app, api):
    """The app's quick play, its queue empty, a wait shorter than a waiting page's
    silence before it is forgotten (so that moving the clock past the one keeps the
    other); its clock and wait put back after the test."""
    service = golf_app.state.quick_play
    empty_queue(golf_app.state.engine)
    real_now, wait_ms = service.now, service.wait_ms
    service.wait_ms = 4000
    yield service
    service.now, service.wait_ms = real_now, wait_ms


def later(quick, ms: int) -> None:
    real_now = quick.now
    quick.now = lambda: real_now() + ms


def test_three_people_asking_for_three_sit_at_one_table(golf_app, api, quick):
    ann, bea, cy = api, person(golf_app), person(golf_app)
    first = ok(ask(ann, 3, "Ann"))
    assert first["status"] == "waiting" and first["players"] == 3 and first["seated"] == ["Ann"]
    assert datetime.fromisoformat(first["deadline"]) > datetime.now().astimezone()
    second = ok(ask(bea, 3, "Bea"))
    assert second["status"] == "waiting" and second["seated"] == ["Bea", "Ann"]
    assert ok(ann.get("/api/quick-play"))["seated"] == ["Ann", "Bea"]  # who has joined, the asker first

    third = ok(ask(cy, "any", "Cy"))  # asking any size completes their table
    assert third["status"] == "seated"
    code = third["code"]
    for client in (ann, bea, cy):
        assert ok(client.get("/api/quick-play")) == {"status": "seated", "code": code}
    tables = [ok(client.get(f"/api/tables/{code}")) for client in (ann, bea, cy)]
    assert [seat["name"] for seat in tables[0]["seats"]] == ["Ann", "Bea", "Cy"]
    assert [seat["kind"] for seat in tables[0]["seats"]] == ["person"] * 3
    assert [table["you"] for table in tables] == [0, 1, 2]
    table = tables[0]
    assert table["status"] == "playing" and table["timer_seconds"] > 0
    assert table["rules"]["name"] == "standard" and table["rules"]["holes"] == 9
    assert table["match"]["players"] and len(table["match"]["players"]) == 3
    assert api.get(f"/t/{code}").status_code == 200  # an ordinary table's page


def test_a_person_alone_gets_computer_players_after_the_wait(golf_app, api, quick):
    waiting = ok(ask(api, 3, "Ann"))
    assert waiting["status"] == "waiting"
    assert ok(api.get("/api/quick-play"))["status"] == "waiting"  # not before the deadline
    later(quick, quick.wait_ms + 1000)
    seated = ok(api.get("/api/quick-play"))
    assert seated["status"] == "seated"
    table = ok(api.get(f"/api/tables/{seated['code']}"))
    assert [seat["kind"] for seat in table["seats"]] == ["person", "computer", "computer"]
    assert table["seats"][0]["name"] == "Ann" and table["you"] == 0
    assert table["status"] == "playing"
    # The computers played their part of the opening: the table waits for Ann alone.
    assert table["match"]["legal"], "Ann has something to do"


def test_asking_any_size_alone_gets_a_table_of_two(golf_app, api, quick):
    assert ok(ask(api, "any"))["players"] == "any"
    later(quick, quick.wait_ms + 1000)
    quick.sweep()  # the sweep seats a person whose wait is over, without their asking
    seated = ok(api.get("/api/quick-play"))
    table = ok(api.get(f"/api/tables/{seated['code']}"))
    assert [seat["kind"] for seat in table["seats"]] == ["person", "computer"]
    assert table["seats"][0]["name"] == "Player"  # no name given


def test_two_people_asking_any_size_sit_together_at_once(golf_app, api, quick):
    bea = person(golf_app)
    ok(ask(api, "any", "Ann"))
    code = ok(ask(bea, "any", "Bea"))["code"]
    table = ok(api.get(f"/api/tables/{code}"))
    assert [(seat["name"], seat["kind"]) for seat in table["seats"]] == [("Ann", "person"), ("Bea", "person")]


def test_people_asking_other_sizes_do_not_sit_together(golf_app, api, quick):
    bea = person(golf_app)
    ok(ask(api, 2, "Ann"))
    assert ok(ask(bea, 3, "Bea"))["seated"] == ["Bea"]
    assert ok(api.get("/api/quick-play"))["status"] == "waiting"


def test_leaving_takes_a_person_out_of_the_queue(golf_app, api, quick):
    bea = person(golf_app)
    ok(ask(api, 2, "Ann"))
    assert ok(api.delete("/api/quick-play")) == {"status": "idle"}
    assert ok(api.get("/api/quick-play")) == {"status": "idle"}
    assert ok(ask(bea, 2, "Bea"))["seated"] == ["Bea"]  # Ann is not sat with Bea
    assert ok(api.delete("/api/quick-play")) == {"status": "idle"}  # leaving twice is no error


def test_a_closed_waiting_page_is_forgotten_by_the_sweep(golf_app, api, quick):
    bea = person(golf_app)
    quick.wait_ms = 60_000
    ok(ask(api, 2, "Ann"))
    ok(ask(bea, 3, "Bea"))
    later(quick, 11_000)  # past the heartbeat's bound, not the deadline
    ok(bea.get("/api/quick-play"))  # Bea's page still asks
    cy = person(golf_app)
    assert ok(ask(cy, 2, "Cy"))["status"] == "waiting"  # not seated with Ann, whose page is gone
    quick.sweep()
    assert ok(api.get("/api/quick-play")) == {"status": "idle"}
    assert ok(bea.get("/api/quick-play"))["status"] == "waiting"


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ({"players": 5}, "players"),
        ({"players": "x"}, "players"),
        ({"players": "3"}, "players"),
        ({}, "players"),
        ({"players": 2, "name": "\u202eevil"}, "control characters"),
        ({"players": 2, "name": ""}, "empty"),
    ],
)
def test_bad_input_is_refused_and_changes_nothing(golf_app, api, quick, body, said):
    refused = api.post("/api/quick-play", json=body)
    assert refused.status_code in (400, 422)
    assert said in refused.json()["detail"]
    assert ok(api.get("/api/quick-play")) == {"status": "idle"}


def test_the_page_form_refuses_a_size_it_does_not_offer(golf_app, api, quick):
    refused = api.post("/quick-play", data={"players": "7"})
    assert refused.status_code == 422
    assert "Ask for a table of 2, 3 or 4 players" in refused.text
    assert ok(api.get("/api/quick-play")) == {"status": "idle"}


def test_nobody_is_seated_twice_pressing_play_now_twice(golf_app, api, quick):
    bea, cy = person(golf_app), person(golf_app)
    ok(ask(api, 3, "Ann"))
    ok(ask(api, 3, "Ann"))  # a second press keeps the place
    assert ok(ask(bea, 3, "Bea"))["seated"] == ["Bea", "Ann"]
    code = ok(ask(cy, 3, "Cy"))["code"]
    again = ok(ask(api, 3, "Ann"))  # seated at a table in play: answered that table
    assert again == {"status": "seated", "code": code}
    later(quick, quick.wait_ms + 1000)
    quick.sweep()
    seats = quick_seats(golf_app.state.engine, code)  # over every quick-play table of the database
    assert len(seats) == 3 and set(seats.values()) == {1}


def test_same_names_are_told_apart_at_the_table(golf_app, api, quick):
    bea = person(golf_app)
    ok(ask(api, 2, "Sam"))
    code = ok(ask(bea, 2, "sam"))["code"]
    names = [seat["name"] for seat in ok(api.get(f"/api/tables/{code}"))["seats"]]
    assert names == ["Sam", "sam 2"]


def test_the_waiting_page_shows_who_waits_and_moves_to_the_table(golf_app, api, quick):
    bea = person(golf_app)
    api.post("/quick-play", data={"players": "2", "name": "Ann"}, follow_redirects=False)
    page = api.get("/quick-play")
    assert page.status_code == 200
    assert "standard rules, nine holes, with a turn timer" in page.text
    assert "Ann (you)" in page.text and "Leave" in page.text
    assert 'http-equiv="refresh"' in page.text  # without script the page asks again by itself
    part = api.get("/quick-play/status", headers={"HX-Request": "true"})
    assert "Ann (you)" in part.text and "HX-Redirect" not in part.headers
    moved = bea.post("/quick-play", data={"players": "2", "name": "Bea"}, follow_redirects=False)
    code = moved.headers["location"].rsplit("/", 1)[1]
    assert moved.status_code == 303 and moved.headers["location"] == f"/t/{code}"
    assert api.get("/quick-play/status").headers["HX-Redirect"] == f"/t/{code}"
    assert api.get("/quick-play", follow_redirects=False).headers["location"] == f"/t/{code}"


def test_leave_on_the_page_goes_home(golf_app, api, quick):
    api.post("/quick-play", data={"players": "4"}, follow_redirects=False)
    left = api.post("/quick-play/leave", follow_redirects=False)
    assert left.status_code == 303 and left.headers["location"] == "/"
    assert "You are not waiting for a table" in api.get("/quick-play").text


def test_after_leaving_the_table_play_now_queues_again(golf_app, api, quick):
    bea = person(golf_app)
    ok(ask(api, 2, "Ann"))
    code = ok(ask(bea, 2, "Bea"))["code"]
    ok(api.post(f"/api/tables/{code}/leave"))  # a computer plays on for Ann
    again = ok(ask(api, 3, "Ann"))
    assert again["status"] == "waiting" and again["players"] == 3


def test_two_sweeps_at_once_deal_an_undealt_table_once(golf_app, api, quick, monkeypatch):
    """A process sweeps quick play one sweep at a time: a sweep asked for while another
    is under way waits for it, so a table made but not dealt is dealt once (its failure
    counted once, and tried again only after its wait), not once by each sweep."""
    import threading
    import time

    from app.service.failures import Failures

    tried: list[str] = []

    def begin(code: str) -> None:
        tried.append(code)
        time.sleep(0.2)  # a slow deal: the other sweep comes meanwhile
        raise RuntimeError("a fault of this table's")

    ann, bea = api, person(golf_app)
    ok(ask(ann, 2, "Ann"))
    with monkeypatch.context() as patched:
        patched.setattr(quick, "_deal", lambda code: None)  # made, but its process stopped
        code = ok(ask(bea, 2, "Bea"))["code"]
    monkeypatch.setattr(quick, "failures", Failures(clock=lambda: 0.0))  # its wait never over
    monkeypatch.setattr(quick.tables, "begin", begin)
    later(quick, 10_000)  # past the wait for an undealt table
    sweeps = [threading.Thread(target=quick.sweep) for _ in range(2)]
    for sweep in sweeps:
        sweep.start()
    for sweep in sweeps:
        sweep.join()
    assert tried == [code]


def test_a_table_that_cannot_be_dealt_holds_up_no_other(golf_app, api, quick, monkeypatch, caplog):
    """Quick play's sweep deals the tables made but not dealt; one whose deal fails is
    logged once, tried again after a growing wait, and in the end ended with a notice,
    while the others are dealt as before."""
    from app.service.failures import Failures
    from app.service.quickplay.queue import DEALS_BEFORE_ENDING, NOT_DEALT

    clock = {"s": 0.0}
    broken: set[str] = set()
    real_begin = quick.tables.begin

    def begin(code: str) -> None:
        if code in broken:
            raise RuntimeError("a fault of this table's")
        real_begin(code)

    ann, bea = api, person(golf_app)
    ok(ask(ann, 2, "Ann"))
    with monkeypatch.context() as patched:
        patched.setattr(quick, "_deal", lambda code: broken.add(code))  # made, but its process stopped
        answer = ok(ask(bea, 2, "Bea"))
        for _ in range(50):
            # On PostgreSQL the app's background sweep may hold Ann's row in the moment Bea
            # asks (matching skips the rows another transaction locked): the two are then
            # seated by the next match, as the sweep's next round would seat them.
            if "code" in answer:
                break
            time.sleep(0.02)
            quick.match()
            answer = ok(bea.get("/api/quick-play"))
        code = answer["code"]
    monkeypatch.setattr(quick, "failures", Failures(clock=lambda: clock["s"]))
    monkeypatch.setattr(quick.tables, "begin", begin)
    assert ok(ann.get(f"/api/tables/{code}"))["status"] == "waiting"
    later(quick, 10_000)  # past the wait for an undealt table
    for _ in range(DEALS_BEFORE_ENDING + 2):
        quick.sweep()
        clock["s"] += 1000  # past every wait
    table = ok(ann.get(f"/api/tables/{code}"))
    assert table["status"] == "over" and table["notices"][-1]["message"] == NOT_DEALT
    assert len([r for r in caplog.records if code in r.getMessage()]) == 2  # the first failure and the end
    # The next Play now seats Ann afresh.
    assert ok(ask(ann, 2, "Ann"))["status"] == "waiting"
