"""Tables that cannot be abused, on SQLite and PostgreSQL: a table whose people are all
away stops playing for them, a timeout plays one seat's turn a transaction, Play again
keeps the new seats for the people who played, names are unique at a table and
checked as every name is, and old tables are purged unless someone still looks at them."""

from __future__ import annotations

import html
from datetime import timedelta

import pytest

from app.golf.actions import parse_log_entry
from app.service.review.reviews import table_key
from app.service.tables.purge import purge_tables
from app.store import reviews
from app.store import table_streams as stream_store
from app.store import tables as table_store
from tests.web.review.test_table_review import play_hole
from tests.web.tables.tablekit import make_table, ok, person, record

TIMER = 10


@pytest.fixture
def clock(golf_app, monkeypatch):
    """The table service's clock, moved by the test: ``clock[0]`` is now (ms). The
    process's background sweep stands still meanwhile (the test sweeps when it means to),
    so that it plays no table at the moved time behind the test's back."""
    service = golf_app.state.tables
    now = [service.now()]
    monkeypatch.setattr(service, "now", lambda: now[0])
    monkeypatch.setattr(service, "sweep", lambda: 0)
    return now


def sweep(golf_app) -> int:
    service = golf_app.state.tables
    return type(service).sweep(service)


def started(host, seats, **options) -> str:
    code = make_table(host, seats=seats, timer_seconds=TIMER, **options)["code"]
    ok(host.post(f"/api/tables/{code}/start"))
    return code


def mark_connected(golf_app, code: str, seat: int, now_ms: int, stream: str) -> None:
    """The seat's person has the table's page open (its event stream's row, marked now)."""
    with golf_app.state.engine.begin() as connection:
        stream_store.open_stream(connection, stream, code, seat, now_ms)


# ------------------------------------------------------------------ people away, timeouts


def test_a_table_whose_people_are_all_away_stops_playing_until_one_is_back(golf_app, api, clock):
    service = golf_app.state.tables
    code = started(api, ("host", "expert", "expert"))
    began = clock[0]
    turns = 0
    while not record(golf_app, code).away:
        clock[0] += (TIMER + 1) * 1000
        assert service.expire(code), "a turn out of time was not played"
        turns += 1
        assert turns < 40, "the table never stopped playing for a person who is away"
    # It played for her while she might come back, and stopped once she had been away too long.
    assert service.timeouts.away_ms <= clock[0] - began <= service.timeouts.away_ms + 2 * (TIMER + 1) * 1000
    row = record(golf_app, code)
    assert row.deadline_ms is None and row.status == "playing"
    log = list(row.log)
    clock[0] += 24 * 3600 * 1000
    assert service.expire(code) is False
    sweep(golf_app)  # the sweep plays other tests' tables past their time, and none of this one's
    assert record(golf_app, code).log == log  # a day on: not a move more
    spectator = ok(person(golf_app).get(f"/api/tables/{code}"))
    assert spectator["away"] is True and "Everyone at the table is away" in spectator["notices"][-1]["message"]
    assert record(golf_app, code).away  # a spectator does not bring it back
    back = ok(api.get(f"/api/tables/{code}"))  # she opens the table again
    assert back["away"] is False and back["seconds_left"] == TIMER
    assert back["notices"][-1]["message"] == "Host is back: the turn timer runs again."
    clock[0] += (TIMER + 1) * 1000
    assert service.expire(code) and len(record(golf_app, code).log) > len(log)  # and her timer runs again


def test_a_person_with_the_table_open_keeps_it_playing_past_the_bound(golf_app, api, clock):
    service = golf_app.state.tables
    code = started(api, ("host", "easy"))
    began = clock[0]
    step = 0
    while clock[0] - began < 3 * service.timeouts.away_ms:
        clock[0] += (TIMER + 1) * 1000
        step += 1
        mark_connected(golf_app, code, 0, clock[0], f"stream-{code[:8]}-{step}")
        service.expire(code)
        if record(golf_app, code).status == "over":
            break
    row = record(golf_app, code)
    assert not row.away and row.seen_ms == clock[0]
    assert row.status == "over" or clock[0] - began >= 3 * service.timeouts.away_ms
    assert clock[0] - began > service.timeouts.away_ms  # it played on well past the bound


