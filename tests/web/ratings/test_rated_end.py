"""The end of a rated match, on SQLite and PostgreSQL: the table's JSON says what the
match did to each account's rating (``ratings``), [] when it was rated for nobody and null
for an unrated table or a match still in play."""

from __future__ import annotations

from sqlalchemy import update

from app.service.ratings.skill import PROVISIONAL_GAMES
from app.store.models import GolfTable
from tests.web.ratings.ratingkit import make_account, play_rated
from tests.web.tables.tablekit import make_table, ok, person


def test_a_finished_rated_match_shows_each_accounts_rating_before_and_after(golf_app, api):
    host = api
    ok(host.get("/api/leaderboard"))  # the host's cookie
    make_account(golf_app, host, "Rae Ends")
    played = play_rated(golf_app, host, names=("Sol Ends",), accounts=("Sol Ends",), computers=("easy",))
    view = played["view"]
    assert view["rated"] and view["status"] == "over"
    ratings = view["ratings"]
    assert [entry["seat"] for entry in ratings] == [0, 1]  # the accounts' seats, not the computer's
    rae = ok(host.get("/api/players/Rae Ends"))
    sol = ok(host.get("/api/players/Sol Ends"))
    for entry, profile in zip(ratings, (rae, sol), strict=True):
        assert entry["before"] == 1000  # a newcomer's first rated match
        assert entry["after"] == profile["rating"]
        assert entry["change"] == entry["after"] - entry["before"]
        assert entry["provisional"] is True
    # The winner of two newcomers gained more than the other (totals lower is better).
    totals = {p["seat"]: view["match"]["totals"][p["id"]] for p in view["match"]["players"]}
    if totals[0] != totals[1]:
        better, worse = sorted(ratings, key=lambda entry: totals[entry["seat"]])
        assert better["change"] > worse["change"]
    # Everyone reads the same: the other person, and a spectator.
    assert ok(played["people"][1].get(f"/api/tables/{played['code']}"))["ratings"] == ratings
    assert ok(person(golf_app).get(f"/api/tables/{played['code']}"))["ratings"] == ratings


def test_a_rating_is_no_longer_provisional_after_ten_rated_matches(golf_app, api):
    host = api
    ok(host.get("/api/leaderboard"))
    make_account(golf_app, host, "Tia Tenth")
    for number in range(1, PROVISIONAL_GAMES + 1):
        played = play_rated(golf_app, host, names=(), computers=("easy",))
        (mine,) = played["view"]["ratings"]
        assert mine["provisional"] is (number < PROVISIONAL_GAMES)
    # The first match's entry still says what it was then.
    assert ok(host.get("/api/players/Tia Tenth"))["games"] == PROVISIONAL_GAMES


def test_ratings_are_null_for_unrated_tables_and_empty_for_a_match_rated_for_nobody(golf_app, api):
    host = api
    ok(host.get("/api/leaderboard"))
    make_account(golf_app, host, "Uma Plain")
    # A quick match with a guest in it: not rated, so no ratings.
    with_guest = play_rated(golf_app, host, names=("Val Guest",), computers=())
    assert not with_guest["view"]["rated"] and with_guest["view"]["ratings"] is None
    # A table of friends, in play and over.
    table = make_table(host, seats=("host", "easy"), rules={"holes": 1})
    assert table["ratings"] is None
    started = ok(host.post(f"/api/tables/{table['code']}/start"))
    assert started["ratings"] is None
    # A rated match in play: nothing yet.
    rated = make_table(host, seats=("host", "easy"), rules={"holes": 1})
    with golf_app.state.engine.begin() as connection:
        t = GolfTable.__table__
        connection.execute(update(t).where(t.c.code == rated["code"]).values(quick_play=True, rated=True))
    ok(host.post(f"/api/tables/{rated['code']}/start"))
    assert ok(host.get(f"/api/tables/{rated['code']}"))["ratings"] is None
    # Its only person leaves: it ends where it stands and is rated, their seat last.
    left = ok(host.post(f"/api/tables/{rated['code']}/leave"))
    assert left["status"] == "over"
    (mine,) = left["ratings"]
    assert mine["seat"] == 0 and mine["change"] == mine["after"] - mine["before"] and mine["change"] < 0


def test_a_rated_match_rated_for_nobody_has_no_ratings_to_show(golf_app, api):
    from app.store.moderation import set_off_boards

    host = api
    ok(host.get("/api/leaderboard"))
    account = make_account(golf_app, host, "Wes Offboard")
    with golf_app.state.engine.begin() as connection:
        set_off_boards(connection, account, True)  # the site's host took Wes's results off the boards
    played = play_rated(golf_app, host, names=(), computers=("easy",))
    assert played["view"]["rated"] and played["view"]["status"] == "over"
    assert played["view"]["ratings"] == []


