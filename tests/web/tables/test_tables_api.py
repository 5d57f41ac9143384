"""Online tables over the JSON API (shared/API.md, "Online tables"), on SQLite and
PostgreSQL: several people, each a client with its own cookies, at one table."""

from __future__ import annotations

import threading

import pytest

from app.golf.actions import Draw, parse_log_entry
from app.players.greedy import GreedyPlayer
from tests.oracle import card_strings
from tests.web.tables.tablekit import (
    assert_nothing_hidden_shown,
    hidden_from,
    make_table,
    ok,
    person,
    post_action,
    record,
    seated,
    start,
    true_state,
)


@pytest.fixture
def host(api):
    return api


def to_move(people, code):
    """(client, table) of a person with a move to make now, or None."""
    for client in people:
        table = ok(client.get(f"/api/tables/{code}"))
        if table["match"]["legal"]:
            return client, table
    return None


def test_make_a_table_sits_you_at_seat_zero_as_host(host):
    table = make_table(host, host_name="Ann", timer_seconds=None)
    assert table["status"] == "waiting" and table["you"] == 0 and table["host"] == 0
    assert table["name"] == "Friday golf" and table["match"] is None and table["timer_seconds"] is None
    assert [(s["seat"], s["kind"], s["level"]) for s in table["seats"]] == [
        (0, "person", None),
        (1, "open", None),
        (2, "open", None),
        (3, "computer", "medium"),
    ]
    assert table["seats"][0]["name"] == "Ann"
    assert len(table["code"]) >= 16  # 96 random bits, URL-safe
    assert table["rules"]["players"] == 4 and table["rules"]["holes"] == 2
    assert host.get(f"/api/tables/{table['code']}").json() == table


@pytest.mark.parametrize(
    "body, words",
    [
        ({"seats": ["open", "host"]}, "first seat"),
        ({"seats": ["host"]}, "2 to 8"),
        ({"seats": ["host"] + ["open"] * 8}, "2 to 8"),
        ({"seats": ["host", "grandmaster"]}, "computer level"),
        ({"rules": "no-such-rules"}, "Unknown rules"),
        ({"rules": {"players": 3}}, "seats"),
        ({"rules": {"decks": 1, "cols": 4}, "seats": ["host"] + ["open"] * 7}, "cannot be played"),
        ({"name": ""}, "empty"),
        ({"host_name": "x" * 25}, "at most 24"),
        ({"timer_seconds": 3}, "timer"),
    ],
)
def test_a_table_that_cannot_be_made_is_refused_clearly(host, body, words):
    response = host.post("/api/tables", json={"name": "T", "seats": ["host", "open"], **body})
    assert response.status_code == 422 and words in response.json()["detail"], response.text


def test_join_takes_the_first_open_seat_and_a_seated_person_gets_theirs_back(golf_app, host):
    table = make_table(host, seats=("host", "open", "easy", "open"))
    code = table["code"]
    bea, cy, dan = person(golf_app), person(golf_app), person(golf_app)
    assert ok(bea.post(f"/api/tables/{code}/join", json={"name": "Bea"}))["you"] == 1
    again = ok(bea.post(f"/api/tables/{code}/join", json={"name": "Bea"}))
    assert again["you"] == 1 and [s["kind"] for s in again["seats"]] == ["person", "person", "computer", "open"]
    assert ok(cy.post(f"/api/tables/{code}/join", json={"name": "Cy"}))["you"] == 3
    full = dan.post(f"/api/tables/{code}/join", json={"name": "Dan"})
    assert full.status_code == 409 and "taken" in full.json()["detail"]
    watching = ok(dan.get(f"/api/tables/{code}"))
    assert watching["you"] is None and [s["name"] for s in watching["seats"]][:2] == ["Host", "Bea"]
    start(host, code)
    assert ok(bea.post(f"/api/tables/{code}/join", json={"name": "Bea"}))["you"] == 1  # back at their seat
    late = dan.post(f"/api/tables/{code}/join", json={"name": "Dan"})
    assert late.status_code == 409 and "begun" in late.json()["detail"]


@pytest.mark.parametrize(
    "name, status",
    [
        ("", 422),
        ("   ", 422),
        ("B" * 25, 422),
        ("Bea\x00", 422),
        ("Bea\nBob", 422),
        ("Be\u200ba", 422),
        (7, 422),
        ("Zoë 🙂", 200),
        ("Zoë\u00a0 🙂 ", 200),
        ("\u202eBea", 422),
    ],
)
def test_display_names_are_checked(golf_app, host, name, status):
    code = make_table(host)["code"]
    response = person(golf_app).post(f"/api/tables/{code}/join", json={"name": name})
    assert response.status_code == status, response.text
    if status == 200:
        assert response.json()["seats"][1]["name"] == " ".join(name.split())