def test_a_timeout_plays_one_seats_turn_a_transaction(golf_app, api, clock, monkeypatch):
    service = golf_app.state.tables
    code = started(api, ("host", "expert", "expert", "expert"))
    saved: list[list[str]] = []
    real_save = table_store.save_table

    def spy(connection, row, read_version):
        real_save(connection, row, read_version)
        if row.code == code:
            saved.append(list(row.log))

    monkeypatch.setattr(table_store, "save_table", spy)
    before = list(record(golf_app, code).log)
    for _ in range(3):  # her opening, then two turns of the whole table
        clock[0] += (TIMER + 1) * 1000
        assert service.expire(code)
    logs = [before, *saved]
    seats_each_save = [{parse_log_entry(entry)[0] for entry in new[len(old) :]} for old, new in zip(logs, logs[1:])]
    assert all(len(seats) == 1 for seats in seats_each_save), seats_each_save
    order = [seats.pop() for seats in seats_each_save]
    assert order == [0, 0, 1, 2, 3, 0, 1, 2, 3], order
    row = record(golf_app, code)
    # Back to her, with her own full time again (not the computers' "at once").
    assert ok(api.get(f"/api/tables/{code}"))["match"]["legal"] and row.deadline_ms == clock[0] + TIMER * 1000


# ------------------------------------------------------------------ Play again


def finished_table(golf_app, host, names=("Bea",)) -> tuple[str, list]:
    """A one-hole table of the host and these people, played out."""
    code = make_table(host, seats=("host",) + ("open",) * len(names), rules={"holes": 1})["code"]
    people = [host]
    for name in names:
        client = person(golf_app)
        ok(client.post(f"/api/tables/{code}/join", json={"name": name}))
        people.append(client)
    ok(host.post(f"/api/tables/{code}/start"))
    play_hole(people, code)
    assert record(golf_app, code).status == "over"
    return code, people


def test_play_again_keeps_each_seat_for_the_person_who_sat_there(golf_app, api, clock):
    code, (host, bea, cy) = finished_table(golf_app, api, names=("Bea", "Cy"))
    follow_up = ok(bea.post(f"/api/tables/{code}/again"))["next"]
    seats = ok(bea.get(f"/api/tables/{follow_up}"))["seats"]
    assert [(s["kind"], s["held_for"]) for s in seats] == [("person", None), ("open", "Host"), ("open", "Cy")]
    assert seats[1]["name"] == "Open seat, kept for Host"
    watcher = person(golf_app)
    # A spectator can take neither a kept seat nor the name of the person it is kept for.
    taken = watcher.post(f"/api/tables/{follow_up}/join", json={"name": "Cy"})
    assert taken.status_code == 409 and "kept for the people who played" in taken.json()["detail"]
    assert ok(watcher.get(f"/api/tables/{follow_up}"))["you"] is None
    # Cy gets his own seat (not the first open one), whenever he comes in the bound.
    clock[0] += service_hold(golf_app) - 1000
    assert ok(cy.post(f"/api/tables/{follow_up}/join", json={"name": "Cy"}))["you"] == 2
    dup = watcher.post(f"/api/tables/{follow_up}/join", json={"name": "host"})
    assert dup.status_code == 409  # still kept, name and all
    # Once the bound has passed, the seat the host did not come back for is anyone's.
    clock[0] += 2000
    joined = ok(watcher.post(f"/api/tables/{follow_up}/join", json={"name": "Dan"}))
    assert joined["you"] == 1 and joined["seats"][1]["name"] == "Dan" and joined["seats"][1]["held_for"] is None


def service_hold(golf_app) -> int:
    return golf_app.state.tables.hold_ms


# ------------------------------------------------------------------ names


