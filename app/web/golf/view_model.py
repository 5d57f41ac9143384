"""The table's view model: what the table page and its fragment draw from a seat's
view of a match, shared by the match against the computer (:mod:`app.web.golf.pages`) and the
tables of people (:mod:`app.web.tables.pages`).

The board as it stands, the steps that show the others' replies one at a time (each a
board, a prompt and what to announce), the scorecard and the summary at the match's end.
The New game dialog's model is :mod:`app.web.golf.new_game`'s, the computer's speed
:mod:`app.web.golf.speed`'s.
"""

from __future__ import annotations

from fastapi import Request

from app.service.play.match_state import Outcome
from app.service.replays.daily import over_ms
from app.web.charts import line_chart
from app.web.common import clock_text, now_ms
from app.web.golf import board as tbl
from app.web.golf.names import LEVEL_NAMES
from app.web.golf.narration import narrate
from app.web.golf.new_game import again_fields, again_label, new_game_model
from app.web.golf.prompts import match_result_sentence, prompt
from app.web.golf.refusals import refusals
from app.web.golf.speed import SPEED_NAMES, speed_of, step_delay


def in_seat_order(state: dict) -> list[dict]:
    """The players as the totals and the scorecard list them: from the seat shown (you
    first), but in pass and play in seat order, the same on every person's screen."""
    if state.get("people"):
        return sorted(state["players"], key=lambda p: p.get("seat", 0))
    return state["players"]


def scorecard_model(state: dict) -> dict:
    players = [
        {"id": p["id"], "name": p["name"], "total": state["totals"].get(p["id"], 0)} for p in in_seat_order(state)
    ]
    played = {row["hole"]: row for row in state["scorecard"]}
    rows = []
    for hole in range(1, state["holes"] + 1):
        row = played.get(hole)
        cells = [
            {"score": row["scores"].get(p["id"]) if row else None, "total": row["totals"].get(p["id"]) if row else None}
            for p in players
        ]
        rows.append({"hole": hole, "cells": cells, "current": hole == state["hole"] and row is None})
    result = match_result_sentence(state) if state["phase"] == "match_over" else None
    return {
        "players": players,
        "rows": rows,
        "result": result,
        "caption": "Each completed hole, and the running totals",
    }


def summary_model(state: dict) -> dict | None:
    """The match's end at a glance: the result, the running totals of every player by
    hole as a chart, the scorecard, and what it took (actions, hints, time)."""
    if state["phase"] != "match_over":
        return None
    names = {p["id"]: p["name"] for p in in_seat_order(state)}
    series = [(names[pid], [row["totals"][pid] for row in state["scorecard"]]) for pid in names]
    holes = [str(row["hole"]) for row in state["scorecard"]]
    return {
        "result": match_result_sentence(state),
        "chart": line_chart(
            series,
            holes,
            "Running totals by hole: " + "; ".join(f"{name} {line[-1] if line else 0}" for name, line in series),
            x_title="Hole",
        ),
        "scorecard": {**scorecard_model(state), "result": None},  # the result is said above it
        "actions_taken": state["actions_taken"],
        "hints_used": state["hints_used"],
        "clock": clock_text(state["elapsed_seconds"]),
        "version": state["version"],
        "again": again_fields(state),
        "again_label": again_label(state),
        "replay": state.get("replay"),
        "daily": state.get("daily"),
        "replay_shut": replay_shut(state),
    }


def replay_shut(state: dict) -> bool:
    """Whether the match's replay does not open yet: a daily deal's opens once its day is
    over (UTC), when everyone has had the day to play it."""
    return bool(state.get("daily")) and now_ms() < over_ms(state["daily"])


LINE = "\n"  # the live region shows each sentence as a line of its own


def _own_move(events: list[dict]) -> bool:
    """Whether a step is the person's own move: no one else's events among its own."""
    return all(e.get("player") in (None, "you") for e in events)


def _frames(outcome: Outcome, speed: str, by_seat: bool = False) -> tuple[list[dict], str]:
    """The steps to show one at a time (board, prompt, what to announce): the person's
    own move, so that its cards are seen to move, then each of the others' replies.
    None at the instant speed, or when one step is all there is: the table as it stands
    is drawn making that move (:func:`live_board`), and a step before it would show the
    same board, held back by a step's delay; then also what to announce at once."""
    state = outcome.state
    steps = outcome.frames
    if speed == "instant" or not steps or (len(steps) == 1 and _own_move(steps[0][0])):
        return [], LINE.join(s for s, _ in narrate(state.get("events", []), state))
    sentences = narrate([e for events, _ in steps for e in events], state)
    if len(steps) == 1:  # another seat's move: told as its step would have told it
        return [], LINE.join(s for s, _ in sentences)
    frames, start = [], 0
    for events, seen in steps:
        stop = start + len(events)
        frames.append(
            {
                "board": tbl.board(seen, live=False, events=events, by_seat=by_seat),
                "prompt": prompt(seen),
                "say": LINE.join(s for s, i in sentences if start <= i < stop),
            }
        )
        start = stop
    return frames, ""


def ending_step(outcome: Outcome, frames: list[dict]) -> list[dict] | None:
    """The events of the last step when it ends the hole and steps are shown before it:
    the live board is then that step (drawn making its move, and counting the hole's
    scores up when it comes in), not a step of its own followed by the same board again,
    which would show the hole's end twice (its scores final, then counted up afresh) and
    lay the middle out twice (Next hole and the review come with the live board)."""
    if not frames or outcome.frames[-1].seen["phase"] not in ("hole_over", "match_over"):
        return None
    return outcome.frames[-1].events