def test_unknown_table_is_404(api):
    assert api.get("/api/tables/nosuchcode").status_code == 404
    assert api.post("/api/tables/nosuchcode/join", json={"name": "A"}).status_code == 404


def test_only_the_host_changes_seats_and_starts_and_open_seats_need_a_fill(golf_app, host):
    table, (host, bea) = seated(golf_app, host, names=("Bea",), seats=("host", "open", "open"))
    code = table["code"]
    assert bea.post(f"/api/tables/{code}/seats/2", json={"kind": "hard"}).status_code == 403
    assert bea.post(f"/api/tables/{code}/start").status_code == 403
    changed = ok(host.post(f"/api/tables/{code}/seats/2", json={"kind": "hard"}))
    assert changed["seats"][2]["kind"] == "computer" and changed["seats"][2]["level"] == "hard"
    assert ok(host.post(f"/api/tables/{code}/seats/2", json={"kind": "open"}))["seats"][2]["kind"] == "open"
    assert host.post(f"/api/tables/{code}/seats/1", json={"kind": "easy"}).status_code == 409  # Bea sits there
    assert host.post(f"/api/tables/{code}/seats/5", json={"kind": "easy"}).status_code == 422
    assert host.post(f"/api/tables/{code}/seats/2", json={"kind": "god"}).status_code == 422
    refused = host.post(f"/api/tables/{code}/start")
    assert refused.status_code == 409 and "open" in refused.json()["detail"]
    started = start(host, code, fill="easy")
    assert started["status"] == "playing" and started["seats"][2]["level"] == "easy"
    assert started["match"]["phase"] == "opening" and started["match"]["players"][0]["name"] == "Host"
    assert host.post(f"/api/tables/{code}/start", json={"fill": "easy"}).status_code == 409
    assert host.post(f"/api/tables/{code}/seats/2", json={"kind": "open"}).status_code == 409


def test_three_people_and_a_computer_play_a_whole_match_and_no_one_sees_a_hidden_card(golf_app, host):
    table, people = seated(golf_app, host)
    code = table["code"]
    watcher = person(golf_app)
    started = start(host, code)
    assert started["match"]["players"][3]["kind"] == "computer"
    # The computer made its opening reveals on its own; the people have not.
    state = true_state(golf_app, code)
    assert state.opening_left == [2, 2, 2, 0]
    player = GreedyPlayer()
    for _ in range(2000):
        views = [ok(client.get(f"/api/tables/{code}")) for client in people]
        views.append(ok(watcher.get(f"/api/tables/{code}")))
        for view in views:
            assert_nothing_hidden_shown(golf_app, code, view)
        spectator = views[-1]
        assert spectator["you"] is None and spectator["match"]["legal"] == []
        assert [p["id"] for p in spectator["match"]["players"]] == ["seat-0", "seat-1", "seat-2", "seat-3"]
        if views[0]["status"] == "over":
            break
        for seat, view in enumerate(views[:3]):
            match = view["match"]
            assert view["you"] == seat and match["players"][0]["id"] == "you"
            assert match["players"][0]["seat"] == seat and match["players"][0]["name"] == view["seats"][seat]["name"]
        mover = next((i for i, view in enumerate(views[:3]) if view["match"]["legal"]), None)
        assert mover is not None, "no one can move but the match is not over"
        moved = ok(post_action(people[mover], code, player.choose(views[mover]["match"])))
        assert moved["version"] > views[mover]["version"]
        assert_nothing_hidden_shown(golf_app, code, moved)  # its events included
    else:
        raise AssertionError("the match did not end")
    over = [ok(client.get(f"/api/tables/{code}")) for client in people]
    state = true_state(golf_app, code)
    assert state.is_over and len(state.hole_scores) == 2
    for seat, view in enumerate(over):
        assert view["match"]["result"] == state.result(seat)
        assert view["match"]["seed"] == record(golf_app, code).seed  # shown once it is over
        assert view["match"]["totals"]["you"] == state.totals()[seat]
    # Each person's result counts online, apart from the matches against the computer.
    for seat, client in enumerate(people):
        stats = ok(client.get("/api/stats"))
        assert stats["online"]["played"] == 1 and stats["golf"]["played"] == 0
        assert stats["online"]["best_total"] == state.totals()[seat]
        assert {"won", "lost", "drawn"} <= stats["online"].keys()
    # A computer seat's moves are in the log: it played on its own.
    assert any(entry.startswith("3") for entry in record(golf_app, code).log)


