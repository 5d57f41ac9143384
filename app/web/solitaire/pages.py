"""The Golf solitaire page (``/solitaire``), server-rendered and enhanced with HTMX.

The same shape as the Golf table: every move is a form posted to
``/solitaire/<command>`` carrying the version the page was drawn from (the
``If-Match`` header from HTMX, or a hidden ``version`` field without script). With
HTMX the answer is the table fragment, swapped in place; without script it is a
redirect back to the page, with what happened kept in a short-lived cookie. A refusal
keeps the table and says why in the alert area (409 and 422), or draws the deal as it
stands now when another tab moved first (412).

The page reads only the public state of the deal (``app.solitaire.game.view`` as the
service describes it), which holds the size of the stock and never its order.

The table it draws is the view model's (:mod:`app.web.solitaire.view_model`), its
sentences those of :mod:`app.web.solitaire.sentences`.
"""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, Response
from starlette.datastructures import FormData

from app.cards import card_name
from app.service.errors import Invalid
from app.service.solitaire import RULE_FLAGS
from app.web.common import (
    FlashCookie,
    answer_move,
    arrival,
    back_after_move,
    browser_id,
    form_version,
    now_ms,
    render_fresh,
    sentence,
)
from app.web.dependencies import solitaire_of, statistics_of
from app.web.http.numbers import optional_whole_number, whole_number
from app.web.solitaire.sentences import end_sentence, played_sentence, undone_sentence
from app.web.solitaire.view_model import default_focus, hint_target, new_deal_model, table_context

router = APIRouter(include_in_schema=False)

FLASH = FlashCookie("solitaire_flash")
COMMANDS = ("play", "draw", "undo", "restart", "new", "hint")


def render(
    request: Request,
    state: dict,
    *,
    status: int = 200,
    page: bool = False,
    flash: str | None = None,
    autofocus: bool = False,
    **options,
) -> Response:
    if options.get("typed") and page:
        # Without script a refused deal number goes back to the New deal page, as typed.
        return render_fresh(
            request,
            "solitaire/solitaire_new.html",
            {
                "page": "solitaire",
                "nd": new_deal_model(state, options["typed"], options.get("message")),
                "now_ms": now_ms(),
            },
            status,
        )
    if state["phase"] == "won":
        options["stats"] = statistics_of(request).of(browser_id(request))["solitaire"]
    t = table_context(state, **options)
    t["autofocus"] = autofocus
    context = {"request": request, "t": t, "page": "solitaire", "flash": flash}
    return render_fresh(
        request, "solitaire/solitaire.html" if page else "solitaire/solitaire_fragment.html", context, status
    )


# --------------------------------------------------------------------------- helpers


def _pile(form) -> int:
    return whole_number(form.get("pile"), "Choose one of the seven piles: the move named none.", high=6)


def _new_deal_request(form) -> tuple[int | None, bool | None, dict | None]:
    """The deal number, the winnable choice and the rules a New deal form asks for.
    The quick New deal button sends no options: the service keeps the last ones."""
    seed = optional_whole_number(
        form.get("seed"), "A deal number is a whole number, such as 1234; leave it empty for a random deal.", typed=True
    )
    if not form.get("options"):
        return seed, None, None
    rules = {name: bool(form.get(name)) for name in RULE_FLAGS}
    return seed, bool(form.get("winnable_only")), rules


