"""The pages of online tables, through HTTP: make a table from its form, join by the
link, the waiting room, play from each seat, watch, leave, the timer, play again.

Each person is a client with its own cookies (``person``), on SQLite and PostgreSQL."""

from __future__ import annotations

import re

import pytest

from app.cards import card_name
from tests.web.golf.matchkit import keys_listed
from tests.web.tables.tablekit import hidden_from, person

HTMX = {"HX-Request": "true"}


def make(client, seats=("open", "open"), holes="1", timer="", host_name="Ann", **fields) -> str:
    form = {
        "name": "Friday golf",
        "host_name": host_name,
        "seat_count": str(len(seats) + 1),
        "preset": "standard",
        "holes": holes,
        "timer_seconds": timer,
        **{f"seat_{i + 1}": kind for i, kind in enumerate(seats)},
        **fields,
    }
    response = client.post("/tables", data=form, follow_redirects=False)
    assert response.status_code == 303, response.text
    code = response.headers["location"].removeprefix("/t/")
    assert re.fullmatch(r"[A-Za-z0-9_-]{16}", code)
    return code


def state(client, code: str) -> dict:
    return client.get(f"/api/tables/{code}").json()


def seen_and_version(html: str) -> tuple[str, str]:
    seen = re.search(r'name="seen" value="(\d+)"', html).group(1)
    version = re.search(r'data-version="(\d+)"', html).group(1)
    return seen, version


def choose(match: dict) -> dict:
    legal = match["legal"]
    down = {i for i, cell in enumerate(match["players"][0]["grid"]) if not cell["face_up"]}
    for move in legal:
        if move["action"] in ("reveal", "next_hole") or (move["action"] == "swap" and move["position"] in down):
            return move
    return next((m for m in legal if m.get("source") == "stock"), legal[0])


def play_one(client, code: str, table: dict, html: str):
    """A legal move of this seat that brings the hole to its end (reveal, or swap into a
    face-down card, or deal the next hole), posted from its page as HTMX posts it."""
    move = choose(table["match"])
    seen, version = seen_and_version(html)
    command = move["action"].replace("_", "-")
    data = {"seen": seen, **{k: str(v) for k, v in move.items() if k != "action"}}
    return client.post(f"/t/{code}/play/{command}", data=data, headers={**HTMX, "If-Match": f'"{version}"'})


def test_make_table_page_offers_every_rule_and_seat_choice(api):
    page = api.get("/tables/new")
    assert page.status_code == 200
    html = page.text
    for preset in ("standard", "four-card", "nine-card", "knocking", "eighteen-holes"):
        assert f'value="{preset}"' in html
    for option in ("holes", "flip_after_reject", "ending", "final_turn", "jokers", "jacks_zero", "match_value"):
        assert f'name="{option}"' in html
    assert 'name="seat_count"' in html and 'name="seat_7"' in html and 'name="timer_seconds"' in html
    assert 'name="seed"' not in html and 'name="level"' not in html  # the table deals its own; seats set levels
    assert '<option value="" selected>Off</option>' in html  # no timer unless asked


def test_the_new_game_dialog_links_to_play_with_friends(api):
    assert 'href="/tables/new">Play with friends' in api.get("/").text
    assert 'href="/tables/new">Play with friends' in api.get("/new").text


def test_making_a_table_seats_you_as_host_with_the_rules_and_seats_chosen(api):
    code = make(api, seats=("open", "expert", "open"), holes="2", preset="nine-card", timer="60")
    table = state(api, code)
    assert table["you"] == 0 and table["status"] == "waiting" and table["timer_seconds"] == 60
    assert [s["kind"] for s in table["seats"]] == ["person", "open", "computer", "open"]
    assert table["seats"][0]["name"] == "Ann" and table["seats"][2]["level"] == "expert"
    rules = table["rules"]
    assert rules["rows"] * rules["cols"] == 9 and rules["holes"] == 2 and rules["players"] == 4
    page = api.get(f"/t/{code}").text
    assert f"/t/{code}" in page and "data-copy" in page and "readonly" in page  # the link to share
    assert f'sse-connect="/t/{code}/events?shown=' in page and 'hx-trigger="sse:table"' in page
    assert "/static/vendor/htmx-ext-sse-2.2.4.js" in page


