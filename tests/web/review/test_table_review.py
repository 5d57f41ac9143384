"""`GET /api/tables/{code}/review`: at an online table each person reviews their own
decisions only, judged from their own seat's view; on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import time

from app.golf.actions import parse_log_entry
from app.golf.engine import GolfState
from app.golf.rules import RuleSet
from app.players.greedy import GreedyPlayer
from app.service.play.turns import deal_seed
from tests.players.test_review import cards_seen_by
from tests.web.review.test_review_api import named_cards
from tests.web.tables.tablekit import make_table, ok, person, post_action, record


def ready(client, code: str, hole: int | None = None, timeout: float = 90.0):
    url = f"/api/tables/{code}/review" + (f"?hole={hole}" if hole else "")
    deadline = time.monotonic() + timeout
    while True:
        response = client.get(url)
        if response.status_code != 202:
            return response
        assert time.monotonic() < deadline, "the review was never ready"
        time.sleep(0.1)


def play_hole(people, code: str) -> None:
    """Greedy play for whichever person is to move, until the hole is scored."""
    player = GreedyPlayer()
    for _ in range(400):
        for client in people:
            table = ok(client.get(f"/api/tables/{code}"))
            if table["match"]["phase"] in ("hole_over", "match_over"):
                return
            if table["match"]["legal"]:
                ok(post_action(client, code, player.choose(table["match"])))
                break
    raise AssertionError("the hole did not end")


def seen_by(golf_app, code: str, seat: int, upto: int) -> set[str]:
    row = record(golf_app, code)
    state = GolfState.new(deal_seed(golf_app.state.tables.deal_key, row.seed), RuleSet(**row.rules))
    for entry in row.log[:upto]:
        state.apply(*parse_log_entry(entry))
    return cards_seen_by(state, seat)


def test_each_person_reviews_their_own_decisions_and_nobody_elses(golf_app, api):
    host = api
    table = make_table(host, seats=("host", "open", "medium"), rules={"holes": 2})
    code = table["code"]
    bea = person(golf_app)
    ok(bea.post(f"/api/tables/{code}/join", json={"name": "Bea"}))
    assert host.get(f"/api/tables/{code}/review?hole=1").status_code == 409  # not begun
    ok(host.post(f"/api/tables/{code}/start"))
    assert host.get(f"/api/tables/{code}/review?hole=1").status_code == 409  # being played
    play_hole([host, bea], code)
    log = record(golf_app, code).log
    for client, seat in ((host, 0), (bea, 1)):
        response = ready(client, code, 1)
        assert response.status_code == 200, response.text
        decisions = response.json()["decisions"]
        assert [d["index"] for d in decisions] == [
            i for i, entry in enumerate(log) if entry[0] == str(seat) and entry[1:] != "n"
        ]
        for decision in decisions:
            words = " ".join((decision["reason"], decision["did"], decision["would"]))
            assert named_cards(words) <= seen_by(golf_app, code, seat, decision["index"]), decision
        assert str(record(golf_app, code).seed) not in json.dumps(response.json())
    watcher = person(golf_app)
    assert watcher.get(f"/api/tables/{code}/review?hole=1").status_code == 403
    assert watcher.get("/api/tables/nosuchtable/review?hole=1").status_code == 404
    assert host.get(f"/api/tables/{code}/review?hole=2").status_code == 409
    assert host.get(f"/api/tables/{code}/review?hole=3").status_code == 422
    whole = ready(bea, code)
    assert whole.status_code == 200 and [h["hole"] for h in whole.json()["per_hole"]] == [1]
