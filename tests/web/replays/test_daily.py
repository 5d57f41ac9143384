"""The daily deal (``POST /api/match/new {"daily": true}``, ``GET /api/daily``) on SQLite
and PostgreSQL: the same deals for everyone, one counted attempt a browser and date,
the leaderboard's order and ties, practice off it, its replay shown once the date is over."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from fastapi.testclient import TestClient

from app.golf.rules import RuleSet
from app.players.greedy import GreedyPlayer
from app.service.play.match_deals import MAX_SEED
from app.service.replays import daily
from app.store import daily as daily_store
from app.store.repository import ensure_browser
from tests.oracle import card_strings
from tests.web.golf.matchkit import act, hidden_cards, keys_listed, play_until, stored_log
from tests.web.tables.tablekit import ok

NOON = int(datetime(2031, 5, 17, 12, tzinfo=UTC).timestamp() * 1000)
DAY = "2031-05-17"


@pytest.fixture
def clock_at(golf_app, monkeypatch):
    """The server's clock, set to ``NOON`` of ``DAY`` and moved on at will."""
    now = {"ms": NOON}

    def set_to(ms: int) -> None:
        now["ms"] = ms

    for service in (golf_app.state.golf, golf_app.state.daily, golf_app.state.replays):
        monkeypatch.setattr(service, "now", lambda: now["ms"])
    # Each test deals a fresh date, so one test's attempts never meet another's.
    set_to.day = lambda offset: set_to(NOON + offset * 86_400_000)
    return set_to


@pytest.fixture
def short_daily(monkeypatch):
    """One hole against the Easy player: a whole daily match in a moment. The Expert and
    nine holes are the real thing (test_two_people_who_play_alike_...)."""
    monkeypatch.setattr(daily, "RULES", RuleSet(holes=1))
    monkeypatch.setattr(daily, "LEVEL", "easy")


def new_daily(client, **body) -> dict:
    return ok(client.post("/api/match/new", json={"daily": True, **body}))


def finish(client) -> dict:
    return play_until(client, lambda s: s["phase"] == "match_over")


def test_two_people_who_play_alike_play_the_same_match_against_the_expert(golf_app, api, clock_at, monkeypatch):
    monkeypatch.setattr(daily, "RULES", RuleSet(holes=2))  # the Expert for real, on two holes
    clock_at.day(0)
    other = TestClient(golf_app)
    mine, theirs = new_daily(api), new_daily(other)
    assert mine["daily"] == DAY and mine["practice"] is False and mine["level"] == "expert"
    assert mine["rules"]["name"] == "standard" and mine["seed"] > MAX_SEED
    assert (
        mine["seed"] == theirs["seed"] and mine["players"] == theirs["players"] and mine["discard"] == theirs["discard"]
    )
    mine_done, theirs_done = finish(api), finish(other)  # the same greedy choices on the same deals
    assert stored_log(golf_app, api) == stored_log(golf_app, other)
    assert mine_done["totals"] == theirs_done["totals"]
    # Another date deals other cards.
    clock_at.day(1)
    assert new_daily(api)["seed"] != mine["seed"]


def test_the_first_daily_of_a_date_counts_and_undo_hint_and_restart_are_off_in_it(api, clock_at, short_daily):
    clock_at.day(10)
    state = new_daily(api, name="Ann")
    assert state["practice"] is False
    state = act(api, state["legal"][0])
    assert state["can_undo"] is False
    for path in ("/api/match/undo", "/api/match/hint", "/api/match/restart"):
        refused = api.post(path)
        assert refused.status_code == 409, (path, refused.text)
        assert "counted daily deal" in refused.json()["detail"]
    assert ok(api.get("/api/match"))["version"] == state["version"]  # nothing changed
    again = new_daily(api)
    assert again["daily"] == state["daily"] and again["practice"] is True
    again = act(api, again["legal"][0])
    assert again["can_undo"] is True
    undone = ok(api.post("/api/match/undo"))  # practice: undo is the usual one
    assert not any(cell["face_up"] for cell in undone["players"][0]["grid"])