def test_a_refused_table_form_says_why_and_makes_nothing(api):
    response = api.post(
        "/tables",
        data={"name": "x", "host_name": "   ", "seat_count": "2", "seat_1": "open", "preset": "standard"},
        follow_redirects=False,
    )
    assert response.status_code == 422
    assert "A name cannot be empty" in response.text
    response = api.post("/tables", data={"name": "x", "host_name": "Ann", "seat_count": "9"})
    assert response.status_code == 422 and "seats" in response.text


def test_joining_by_the_link_fills_the_waiting_room_live(api, golf_app):
    code = make(api)
    bea = person(golf_app)
    page = bea.get(f"/t/{code}").text
    assert 'action="/t/' + code + '/join"' in page and 'id="join-name"' in page
    assert bea.post(f"/t/{code}/join", data={"name": "Bea"}, follow_redirects=False).status_code == 303
    assert state(bea, code)["you"] == 1
    # The host's page, drawn before Bea came, fetches its fragment: Bea is there.
    host_page = api.get(f"/t/{code}").text
    assert "Bea" in host_page and "Start the match" in host_page
    assert '<strong>Ann</strong> <span class="tag">host</span>' in host_page
    assert '<strong>Bea</strong> <span class="tag">host</span>' not in host_page
    again = bea.get(f"/t/{code}").text  # back at her seat: no join form now
    assert 'id="join-name"' not in again and "Waiting room: the host starts the match" in again


def test_the_fragment_answers_nothing_when_the_page_is_up_to_date(api):
    code = make(api)
    page = api.get(f"/t/{code}").text
    url = re.search(r'hx-get="([^"]+)"', page).group(1).replace("&amp;", "&")
    assert api.get(url, headers=HTMX).status_code == 204
    api.post(f"/t/{code}/seats/1", data={"kind": "hard"}, headers=HTMX)
    fresh = api.get(url, headers=HTMX)
    assert fresh.status_code == 200 and "Computer (hard)" in fresh.text


def test_a_refresh_that_brings_nothing_new_is_answered_before_any_replay_or_view(api, golf_app, monkeypatch):
    code = make(api, seats=("hard",))
    api.post(f"/t/{code}/start", headers=HTMX)
    page = api.get(f"/t/{code}").text
    url = re.search(r'hx-get="([^"]+)"', page).group(1).replace("&amp;", "&")
    service = golf_app.state.tables

    def no_work(*args, **kwargs):
        raise AssertionError("the table was loaded, replayed and described for a page that is up to date")

    monkeypatch.setattr(service, "since", no_work)
    monkeypatch.setattr(service, "_load", no_work)
    assert api.get(url, headers=HTMX).status_code == 204
    monkeypatch.undo()
    stale = re.sub(r"stamp=[^&]*", "stamp=0.0.", url)  # a page drawn from another version
    assert api.get(stale, headers=HTMX).status_code == 200


def test_the_host_sets_computer_seats_and_starts_filling_open_seats(api, golf_app):
    code = make(api, seats=("open", "open", "open"))
    bea = person(golf_app)
    bea.post(f"/t/{code}/join", data={"name": "Bea"})
    refused = bea.post(f"/t/{code}/seats/2", data={"kind": "easy"}, headers=HTMX)
    assert refused.status_code == 403 and "Only the host" in refused.text
    assert api.post(f"/t/{code}/seats/2", data={"kind": "expert"}, headers=HTMX).status_code == 200
    assert api.post(f"/t/{code}/seats/2", data={"kind": "open"}, headers=HTMX).status_code == 200
    assert api.post(f"/t/{code}/seats/1", data={"kind": "easy"}, headers=HTMX).status_code == 409  # Bea sits there
    started = api.post(f"/t/{code}/start", data={"fill": "hard"}, headers=HTMX)
    assert started.status_code == 200
    table = state(api, code)
    assert table["status"] == "playing"
    assert [s["level"] for s in table["seats"]] == [None, None, "hard", "hard"]
    assert 'id="board"' in started.text