@pytest.mark.parametrize("second", ["Ann", "ann", "ANN", "ＡＮＮ", " Ann "])
def test_names_are_unique_at_a_table_whatever_their_case_or_width(golf_app, api, second):
    code = make_table(api, host_name="Ann", seats=("host", "open", "open"))["code"]
    refused = person(golf_app).post(f"/api/tables/{code}/join", json={"name": second})
    assert refused.status_code == 409, refused.text
    assert refused.json()["detail"].startswith("Someone at this table is already called")
    assert [s["kind"] for s in ok(api.get(f"/api/tables/{code}"))["seats"]] == ["person", "open", "open"]
    assert ok(person(golf_app).post(f"/api/tables/{code}/join", json={"name": "Anna"}))["you"] == 1


def test_a_host_cannot_take_the_name_of_a_computer_player_at_the_table(api):
    response = api.post("/api/tables", json={"name": "T", "seats": ["host", "easy"], "host_name": "computer (EASY)"})
    assert response.status_code == 422 and "choose another name" in response.json()["detail"].lower()


@pytest.mark.parametrize("bad", ["Fri\x00day", "Fri\nday", "\u202eyadirF", "Fri\u2066day", "Fri\u200bday", "x" * 61])
def test_every_name_a_person_gives_is_checked_the_same_way(golf_app, api, bad):
    base = {"seats": ["host", "open"], "name": "Friday"}
    short = bad[:41] if bad.startswith("x") else bad
    for body in ({**base, "name": bad}, {**base, "host_name": short[:25]}, {**base, "rules": {"name": short}}):
        response = api.post("/api/tables", json=body)
        assert response.status_code == 422, (body, response.text)
        detail = response.json()["detail"]
        assert "control characters" in detail or "at most" in detail, detail
    match = api.post("/api/match/new", json={"rules": {"name": short}})
    assert match.status_code == 422 and "The rules' name" in match.json()["detail"]
    scored = api.post("/api/score", json={"grid": ["5H", "KS", "2D", "5C", "9D", "JH"], "rules": {"name": short}})
    assert scored.status_code == 422 and "The rules' name" in scored.json()["detail"]
    sheet = api.post("/scorekeeper", data={"player-0": short[:25], "player-1": "Bo", "holes": "9"})
    assert sheet.status_code == 422 and "Player 1’s name" in html.unescape(sheet.text)


# ------------------------------------------------------------------ NUL and bad ids


@pytest.mark.parametrize(
    "path",
    [
        "/api/tables/ab%00cd",
        "/api/tables/%00",
        "/t/ab%00cd",
        "/t/ab%00cd/table",
        "/t/ab%00cd/review",
        "/api/tables/ab%00cd/review",
        "/api/tables/ab%00cd/events",
        "/scorekeeper/shared/ab%00cd",
        "/scorekeeper/ab%00cd",
        "/api/tables/caf%C3%A9",
        "/t/%F0%9F%99%82",
        "/r/ab%00cd",
        "/api/replays/ab%00cd",
        "/r/ab%00cd?step=3",
    ],
)
def test_a_nul_or_any_odd_character_in_an_address_is_not_found(api, path):
    assert api.get(path).status_code == 404, path


@pytest.mark.parametrize(
    "path", ["/api/tables/ab%00cd/join", "/t/ab%00cd/join", "/scorekeeper/ab%00cd/delete", "/scorekeeper/ab%00cd/undo"]
)
def test_a_nul_in_an_address_posted_to_is_not_found(api, path):
    body = {"json": {"name": "Bea"}} if path.startswith("/api") else {"data": {"name": "Bea"}}
    assert api.post(path, **body).status_code == 404, path


def test_a_nul_in_a_date_is_refused_as_no_date(api):
    assert api.get("/api/daily?date=2026-12-0%00").status_code == 422
    page = api.get("/daily?date=2026-12-0%00")  # the page shows today's board, saying why
    assert page.status_code == 200 and "YYYY-MM-DD" in page.text


@pytest.mark.parametrize("query", ["", "?hole=", "?hole=abc", "?hole=0", "?hole=-1", "?hole=%00", "?hole=1.5"])
def test_a_missing_or_bad_hole_on_a_review_page_is_refused_never_hole_none(golf_app, api, query):
    code, _ = finished_table(golf_app, api)
    for path in (f"/t/{code}/review/decision{query}", f"/review/decision{query}"):
        page = api.get(path)
        assert page.status_code == 422, (path, page.status_code)
        assert "None" not in page.text
    if query not in ("", "?hole="):  # the list of a hole: naming none is the whole match's
        assert api.get(f"/t/{code}/review{query}").status_code == 422
        assert api.get(f"/api/tables/{code}/review{query}").status_code == 422