def test_the_leaderboard_orders_the_totals_ties_share_a_rank_and_practice_stays_off(
    golf_app, api, clock_at, short_daily
):
    clock_at.day(20)
    day = daily.today(NOON + 20 * 86_400_000)
    with golf_app.state.engine.begin() as connection:
        for index, (name, total) in enumerate([("Bea", 30), ("Cy", 18), ("Di", 30), ("Ed", 41)]):
            browser = f"{'b' * 63}{index}"
            ensure_browser(connection, browser)
            assert daily.claim(connection, browser, day, f"m{index}", name, NOON)
            daily_store.settle(
                connection,
                day,
                browser,
                f"m{index}",
                status="finished",
                total=total,
                expert_total=25,
                hole_scores=[[total, 25]],
                finished_ms=NOON + index,
            )
        abandoned = "c" * 64
        ensure_browser(connection, abandoned)
        daily.claim(connection, abandoned, day, "quit", "Fay", NOON)
        daily_store.settle(
            connection,
            day,
            abandoned,
            "quit",
            status="abandoned",
            total=3,
            expert_total=4,
            hole_scores=[],
            finished_ms=NOON,
        )
    board = ok(api.get("/api/daily"))
    assert board["date"] == day and board["played"] == 5 and board["yours"] is None
    assert [(r["rank"], r["name"], r["total"]) for r in board["leaderboard"]] == [
        (1, "Cy", 18),
        (2, "Bea", 30),
        (2, "Di", 30),
        (4, "Ed", 41),
    ]
    # A person's own counted attempt takes its place; a practice afterwards changes nothing.
    new_daily(api, name="Gus")
    finished = finish(api)
    total = finished["totals"]["you"]
    board = ok(api.get("/api/daily"))
    assert board["played"] == 6 and board["yours"]["total"] == total
    assert board["yours"]["rank"] == 1 + sum(t < total for t in (18, 30, 30, 41))
    assert ("Gus", total) in [(r["name"], r["total"]) for r in board["leaderboard"]]
    assert board["yours"]["current_streak"] == 1 and board["yours"]["best_streak"] == 1
    share = board["yours"]["share"]
    assert share.startswith(f"Golf daily deal {day}: {total}, the Expert ") and len(share.splitlines()[1]) == 1
    assert not set(card_strings(share.split())) - {str(total)}
    practice = new_daily(api)
    assert practice["practice"] is True
    finish(api)
    assert ok(api.get("/api/daily"))["leaderboard"] == board["leaderboard"]
    assert ok(api.get(f"/api/daily?date={day}"))["yours"]["total"] == total


def test_a_counted_attempt_given_up_counts_as_played_with_its_total_as_it_stood(api, clock_at, short_daily):
    clock_at.day(30)
    state = new_daily(api)
    act(api, state["legal"][0])
    ok(api.post("/api/match/new", json={"level": "easy"}))  # another game: the daily is given up
    board = ok(api.get("/api/daily"))
    assert board["played"] == 1 and board["leaderboard"] == []
    assert board["yours"]["abandoned"] is True and board["yours"]["rank"] is None and board["yours"]["total"] == 0
    assert new_daily(api)["practice"] is True  # one counted attempt a date, whatever one sends


def test_a_daily_replay_answers_only_once_its_date_is_over(golf_app, api, clock_at, short_daily):
    clock_at.day(40)
    new_daily(api)
    finished = finish(api)
    identifier = finished["replay"].removeprefix("/r/")
    assert api.get(f"/api/replays/{identifier}").status_code == 404
    assert api.get(f"/r/{identifier}").status_code == 404
    assert ok(api.get("/api/daily"))["replay_shown"] is False
    clock_at(daily.over_ms(finished["daily"]))
    assert ok(api.get(f"/api/replays/{identifier}"))["totals"][0] == finished["totals"]["you"]


@pytest.mark.parametrize("query", ["date=tomorrow", "date=2031-13-01", "date=2031-05-18", "date=%00"])
def test_no_other_date_is_reachable_before_it_begins(api, clock_at, query):
    clock_at.day(0)
    response = api.get(f"/api/daily?{query}")
    assert response.status_code == 422, response.text


def test_the_daily_seed_cannot_be_typed_into_a_new_game(api, clock_at, short_daily):
    clock_at.day(50)
    seed = new_daily(api)["seed"]
    assert api.post("/api/match/new", json={"seed": seed}).status_code == 422
    assert api.post("/api/match/new", json={"daily": True, "level": "easy"}).status_code == 422


def test_hidden_cards_stay_hidden_in_the_daily(golf_app, api, clock_at, short_daily):
    clock_at.day(60)
    state = new_daily(api)
    player = GreedyPlayer()
    while state["phase"] != "match_over":
        leaked = set(card_strings(state)) & hidden_cards(golf_app, state, stored_log(golf_app, api))
        assert not leaked, leaked
        state = act(api, player.choose(state))


