"""Deleting an account touches only what is its own: at a table of people it shares, the
others keep their seats, names, computers and levels, and the match plays on for them;
only its own seat, its name in the table's notices and in the replay of a finished table
become "A former player", whole, never inside another word. On SQLite and PostgreSQL,
with names that are parts of other names ("e" beside "Steve Peterson", "Ann" beside
"Anna")."""

from __future__ import annotations

import secrets

from app.players.greedy import GreedyPlayer
from tests.web.accounts.accountkit import ok, person, register
from tests.web.tables.tablekit import make_table, post_action, start

FORMER = "A former player"


def seats_seen(view: dict) -> list[tuple]:
    return [(s["seat"], s["name"], s["kind"], s["level"]) for s in view["seats"]]


def test_deleting_an_account_named_e_leaves_steve_and_the_computer_as_they_were(golf_app, api, monkeypatch):
    register(api, "e")
    table = make_table(api, seats=("host", "open", "medium"), timer_seconds=10)
    code = table["code"]
    steve = person(golf_app)
    ok(steve.post(f"/api/tables/{code}/join", json={"name": "Steve Peterson"}))
    start(api, code)
    for client in (api, steve):
        ok(client.post(f"/api/tables/{code}/reveal", json={"position": 0}))
        ok(client.post(f"/api/tables/{code}/reveal", json={"position": 1}))
    # Both people run out of time once: a notice names each by their whole name.
    service = golf_app.state.tables
    clock = service.now
    monkeypatch.setattr(service, "now", lambda: clock() + 11_000)
    ok(steve.get(f"/api/tables/{code}"))
    monkeypatch.setattr(service, "now", lambda: clock() + 22_000)
    before = ok(steve.get(f"/api/tables/{code}"))
    assert [n["message"] for n in before["notices"]] == [
        "e ran out of time: a computer player made that move.",
        "Steve Peterson ran out of time: a computer player made that move.",
    ]

    assert api.delete("/api/account").status_code == 204

    after = ok(steve.get(f"/api/tables/{code}"))
    assert after["you"] == 1
    assert seats_seen(after) == [
        (0, FORMER, "person", None),
        (1, "Steve Peterson", "person", None),
        (2, "Computer (medium)", "computer", "medium"),
    ]
    assert [n["message"] for n in after["notices"]] == [
        f"{FORMER} ran out of time: a computer player made that move.",
        "Steve Peterson ran out of time: a computer player made that move.",
    ]
    assert after["match"]["players"][0]["name"] == "Steve Peterson"  # Steve's own view, from his seat
    # The match plays on for Steve: the former player's turn is played when its time runs out.
    assert after["match"]["legal"] == [] and after["match"]["turn"] == "computer-2"  # seat 0, seen from seat 1
    monkeypatch.setattr(service, "now", lambda: clock() + 33_000)
    view = ok(steve.get(f"/api/tables/{code}"))
    assert view["notices"][-1]["message"] == f"{FORMER} ran out of time: a computer player made that move."
    moved = ok(post_action(steve, code, GreedyPlayer().choose(view["match"])))
    assert moved["version"] > view["version"] and moved["you"] == 1


def finished_table(golf_app, account, other_name: str) -> tuple[str, object]:
    """A one-hole table of ``account`` (its host), a guest called ``other_name`` and an
    easy computer, played to its end: (its code, the guest's client)."""
    table = make_table(account, seats=("host", "open", "easy"), rules={"holes": 1})
    code = table["code"]
    other = person(golf_app)
    ok(other.post(f"/api/tables/{code}/join", json={"name": other_name}))
    start(account, code)
    player = GreedyPlayer()
    people = [account, other]
    for _ in range(400):
        views = [ok(client.get(f"/api/tables/{code}")) for client in people]
        if views[0]["status"] == "over":
            return code, other
        mover = next(i for i, view in enumerate(views) if view["match"]["legal"])
        ok(post_action(people[mover], code, player.choose(views[mover]["match"])))
    raise AssertionError("the match did not end")


def test_a_finished_tables_replay_names_the_former_player_whole(golf_app, api):
    tag = secrets.token_hex(3)
    ann, anna = f"Ann{tag}", f"Ann{tag}a"  # one name the start of the other
    register(api, ann)
    code, other = finished_table(golf_app, api, anna)
    ok(api.post(f"/api/tables/{code}/again"))  # a notice: "{ann} made a table for another match."
    replay = ok(other.get("/api/matches"))[0]["replay"]
    replay_id = replay.rsplit("/", 1)[1]
    assert [s["name"] for s in ok(other.get(f"/api/replays/{replay_id}"))["seats"]][:2] == [ann, anna]

    assert api.delete("/api/account").status_code == 204

    shown = ok(other.get(f"/api/replays/{replay_id}"))
    assert [(s["name"], s["kind"], s["level"]) for s in shown["seats"]] == [
        (FORMER, "person", None),
        (anna, "person", None),
        ("Computer (easy)", "computer", "easy"),
    ]
    after = ok(other.get(f"/api/tables/{code}"))
    assert after["you"] == 1
    assert [s["name"] for s in after["seats"]] == [FORMER, anna, "Computer (easy)"]
    assert after["notices"][-1]["message"] == f"{FORMER} made a table for another match."
    again = ok(other.get(f"/api/tables/{after['next']}"))
    assert [s["name"] for s in again["seats"]][:2] == [FORMER, f"Open seat, kept for {anna}"]
    assert ok(other.post(f"/api/tables/{after['next']}/join", json={"name": anna}))["you"] == 1


def test_a_seat_kept_for_the_deleted_account_opens_to_anyone(golf_app, api):
    register(api, f"Cy {secrets.token_hex(3)}")
    code, other = finished_table(golf_app, api, "Dee")
    follow_up = ok(other.post(f"/api/tables/{code}/again"))["next"]  # Dee's table: the account's seat kept for it
    assert ok(other.get(f"/api/tables/{follow_up}"))["seats"][1]["name"].startswith("Open seat, kept for Cy")

    assert api.delete("/api/account").status_code == 204

    seats = ok(other.get(f"/api/tables/{follow_up}"))["seats"]
    assert [(s["name"], s["kind"], s["held_for"]) for s in seats][:2] == [
        ("Dee", "person", None),
        ("Open seat", "open", None),
    ]
    assert ok(person(golf_app).post(f"/api/tables/{follow_up}/join", json={"name": "Eve"}))["you"] == 1