def test_each_person_plays_from_their_own_seat_and_sees_the_others_moves_told(api, golf_app):
    code = make(api, seats=("open",))
    bea = person(golf_app)
    bea.post(f"/t/{code}/join", data={"name": "Bea"})
    api.post(f"/t/{code}/start", data={})
    pages = {0: api.get(f"/t/{code}").text, 1: bea.get(f"/t/{code}").text}
    people = {0: api, 1: bea}
    assert "Pause" not in pages[0] and "Restart match" not in pages[0] and ">Hint<" not in pages[0]
    assert "Leave" in pages[0] and 'data-confirm="leave-dialog"' in pages[0]
    # The opening reveals, then turns until a draw and a swap have been told to the other.
    told = []
    for _ in range(40):
        mover = next(s for s in (0, 1) if state(people[s], code)["match"]["legal"])
        other = 1 - mover
        answer = play_one(people[mover], code, state(people[mover], code), pages[mover])
        assert answer.status_code == 200, answer.text
        pages[mover] = answer.text
        seen, _ = seen_and_version(pages[other])
        stamp = re.search(r'stamp=([^"&]+)', pages[other]).group(1)
        fetched = people[other].get(f"/t/{code}/table", params={"seen": seen, "stamp": stamp}, headers=HTMX)
        assert fetched.status_code == 200
        pages[other] = fetched.text
        told.append(
            re.search(r'data-say="([^"]*)"', fetched.text).group(1)
            + " ".join(re.findall(r'<template data-say="([^"]*)"', fetched.text))
        )
        if state(api, code)["match"]["phase"] in ("hole_over", "match_over"):
            break
    names = {0: "Ann", 1: "Bea"}
    assert any(names[0] in t or names[1] in t for t in told)
    assert any("swapped it into" in t or "threw it away" in t or "revealed the" in t for t in told)
    assert any("Your turn." in t for t in told)
    # Each sees its own grid at the bottom as "Your grid", the other's by name.
    assert 'aria-label="Your grid"' in pages[0] and "Bea’s grid" in pages[0]
    assert "Ann’s grid" in pages[1]


def test_a_move_out_of_turn_is_refused_on_the_page_with_the_reason(api, golf_app):
    code = make(api, seats=("open",))
    bea = person(golf_app)
    bea.post(f"/t/{code}/join", data={"name": "Bea"})
    api.post(f"/t/{code}/start", data={})
    # Both reveal their openings; then only one may draw.
    for client in (api, bea):
        for _ in range(2):
            table = state(client, code)
            play_one(client, code, table, client.get(f"/t/{code}").text)
    waiting = next(c for c in (api, bea) if not state(c, code)["match"]["legal"])
    html = waiting.get(f"/t/{code}").text
    seen, version = seen_and_version(html)
    refused = waiting.post(
        f"/t/{code}/play/draw", data={"seen": seen, "source": "stock"}, headers={**HTMX, "If-Match": f'"{version}"'}
    )
    assert refused.status_code == 409 and "It is not your move" in refused.text


def test_a_spectator_sees_the_table_live_and_no_hidden_card(api, golf_app):
    code = make(api, seats=("medium",))
    api.post(f"/t/{code}/start", data={})
    watcher = person(golf_app)
    page = watcher.get(f"/t/{code}")
    assert page.status_code == 200
    assert "you are watching" in page.text and 'id="join-name"' not in page.text
    assert "Your grid" not in page.text and ">Undo<" not in page.text and "Leave" not in page.text
    assert 'hx-trigger="sse:table"' in page.text
    hidden = hidden_from(golf_app, code, None)
    named = [card_name(card) for card in hidden if not card.startswith("X")]
    assert named and not [name for name in named if re.search(rf"\b{name}\b", page.text)]
    assert "face down" in page.text  # the cards nobody has seen are drawn as backs


def test_a_full_table_offers_to_watch(api, golf_app):
    code = make(api, seats=("open",))
    person(golf_app).post(f"/t/{code}/join", data={"name": "Bea"})
    late = person(golf_app)
    page = late.get(f"/t/{code}").text
    assert "Every seat at this table is taken: you can watch" in page and 'id="join-name"' not in page
    refused = late.post(f"/t/{code}/join", data={"name": "Cy"})
    assert refused.status_code == 409


