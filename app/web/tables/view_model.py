"""An online table's model for its page and fragment: the single-player table's
(:func:`app.web.golf.view_model.table_context`), with what differs at a table of people:
the seats' names and connections, the turn timer and the wait for Next hole, who is
ready, the notices, leaving, and another match."""

from __future__ import annotations

import re

from fastapi import Request

from app.players import LEVELS
from app.service.play.match_state import Frame, Outcome
from app.service.play.table_record import page_stamp
from app.service.tables.service import TableOutcome
from app.web.common import now_ms
from app.web.golf.names import LEVEL_NAMES
from app.web.golf.new_game import PRESET_ABOUT
from app.web.golf.prompts import hole_result_sentence, match_result_sentence, timer_urgent_sentence
from app.web.golf.rule_options import RULE_OPTIONS, preset_of, rule_changes
from app.web.golf.view_model import LINE, table_context

PLAY_NOW = "Play now"  # a quick-play table's title, whatever name it was stored under
GUEST_NAME = re.compile(r"Player( \d+)?")  # a guest who gave no name for quick play (``"Player 2"``)
NOTICES_SHOWN_MS = 120_000  # how long the page shows what the timer did
URGENT_SECONDS = 10  # the turn timer's last seconds, shown as urgent and said once
UNRATED_NOTICE = ": this match is unrated."  # the end of a rematch's notice that its seats changed


def _stamp(table: dict) -> str:
    """The stamp (:func:`app.service.play.table_record.page_stamp`) of the table as the page draws it."""
    return page_stamp(table["version"], [s["connected"] for s in table["seats"]], table["next"])


def _seat_words(seat: dict) -> str:
    if seat["kind"] == "open":
        return "waiting for a person"
    if seat["kind"] == "computer":
        level = LEVEL_NAMES.get(seat["level"], seat["level"])
        # A computer's name says its level (app.service.play.table_record.name_computers).
        return "computer player" if not seat["left"] else f"left: a computer player ({level}) plays on"
    return "connected" if seat["connected"] else "not connected"


def _duration_words(seconds: int) -> str:
    """``"1 minute"``, ``"2 minutes"``, ``"90 seconds"``."""
    if seconds % 60:
        return f"{seconds} seconds"
    minutes = seconds // 60
    return f"{minutes} minute{'s' if minutes > 1 else ''}"


def _settings(table: dict) -> dict:
    """What the waiting room tells everyone of the match to come: its rules (the preset
    and what differs from it, in the New game form's words), its holes and its turn timer."""
    rules = table["rules"]
    holes = next(o for o in RULE_OPTIONS if o.field == "holes")
    preset = preset_of(rules)
    seconds = table["timer_seconds"]
    return {
        "preset": PRESET_ABOUT.get(preset, preset),
        "changes": rule_changes(rules),
        "holes": holes.words(rules["holes"]),
        "timer": f"{_duration_words(seconds)} for each turn" if seconds else "No turn timer",
    }


def _result_sentence(state: dict) -> str:
    """The match's result for anyone at the table, seated or watching."""
    if state.get("result") is not None:
        return match_result_sentence(state)
    totals = state["totals"]
    best = min(totals.values())
    names = [p["name"] for p in state["players"] if totals[p["id"]] == best]
    if len(names) > 1:
        return f"{' and '.join(names)} share the lowest total, {best}"
    return f"{names[0]} won the match with {best}"


def _timer_words(table: dict) -> dict | None:
    if table["seconds_left"] is None or table["match"] is None:
        return None
    turn = table["match"].get("turn")
    if table["match"]["phase"] != "hole_over" and any(
        p["id"] == turn and p["kind"] == "computer" for p in table["match"]["players"]
    ):
        return None  # a computer's move takes no one's time
    waiting = [
        p["name"] for p in table["match"]["players"] if p["kind"] == "person" and p["id"] in _to_act(table["match"])
    ]
    mine = table["match"]["phase"] not in ("waiting", "watching", "hole_over", "match_over") or (
        table["match"]["phase"] == "hole_over" and bool(table["match"]["legal"])
    )
    who = "you" if mine else (", ".join(waiting) or "the table")
    return {
        "seconds": table["seconds_left"],
        # The end of a hole waits for its people's Next hole, so long at most: then it is dealt.
        "label": "Next hole in" if table["match"]["phase"] == "hole_over" else f"Time left for {who}",
        "urgent_from": URGENT_SECONDS,
        "urgent_say": timer_urgent_sentence(URGENT_SECONDS) if mine else "",
    }


