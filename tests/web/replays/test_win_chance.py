"""A finished match's story in its replay (``GET /api/replays/{id}``: ``win_chance`` and
``turning_points``), on SQLite and PostgreSQL: null while it is worked out, then one
entry a step, each summing to 1, the last the winner's; the same twice; the turning
points said to their people."""

from __future__ import annotations

import re
import time

from fastapi.testclient import TestClient
from sqlalchemy import delete

from app.golf.actions import action_from_json, log_entry
from app.golf.engine import replay
from app.golf.rules import RuleSet
from app.players.turning_points import peak_of
from app.players.win_chance import rounded, step_holes, win_chances
from app.store.win_chances import WIN_CHANCES
from tests.web.golf.matchkit import play_until
from tests.web.tables.tablekit import ok


def finish(api, rules: dict, seed: int = 7, level: str = "easy") -> str:
    """A match played to its end by a greedy player for the person; its replay's id."""
    response = api.post("/api/match/new", json={"seed": seed, "level": level, "rules": rules})
    assert response.status_code == 200, response.text
    state = play_until(api, lambda s: s["phase"] == "match_over")
    return state["replay"].removeprefix("/r/")


def worked_out(client, identifier: str, timeout: float = 120.0) -> dict:
    """The replay, asked for until its chances are worked out (null until then)."""
    deadline = time.monotonic() + timeout
    while True:
        exported = ok(client.get(f"/api/replays/{identifier}"))
        if exported["win_chance"] is not None:
            return exported
        assert exported["turning_points"] is None  # both come together
        assert time.monotonic() < deadline, "the chances were never worked out"
        time.sleep(0.2)


def log_of(exported: dict) -> list[str]:
    return [log_entry(a["seat"], action_from_json(a["action"])) for h in exported["holes"] for a in h["actions"]]


def test_the_chances_are_null_at_first_then_one_entry_a_step_summing_to_one(golf_app, api):
    identifier = finish(api, {"holes": 2, "players": 3})
    stranger = TestClient(golf_app)  # anyone with the link
    first = ok(stranger.get(f"/api/replays/{identifier}"))
    # Nothing works the chances out before someone looks (as the tests' server is set):
    # the first answer never waits for them.
    assert first["win_chance"] is None and first["turning_points"] is None
    exported = worked_out(stranger, identifier)
    steps = len(log_of(exported)) + 1
    chances = exported["win_chance"]
    assert len(chances) == steps
    for entry in chances:
        assert len(entry) == 3
        assert all(0 <= share <= 1 for share in entry)
        assert abs(sum(entry) - 1) < 1e-6
    # The last step: the match is decided, the winner (or the tied winners) has it all.
    totals = exported["totals"]
    best = min(totals)
    winners = [seat for seat, total in enumerate(totals) if total == best]
    assert chances[-1] == rounded([[1 / len(winners) if seat in winners else 0.0 for seat in range(3)]])[0]
    # Everything else of the replay is as it was.
    assert {k: v for k, v in exported.items() if k not in ("win_chance", "turning_points")} == {
        k: v for k, v in first.items() if k not in ("win_chance", "turning_points")
    }


def test_the_same_match_gets_the_same_chances_every_time(golf_app, api):
    identifier = finish(api, {"holes": 1}, seed=21)
    exported = worked_out(api, identifier)
    # Worked out again from nothing: the very same chances and turning points.
    with golf_app.state.engine.begin() as connection:
        connection.execute(delete(WIN_CHANCES).where(WIN_CHANCES.c.replay_id == identifier))
    again = worked_out(api, identifier)
    assert again["win_chance"] == exported["win_chance"]
    assert again["turning_points"] == exported["turning_points"]
    # And they are the estimator's, run on the match the replay rebuilds.
    rules = RuleSet(**exported["rules"])
    log = log_of(exported)
    assert rounded(win_chances(rules, int(exported["deal_seed"]), log)) == exported["win_chance"]
    assert replay(int(exported["deal_seed"]), rules, log).is_over


