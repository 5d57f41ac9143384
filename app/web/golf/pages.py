"""The HTML pages (server-rendered, progressively enhanced with HTMX).

``GET /`` draws the table. Every move is a form posted to ``/play/<command>`` carrying
the version the page was drawn from (the ``If-Match`` header from HTMX, or a hidden
``version`` field without JavaScript). With HTMX the answer is the table fragment,
swapped in place, holding the computer's turn as frames (the table after each of its
actions) for a small script to show one by one; without JavaScript the answer is a
redirect back to the table. A refusal keeps the table and says why in the alert area.
"""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData

from app.golf.rules import RulesError, RuleSet, rules_from_request
from app.players import LEVELS
from app.service.errors import Invalid, ServiceError
from app.service.play.match import GolfService
from app.service.play.match_deals import MAX_SEED, checked_people
from app.service.play.match_state import Outcome
from app.web.common import (
    FlashCookie,
    answer_move,
    arrival,
    back_after_move,
    browser_id,
    form_version,
    now_ms,
    render_fresh,
    templates,
)
from app.web.dependencies import golf_of, statistics_of
from app.web.golf.grid_cards import hint_target
from app.web.golf.narration import hint_sentence, narrate, own_move_sentence, undo_sentence
from app.web.golf.new_game import new_game_model
from app.web.golf.rule_options import rules_from_form
from app.web.golf.view_model import scorecard_model, summary_model, table_context
from app.web.http.numbers import optional_whole_number, whole_number

router = APIRouter(include_in_schema=False)

FLASH = FlashCookie("golf_flash")


# --------------------------------------------------------------------------- helpers


def _position(form) -> int:
    return whole_number(form.get("position"), "Choose a card: the move named no position.")


def _render_table(
    request: Request, outcome: Outcome, status: int = 200, page: bool = False, welcome: bool = False, **options
) -> Response:
    context = {"request": request, "t": table_context(request, outcome, **options), "page": "table", "welcome": welcome}
    return render_fresh(request, "table/table_page.html" if page else "table/table_fragment.html", context, status)


# --------------------------------------------------------------------------- pages


@router.get("/", response_class=HTMLResponse)
def table_page(request: Request):
    """The table. A visitor coming back to a match left running finds it paused, with
    the time away not counted; a redirect just after a move (no script) is not a return."""
    outcome, flash, just_acted = arrival(request, golf_of(request), FLASH)
    # The first visit, until a match is finished in this browser: a welcome above the table.
    welcome = outcome.state["phase"] != "match_over" and not statistics_of(request).finished_any(browser_id(request))
    response = _render_table(
        request,
        outcome,
        page=True,
        welcome=welcome,
        returning=not just_acted,
        flash=flash.get("say"),
        hint=flash.get("hint"),
        hinted=flash.get("hinted", ""),
        message=flash.get("message"),
    )
    FLASH.forget(request, response)
    return response


@router.get("/table", response_class=HTMLResponse)
def table_fragment(request: Request):
    """The table fragment as it stands (the page asks for it when it comes back into view)."""
    outcome = golf_of(request).current(browser_id(request))
    return _render_table(request, outcome, returning=True)


COMMANDS = {
    "reveal",
    "draw",
    "swap",
    "flip",
    "reject",
    "skip",
    "knock",
    "next-hole",
    "undo",
    "pause",
    "resume",
    "restart",
    "new",
    "hint",
    "daily",
    "pass-open",
}


def _people(form) -> list[str] | None:
    """Pass and play: the names given for the people sharing this device (the fields left
    empty are seats for the computers); None when no name is given. One name alone is
    refused by the service, with the others it checks."""
    names = [value.strip() for value in form.getlist("people") if isinstance(value, str) and value.strip()]
    return names or None


def _new_game_request(form) -> tuple[int | None, str | None, dict | None]:
    """The seed, level and rules a New game form asks for, read and checked in full
    before anything changes: a paused match is resumed only for a game that will be
    dealt, so a refused form leaves it as it was."""
    seed = optional_whole_number(
        form.get("seed"),
        "The deal number must be a whole number, or left empty for a new one.",
        typed=True,
        high=MAX_SEED,
    )
    level = form.get("level") or None
    if level is not None and level not in LEVELS:
        raise Invalid("Choose a level: Easy, Medium, Hard or Expert.")
    rules = rules_from_form(form)
    try:
        rules_from_request(rules)
    except RulesError as error:
        raise Invalid(f"These rules cannot be played: {error}") from None
    return seed, level, rules


def _unpause(service: GolfService, browser_id: str, version: int | None) -> int | None:
    """New game and Restart match from a paused table: the service plays nothing while
    paused, so resume first (the clock starts afresh for the new deal anyway)."""
    state = service.current(browser_id).state
    if not state["paused"]:
        return version
    return service.resume(browser_id, if_match=version).state["version"]


def _told_back(move: dict, outcome: Outcome) -> str:
    """The person's own move told back with the card it showed them; nothing when the
    table is shown from another seat by then (pass and play: the next person's, whose
    page tells the move as another's)."""
    seen_from = outcome.state["players"][0].get("seat", outcome.mover)
    return own_move_sentence(move, outcome.state) if seen_from == outcome.mover else ""