def _readiness_sentence(match: dict, you: int | None) -> str:
    """Who the end of a hole at a table of people still waits for, from seat ``you``."""
    people = [p for p in match["players"] if p["kind"] == "person"]
    waiting = [p["name"] for p in people if p["seat"] not in match["ready"] and p["seat"] != you]
    ready = [p["name"] for p in people if p["seat"] in match["ready"] and p["seat"] != you]
    if you is not None and you in match["ready"]:
        return f"You are ready: waiting for {' and '.join(waiting)}." if waiting else "You are ready."
    if you is None:
        return f"Waiting for {' and '.join(waiting)} to press Next hole." if waiting else "The next hole is coming."
    if ready:
        return f"Press Next hole: {' and '.join(ready)} {'is' if len(ready) == 1 else 'are'} ready."
    return "Press Next hole when you are ready."


def _person_name(seat: dict) -> str:
    """The name of the person who sat at ``seat``, the one who left it too (the computer
    playing on for them is named "Bea (computer)")."""
    return seat["name"].removesuffix(" (computer)") if seat["left"] else seat["name"]


def _signed(change: int) -> str:
    """A rating's change as the end of a match says it.

    >>> _signed(149), _signed(-12), _signed(0)
    ('+149', '−12', '±0')
    """
    return f"+{change}" if change > 0 else f"−{-change}" if change < 0 else "±0"


def _rematch_words(table: dict) -> dict:
    """Whether a rematch of this quick match, with the same people, would be rated, and why."""
    left = [_person_name(s) for s in table["seats"] if s["left"]]
    if left:
        return {"rated": False, "why": f"{' and '.join(left)} left this match"}
    if not table["rated"]:
        return {"rated": False, "why": "a guest played in this match: only accounts are rated"}
    return {"rated": True, "why": "everyone here has an account and nobody left"}


def rated_end(table: dict) -> dict:
    """The end of a quick or rated match: its ratings, each person's before and after
    (``ratings``: None for an unrated match, [] for one rated for nobody); the ways on
    (Play now again, a rematch said rated or unrated); the address of the viewer's own
    lines (their chance's peak, a guest's way to be rated), asked for once the page has it."""
    names = {s["seat"]: _person_name(s) for s in table["seats"]}
    ratings = table["ratings"]
    you = table["you"]
    lines = None
    if ratings is not None:
        lines = [
            {
                "name": names[entry["seat"]],
                "you": entry["seat"] == you,
                "before": entry["before"],
                "after": entry["after"],
                "change": _signed(entry["change"]),
                "up": entry["change"] >= 0,
                "provisional": entry["provisional"],
            }
            for entry in ratings
        ]
    return {
        "rated_end": {
            "rated": table["rated"],
            "lines": lines,
            "mine_url": f"/t/{table['code']}/rated-end",
        },
        "play_now_again": None
        if you is None
        else {"players": len(table["seats"]) if len(table["seats"]) <= 4 else "any", "name": names[you]},
        "rematch": None if you is None else _rematch_words(table),
    }


def _you_for_a_guest(t: dict, match: dict) -> None:
    """A guest who gave no name for Play now sits as "Player": their own seat reads "You"
    in the totals and on the scorecard, as at a match of one's own."""
    mine = next((p for p in match["players"] if p["id"] == "you"), None)
    if mine is None or not GUEST_NAME.fullmatch(mine["name"]):
        return
    for entry in t["score_players"]:
        if entry["name"] == mine["name"]:
            entry["name"] = "You"
    t["scorecard"] = {
        **t["scorecard"],
        "players": [{**p, "name": "You"} if p["id"] == "you" else p for p in t["scorecard"]["players"]],
    }


def _to_act(match: dict) -> set[str]:
    turn = match.get("turn")
    return {turn} if turn else set()