def test_a_move_out_of_turn_is_409_and_a_spectator_is_403(golf_app, host):
    table, (host, bea) = seated(golf_app, host, names=("Bea",), seats=("host", "open", "medium"))
    code = table["code"]
    watcher = person(golf_app)
    assert host.post(f"/api/tables/{code}/reveal", json={"position": 0}).status_code == 409  # not started
    start(host, code)
    for client in (host, bea):
        ok(client.post(f"/api/tables/{code}/reveal", json={"position": 0}))
        ok(client.post(f"/api/tables/{code}/reveal", json={"position": 1}))
    # Hole 1: the host draws first, so Bea is out of turn.
    before = ok(bea.get(f"/api/tables/{code}"))
    refused = bea.post(f"/api/tables/{code}/draw", json={"source": "stock"})
    assert refused.status_code == 409 and "not your move" in refused.json()["detail"]
    forbidden = watcher.post(f"/api/tables/{code}/draw", json={"source": "stock"})
    assert forbidden.status_code == 403 and "watching" in forbidden.json()["detail"]
    assert watcher.post(f"/api/tables/{code}/undo").status_code == 403
    assert watcher.post(f"/api/tables/{code}/leave").status_code == 403
    assert unchanged(ok(bea.get(f"/api/tables/{code}")), before)
    bad = host.post(f"/api/tables/{code}/swap", json={"position": 9})
    assert bad.status_code == 422
    stale = host.post(f"/api/tables/{code}/draw", json={"source": "stock"}, headers={"If-Match": '"1"'})
    assert stale.status_code == 412
    assert unchanged(ok(bea.get(f"/api/tables/{code}")), before)


def unchanged(now: dict, before: dict) -> bool:
    """The same table, but for the match clock, which runs on between the two reads."""

    def still(table: dict) -> dict:
        return {**table, "match": {k: v for k, v in table["match"].items() if k != "elapsed_seconds"}}

    return still(now) == still(before)


def test_leaving_hands_the_seat_to_a_computer_and_play_goes_on(golf_app, host):
    table, (host, bea) = seated(golf_app, host, names=("Bea",), seats=("host", "open", "easy"))
    code = table["code"]
    start(host, code)
    for client in (host, bea):
        ok(client.post(f"/api/tables/{code}/reveal", json={"position": 0}))
        ok(client.post(f"/api/tables/{code}/reveal", json={"position": 1}))
    left = ok(bea.post(f"/api/tables/{code}/leave"))
    assert left["you"] is None and left["seats"][1]["kind"] == "computer" and left["seats"][1]["left"]
    assert left["match"]["legal"] == []  # a spectator now
    assert bea.post(f"/api/tables/{code}/join", json={"name": "Bea"}).status_code == 409
    # The host plays on; the computer now at seat 1 answers every move.
    player = GreedyPlayer()
    view = ok(host.get(f"/api/tables/{code}"))
    for _ in range(6):
        view = ok(post_action(host, code, player.choose(view["match"])))
    log = record(golf_app, code).log
    assert any(isinstance(parse_log_entry(entry)[1], Draw) and entry[0] == "1" for entry in log)  # seat 1 played
    assert ok(bea.get("/api/stats"))["online"] == {
        **ok(bea.get("/api/stats"))["online"],
        "played": 1,
        "lost": 1,
        "abandoned": 1,
    }