def _perform(request: Request, command: str, form: FormData) -> tuple[Outcome, dict]:
    """Carry out one command for this browser; returns the outcome and render options."""
    service, browser = golf_of(request), browser_id(request)
    version = form_version(request, form)
    options: dict = {}
    if command in ("reveal", "swap", "flip"):
        move = {"action": command, "position": _position(form)}
        outcome = service.act(browser, move, if_match=version, frames=True)
        options["said"] = _told_back(move, outcome)
    elif command == "draw":
        source = form.get("source")
        if source not in ("stock", "discard"):
            raise Invalid("Draw from the stock or the discard pile.")
        move = {"action": "draw", "source": source}
        outcome = service.act(browser, move, if_match=version, frames=True)
        options["said"] = _told_back(move, outcome)
    elif command in ("reject", "skip", "knock", "next-hole"):
        outcome = service.act(browser, {"action": command.replace("-", "_")}, if_match=version, frames=True)
        if command == "next-hole":
            options["focus"] = "prompt"
    elif command == "undo":
        outcome = service.undo(browser, if_match=version)
        options["said"] = undo_sentence(outcome.undone, outcome.state)
    elif command == "pause":
        outcome = service.pause(browser, if_match=version)
        options["focus"] = "resume"
    elif command == "resume":
        outcome = service.resume(browser, if_match=version)
    elif command == "restart":
        version = _unpause(service, browser, version)
        outcome = service.restart(browser, if_match=version)
        options["said"] = "The match starts again from hole 1, with the same deals."
        options["dealt"] = True
    elif command == "new":
        seed, level, rules = _new_game_request(form)
        people = _people(form)
        if people is not None:
            checked_people(people)  # refused before a paused match is resumed
        version = _unpause(service, browser, version)
        outcome = service.new_match(browser, seed, level, rules, if_match=version, people=people)
        options["said"] = "A new match is dealt."
        options["dealt"] = True
    elif command == "daily":
        version = _unpause(service, browser, version)
        name = form.get("name")  # a file, in a multipart form, is no name
        outcome = service.new_match(
            browser, if_match=version, daily=True, name=name if isinstance(name, str) and name else None
        )
        options["said"] = (
            "Today's deal is dealt, for practice: it stays off the leaderboard."
            if outcome.state["practice"]
            else "Today's deal is dealt: your counted attempt, with no Undo, Hint or Restart."
        )
        options["dealt"] = True
    elif command == "pass-open":
        outcome = service.open_pass(browser, if_match=version)
    elif command == "hint":
        advice = service.hint(browser)
        outcome = service.current(browser)
        options["hint"] = hint_sentence(advice, outcome.state)
        options["hinted"] = hint_target(advice.get("action"))
        options["focus"] = "hint"
    else:  # pragma: no cover - the route only lets known commands through
        raise Invalid("Unknown move.")
    return outcome, options


@router.post("/play/away")
async def away(request: Request):
    """The page was hidden (navigator.sendBeacon): stop the clock so time away is not counted."""
    form = await request.form()

    def pause() -> None:
        try:
            golf_of(request).pause(browser_id(request), if_match=form_version(request, form))
        except ServiceError:
            pass  # already paused, over, or another tab moved on: nothing to stop

    await run_in_threadpool(pause)
    return Response(status_code=204)


@router.post("/play/{command}")
async def play(request: Request, command: str):
    if command not in COMMANDS:
        raise HTTPException(404)
    return await answer_move(
        request,
        lambda: golf_of(request).current(browser_id(request)),
        lambda form: _perform(request, command, form),
        _render_table,
        _back,
    )


def _back(outcome: Outcome, options: dict) -> Response:
    """Without script: back to the table, with what happened (the computer's moves too)
    kept for one showing."""
    told = [s for s, _ in narrate(outcome.state.get("events", []), outcome.state)]
    say = " ".join([options.get("said") or ""] + told).strip()
    return back_after_move("/", FLASH, {"say": say, "hint": options.get("hint"), "hinted": options.get("hinted")})


@router.get("/new", response_class=HTMLResponse)
def new_game_page(request: Request):
    """The New game form as a page (the table opens it as a dialog when script runs)."""
    outcome = golf_of(request).current(browser_id(request))
    return render_fresh(
        request, "golf/new_game.html", {"page": "new", "ng": new_game_model(outcome.state), "now_ms": now_ms()}
    )


@router.get("/scorecard", response_class=HTMLResponse)
def scorecard_page(request: Request):
    outcome = golf_of(request).current(browser_id(request))
    return templates.TemplateResponse(
        request, "table/scorecard.html", {"page": "scorecard", "sc": scorecard_model(outcome.state), "now_ms": now_ms()}
    )


@router.get("/summary", response_class=HTMLResponse)
def summary_page(request: Request):
    """The match summary as a page (the table opens it as a dialog when script runs)."""
    outcome = golf_of(request).current(browser_id(request))
    summary = summary_model(outcome.state)
    if summary is None:
        return back_after_move("/", FLASH, {"message": "The match is not over yet: its summary comes at the end."})
    return templates.TemplateResponse(
        request, "table/summary.html", {"page": "summary", "sm": summary, "now_ms": now_ms()}
    )


@router.get("/how-to-play", response_class=HTMLResponse)
def how_to_play(request: Request):
    return templates.TemplateResponse(request, "golf/how_to_play.html", {"page": "how", "house": HOUSE_EXAMPLES})


# The rules How to play draws its house rules' example grids under.
HOUSE_EXAMPLES = {
    "super_kings": RuleSet(super_kings=True),
    "ten_penny": RuleSet(ten_penny=True),
    "one_eyed_jacks": RuleSet(one_eyed_jacks=True),
    "lucky_swing": RuleSet(jokers=True, single_joker=True, joker_value=-5),
    "wolfpack": RuleSet(wolfpack=-20),
    "blackjack": RuleSet(blackjack=True),
}
