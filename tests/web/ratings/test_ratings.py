"""Ratings of quick-play matches, on SQLite and PostgreSQL: a finished match between
accounts moves each account's rating exactly as OpenSkill's own Plackett-Luce does for the
same totals (the computers at their levels' anchors), a leaver counts last, a match with a
guest in it is rated for nobody, the next match starts from the stored rating, and the
leaderboard and the profiles read them back."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce
from sqlalchemy import insert

from app.service.ratings.skill import ANCHOR_SIGMA, ANCHORS, PROVISIONAL_GAMES
from app.store.models import Rating
from tests.web.ratings.ratingkit import make_account, play_rated
from tests.web.tables.tablekit import ok, person

MODEL = PlackettLuce()


def shown(rating) -> int:
    return round(1000 + 40 * (rating.mu - 3 * rating.sigma))


def totals_of(view: dict) -> list[int]:
    """The final totals in seat order."""
    match = view["match"]
    return [match["totals"][player["id"]] for player in sorted(match["players"], key=lambda p: p["seat"])]


def test_a_rated_match_moves_ratings_as_openskill_does(golf_app, api):
    host = api
    ok(host.get("/api/leaderboard"))  # the host's cookie
    make_account(golf_app, host, "Ann Rated")
    played = play_rated(golf_app, host, names=("Bea Rated",), accounts=("Bea Rated",), computers=("easy",))
    totals = totals_of(played["view"])
    assert played["view"]["rated"] and played["view"]["quick_play"]
    # The same match through the library: Ann and Bea newcomers, the Easy computer at its anchor.
    teams = [[MODEL.rating()], [MODEL.rating()], [MODEL.rating(mu=ANCHORS["easy"], sigma=ANCHOR_SIGMA)]]
    expected = MODEL.rate(teams, ranks=[float(t) for t in totals])

    ann = ok(host.get("/api/players/ann rated"))  # names are found whatever their case
    assert ann["name"] == "Ann Rated" and ann["games"] == 1 and ann["provisional"]
    assert ann["rating"] == shown(expected[0][0])
    assert ann["history"] == [{"date": ann["matches"][0]["date"], "rating": ann["rating"]}]
    line = ann["matches"][0]
    assert line["players"] == 3 and line["total"] == totals[0]
    assert line["place"] == 1 + sum(t < totals[0] for t in totals)
    assert line["replay"] == played["view"]["match"]["replay"]

    bea = ok(host.get("/api/players/Bea Rated"))
    assert bea["games"] == 1 and bea["rating"] == shown(expected[1][0])
    board = ok(host.get("/api/leaderboard"))
    names = [row["name"] for row in board["players"]]
    assert "Ann Rated" in names and "Bea Rated" in names
    assert board["you"]["name"] == "Ann Rated" and board["you"]["rating"] == ann["rating"]
    week = {row["name"]: row for row in board["week"]}
    assert week["Ann Rated"]["gained"] == ann["rating"] - 1000 and week["Ann Rated"]["games"] == 1


def test_the_next_match_starts_from_the_stored_rating(golf_app, api):
    host = api
    ok(host.get("/api/leaderboard"))
    make_account(golf_app, host, "Cy Twice")
    first = play_rated(golf_app, host, names=(), computers=("medium",))
    second = play_rated(golf_app, host, names=(), computers=("hard",))
    me = MODEL.rating()
    [[me], _] = MODEL.rate(
        [[me], [MODEL.rating(mu=ANCHORS["medium"], sigma=ANCHOR_SIGMA)]], ranks=totals_of(first["view"])
    )
    [[me], _] = MODEL.rate(
        [[me], [MODEL.rating(mu=ANCHORS["hard"], sigma=ANCHOR_SIGMA)]], ranks=totals_of(second["view"])
    )
    cy = ok(host.get("/api/players/Cy Twice"))
    assert cy["games"] == 2 and cy["rating"] == shown(me)
    assert [m["replay"] for m in cy["matches"]] == [second["view"]["match"]["replay"], first["view"]["match"]["replay"]]
    assert len(cy["history"]) == 2 and cy["history"][-1]["rating"] == cy["rating"]


def test_a_match_with_a_guest_in_it_is_rated_for_nobody(golf_app, api):
    host = api
    ok(host.get("/api/leaderboard"))
    make_account(golf_app, host, "Dee Pair")
    played = play_rated(golf_app, host, names=("Eve Pair",), computers=())
    assert played["view"]["quick_play"] and not played["view"]["rated"]
    make_account(golf_app, played["people"][1], "Eve Pair")  # too late: that match was Eve's as a guest
    dee, eve = ok(host.get("/api/players/Dee Pair")), ok(host.get("/api/players/Eve Pair"))
    assert dee["games"] == 0 and dee["rating"] is None and eve["games"] == 0 and eve["rating"] is None
    again = play_rated(golf_app, host, names=(), computers=("easy",))
    assert again["view"]["rated"] and again["view"]["status"] == "over"
    assert ok(host.get("/api/players/Dee Pair"))["games"] == 1


def test_leaving_a_rated_match_is_rated_as_last_place(golf_app, api):
    host = api
    ok(host.get("/api/leaderboard"))
    make_account(golf_app, host, "Ida Stays")
    played = play_rated(golf_app, host, names=("Hal Leaves",), accounts=("Hal Leaves",), leavers=(1,))
    totals = totals_of(played["view"])
    hal = ok(host.get("/api/players/Hal Leaves"))
    assert hal["games"] == 1 and hal["matches"][0]["total"] == totals[1] and hal["matches"][0]["place"] == 2
    # Last whatever the computer made of Hal's seat: Ida first, Hal second.
    expected = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1, 2])
    assert hal["rating"] == shown(expected[1][0]) < 1000
    assert ok(host.get("/api/players/Ida Stays"))["rating"] == shown(expected[0][0])


def test_a_table_that_is_not_quick_play_is_not_rated(golf_app, api):
    host = api
    ok(host.get("/api/leaderboard"))
    make_account(golf_app, host, "Fay Friendly")
    play_rated(golf_app, host, names=(), computers=("easy",), rated=False)
    fay = ok(host.get("/api/players/Fay Friendly"))
    assert fay["games"] == 0 and fay["matches"] == [] and ok(host.get("/api/leaderboard"))["you"] is None


def test_an_unknown_player_is_a_404_with_a_sentence(api):
    response = api.get("/api/players/Nobody At All")
    assert response.status_code == 404 and "No player goes by that name" in response.text
    assert api.get("/players/Nobody At All").status_code == 404


def test_the_pages_show_the_board_and_the_profile(golf_app, api):
    host = api
    ok(host.get("/api/leaderboard"))
    make_account(golf_app, host, "Gus Paged")
    play_rated(golf_app, host, names=(), computers=("easy",))
    play_rated(golf_app, host, names=(), computers=("easy",))
    board = host.get("/leaderboard").text
    assert 'href="/players/Gus%20Paged"' in board and "(provisional)" in board and "You are <strong>Gus Paged" in board
    page = host.get("/players/Gus Paged").text
    assert "<svg" in page and "Watch the replay" in page
    guest = person(golf_app).get("/leaderboard").text
    assert "Guests play unrated" in guest


@pytest.mark.parametrize("games", [PROVISIONAL_GAMES - 1, PROVISIONAL_GAMES])
def test_provisional_until_ten_matches(golf_app, games):
    from app.service.ratings.service import _standing

    row = {"name": "x", "shown": 1000, "games": games}
    assert _standing(row, 1)["provisional"] is (games < PROVISIONAL_GAMES)


@pytest.fixture
def own_app_client(own_database):
    """An app on a database of its own: the board counts every rating there is."""
    from fastapi.testclient import TestClient

    from app.main import create_app
    from app.settings import Settings

    app = create_app(Settings(database_url=own_database, deal_key="test-deal-key", rate_limit_enabled=False))
    with TestClient(app) as client:
        yield app, client


def test_equal_ratings_share_a_rank_and_you_see_your_neighbours(own_app_client):
    golf_app, client = own_app_client
    ok(client.get("/api/leaderboard"))
    me = make_account(golf_app, client, "Me Middle")
    others = [make_account(golf_app, person(golf_app), f"Other {n}") for n in range(8)]
    shown = dict(zip(others, [1500, 1400, 1400, 1300, 1200, 1100, 1000, 900], strict=True)) | {me: 1050}
    with golf_app.state.engine.begin() as connection:
        connection.execute(
            insert(Rating.__table__),
            [
                {"account_id": a, "mu": 25.0, "sigma": 8.0, "shown": s, "games": 12, "updated_ms": 0}
                for a, s in shown.items()
            ],
        )
    board = ok(client.get("/api/leaderboard"))
    assert [row["rank"] for row in board["players"]] == [1, 2, 2, 4, 5, 6, 7, 8, 9]
    assert [row["rating"] for row in board["players"]][6] == 1050 and board["you"]["rank"] == 7
    assert [row["name"] for row in board["around"]] == ["Other 4", "Other 5", "Me Middle", "Other 6", "Other 7"]
    assert [row["rank"] for row in board["around"]] == [5, 6, 7, 8, 9]
    assert not board["you"]["provisional"] and board["rated"] == 9


def test_deleting_a_rated_account_leaves_nothing_of_it(golf_app, api):
    from tests.web.accounts.test_devices_api import every_row

    host = api
    account = make_account(golf_app, host, "Gil Gone")
    played = play_rated(golf_app, host, names=(), computers=("easy",))
    assert account in every_row(golf_app)
    assert host.delete("/api/account").status_code == 204
    stored = every_row(golf_app)
    assert account not in stored and "Gil Gone" not in stored
    assert person(golf_app).get("/api/players/Gil Gone").status_code == 404
    # The match's replay stays for the others at the table, naming nobody's account.
    replay = person(golf_app).get(played["view"]["match"]["replay"].replace("/r/", "/api/replays/")).json()
    assert replay["seats"][0]["name"] == "A former player"