def test_undo_takes_back_only_your_own_last_action_and_never_shows_a_hidden_card(golf_app, host):
    table, (host, bea) = seated(golf_app, host, names=("Bea",), seats=("host", "open"))
    code = table["code"]
    start(host, code)
    ok(host.post(f"/api/tables/{code}/reveal", json={"position": 0}))
    refused = host.post(f"/api/tables/{code}/undo")
    assert refused.status_code == 409 and "turned face up" in refused.json()["detail"]
    ok(host.post(f"/api/tables/{code}/reveal", json={"position": 1}))
    ok(bea.post(f"/api/tables/{code}/reveal", json={"position": 0}))
    view = ok(bea.post(f"/api/tables/{code}/reveal", json={"position": 1}))
    # The host draws the discard (a card everyone saw): that may be taken back.
    drawn = ok(host.post(f"/api/tables/{code}/draw", json={"source": "discard"}))
    assert drawn["match"]["can_undo"] is True
    assert bea.post(f"/api/tables/{code}/undo").status_code == 409  # the host played since Bea's last move
    undone = ok(host.post(f"/api/tables/{code}/undo"))
    assert undone["match"]["held"] is None and undone["match"]["discard"] == view["match"]["discard"]
    assert undone["match"]["can_undo"] is False  # the reveal before it stands
    # A stock card cannot go back: its owner would know the top of the stock.
    ok(host.post(f"/api/tables/{code}/draw", json={"source": "stock"}))
    refused = host.post(f"/api/tables/{code}/undo")
    assert refused.status_code == 409 and "stock" in refused.json()["detail"]
    # A swap into a face-down position showed that card: it stands. Into a face-up one it may go back.
    swapped = ok(host.post(f"/api/tables/{code}/swap", json={"position": 0}))  # position 0 is face up
    assert swapped["match"]["can_undo"] is True
    assert ok(host.post(f"/api/tables/{code}/undo"))["match"]["held"]["source"] == "stock"
    ok(host.post(f"/api/tables/{code}/swap", json={"position": 5}))  # face down until now
    refused = host.post(f"/api/tables/{code}/undo")
    assert refused.status_code == 409 and "face down" in refused.json()["detail"]
    assert_nothing_hidden_shown(golf_app, code, ok(host.get(f"/api/tables/{code}")))


def test_computer_seats_move_once_when_two_requests_race_on_one_version(golf_app, host):
    table, (host,) = seated(golf_app, host, names=(), seats=("host", "medium", "easy"))
    code = table["code"]
    start(host, code)
    ok(host.post(f"/api/tables/{code}/reveal", json={"position": 0}))
    ok(host.post(f"/api/tables/{code}/reveal", json={"position": 1}))
    view = ok(host.post(f"/api/tables/{code}/draw", json={"source": "discard"}))
    before = list(record(golf_app, code).log)
    twin = person(golf_app)  # a second tab of the host's
    twin.cookies.update(host.cookies)
    answers = []
    barrier = threading.Barrier(2)

    def swap(client):
        barrier.wait()
        answers.append(
            post_action(
                client, code, {"action": "swap", "position": 0}, headers={"If-Match": f'"{view["version"]}"'}
            ).status_code
        )

    threads = [threading.Thread(target=swap, args=(client,)) for client in (host, twin)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) in ([200, 409], [200, 412])
    # The swap ended the host's turn and each computer seat then played its turn, once.
    played = [parse_log_entry(entry) for entry in record(golf_app, code).log[len(before) :]]
    assert played[0] == parse_log_entry("0s0")
    seats = [seat for seat, _ in played[1:]]
    assert seats == sorted(seats) and set(seats) == {1, 2}
    assert sum(isinstance(action, Draw) for seat, action in played[1:] if seat == 1) == 1
    assert sum(isinstance(action, Draw) for seat, action in played[1:] if seat == 2) == 1
    assert ok(host.get(f"/api/tables/{code}"))["match"]["phase"] == "draw"


def test_peeked_cards_are_shown_to_their_owner_only(golf_app, host):
    table, (host, bea) = seated(golf_app, host, names=("Bea",), seats=("host", "open"), rules="four-card")
    code = table["code"]
    watcher = person(golf_app)
    start(host, code)
    mine = ok(host.get(f"/api/tables/{code}"))
    assert [cell.get("peeked") is not None for cell in mine["match"]["players"][0]["grid"]] == [
        False,
        False,
        True,
        True,
    ]
    for client in (bea, watcher):
        view = ok(client.get(f"/api/tables/{code}"))
        assert all(
            "peeked" not in cell
            for player in view["match"]["players"]
            if player["seat"] == 0
            for cell in player["grid"]
        )
        assert_nothing_hidden_shown(golf_app, code, view)
    assert_nothing_hidden_shown(golf_app, code, mine)


def test_stats_keep_their_old_shape_and_add_online(api):
    stats = ok(api.get("/api/stats"))
    assert {"golf", "solitaire", "online"} <= stats.keys()
    assert stats["online"]["played"] == 0 and stats["golf"]["played"] == 0


