"""The Expert thinks at length (tens of milliseconds a decision; seven of them, half a
second a move). It is never asked while a request holds SQLite's one writer, so that
another person's move is not held up behind its thinking (``python -m bench.slow_moves``
measures how long); and it plays the moves it would have played thinking inside, the
same position always getting the same answer."""

from __future__ import annotations

import threading

import pytest

from app.golf.actions import parse_log_entry
from app.golf.engine import GolfState
from app.golf.rules import RuleSet
from app.players.expert import ExpertPlayer
from app.players.greedy import GreedyPlayer
from app.service import common
from app.service.play.turns import computer_choice, think_ahead
from tests.web.golf.matchkit import act, play_until, stored_log
from tests.web.tables.tablekit import make_table, ok, post_action, record, start


class OwnedLock:
    """SQLite's writer lock, knowing which thread holds it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.owner: int | None = None

    def __enter__(self) -> None:
        self._lock.acquire()
        self.owner = threading.get_ident()

    def __exit__(self, *exc: object) -> None:
        self.owner = None
        self._lock.release()

    def held_here(self) -> bool:
        return self.owner == threading.get_ident()


@pytest.fixture
def writer(monkeypatch) -> OwnedLock:
    lock = OwnedLock()  # only SQLite's transactions take it
    monkeypatch.setattr(common, "_SQLITE_WRITER", lock)
    return lock


@pytest.fixture
def watched_experts(monkeypatch, writer) -> list[bool]:
    """One entry for each decision an Expert makes in this process: whether it was made
    while its own thread held SQLite's writer."""
    held: list[bool] = []
    choose = ExpertPlayer.choose

    def watched(self, view):
        held.append(writer.held_here())
        return choose(self, view)

    monkeypatch.setattr(ExpertPlayer, "choose", watched)
    return held


@pytest.fixture
def expert_decisions(monkeypatch, golf_app, watched_experts) -> list[bool]:
    """:func:`watched_experts`, with the Experts thinking on the request's thread (the
    server has them think in a process of its own, out of the test's sight)."""
    monkeypatch.setattr(golf_app.state.golf, "think", think_ahead)
    monkeypatch.setattr(golf_app.state.tables.timeouts.thinker, "think_ahead", think_ahead)
    return watched_experts


def test_a_match_against_experts_thinks_outside_the_write_and_plays_as_thinking_inside(api, golf_app, expert_decisions):
    started = ok(api.post("/api/match/new", json={"seed": 11, "level": "expert", "rules": {"players": 3}}))
    assert started["level"] == "expert"
    play_until(api, lambda state: len(expert_decisions) >= 8 or state["phase"] == "hole_over", limit=40)
    assert len(expert_decisions) >= 8
    assert not any(expert_decisions), "an Expert thought while the move's transaction held the writer"  # SQLite
    assert_the_experts_moves_are_their_choices(api, golf_app)


def test_the_servers_experts_think_in_a_process_of_their_own_and_play_the_same(api, golf_app, watched_experts):
    ok(api.post("/api/match/new", json={"seed": 11, "level": "expert", "rules": {"players": 3}}))
    play_until(api, lambda state: len(stored_log(golf_app, api)) >= 24 or state["phase"] == "hole_over", limit=40)
    assert watched_experts == [], "an Expert of a move thought in the server's process"
    assert_the_experts_moves_are_their_choices(api, golf_app)


def assert_the_experts_moves_are_their_choices(api, golf_app) -> None:
    """Every computer move stored is the one the Expert chooses from that position."""
    state = api.get("/api/match").json()
    deals = golf_app.state.golf._engine_seed(state["seed"])
    replayed = GolfState.new(deals, RuleSet(**state["rules"]))
    checked = 0
    for entry in stored_log(golf_app, api):
        seat, action = parse_log_entry(entry)
        if seat != 0:
            assert computer_choice(replayed, seat, "expert", deals) == action.to_json(), entry
            checked += 1
        replayed.apply(seat, action)
    assert checked >= 8


def only_sqlite(golf_app) -> None:
    if golf_app.state.engine.dialect.name != "sqlite":
        pytest.skip("PostgreSQL has no one writer: a transaction locks only the rows it writes")


def test_a_hint_is_thought_out_once_counted_outside_the_write(api, golf_app, monkeypatch, writer):
    from app.service.play import match_play as golf

    only_sqlite(golf_app)
    held: list[bool] = []
    hint = golf.expert_hint

    def watched(view):
        held.append(writer.held_here())
        return hint(view)

    monkeypatch.setattr(golf, "expert_hint", watched)
    state = api.get("/api/match").json()
    act(api, next(a for a in state["legal"] if a["action"] == "reveal"))
    advice = ok(api.post("/api/match/hint"))
    assert advice["action"] in api.get("/api/match").json()["legal"] and advice["reason"]
    assert held == [False]


def test_an_expert_at_a_table_thinks_outside_the_write(api, golf_app, expert_decisions):
    only_sqlite(golf_app)
    table = make_table(api, seats=("host", "expert"), rules={"holes": 1})
    code = table["code"]
    view = start(api, code)
    player = GreedyPlayer()
    for _ in range(12):
        if not view["match"]["legal"]:
            break
        view = ok(post_action(api, code, player.choose(view["match"])))
    assert len(expert_decisions) >= 4
    assert not any(expert_decisions), "an Expert thought while the move's transaction held the writer"
    assert any(parse_log_entry(entry).seat == 1 for entry in record(golf_app, code).log)  # the Expert played