# ------------------------------------------------------------------ the purge


def test_old_finished_tables_and_tables_nobody_joined_are_purged_with_their_reviews(golf_app, api, clock):
    engine = golf_app.state.engine
    finished, _ = finished_table(golf_app, api)
    looked_at, _ = finished_table(golf_app, api)
    watched, _ = finished_table(golf_app, api)
    unjoined = make_table(api, seats=("host", "open"))["code"]
    joined = make_table(api, seats=("host", "open"))["code"]
    ok(person(golf_app).post(f"/api/tables/{joined}/join", json={"name": "Bea"}))
    host = record(golf_app, finished).seats[0].browser
    with engine.begin() as connection:
        reviews.store_review(
            connection,
            browser_id=host,
            match_id=table_key(finished),
            hole=1,
            seat=0,
            digest="d",
            review={"decisions": [], "points_lost": 0.0},
            now_ms=clock[0],
        )

    def purge(days: float) -> int:
        return purge_tables(
            engine,
            finished_for=timedelta(days=30),
            unjoined_for=timedelta(hours=24),
            now_ms=clock[0] + int(days * 86_400_000),
        )

    purge(0)
    mine = (finished, looked_at, watched, unjoined, joined)
    assert all(record(golf_app, code) is not None for code in mine)  # nothing young goes
    clock[0] += 29 * 86_400_000
    ok(person(golf_app).get(f"/api/tables/{looked_at}"))  # read on day 29: kept a while longer
    clock[0] -= 29 * 86_400_000
    mark_connected(golf_app, watched, 0, clock[0] + 31 * 86_400_000, f"purge-{watched[:8]}")  # open on day 31
    purge(31)
    assert record(golf_app, finished) is None and record(golf_app, unjoined) is None
    assert api.get(f"/api/tables/{finished}").status_code == 404
    assert record(golf_app, looked_at) is not None and record(golf_app, watched) is not None
    assert record(golf_app, joined) is not None  # someone joined: not "nobody joined"
    with engine.connect() as connection:
        assert reviews.load_review(connection, host, table_key(finished), 1, 0) is None
    purge(60)
    assert record(golf_app, looked_at) is None


def test_a_table_with_an_open_page_on_the_purging_process_is_kept(golf_app, api, clock):
    engine = golf_app.state.engine
    code, _ = finished_table(golf_app, api)
    later = clock[0] + 31 * 86_400_000

    def purge(watched) -> None:
        purge_tables(
            engine, finished_for=timedelta(days=30), unjoined_for=timedelta(hours=24), watched=watched, now_ms=later
        )

    purge(lambda other: other == code)  # a spectator's stream here, say: no row of its own in the database
    assert record(golf_app, code) is not None
    purge(lambda other: False)
    assert record(golf_app, code) is None


def test_a_match_against_the_computer_is_never_purged_as_a_table(golf_app, api, clock):
    """A finished match is a table too, but it belongs to its browser: it goes when the
    browser's session is purged, never with the tables of people left unread."""
    from sqlalchemy import update

    from app.service.browsers import browser_id_for
    from app.store.repository import GOLF_TABLES
    from app.web.http.session import COOKIE_NAME

    api.get("/api/match")
    browser = browser_id_for(api.cookies[COOKIE_NAME])
    engine = golf_app.state.engine
    with engine.begin() as connection:  # as a match over, and untouched, long ago
        connection.execute(
            update(GOLF_TABLES).where(GOLF_TABLES.c.owner == browser).values(status="over", updated_ms=0, read_ms=None)
        )
    purge_tables(engine, finished_for=timedelta(days=30), unjoined_for=timedelta(hours=24), now_ms=clock[0] + 10**11)
    with engine.connect() as connection:
        assert table_store.load_match(connection, browser) is not None
    assert api.get("/api/match").status_code == 200