def test_hidden_cards_helper_sees_the_held_stock_card(golf_app, host):
    """The leak check itself: a card another seat drew from the stock counts as hidden."""
    table, (host, bea) = seated(golf_app, host, names=("Bea",), seats=("host", "open"))
    code = table["code"]
    start(host, code)
    for client in (host, bea):
        ok(client.post(f"/api/tables/{code}/reveal", json={"position": 0}))
        ok(client.post(f"/api/tables/{code}/reveal", json={"position": 1}))
    held = ok(host.post(f"/api/tables/{code}/draw", json={"source": "stock"}))["match"]["held"]["card"]
    assert held in hidden_from(golf_app, code, 1) and held not in hidden_from(golf_app, code, 0)
    assert held in hidden_from(golf_app, code, None)
    assert held not in card_strings(ok(bea.get(f"/api/tables/{code}")))  # the cards, not any text (a code)


def test_a_timed_out_turn_is_played_once_by_a_computer_and_the_person_is_told(golf_app, host, monkeypatch):
    table, (host, bea) = seated(golf_app, host, names=("Bea",), seats=("host", "open", "medium"), timer_seconds=10)
    code = table["code"]
    assert table["timer_seconds"] == 10 and table["seconds_left"] is None  # no clock before the start
    started = start(host, code)
    assert started["seconds_left"] == 10
    for client in (host, bea):
        ok(client.post(f"/api/tables/{code}/reveal", json={"position": 0}))
        ok(client.post(f"/api/tables/{code}/reveal", json={"position": 1}))
    service = golf_app.state.tables
    before = list(record(golf_app, code).log)
    assert ok(host.get(f"/api/tables/{code}"))["match"]["phase"] == "draw"  # the host's turn, in time
    assert record(golf_app, code).log == before

    later = service.now() + 11_000
    monkeypatch.setattr(service, "now", lambda: later)
    # Every person and the process's sweep notice at once; only one plays the turn.
    answers = []
    barrier = threading.Barrier(3)

    def look(action):
        barrier.wait()
        answers.append(action())

    threads = [
        threading.Thread(target=look, args=(lambda client=client: ok(client.get(f"/api/tables/{code}")),))
        for client in (host, bea)
    ]
    threads.append(threading.Thread(target=look, args=(service.sweep,)))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    log = record(golf_app, code).log
    played = [parse_log_entry(entry) for entry in log[len(before) :]]
    # One turn of the host's (draw, then swap or throw away and reveal) and nothing more:
    # Bea, a person, is next, with her own time.
    assert {seat for seat, _ in played} == {0} and isinstance(played[0][1], Draw) and 2 <= len(played) <= 3
    after = ok(host.get(f"/api/tables/{code}"))
    assert [notice["seat"] for notice in after["notices"]] == [0]
    assert "ran out of time" in after["notices"][0]["message"]
    assert ok(bea.get(f"/api/tables/{code}"))["match"]["phase"] == "draw"
    assert after["seconds_left"] == 10
    assert service.expire(code) is False and record(golf_app, code).log == log


def test_people_whose_moves_cross_are_both_played_when_neither_named_a_version(golf_app, host):
    """At a hole's start every person reveals cards at once: a move that names no
    version (no If-Match) is played on the table as it stands, not refused because
    another seat's move was saved first."""
    answers = []
    for _ in range(4):
        table, people = seated(golf_app, host, names=("Bea", "Cy", "Di"), seats=("host", "open", "open", "open"))
        start(host, table["code"])
        barrier = threading.Barrier(len(people))

        def reveal(client, code=table["code"], barrier=barrier):
            barrier.wait()
            answers.append(client.post(f"/api/tables/{code}/reveal", json={"position": 0}).status_code)

        threads = [threading.Thread(target=reveal, args=(client,)) for client in people]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(record(golf_app, table["code"]).log) == len(people)
    assert answers == [200] * 4 * 4


def test_every_seat_has_a_name_of_its_own_computers_of_one_level_numbered_by_seat(golf_app, host):
    table = make_table(host, seats=("host", "easy", "hard", "easy", "open"))
    assert [s["name"] for s in table["seats"]] == [
        "Host",
        "Computer 2 (easy)",
        "Computer (hard)",
        "Computer 4 (easy)",
        "Open seat",
    ]
    code = table["code"]
    assert host.post(f"/api/tables/{code}/seats/3", json={"kind": "hard"}).status_code == 200
    started = host.post(f"/api/tables/{code}/start", json={"fill": "hard"}).json()
    names = [s["name"] for s in started["seats"]]
    assert names == ["Host", "Computer (easy)", "Computer 3 (hard)", "Computer 4 (hard)", "Computer 5 (hard)"]
    assert len({p["name"] for p in started["match"]["players"]}) == 5  # and so the match's players