def test_statistics_count_the_daily_apart(api, clock_at, short_daily):
    clock_at.day(70)
    before = ok(api.get("/api/stats"))["golf"]
    new_daily(api)
    finish(api)
    after = ok(api.get("/api/stats"))["golf"]
    assert after["played"] == before["played"] and after["daily"]["played"] == before["daily"]["played"] + 1


def test_the_daily_page_starts_the_counted_attempt_and_then_shows_the_result_to_share(api, clock_at, short_daily):
    clock_at.day(80)
    page = api.get("/daily").text
    assert "Play today’s deal" in page and 'action="/play/daily"' in page
    started = api.post("/play/daily", data={"name": "Zoë"}, follow_redirects=False)
    assert started.status_code == 303
    state = ok(api.get("/api/match"))
    assert state["daily"] and state["practice"] is False
    table = api.get("/").text
    assert "counted: no Undo, Hint or Restart" in table and "/play/restart" not in table and "/play/hint" not in table
    assert "under way" in api.get("/daily").text
    finish(api)
    page = api.get("/daily").text
    assert "Your result" in page and "data-copy-share" in page and "Golf daily deal" in page
    assert '<th scope="row">Zoë <span class="guest-mark">(guest)</span></th>' in page  # Zoë plays as a guest
    assert "again, for practice" in page
    refused = api.post("/play/daily", data={"name": "\u202eevil"}, follow_redirects=False)
    assert refused.status_code == 422 and ok(api.get("/api/match"))["phase"] == "match_over"  # nothing changed


def test_the_new_game_dialog_offers_todays_deal(api, clock_at, short_daily):
    clock_at.day(90)
    api.get("/api/match")
    for page in (api.get("/").text, api.get("/new").text):
        assert 'action="/play/daily"' in page and "Today’s deal" in page
    dealt = api.post("/play/daily", headers={"HX-Request": "true"})
    assert dealt.status_code == 200 and "counted: no Undo, Hint or Restart" in dealt.text


def test_the_statistics_page_shows_the_daily_deal_apart(api, clock_at, short_daily):
    clock_at.day(100)
    api.get("/api/match")
    assert "The daily deal" not in api.get("/statistics").text
    new_daily(api)
    finish(api)
    page = api.get("/statistics").text
    assert "<h2>The daily deal</h2>" in page and 'href="/daily"' in page


def test_the_keys_dialog_lists_only_the_keys_the_table_has(api, clock_at, short_daily):
    clock_at.day(12)
    api.post("/api/match/new", json={"level": "easy"})
    assert {"H", "P", "U", "S"} <= keys_listed(api.get("/").text)
    new_daily(api)  # counted: no Hint and no Undo, but Pause stays
    counted = keys_listed(api.get("/").text)
    assert "H" not in counted and "U" not in counted and {"P", "S"} <= counted


def test_an_accounts_attempt_is_shown_under_its_name_and_a_guest_never_under_one(golf_app, api, clock_at, short_daily):
    """The board names an account's attempt by the account as it is now (a guest's name,
    given before the account was made from that browser, goes), marks guests as guests,
    and refuses a guest the name of an account."""
    from tests.web.accounts.accountkit import register

    clock_at.day(30)
    new_daily(api, name="Zed")
    finish(api)
    register(api, "Zed Real")  # the attempt the session had is the account's counted one
    board = ok(api.get("/api/daily"))
    assert [(row["name"], row["guest"]) for row in board["leaderboard"]] == [("Zed Real", False)]

    mimic = TestClient(golf_app)
    refused = mimic.post("/api/match/new", json={"daily": True, "name": "zed real"})
    assert refused.status_code == 409 and "An account is called Zed Real" in refused.json()["detail"]
    lookalike = mimic.post("/api/match/new", json={"daily": True, "name": "Zеd Real"})  # a Cyrillic е
    assert lookalike.status_code == 409 and "Zed Real" in lookalike.json()["detail"]
    assert ok(mimic.get("/api/daily"))["attempt"] is None  # nothing was changed
    new_daily(mimic, name="Zed Fan")
    finish(mimic)
    board = ok(api.get("/api/daily"))
    assert sorted((row["name"], row["guest"]) for row in board["leaderboard"]) == [
        ("Zed Fan", True),
        ("Zed Real", False),
    ]
    assert 'Zed Fan <span class="guest-mark">(guest)</span>' in api.get("/daily").text
