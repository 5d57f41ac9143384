"""`GET /api/match/review`: a finished hole's decisions weighed, made in the background,
stored, never leaking a card; on SQLite and PostgreSQL."""

from __future__ import annotations

import re
import time

from fastapi.testclient import TestClient
from sqlalchemy import delete

from app.golf.view import view
from app.players import RandomPlayer
from app.players.review import verdict_for
from app.service.browsers import browser_id_for
from app.store.reviews import PLAY_REVIEWS
from app.web.http.session import COOKIE_NAME
from tests.oracle import card_strings
from tests.web.golf.matchkit import act, play_until, post_action, stored_log, true_state

VERDICTS = {"best", "good", "inaccuracy", "mistake", "blunder"}
NAMED = re.compile(r"\b(ace|king|queen|jack|10|[2-9]) of (clubs|diamonds|hearts|spades)\b")
RANKS = {"ace": "A", "jack": "J", "queen": "Q", "king": "K", "10": "T"}
SUITS = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}


def ready(api, hole: int | None = None, timeout: float = 90.0):
    """Ask for the review until it is ready; every answer before is 202 "pending"."""
    url = "/api/match/review" + (f"?hole={hole}" if hole is not None else "")
    deadline = time.monotonic() + timeout
    while True:
        response = api.get(url)
        if response.status_code != 202:
            return response
        assert response.json()["status"] == "pending"
        assert time.monotonic() < deadline, "the review was never ready"
        time.sleep(0.1)


def new_match(api, holes: int = 2, seed: int = 11) -> dict:
    response = api.post(
        "/api/match/new", json={"seed": seed, "level": "medium", "rules": {"name": "standard", "holes": holes}}
    )
    assert response.status_code == 200, response.text
    return response.json()


def hole_over(state: dict) -> bool:
    return state["phase"] in ("hole_over", "match_over")


def named_cards(text: str) -> set[str]:
    return {RANKS.get(rank, rank) + SUITS[suit] for rank, suit in NAMED.findall(text)}


def seen_cards(golf_app, state: dict, log: list[str], index: int) -> set[str]:
    """Every card the person could see just before the log's ``index``-th action."""
    seen = view(true_state(golf_app, state, log[:index]), 0)
    cards = set(seen["discard"]["cards"])
    for player in seen["players"]:
        cards |= {cell["card"] for cell in player["grid"] if cell["card"]}
        if player.get("holding_card"):
            cards.add(player["holding_card"])
    if seen["held"]:
        cards.add(seen["held"]["card"])
    return cards


def test_a_finished_hole_is_reviewed_decision_by_decision_naming_only_cards_then_seen(api, golf_app):
    new_match(api)
    state = play_until(api, hole_over)
    log = stored_log(golf_app, api)
    response = ready(api, 1)
    assert response.status_code == 200, response.text
    review = response.json()
    assert review["hole"] == 1 and review["status"] == "ready"
    decisions = review["decisions"]
    mine = [i for i, entry in enumerate(log) if entry[0] == "0" and entry[1:] != "n"]
    assert [d["index"] for d in decisions] == mine
    for decision in decisions:
        assert decision["verdict"] in VERDICTS
        assert decision["verdict"] == verdict_for(decision["loss"], decision["se"])
        assert decision["loss"] >= 0 and decision["reason"].endswith(".")
        seen = seen_cards(golf_app, state, log, decision["index"])
        words = " ".join((decision["reason"], decision["did"], decision["would"]))
        assert named_cards(words) <= seen, decision
    assert review["points_lost"] == round(sum(d["loss"] for d in decisions if d["phase"] != "opening"), 2)
    assert 0 <= review["accuracy"] <= 100
    assert card_strings(review) == []  # no card code at all, hidden or not


def test_an_unfinished_hole_is_refused_with_409_and_a_hole_that_does_not_exist_with_422(api):
    new_match(api)
    assert api.get("/api/match/review?hole=1").status_code == 409
    response = api.get("/api/match/review")
    assert response.status_code == 409 and "finished" in response.json()["detail"]
    assert api.get("/api/match/review?hole=3").status_code == 422
    assert api.get("/api/match/review?hole=0").status_code == 422
    play_until(api, hole_over)
    act(api, {"action": "next_hole"})
    assert api.get("/api/match/review?hole=2").status_code == 409  # being played
    assert ready(api, 1).status_code == 200


def test_the_match_review_lists_each_hole_and_the_biggest_mistakes_first(api):
    new_match(api)
    play_until(api, lambda s: s["phase"] == "match_over", player=RandomPlayer(3))
    response = ready(api)
    assert response.status_code == 200, response.text
    review = response.json()
    assert [h["hole"] for h in review["per_hole"]] == [1, 2]
    assert review["points_lost"] == round(sum(h["points_lost"] for h in review["per_hole"]), 2)
    losses = [d["loss"] for d in review["biggest"]]
    assert losses == sorted(losses, reverse=True) and losses  # random play makes mistakes
    assert all(d["verdict"] not in ("best", "good") for d in review["biggest"])
    assert review["accuracy"] < 100