def test_the_end_of_a_rated_match_shows_the_ratings_and_the_ways_on(golf_app, api):
    host = api
    ok(host.get("/api/leaderboard"))
    make_account(golf_app, host, "Xan Page")
    played = play_rated(golf_app, host, names=("Yve Page",), accounts=("Yve Page",), computers=("easy",))
    code = played["code"]
    rae, sol = played["view"]["ratings"]
    page = host.get(f"/t/{code}").text
    assert '<h3 id="rated-end-heading">Ratings</h3>' in page
    sign = "+" if rae["change"] > 0 else "−" if rae["change"] < 0 else "±"
    assert f'Xan Page (you)</span> <span class="rating-move">{rae["before"]} → <strong>{rae["after"]}</strong>' in page
    assert f"({sign}{abs(rae['change'])})" in page
    assert "Yve Page</span>" in page and "Yve Page (you)" not in page
    assert page.count('<span class="tag">provisional</span>') == 2
    assert 'href="/leaderboard"' in page
    assert ">Play now again</button>" in page and 'action="/quick-play"' in page
    assert ">Rematch, rated</button>" in page
    assert "everyone here has an account and nobody left" in page
    # The viewer's own lines: no guest sentence for an account.
    mine = host.get(f"/t/{code}/rated-end").text
    assert "Guests are not rated" not in mine
    # A guest watching is told how to be rated.
    guest = person(golf_app)
    watching = guest.get(f"/t/{code}").text
    assert "Ratings</h3>" in watching and "(you)" not in watching and "Play now again" not in watching
    assert 'href="/account"' in guest.get(f"/t/{code}/rated-end").text


def test_a_rematch_of_a_rated_match_is_rated_until_its_seats_change(golf_app, api):
    host = api
    ok(host.get("/api/leaderboard"))
    make_account(golf_app, host, "Zed Again")
    played = play_rated(golf_app, host, names=("Ada Again",), accounts=("Ada Again",))
    ada = played["people"][1]
    following = ok(host.post(f"/api/tables/{played['code']}/again"))["next"]
    assert ok(host.get(f"/api/tables/{following}"))["rated"]
    assert "This rematch is rated" in ada.get(f"/t/{following}").text
    ok(ada.post(f"/api/tables/{following}/join", json={"name": "Ada"}))
    started = ok(host.post(f"/api/tables/{following}/start"))
    assert started["rated"] and started["status"] == "playing"

    # Another: the host fills Ada's seat with a computer player, and it is unrated, saying so.
    played = play_rated(golf_app, host, names=("Bo Again",), accounts=("Bo Again",))
    following = ok(host.post(f"/api/tables/{played['code']}/again"))["next"]
    ok(host.post(f"/api/tables/{following}/seats/1", json={"kind": "hard"}))
    room = host.get(f"/t/{following}").text
    assert "The host changed a seat: this match is unrated." in room and "This rematch is rated" not in room
    started = ok(host.post(f"/api/tables/{following}/start"))
    assert not started["rated"]
    assert started["notices"][-1]["message"].endswith(": this match is unrated.")


def test_a_rematch_after_someone_left_is_unrated_and_says_why(golf_app, api):
    host = api
    ok(host.get("/api/leaderboard"))
    make_account(golf_app, host, "Cal Stays")
    played = play_rated(golf_app, host, names=("Dot Goes",), accounts=("Dot Goes",), computers=("easy",), leavers=(1,))
    assert played["view"]["rated"]
    page = host.get(f"/t/{played['code']}").text
    assert ">Rematch, unrated</button>" in page and "Dot Goes left this match" in page
    following = ok(host.post(f"/api/tables/{played['code']}/again"))["next"]
    assert not ok(host.get(f"/api/tables/{following}"))["rated"]


def test_leaving_a_rated_match_is_asked_with_stay_first_and_then_offers_ways_on(golf_app, api):
    host, eli = api, person(golf_app)
    ok(host.get("/api/leaderboard"))
    make_account(golf_app, host, "Fen Host")
    table = make_table(host, seats=("host", "open"), rules={"holes": 1})
    code = table["code"]
    ok(eli.post(f"/api/tables/{code}/join", json={"name": "Eli"}))
    make_account(golf_app, eli, "Eli Leaves")
    with golf_app.state.engine.begin() as connection:
        t = GolfTable.__table__
        connection.execute(update(t).where(t.c.code == code).values(quick_play=True, rated=True))
    ok(host.post(f"/api/tables/{code}/start"))
    page = eli.get(f"/t/{code}").text
    dialog = page[page.index('<dialog id="leave-dialog"') :]
    dialog = dialog[: dialog.index("</dialog>")]
    assert "counts as last place for your rating, and as a loss in your statistics" in dialog
    assert (
        '<button type="button" class="primary" data-close>Stay</button> <button type="submit">Leave</button>' in dialog
    )
    assert "Play now again" not in page
    left = ok(eli.post(f"/api/tables/{code}/leave"))
    assert left["you"] is None and left["you_left"] == 1 and left["status"] == "playing"
    assert ok(host.get(f"/api/tables/{code}"))["you_left"] is None
    watching = eli.get(f"/t/{code}").text
    assert ">Play now again</button>" in watching and '<a class="button" href="/new">New game</a>' in watching
    assert 'name="players" value="2"' in watching and 'name="name" value="Eli"' in watching
    # A table of friends asks as before: Leave first.
    friends = make_table(host, seats=("host", "easy"), rules={"holes": 1})
    ok(host.post(f"/api/tables/{friends['code']}/start"))
    assert '<button type="submit" class="primary">Leave</button>' in host.get(f"/t/{friends['code']}").text


def test_the_quick_play_waiting_page_says_what_leaving_a_rated_match_costs(golf_app, api):
    from tests.web.quickplay.quickkit import ask, empty_queue

    empty_queue(golf_app.state.engine)
    make_account(golf_app, api, "Gil Waits")
    ok(ask(api, 4, "Gil Waits"))
    page = api.get("/quick-play").text
    assert "counts as last place for your rating, and as a loss in your statistics" in page
    ok(api.delete("/api/quick-play"))