def test_reopening_the_link_puts_you_back_in_your_seat(api, golf_app):
    code = make(api, seats=("open",))
    bea = person(golf_app)
    bea.post(f"/t/{code}/join", data={"name": "Bea"})
    api.post(f"/t/{code}/start", data={})
    page = bea.get(f"/t/{code}").text
    assert 'aria-label="Your grid"' in page and "Ann’s grid" in page
    assert state(bea, code)["you"] == 1


def test_computer_speed_is_offered_only_at_a_table_with_a_computer(api, golf_app):
    code = make(api, seats=("open",))
    bea = person(golf_app)
    bea.post(f"/t/{code}/join", data={"name": "Bea"})
    api.post(f"/t/{code}/start", data={})
    for client in api, bea:  # people alone: there are no computer moves to time
        assert 'id="board"' in (page := client.get(f"/t/{code}").text) and "Computer speed" not in page
    with_computer = make(api, seats=("easy",))
    api.post(f"/t/{with_computer}/start", data={})
    assert "Computer speed" in api.get(f"/t/{with_computer}").text
    bea.post(f"/t/{code}/leave")  # a computer takes Bea's seat: its moves are shown at a speed
    assert "Computer speed" in api.get(f"/t/{code}").text


def test_leaving_hands_the_seat_to_a_computer_and_you_watch(api, golf_app):
    code = make(api, seats=("open",))
    bea = person(golf_app)
    bea.post(f"/t/{code}/join", data={"name": "Bea"})
    api.post(f"/t/{code}/start", data={})
    assert bea.post(f"/t/{code}/leave", follow_redirects=False).status_code == 303
    table = state(api, code)
    assert table["seats"][1]["kind"] == "computer" and table["seats"][1]["left"]
    assert "Bea (computer)" in api.get(f"/t/{code}").text
    assert "you are watching" in bea.get(f"/t/{code}").text


def test_the_timer_shows_the_seconds_left_and_the_notices(api, golf_app):
    code = make(api, seats=("open",), timer="30")
    bea = person(golf_app)
    bea.post(f"/t/{code}/join", data={"name": "Bea"})
    api.post(f"/t/{code}/start", data={})
    page = api.get(f"/t/{code}").text
    seconds = int(re.search(r'data-countdown="(\d+)"', page).group(1))
    assert 25 <= seconds <= 30 and "Time left for you" in page
    # Time runs out for both openings: a computer plays them, and the page says so.
    before = page
    service = golf_app.state.tables
    real_now = service.now
    service.now = lambda: real_now() + 31_000
    try:
        service.sweep()
        page = api.get(f"/t/{code}").text
    finally:
        service.now = real_now
    assert "ran out of time: a computer player made that move." in page
    # A page drawn before the time ran out is told so when it fetches the table.
    url = re.search(r'hx-get="([^"]+)"', before).group(1).replace("&amp;", "&")
    told = api.get(url, headers=HTMX).text
    assert "ran out of time" in re.search(r'data-say="([^"]*)"', told).group(1)


def test_the_end_shows_the_result_to_everyone_and_play_again_makes_one_new_table(api, golf_app):
    code = make(api, seats=("open",))
    bea = person(golf_app)
    bea.post(f"/t/{code}/join", data={"name": "Bea"})
    api.post(f"/t/{code}/start", data={})
    people = (api, bea)
    for _ in range(200):
        table = state(api, code)
        if table["status"] == "over":
            break
        mover = next(c for c in people if state(c, code)["match"]["legal"])
        play_one(mover, code, state(mover, code), mover.get(f"/t/{code}").text)
    assert state(api, code)["status"] == "over"
    watcher = person(golf_app)
    for client in (api, bea, watcher):
        page = client.get(f"/t/{code}").text
        assert "Final scorecard" in page
        assert re.search(r"(won the match|lost the match|share the lowest total|is a draw)", page)
    assert "Play again" in api.get(f"/t/{code}").text and "Play again" not in watcher.get(f"/t/{code}").text
    made = bea.post(f"/t/{code}/again", follow_redirects=False)
    assert made.status_code == 303
    follow_up = made.headers["location"].removeprefix("/t/")
    assert api.post(f"/t/{code}/again", follow_redirects=False).headers["location"] == f"/t/{follow_up}"  # once
    for client in (api, watcher):
        assert f'href="/t/{follow_up}">Join the next match' in client.get(f"/t/{code}").text
    new = state(bea, follow_up)
    assert new["you"] == 0 and new["seats"][0]["name"] == "Bea" and new["seats"][1]["kind"] == "open"
    assert new["rules"] == state(api, code)["rules"]
    api.post(f"/t/{follow_up}/join", data={"name": "Ann"})
    assert state(api, follow_up)["you"] == 1