def _perform(request: Request, command: str, form: FormData) -> tuple[dict, dict]:
    """Carry out one command for this browser; returns the state and render options."""
    service, browser = solitaire_of(request), browser_id(request)
    version = form_version(request, form)
    clock_was_running = form.get("clock") == "running"
    options: dict = {}
    if command == "play":
        pile = _pile(form)
        before = service.current(browser)
        state = service.play(browser, pile, if_match=version)
        options["say"] = played_sentence(before, pile)
        options["focus"] = default_focus(state, after_pile=pile)
    elif command == "draw":
        state = service.draw(browser, if_match=version)
        options["say"] = f"Turned the {card_name(state['foundation']['top'])}."
    elif command == "undo":
        before = service.current(browser)
        state = service.undo(browser, if_match=version)
        options["say"] = undone_sentence(before, state)
        options["focus"] = "undo" if state["can_undo"] else ""
        options["running"] = clock_was_running
    elif command == "restart":
        state = service.restart(browser, if_match=version)
        options["say"] = f"Deal {state['seed']} starts again from the beginning."
        options["focus"] = "sol-prompt"
    elif command == "new":
        seed, winnable_only, rules = _new_deal_request(form)
        state = service.new(browser, seed, winnable_only, rules, if_match=version)
        kind = " (a winnable deal)" if seed is None and state["winnable_only"] else ""
        options["say"] = f"Deal {state['seed']}{kind} is dealt."
        options["focus"] = "sol-prompt"
    elif command == "hint":
        advice = service.hint(browser)
        state = service.current(browser)
        options["hint"] = sentence(advice["text"])
        options["hinted"] = hint_target(advice["move"])
        options["focus"] = "sol-hint"
        options["running"] = clock_was_running
    else:  # pragma: no cover - the route lets only known commands through
        raise Invalid("Unknown move.")
    end = end_sentence(state)
    if end and command in ("play", "draw", "undo"):
        options["say"] = f"{options.get('say', '')} {end}".strip()
    return state, options


# --------------------------------------------------------------------------- routes


@router.get("/solitaire", response_class=HTMLResponse)
def solitaire_page(request: Request):
    """The solitaire table. A visitor coming back finds the clock credited only up to
    their last move; the redirect just after a move (no script) is not a return."""
    state, flash, just_acted = arrival(request, solitaire_of(request), FLASH)
    focus = flash.get("focus", "")
    response = render(
        request,
        state,
        page=True,
        flash=flash.get("say"),
        hint=flash.get("hint"),
        hinted=flash.get("hinted", ""),
        message=flash.get("message"),
        focus=focus,
        autofocus=bool(focus),
        running=None if just_acted else False,
    )
    FLASH.forget(request, response)
    return response


@router.get("/solitaire/table", response_class=HTMLResponse)
def solitaire_fragment(request: Request):
    """The table fragment as it stands; ``?away=1`` when the page comes back into view
    after a while, so the time away is not counted."""
    service, browser = solitaire_of(request), browser_id(request)
    away = request.query_params.get("away") == "1"
    state = service.pause_if_away(browser) if away else service.current(browser)
    return render(request, state, running=False if away else None, focus="keep")


@router.get("/solitaire/new", response_class=HTMLResponse)
def new_deal_page(request: Request):
    """The New deal form as a page (the table opens it as a dialog when script runs)."""
    state = solitaire_of(request).current(browser_id(request))
    return render_fresh(
        request, "solitaire/solitaire_new.html", {"page": "solitaire", "nd": new_deal_model(state), "now_ms": now_ms()}
    )


@router.post("/solitaire/{command}")
async def solitaire_command(request: Request, command: str):
    if command not in COMMANDS:
        raise HTTPException(404)
    form = await request.form()
    # A refusal keeps focus where it was, and the clock as the page had it; a refused
    # New deal keeps the deal number as typed, to be put right.
    refused = {"focus": "keep", "running": form.get("clock") == "running"}
    if command == "new" and form.get("options"):
        refused["typed"] = {"seed": str(form.get("seed") or "")[:40]}
    return await answer_move(
        request,
        lambda: solitaire_of(request).current(browser_id(request)),
        lambda form: _perform(request, command, form),
        render,
        _back,
        refused=refused,
    )


def _back(state: dict, options: dict) -> Response:
    """Without script: back to the page, with what happened and where focus goes kept
    for one showing."""
    return back_after_move(
        "/solitaire",
        FLASH,
        {
            "say": options.get("say"),
            "hint": options.get("hint"),
            "hinted": options.get("hinted"),
            "focus": options.get("focus") or default_focus(state),
        },
    )
