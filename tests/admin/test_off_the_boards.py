"""``python -m app admin off-boards`` and ``on-boards``, and every rating worked out again
from the stored matches (app/service/ratings/recompute.py), on SQLite and PostgreSQL.

Worked out again with nobody left out, the ratings are exactly those stored as the
matches were played: the derivation is the one update replayed. Taking a player off
the boards takes them off every board, and rates their matches for nobody: their
opponents' ratings become those of the same matches without them, and so do the ratings
of everyone those opponents met after."""

from __future__ import annotations

from openskill.models import PlackettLuce
from sqlalchemy import func, select

from app.service.ratings.recompute import recompute_ratings
from app.service.ratings.service import standings
from app.service.ratings.skill import ANCHOR_SIGMA, ANCHORS
from app.store.models import RatedMatch, Rating, RatingEntry, RatingWeek
from tests.admin.adminkit import refused_and_unchanged
from tests.web.accounts.accountkit import ok, register
from tests.web.ratings.ratingkit import play_rated

MODEL = PlackettLuce()


def shown(rating) -> int:
    return round(1000 + 40 * (rating.mu - 3 * rating.sigma))


def totals_of(played: dict) -> list[int]:
    match = played["view"]["match"]
    return [match["totals"][p["id"]] for p in sorted(match["players"], key=lambda p: p["seat"])]


def computer(level: str):
    return MODEL.rating(mu=ANCHORS[level], sigma=ANCHOR_SIGMA)


def ratings_stored(site) -> dict[str, list]:
    """The ratings, the entries and the weeks' boards as stored."""
    with site.app.state.engine.connect() as connection:
        return {
            table.name: sorted(tuple(row) for row in connection.execute(select(table)))
            for table in (Rating.__table__, RatingEntry.__table__, RatingWeek.__table__)
        }


def rated_matches(site) -> int:
    with site.app.state.engine.connect() as connection:
        return connection.execute(select(func.count()).select_from(RatedMatch.__table__)).scalar_one()


def test_ratings_worked_out_again_are_those_stored_and_a_player_off_the_boards_counts_for_nobody(site, capsys):
    ann = site.client
    register(ann, "Ann Board")
    first = play_rated(site.app, ann, names=("Bob",), accounts=("Bob Off",), computers=("medium",))
    bob = first["people"][1]
    second = play_rated(site.app, bob, names=(), computers=("easy",))
    third = play_rated(site.app, ann, names=(), computers=("hard",))
    fourth = play_rated(site.app, ann, names=("Cy",), accounts=("Cy Board",), computers=("easy",))
    fifth = play_rated(site.app, ann, names=("Dee",), accounts=("Dee Leaves",), computers=("easy",), leavers=(1,))
    assert rated_matches(site) == 5
    stored = ratings_stored(site)

    # Nobody off the boards: every rating, entry and week comes out as stored.
    with site.app.state.engine.begin() as connection:
        done = recompute_ratings(connection)
    assert (done.rated, done.left_out, done.accounts) == (5, 0, 4)
    assert ratings_stored(site) == stored

    capsys.readouterr()
    assert site.admin("off-boards", "bob off") == 0
    assert capsys.readouterr().out == (
        "Bob Off's results are off the boards: 3 rated matches rated again (2 left out), 3 accounts rated.\n"
    )
    # Ann and Cy as if the first match (with Bob) had never been rated.
    ann_skill, cy_skill = MODEL.rating(), MODEL.rating()
    [[ann_skill], _] = MODEL.rate([[ann_skill], [computer("hard")]], ranks=totals_of(third))
    [[ann_skill], [cy_skill], _] = MODEL.rate([[ann_skill], [cy_skill], [computer("easy")]], ranks=totals_of(fourth))
    dee_left = standings(totals_of(fifth), [False, True, False])  # who left is ranked last
    [[ann_skill], [dee_skill], _] = MODEL.rate([[ann_skill], [MODEL.rating()], [computer("easy")]], ranks=dee_left)
    board = ok(ann.get("/api/leaderboard"))
    assert {p["name"]: p["rating"] for p in board["players"]} == {
        "Ann Board": shown(ann_skill),
        "Cy Board": shown(cy_skill),
        "Dee Leaves": shown(dee_skill),
    }
    assert sorted(w["name"] for w in board["week"]) == ["Ann Board", "Cy Board", "Dee Leaves"]
    assert board["rated"] == 3
    profile = ok(ann.get("/api/players/Ann Board"))
    assert profile["games"] == 3 and [m["replay"] for m in profile["matches"]] == [
        fifth["view"]["match"]["replay"],
        fourth["view"]["match"]["replay"],
        third["view"]["match"]["replay"],
    ]
    assert profile["history"][-1]["rating"] == shown(ann_skill)
    off = ann.get("/api/players/Bob Off")
    assert off.status_code == 404 and off.json()["detail"] == "This player's results are off the boards."
    assert ok(bob.get("/api/leaderboard"))["you"] is None
    assert second["view"]["status"] == "over"

    # While off the boards, Bob's matches are rated for nobody.
    play_rated(site.app, bob, names=(), computers=("easy",))
    assert rated_matches(site) == 5

    assert site.admin("on-boards", "Bob Off") == 0
    assert capsys.readouterr().out == (
        "Bob Off's results are back on the boards: 5 rated matches rated again (0 left out), 4 accounts rated.\n"
    )
    assert ratings_stored(site) == stored
    assert ok(bob.get("/api/leaderboard"))["you"]["name"] == "Bob Off"


def test_a_refused_change_of_the_boards_changes_nothing(site, capsys):
    register(site.client, "Dee Board")
    play_rated(site.app, site.client, names=(), computers=("easy",))
    refused_and_unchanged(site, capsys, ("off-boards", "Nobody"), "No account is called 'Nobody'.")
    refused_and_unchanged(site, capsys, ("on-boards", "Dee Board"), "Dee Board's results are on the boards already.")
    assert site.admin("off-boards", "Dee Board") == 0
    refused_and_unchanged(site, capsys, ("off-boards", "dee board"), "Dee Board's results are off the boards already.")
