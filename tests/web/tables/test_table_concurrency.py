"""People acting at once at one table, on SQLite and PostgreSQL: moves of different seats
that do not conflict are all played whatever version each named; a version refuses a
move (412) only when it makes that seat's own move stale; joins answer 200 or 409.

And the snapshots a table keeps: a read restores the match from them exactly as the
replay of its log would, and a table stored without them (before they were kept) is
read and played on just the same."""

from __future__ import annotations

import threading

from sqlalchemy import update

from app.players.greedy import GreedyPlayer
from app.store.models import GolfTable
from tests.web.tables.tablekit import make_table, ok, person, post_action, record, seated, start, true_state


def at_once(calls) -> list:
    """Run the calls in threads released together; their answers, in the calls' order."""
    barrier = threading.Barrier(len(calls))
    answers: list = [None] * len(calls)

    def run(index, call):
        barrier.wait()
        answers[index] = call()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def if_match(version: int) -> dict:
    return {"If-Match": f'"{version}"'}


def test_eight_people_revealing_at_once_from_the_version_they_saw_are_all_played(golf_app, api):
    table, people = seated(
        golf_app, api, names=("Bea", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"), seats=("host",) + ("open",) * 7
    )
    code = table["code"]
    version = start(api, code)["version"]
    answers = at_once(
        [
            lambda client=client: client.post(
                f"/api/tables/{code}/reveal", json={"position": 0}, headers=if_match(version)
            )
            for client in people
        ]
    )
    assert [answer.status_code for answer in answers] == [200] * 8, [a.text for a in answers]
    assert sorted(entry[0] for entry in record(golf_app, code).log) == [str(seat) for seat in range(8)]


def test_a_version_refuses_a_move_only_when_that_seat_acted_since(golf_app, api):
    table, (host, bea) = seated(golf_app, api, names=("Bea",), seats=("host", "open"))
    code = table["code"]
    version = start(host, code)["version"]
    ok(bea.post(f"/api/tables/{code}/reveal", json={"position": 0}, headers=if_match(version)))
    # The host saw the table before Bea's reveal: their own reveal is not stale.
    ok(host.post(f"/api/tables/{code}/reveal", json={"position": 0}, headers=if_match(version)))
    # Bea names the version from before her own reveal: stale for her, refused, nothing changes.
    before = list(record(golf_app, code).log)
    stale = bea.post(f"/api/tables/{code}/reveal", json={"position": 1}, headers=if_match(version))
    assert stale.status_code == 412 and "moved on" in stale.json()["detail"]
    assert record(golf_app, code).log == before
    # A version the table never had, or one from before the hole was dealt, is stale too.
    assert bea.post(f"/api/tables/{code}/reveal", json={"position": 1}, headers=if_match(999)).status_code == 412
    assert (
        bea.post(f"/api/tables/{code}/reveal", json={"position": 1}, headers=if_match(version - 1)).status_code == 412
    )
    assert record(golf_app, code).log == before


def test_a_move_named_from_the_last_hole_is_stale_once_the_next_is_dealt(golf_app, api):
    table, (host, bea) = seated(golf_app, api, names=("Bea",), seats=("host", "open"), rules={"holes": 2})
    code = table["code"]
    start(host, code)
    player = GreedyPlayer()
    while True:
        views = [ok(client.get(f"/api/tables/{code}")) for client in (host, bea)]
        if views[0]["match"]["phase"] == "hole_over":
            break
        client, view = next((c, v) for c, v in zip((host, bea), views, strict=True) if v["match"]["legal"])
        ok(post_action(client, code, player.choose(view["match"])))
    scored = views[0]["version"]
    ok(host.post(f"/api/tables/{code}/next-hole"))
    ok(bea.post(f"/api/tables/{code}/next-hole"))  # the last person ready: the next hole is dealt
    # The host's page still shows the scored hole: a reveal named from it is not played on the new deal.
    answer = host.post(f"/api/tables/{code}/reveal", json={"position": 0}, headers=if_match(scored))
    assert answer.status_code == 412


def test_forty_people_joining_at_once_get_a_seat_or_a_clear_no(golf_app, api):
    table = make_table(api, seats=("host",) + ("open",) * 7)
    code = table["code"]
    visitors = [person(golf_app) for _ in range(40)]
    answers = at_once(
        [
            lambda client=client, n=n: client.post(f"/api/tables/{code}/join", json={"name": f"Guest {n}"})
            for n, client in enumerate(visitors)
        ]
    )
    codes = sorted(answer.status_code for answer in answers)
    assert codes == [200] * 7 + [409] * 33, codes
    refused = next(answer for answer in answers if answer.status_code == 409)
    assert "Every seat at this table is taken" in refused.json()["detail"]
    seats = record(golf_app, code).seats
    assert sorted(entry.name for entry in seats[1:]) == sorted(
        answer.json()["seats"][answer.json()["you"]]["name"] for answer in answers if answer.status_code == 200
    )


def play_some(golf_app, host, bea, code, moves: int) -> None:
    player = GreedyPlayer()
    for _ in range(moves):
        views = [ok(client.get(f"/api/tables/{code}")) for client in (host, bea)]
        mover = next(((c, v) for c, v in zip((host, bea), views, strict=True) if v["match"]["legal"]), None)
        if mover is None or views[0]["status"] == "over":
            return
        ok(post_action(mover[0], code, player.choose(mover[1]["match"])))


def test_a_table_is_restored_from_its_snapshots_exactly_as_its_log_replays(golf_app, api):
    table, (host, bea) = seated(golf_app, api, names=("Bea",), seats=("host", "open", "hard"), rules={"holes": 2})
    code = table["code"]
    start(host, code)
    play_some(golf_app, host, bea, code, 40)
    row = record(golf_app, code)
    assert row.snapshots and row.snapshots[-1]["moves"] == len(row.log)
    assert row.snapshots[-1]["version"] <= row.version
    service = golf_app.state.tables
    service.cache.clear()
    with golf_app.state.engine.connect() as connection:
        _, restored = service._load(connection, code)
    assert restored == true_state(golf_app, code)


def test_a_table_stored_before_snapshots_were_kept_is_read_and_played_on_alike(golf_app, api):
    table, (host, bea) = seated(golf_app, api, names=("Bea",), seats=("host", "open"))
    code = table["code"]
    start(host, code)
    play_some(golf_app, host, bea, code, 12)
    service = golf_app.state.tables
    seen = len(record(golf_app, code).log) - 3  # a page three moves behind
    kept = service.since("a spectator", code, seen)
    assert len(kept.frames) == 3
    with golf_app.state.engine.begin() as connection:
        connection.execute(update(GolfTable).where(GolfTable.code == code).values(snapshots=None))
    service.cache.clear()
    replayed = service.since("a spectator", code, seen)
    assert (replayed.frames, replayed.events, replayed.moves) == (kept.frames, kept.events, kept.moves)
    play_some(golf_app, host, bea, code, 6)
    assert record(golf_app, code).snapshots  # kept again from the next change on
    service.cache.clear()
    with golf_app.state.engine.connect() as connection:
        _, restored = service._load(connection, code)
    assert restored == true_state(golf_app, code)


def test_a_moves_answer_shows_the_steps_a_refresh_of_the_page_would(golf_app, api):
    """The page is answered from the move's own outcome (no second read): its steps, the
    mover's own move first, then each computer reply, are those a refresh would show."""
    table, (host,) = seated(golf_app, api, names=(), seats=("host", "easy", "medium"))
    code = table["code"]
    start(host, code)
    ok(host.post(f"/api/tables/{code}/reveal", json={"position": 0}))
    ok(host.post(f"/api/tables/{code}/reveal", json={"position": 1}))
    ok(host.post(f"/api/tables/{code}/draw", json={"source": "stock"}))
    browser = record(golf_app, code).seats[0].browser
    service = golf_app.state.tables
    moved = service.act(browser, code, {"action": "swap", "position": 2})
    refreshed = service.since(browser, code, moved.read_moves)
    assert moved.frames[0][0][0]["player"] == "you" and moved.frames[0][0][0]["action"] == "swap"
    assert len(moved.frames) == moved.moves - moved.read_moves >= 3  # the swap, then both computers' turns
    assert (moved.frames, moved.events, moved.moves) == (refreshed.frames, refreshed.events, refreshed.moves)