def live_board(
    outcome: Outcome,
    frames: list[dict],
    *,
    live: bool,
    base: str = "/play",
    hinted: str = "",
    ending: list[dict] | None = None,
    by_seat: bool = False,
    shared: tuple | None = None,
) -> dict:
    """The board as it stands, its cards drawn as making the last move shown, the
    person's own when nothing followed it (the state's events leave it out).
    ``ending``: the events of the step that ended the hole, which this board shows
    (:func:`ending_step`). ``shared``: the table and version whose others' grids are
    drawn once for all its pages (:func:`app.web.golf.board.board`)."""
    state = outcome.state
    if ending is not None:
        return tbl.board(state, live=live, events=ending, base=base, hinted=hinted, by_seat=by_seat, shared=shared)
    moves = [e for events, _ in outcome.frames for e in events]
    # After steps, the board shows where everything is without playing any of it again:
    # the steps have shown the deal, the flips and the last moves arriving.
    return tbl.board(
        state,
        live=live,
        events=state.get("events", []),
        base=base,
        hinted=hinted,
        moves=moves or None,
        by_seat=by_seat,
        settled=bool(frames),
        shared=shared,
    )


def table_context(
    request: Request,
    outcome: Outcome,
    *,
    message: str | None = None,
    hint: str | None = None,
    hinted: str = "",
    returning: bool = False,
    focus: str = "prompt",
    flash: str | None = None,
    said: str | None = None,
    dealt: bool = False,
    online: bool = False,
    watching: bool = False,
    base: str = "/play",
    shared_as: tuple | None = None,
) -> dict:
    """What the table templates draw. ``dealt``: a new match or a restart was just dealt,
    so its cards are drawn being dealt (a new hole's deal is an event of its own).
    ``online``: a table of people, whose moves go to ``base`` (it offers no New game
    dialog and no match summary, and has its own refusals); ``watching``: seen by a
    spectator. Each part is made once: a table of people sets only what differs.
    ``shared_as``: the table and version of a table of people, whose others' grids are
    made once for all its pages."""
    state = outcome.state
    speed = speed_of(request)
    paused = state["paused"]
    over = state["phase"] == "match_over"
    frames, say = _frames(outcome, speed, by_seat=online)
    ending = ending_step(outcome, frames)
    if ending is not None:
        say = frames.pop()["say"]  # told as the live board comes in
    counted = bool(state.get("daily")) and not state.get("practice")  # Undo, Hint and Restart are off
    shared = bool(state.get("people"))  # pass and play: no hint among people, as at a table of people
    say_first = (said or "") if frames else ""
    if said and not frames:
        say = LINE.join(filter(None, [said, say]))
    board = live_board(
        outcome,
        frames,
        live=not watching if online else not paused,
        base=base,
        hinted=hinted if hint else "",
        ending=ending,
        by_seat=online,
        shared=shared_as,
    )
    board["dealt"] = board["dealt"] or (dealt and not frames)
    return {
        "version": state["version"],
        "phase": state["phase"],
        "paused": paused,
        "returning": returning,
        "running": not paused and not over,
        "hole": state["hole"],
        "holes": state["holes"],
        "level_name": LEVEL_NAMES.get(state["level"], state["level"]),
        "rules_name": state["rules"].get("name", "standard"),
        "elapsed": state["elapsed_seconds"],
        "clock": clock_text(state["elapsed_seconds"]),
        "score_players": [{"name": p["name"], "total": state["totals"].get(p["id"], 0)} for p in in_seat_order(state)],
        "prompt": prompt(state, paused=paused, returning=returning),
        "board": board,
        "match_over": over,
        "scorecard": scorecard_model(state),
        "summary": None if online else summary_model(state),  # a table of people has its own end and Play again
        "summary_url": "/summary",
        "new_game": None if online else new_game_model(state),
        "can_undo": state["can_undo"] and not paused,
        # A table of people has no pause, hint or restart: it plays on for everyone.
        "can_pause": not over and not online,
        "can_hint": not online
        and not shared
        and not paused
        and state["phase"] in ("opening", "draw", "place", "flip")
        and not counted,
        "daily": state.get("daily"),
        "counted_daily": counted,
        "replay": state.get("replay"),
        "replay_shut": replay_shut(state),
        "can_restart": not counted and not online,
        # The counted daily attempt and pass and play have no Undo at all, and a match
        # over has no move left to take back: it is not offered.
        "offers_undo": not watching and not over and (online or not (counted or shared)),
        "offers_hint": not counted and not online and not shared,
        # Pass and play: the person the device goes to next, whose pass screen stands in
        # for the board until they open it.
        "pass_to": state.get("pass_to"),
        "offers_pause": not online,
        "confirm_restart": not online and bool(state["actions_taken"]) and not over,
        "hint": hint,
        "message": message,
        "frames": frames,
        "live_moves": ending is not None,  # the live board makes a move of its own (the hole's end)
        "delay": step_delay(speed, len(frames)),
        "say_first": say_first,
        "say": say,
        "flash": flash,
        "focus": focus,
        "speed": speed,
        "speeds": SPEED_NAMES,
        # The speed times the computers' moves: a table of people alone has none to time.
        "offers_speed": any(s["computer"] for s in [board["me"], *board["opponents"]]),
        "review_url": "/review",  # the review of your play; a table of people has its own
        "refusals": refusals(state, online=True, watching=watching)
        if online
        else refusals(state, paused=paused, returning=returning),
        # Where the table's moves go, and what a table of people adds: the moves the page
        # has shown, whose time runs and what the timer did, leaving, and another match.
        "play_base": base,
        "form_action": f"{base}/undo" if online else "/play/resume",  # what the form does without a button's own
        "seen": None,
        "watching": watching,
        "timer": None,
        "notices": [],
        "next_url": None,
        "again_action": None,
        "leave_action": None,
    }
