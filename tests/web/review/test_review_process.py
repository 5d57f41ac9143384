"""The judge's own process: the same reviews as the judge makes in the server's process,
a replacement when it dies, and nothing left running when the server is killed outright."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.golf.actions import action_from_json
from app.golf.engine import GolfState
from app.golf.phases import Phase
from app.golf.rules import PRESETS
from app.golf.view import view
from app.players import get_player
from app.players.review import review_hole
from app.service.review.judge_process import ReviewProcess

ROOT = Path(__file__).resolve().parents[3]


def played(rules, seed: int) -> GolfState:
    state = GolfState.new(seed, rules)
    while state.phase is not Phase.HOLE_OVER:
        seat = state.to_act()[0]
        player = get_player("medium" if seat == 0 else "expert", seed=seed + len(state.log))
        state.apply(seat, action_from_json(player.choose(view(state, seat))))
    return state


def running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie waiting to be reaped has ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


def in_session(session: int) -> list[int]:
    """The live processes of a session (a process group leader and all it started)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except (FileNotFoundError, ProcessLookupError):
                continue
            if int(fields[3]) == session and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def test_a_review_made_in_the_judges_process_is_the_one_the_judge_makes_here():
    judge = ReviewProcess()
    try:
        for name in ("standard", "knocking"):
            rules = PRESETS[name]
            state = played(rules, 5)
            here = review_hole(rules, 5, state.log, 0, 1)
            there = judge.review(rules.model_dump(), 5, tuple(state.log), 0, 1)
            assert there == here and there["decisions"]
        assert judge.pid() != os.getpid()
    finally:
        judge.close()


def test_the_judge_works_at_a_lower_priority_than_the_server_and_its_computer_turns():
    """A review never takes a processor from the moves: the judge's process is niced,
    the process that thinks out a timeout's computer turn is not (a move waits on it)."""
    from app.service.play.turn_process import TurnProcess
    from app.service.worker_process import worker_niceness

    judge, thinker = ReviewProcess(), TurnProcess()
    try:
        assert judge.call(worker_niceness) == min(os.nice(0) + ReviewProcess.niceness, 19)
        assert ReviewProcess.niceness >= 10
        assert thinker.call(worker_niceness) == os.nice(0)
    finally:
        judge.close()
        thinker.close()


def test_a_judge_process_that_dies_is_replaced_and_the_review_still_made():
    judge = ReviewProcess()
    try:
        rules = PRESETS["standard"]
        state = played(rules, 8)
        first = judge.pid()
        os.kill(first, signal.SIGKILL)
        review = judge.review(rules.model_dump(), 8, tuple(state.log), 0, 1)
        assert review == review_hole(rules, 8, state.log, 0, 1)
        assert judge.pid() not in (first, os.getpid())
    finally:
        judge.close()


def test_once_the_server_stops_a_review_still_queued_starts_no_process():
    judge = ReviewProcess()
    worker = judge.pid()
    judge.close()
    assert not running(worker)
    with pytest.raises(RuntimeError):
        judge.review(PRESETS["standard"].model_dump(), 1, (), 0, 1)


SERVER = """
import time
from app.service.review.judge_process import ReviewProcess
judge = ReviewProcess()
print(judge.pid(), flush=True)
time.sleep(600)
"""


def test_nothing_the_judge_started_outlives_a_server_killed_outright():
    server = subprocess.Popen(
        [sys.executable, "-c", SERVER], cwd=ROOT, stdout=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        worker = int(server.stdout.readline())
        assert running(worker) and len(in_session(server.pid)) >= 3  # the server, the fork server, the judge
        server.send_signal(signal.SIGKILL)
        server.wait()
        deadline = time.monotonic() + 10
        while in_session(server.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not running(worker)
        assert in_session(server.pid) == []
    finally:
        if server.poll() is None:
            server.kill()