def test_the_turning_points_are_the_persons_largest_changes_in_words(api):
    identifier = finish(api, {"holes": 2}, seed=5)
    exported = worked_out(api, identifier)
    chances, points = exported["win_chance"], exported["turning_points"]
    assert 1 <= len(points) <= 3
    assert all(point["seat"] == 0 for point in points)  # the person's; the computer has none
    changes = [abs(point["change"]) for point in points]
    assert changes == sorted(changes, reverse=True)
    moved = sorted((abs(chances[s][0] - chances[s - 1][0]) for s in range(1, len(chances))), reverse=True)
    for point, largest in zip(points, moved):
        step = point["step"]
        assert abs(point["change"] - (chances[step][0] - chances[step - 1][0])) < 1e-3
        assert abs(abs(point["change"]) - largest) < 1e-3  # the largest changes, in order
        said = re.match(r"Hole (\d+): .* (cost|gained|gave) you (\d+) points? of chance", point["text"])
        assert said, point["text"]
        assert (said[2] == "cost") == (point["change"] < 0)
        assert int(said[3]) == max(1, round(abs(point["change"]) * 100))


def test_no_replay_no_chances(api):
    assert api.get("/api/replays/AAAAAAAAAAAAAAAA").status_code == 404


def test_the_replay_page_shows_the_story_once_it_is_worked_out(golf_app, api):
    identifier = finish(api, {"holes": 2}, seed=13)
    stranger = TestClient(golf_app)
    page = stranger.get(f"/r/{identifier}").text
    assert "is being worked out" in page and 'hx-get="/r/' + identifier + '/chance"' in page
    exported = worked_out(stranger, identifier)
    page = stranger.get(f"/r/{identifier}?step=5").text
    assert "is being worked out" not in page
    assert 'role="img"' in page and "data-chance" in page and 'data-step="5"' in page
    assert "Player's turning points" in page  # the person's, named as the replay names them
    for point in exported["turning_points"]:
        assert f'href="/r/{identifier}?step={point["step"]}"' in page
    # The table of the chances at each hole's deal, and the end.
    holes = step_holes_of(exported)
    for hole, first in ((1, 0), (2, holes.index(2))):
        assert f'href="/r/{identifier}?step={first}">Hole {hole}</a>' in page
    assert "The end</a>" in page
    # The part the page asks for while it waits is the same story.
    part = stranger.get(f"/r/{identifier}/chance").text
    assert part.startswith('<section id="chance"') and "data-chance" in part and "hx-trigger" not in part


def test_the_review_of_a_finished_match_tells_your_own_story(golf_app, api):
    identifier = finish(api, {"holes": 2}, seed=4)
    worked_out(api, identifier)
    page = api.get("/review").text
    assert "Your turning points" in page and f'href="/r/{identifier}"' in page
    assert "data-chance" in page and "Player's turning points" not in page  # yours alone


def test_my_matches_say_how_high_your_chance_went(golf_app, api):
    from tests.web.replays.test_my_matches import finish_a_table

    own = finish(api, {"holes": 2}, seed=9)
    table = finish_a_table(api)
    at_table = table["match"]["replay"].removeprefix("/r/")
    listed = ok(api.get("/api/matches"))
    assert [m["chance_peak"] for m in listed] == [None, None]  # not worked out yet
    stories = {identifier: worked_out(api, identifier) for identifier in (own, at_table)}
    listed = ok(api.get("/api/matches"))
    page = api.get("/matches").text
    for match in listed:
        exported = stories[match["replay"].removeprefix("/r/")]
        expected = peak_of(exported["win_chance"], step_holes_of(exported), 0)  # the person's seat, both times
        assert match["chance_peak"] == expected
        if expected is not None:
            assert f"Your chance peaked at {expected['percent']}% on hole {expected['hole']}" in page


def step_holes_of(exported: dict) -> list[int]:
    return step_holes(log_of(exported))


def test_the_line_for_a_matchs_end_comes_once_the_chances_are_worked_out(golf_app, api):
    # The sentence a match's last screen can show: "Your chance peaked at 71% on hole 6".
    identifier = finish(api, {"holes": 2}, seed=19)
    chances = golf_app.state.win_chances
    assert chances.peak_line(identifier, 0) is None  # being worked out (and now queued)
    exported = worked_out(api, identifier)
    expected = peak_of(exported["win_chance"], step_holes_of(exported), 0)
    line = chances.peak_line(identifier, 0)
    if expected is None:
        assert line is None
    else:
        assert line == f"Your chance peaked at {expected['percent']}% on hole {expected['hole']}"
    assert chances.peak_line(identifier, 5) is None and chances.peak_line("AAAAAAAAAAAAAAAA", 0) is None


def test_the_chance_of_no_replay_is_not_found(api):
    assert api.get("/r/AAAAAAAAAAAAAAAA/chance").status_code == 404