def online_context(
    request: Request,
    view: TableOutcome,
    *,
    message: str | None = None,
    said: str | None = None,
    focus: str = "prompt",
    shown: int | None = None,
) -> dict:
    """The table fragment's model: the single-player table's, with what differs at a
    table of people (no pause, restart, new game or hint; undo by the table's rules; the
    seats' names and connections; the timer; leave; another match)."""
    table = view.table
    code = table["code"]
    base = f"/t/{code}"
    quick = bool(table.get("quick_play"))
    others = [s for s in table["seats"] if s["kind"] == "person" and s["seat"] != table["you"]]
    context = {
        "code": code,
        "name": PLAY_NOW if quick else table["name"],
        # Play now's subtitle says who the match is with, as it is.
        "subtitle": ("with other players" if others else "against the computer") if quick else None,
        "status": table["status"],
        "you": table["you"],
        "is_host": table["you"] == table["host"],
        "host_seat": table["host"],
        "seats": [{**s, "words": _seat_words(s)} for s in table["seats"]],
        "moves": view.moves,
        "stamp": _stamp(table),
        "version": table["version"],
        "live_url": f"{base}/table?seen={view.moves}&shown={table['version']}&stamp={_stamp(table)}",
        "link": str(request.base_url).rstrip("/") + base,
        "base": base,
        "message": message,
        "levels": [(lv, LEVEL_NAMES[lv]) for lv in LEVELS],
        "open_seats": any(s["kind"] == "open" for s in table["seats"]),
        "rated": table["rated"],
    }
    if table["status"] == "waiting":
        context["settings"] = _settings(table)
        unrated = [n["message"] for n in table["notices"] if n["message"].endswith(UNRATED_NOTICE)]
        context["unrated_because"] = unrated[-1] if unrated and not table["rated"] else None
        return context
    connected = {s["seat"]: s["connected"] for s in table["seats"] if s["kind"] == "person"}

    def with_connections(seen: dict) -> dict:
        # A copy: the outcome is shared (every page of a seat is sent one) and its last
        # step's players are the table's own.
        return {**seen, "players": [{**p, "connected": connected.get(p["seat"])} for p in seen["players"]]}

    match = with_connections(table["match"])
    match["events"] = view.events
    frames = [Frame(events, with_connections(seen)) for events, seen in view.frames]
    outcome = Outcome(match, frames)
    watching = table["you"] is None
    t = table_context(
        request,
        outcome,
        message=message,
        focus=focus,
        said=said,
        online=True,
        watching=watching,
        base=f"{base}/play",
        shared_as=(code, table["version"]),
    )
    over = match["phase"] == "match_over"
    t.update(context)
    t.update(
        seen=view.moves,
        next_url=f"/t/{table['next']}" if table["next"] else None,
        again_action=f"{base}/again" if over and not watching and not table["next"] else None,
        leave_action=f"{base}/leave" if table["status"] == "playing" and not watching else None,
        review_url=None if watching else f"{base}/review",  # a spectator has no decisions to review
        timer=_timer_words(table),
        # The latest of what the timer did replaces the one before: they do not pile up.
        notices=[
            n["message"] for n in table["notices"] if not n.get("next") and n["at_ms"] >= now_ms() - NOTICES_SHOWN_MS
        ][-1:],
    )
    if over and (table["quick_play"] or table["rated"]):
        t.update(rated_end(table))
    elif watching and table.get("you_left") is not None:
        # Left, and watching: the ways on, another quick match or a game of one's own.
        names = {s["seat"]: _person_name(s) for s in table["seats"]}
        size = len(table["seats"])
        t["play_now_again"] = {"players": size if size <= 4 else "any", "name": names[table["you_left"]]}
        t["new_game_link"] = "/new"

    if quick and not watching:
        _you_for_a_guest(t, match)
    if over:
        t["prompt"] = _result_sentence(match) + "."
        t["scorecard"]["result"] = _result_sentence(match)
    elif table["status"] == "over":  # ended where it stood (everyone left, or it could not go on)
        ended = [n["message"] for n in table["notices"] if not n.get("next")]
        t["prompt"] = ended[-1] if ended else "This match was ended before its last hole."
    elif match["phase"] == "hole_over" and "ready" in match:
        t["prompt"] = hole_result_sentence(match) + ". " + _readiness_sentence(match, table["you"])
    elif match["phase"] == "hole_over" and not match["legal"]:
        t["prompt"] = hole_result_sentence(match) + ". Waiting for the next hole to be dealt."
    elif watching:
        turn = match.get("turn")
        names = {p["id"]: p["name"] for p in match["players"]}
        t["prompt"] = f"{names[turn]} is playing" if turn else "The players are choosing their cards"
    if not watching and match["turn"] == "you" and match["phase"] == "draw" and view.events:
        # The turn has just passed to this seat: no one else moves in it, so the news that
        # comes with it is what passed it, told once. Moves are no turn during the opening
        # reveals (everyone makes them at once) nor while a turn is under way.
        # A line of its own after what was told (nothing is, once steps have told it).
        t["say"] = LINE.join(filter(None, [t["say"], "Your turn."]))
    if shown is not None:  # what the timer did since the page was drawn is told too
        news = " ".join(n["message"] for n in table["notices"] if n["version"] > shown and not n.get("next"))
        t["say"] = f"{news} {t['say']}".strip()
    return t