def test_statistics_show_online_results_apart(api, golf_app):
    code = make(api, seats=("easy",))
    api.post(f"/t/{code}/start", data={})
    for _ in range(100):
        table = state(api, code)
        if table["status"] == "over":
            break
        if table["match"]["legal"]:
            play_one(api, code, table, api.get(f"/t/{code}").text)
    page = api.get("/statistics").text
    assert "Golf with friends" in page
    online = re.search(r"Golf with friends.*?</table>", page, re.S).group(0)
    assert re.search(r"Played</th><td>1</td>", online)


@pytest.mark.parametrize("path", ["/tables/new"])
def test_pages_are_not_cached(api, path):
    assert api.get(path).headers["cache-control"] == "no-store"


def test_tables_made_from_the_page_count_against_the_new_tables_limit(own_database):
    from fastapi.testclient import TestClient

    from app.main import create_app
    from app.settings import Settings

    settings = Settings(database_url=own_database, deal_key="test-deal-key", rate_limit_tables="1/minute")
    with TestClient(create_app(settings)) as client:
        make(client)
        refused = client.post(
            "/tables", data={"name": "Again", "host_name": "Ann", "seat_count": "2"}, headers={"Accept": "text/html"}
        )
        assert refused.status_code == 429 and "Too many new tables" in refused.text


def test_undo_takes_back_a_draw_from_the_discard_pile_but_not_a_reveal(api, golf_app):
    code = make(api, seats=("open",))
    bea = person(golf_app)
    bea.post(f"/t/{code}/join", data={"name": "Bea"})
    api.post(f"/t/{code}/start", data={})
    people = (api, bea)
    for client in people:
        for _ in range(2):
            play_one(client, code, state(client, code), client.get(f"/t/{code}").text)
    undo = re.compile(r"<button[^>]*/play/undo[^>]*>Undo</button>")
    mover = next(c for c in people if state(c, code)["match"]["legal"])
    html = mover.get(f"/t/{code}").text
    assert "disabled" in undo.search(html).group(0)  # the reveal before stands
    seen, version = seen_and_version(html)
    drawn = mover.post(
        f"/t/{code}/play/draw", data={"seen": seen, "source": "discard"}, headers={**HTMX, "If-Match": f'"{version}"'}
    )
    assert drawn.status_code == 200 and "disabled" not in undo.search(drawn.text).group(0)
    seen, version = seen_and_version(drawn.text)
    undone = mover.post(f"/t/{code}/play/undo", data={"seen": seen}, headers={**HTMX, "If-Match": f'"{version}"'})
    assert undone.status_code == 200 and "Your last move was taken back." in undone.text
    assert state(mover, code)["match"]["phase"] == "draw"


def test_a_table_of_people_lists_no_hint_or_pause_key_and_offers_to_leave(api, golf_app):
    code = make(api, seats=("open",))
    bea = person(golf_app)
    bea.post(f"/t/{code}/join", data={"name": "Bea"})
    api.post(f"/t/{code}/start", data={})
    page = api.get(f"/t/{code}").text
    keys = keys_listed(page)
    assert {"U", "S", "D"} <= keys and not keys & {"H", "P"}
    assert f'formaction="/t/{code}/leave"' in page and 'id="leave-dialog"' in page
    assert "New game" not in page and "Restart match" not in page and "Match summary" not in page