def test_a_restarted_match_is_reviewed_as_played_again_not_as_before(api, golf_app):
    new_match(api)
    play_until(api, hole_over)
    first = ready(api, 1).json()
    assert api.post("/api/match/restart").status_code == 200
    play_until(api, hole_over, player=RandomPlayer(5))
    again = ready(api, 1).json()
    log = stored_log(golf_app, api)
    assert [d["index"] for d in again["decisions"]] == [
        i for i, entry in enumerate(log) if entry[0] == "0" and entry[1:] != "n"
    ]
    assert again["decisions"] != first["decisions"]


def test_a_review_is_computed_once_and_survives_a_restart_of_the_server(api, golf_app, database_url):
    from app.main import create_app
    from app.settings import Settings

    new_match(api)
    play_until(api, hole_over)
    stored = ready(api, 1).json()
    cookie = api.cookies[COOKIE_NAME]
    with TestClient(create_app(Settings(database_url=database_url, deal_key="test-deal-key"))) as restarted:
        restarted.cookies.set(COOKIE_NAME, cookie)
        response = restarted.get("/api/match/review?hole=1")
        assert response.status_code == 200  # stored: no second computation
        assert response.json()["decisions"] == stored["decisions"]
        # A review lost meanwhile is made again on demand, in the background.
        with golf_app.state.engine.begin() as connection:
            connection.execute(delete(PLAY_REVIEWS).where(PLAY_REVIEWS.c.browser_id == browser_id_for(cookie)))
        assert restarted.get("/api/match/review?hole=1").status_code == 202
        assert ready(restarted, 1).json()["decisions"] == stored["decisions"]


def test_a_review_never_holds_up_a_move(api):
    """The hole's review is prepared in the background: the next move is answered
    while it is still pending."""
    new_match(api)
    play_until(api, hole_over)
    assert api.get("/api/match/review?hole=1").status_code in (200, 202)
    response = post_action(api, {"action": "next_hole"})
    assert response.status_code == 200 and response.json()["hole"] == 2


def test_statistics_give_the_points_lost_per_decision_over_recent_matches(api):
    assert api.get("/api/stats").json()["review"] == {"matches": [], "decisions": 0, "per_decision": None}
    lost = []
    for seed, player in ((21, None), (22, RandomPlayer(1))):
        new_match(api, holes=1, seed=seed)
        play_until(api, hole_over, player=player)
        review = ready(api, 1).json()
        lost.append((review["judged"], review["points_lost"]))
    stats = api.get("/api/stats").json()["review"]
    newest_first = list(reversed(lost))
    assert [(m["decisions"], m["points_lost"]) for m in stats["matches"]] == newest_first
    assert stats["per_decision"] == round(sum(p for _, p in lost) / sum(d for d, _ in lost), 2)
    page = api.get("/statistics").text
    assert "Your play, reviewed" in page and f"{stats['per_decision']:.2f}" in page


def test_reviews_go_with_the_session_when_it_is_purged(api, golf_app):
    """The purge deletes a session's row; its reviews go with it (the foreign key cascades)."""
    from app.store.repository import BROWSERS

    new_match(api, holes=1, seed=23)
    play_until(api, hole_over)
    ready(api, 1)
    cookie = api.cookies[COOKIE_NAME]
    assert stored_reviews(golf_app.state.engine, cookie) == 1
    with golf_app.state.engine.begin() as connection:
        connection.execute(delete(BROWSERS).where(BROWSERS.c.id == browser_id_for(cookie)))
    assert stored_reviews(golf_app.state.engine, cookie) == 0


def stored_reviews(engine, cookie: str) -> int:
    from sqlalchemy import func, select

    with engine.connect() as connection:
        return connection.execute(
            select(func.count()).select_from(PLAY_REVIEWS).where(PLAY_REVIEWS.c.browser_id == browser_id_for(cookie))
        ).scalar_one()


def test_by_default_a_hole_is_reviewed_as_it_ends_and_with_reviews_ahead_off_only_once_asked(database_url):
    from app.main import create_app
    from app.settings import Settings

    took = 0.0  # how long the review made as the hole ended took to be stored
    for ahead in (True, False):
        off = {} if ahead else {"reviews_ahead": False}  # the default is not named
        settings = Settings(database_url=database_url, deal_key="test-deal-key", rate_limit_enabled=False, **off)
        with TestClient(create_app(settings)) as client:
            new_match(client, holes=2, seed=31)
            play_until(client, hole_over)
            cookie = client.cookies[COOKIE_NAME]
            engine = client.app.state.engine
            if ahead:  # stored with nobody asking: ready when its player looks
                start = time.monotonic()
                while not stored_reviews(engine, cookie):
                    assert time.monotonic() < start + 60, "the hole was never reviewed"
                    time.sleep(0.1)
                took = time.monotonic() - start
                assert client.get("/api/match/review?hole=1").status_code == 200
            else:
                time.sleep(max(1.0, 2 * took))  # twice as long as a review made as the hole ended took
                assert stored_reviews(engine, cookie) == 0
                assert client.get("/api/match/review?hole=1").status_code == 202
                assert ready(client, 1).json()["status"] == "ready"
                assert stored_reviews(engine, cookie) == 1
