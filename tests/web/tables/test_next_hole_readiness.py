"""The end of a hole at a table of people waits for each of them: Next hole marks the
person ready, the next hole is dealt when every person is (the computers always are), or
once the wait's bound has passed, so that one person away cannot hold the table. On
SQLite and PostgreSQL, through the JSON API."""

from __future__ import annotations

from tests.web.review.test_table_review import play_hole
from tests.web.tables.tablekit import ok, post_action, seated, start

NEXT_HOLE = {"action": "next_hole"}


def at_hole_end(golf_app, host, names=("Bea",), seats=("host", "open", "medium")):
    table, people = seated(golf_app, host, names=names, seats=seats, rules={"holes": 3})
    code = table["code"]
    start(host, code)
    play_hole(people, code)
    return code, people


def views(people, code):
    return [ok(client.get(f"/api/tables/{code}")) for client in people]


def test_the_next_hole_waits_for_every_person_then_is_dealt(golf_app, api):
    code, (ann, bea) = at_hole_end(golf_app, api)
    ann_view, bea_view = views((ann, bea), code)
    assert ann_view["match"]["phase"] == bea_view["match"]["phase"] == "hole_over"
    assert ann_view["match"]["ready"] == [] and NEXT_HOLE in ann_view["match"]["legal"]
    assert 0 < ann_view["seconds_left"] <= 60  # the bound on the wait, shown to all

    pressed = ok(post_action(ann, code, NEXT_HOLE))
    assert pressed["match"]["phase"] == "hole_over" and pressed["match"]["hole"] == 1
    assert pressed["match"]["ready"] == [0]
    assert pressed["match"]["legal"] == []  # nothing more for Ann to press
    bea_view = ok(bea.get(f"/api/tables/{code}"))
    assert bea_view["match"]["phase"] == "hole_over" and bea_view["match"]["ready"] == [0]
    assert NEXT_HOLE in bea_view["match"]["legal"]
    assert all(cell["face_up"] for player in bea_view["match"]["players"] for cell in player["grid"])
    assert 0 < bea_view["seconds_left"] <= pressed["seconds_left"]  # Ann's press did not start it again

    dealt = ok(post_action(bea, code, NEXT_HOLE))
    assert dealt["match"]["hole"] == 2 and dealt["match"]["phase"] == "opening"
    assert "ready" not in dealt["match"]
    ann_view = ok(ann.get(f"/api/tables/{code}"))
    assert ann_view["match"]["hole"] == 2 and "ready" not in ann_view["match"]


def test_a_second_press_changes_nothing(golf_app, api):
    code, (ann, bea) = at_hole_end(golf_app, api)
    first = ok(post_action(ann, code, NEXT_HOLE))
    again = ok(post_action(ann, code, NEXT_HOLE))
    assert again["version"] == first["version"]
    assert again["match"]["ready"] == [0] and again["match"]["hole"] == 1


def test_the_bound_deals_the_next_hole_for_a_person_who_is_away(golf_app, api, monkeypatch):
    code, (ann, bea) = at_hole_end(golf_app, api)
    ok(post_action(ann, code, NEXT_HOLE))
    tables = golf_app.state.tables
    clock = tables.now
    monkeypatch.setattr(tables, "now", lambda: clock() + tables.next_hole_ms + 1000)
    after = ok(ann.get(f"/api/tables/{code}"))  # the read that finds the bound passed plays it
    assert after["match"]["hole"] == 2 and after["match"]["phase"] == "opening"
    assert any(
        notice["message"] == "The next hole was dealt without waiting longer for Bea." for notice in after["notices"]
    )


def test_the_bound_deals_even_when_nobody_pressed(golf_app, api, monkeypatch):
    code, (ann, bea, cy) = at_hole_end(golf_app, api, names=("Bea", "Cy"), seats=("host", "open", "open"))
    tables = golf_app.state.tables
    clock = tables.now
    monkeypatch.setattr(tables, "now", lambda: clock() + tables.next_hole_ms + 1000)
    after = ok(bea.get(f"/api/tables/{code}"))
    assert after["match"]["hole"] == 2
    names = " and ".join(seat["name"] for seat in after["seats"])
    assert f"The next hole was dealt without waiting longer for {names}." in [n["message"] for n in after["notices"]]


def test_one_person_with_computers_deals_the_next_hole_at_once(golf_app, api):
    table, (ann,) = seated(golf_app, api, names=(), seats=("host", "medium", "easy"), rules={"holes": 2})
    code = table["code"]
    start(api, code)
    play_hole([ann], code)
    shown = ok(ann.get(f"/api/tables/{code}"))
    assert "ready" not in shown["match"]
    dealt = ok(post_action(ann, code, NEXT_HOLE))
    assert dealt["match"]["hole"] == 2


def test_next_hole_before_the_hole_is_over_is_refused_as_before(golf_app, api):
    table, (ann, bea) = seated(golf_app, api, names=("Bea",), seats=("host", "open"), rules={"holes": 2})
    code = table["code"]
    start(api, code)
    refused = post_action(ann, code, NEXT_HOLE)
    assert refused.status_code == 409
