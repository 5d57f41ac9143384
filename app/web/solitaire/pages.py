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
"""

from __future__ import annotations

from functools import lru_cache

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, Response
from starlette.datastructures import FormData

from app.cards import card_name
from app.service.errors import Invalid
from app.service.solitaire import RULE_FLAGS, rules_of
from app.solitaire.winnable import winnable_deals
from app.web.common import (
    FlashCookie,
    answer_move,
    arrival,
    back_after_move,
    browser_id,
    clock_text,
    form_version,
    now_ms,
    render_fresh,
    sentence,
)
from app.web.dependencies import solitaire_of, statistics_of
from app.web.golf.board import Card
from app.web.http.numbers import optional_whole_number, whole_number

router = APIRouter(include_in_schema=False)

FLASH = FlashCookie("solitaire_flash")
COMMANDS = ("play", "draw", "undo", "restart", "new", "hint")
OPTIONS = [
    ("any_time", "Turn the stock at any time", "not only when no play is left"),
    ("queens_on_kings", "A queen may go on a king", "otherwise nothing goes on a king"),
    ("wrap", "Ranks wrap", "king and ace are neighbours, both ways"),
]


# --------------------------------------------------------------------------- words


def cards_text(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def end_sentence(state: dict) -> str | None:
    """What the page says once the deal is over, or None while it is being played."""
    if state["phase"] == "won":
        return "You won: every pile is cleared. Your score is 0."
    if state["phase"] == "stuck":
        left = state["score"]
        return f"No more moves: {cards_text(left)} left. Your score is {left}."
    return None


def prompt(state: dict) -> str:
    """The one line that says what to do now."""
    end = end_sentence(state)
    if end:
        return end
    top = card_name(state["foundation"]["top"])
    if state["playable"] and state["can_draw"]:
        return f"Play a card onto the {top}, or turn the next stock card."
    if state["playable"]:
        return f"Play a card onto the {top}."
    return f"No card goes on the {top}: turn the next stock card."


def played_sentence(before: dict, pile: int) -> str:
    """``"You played the 7 of clubs from pile 3 onto the 6 of hearts."``"""
    card = before["tableau"][pile][-1]
    return f"You played the {card_name(card)} from pile {pile + 1} onto the {card_name(before['foundation']['top'])}."


def undone_sentence(before: dict, after: dict) -> str:
    """What Undo took back, told from the states before and after it."""
    if after["stock_count"] > before["stock_count"]:
        return f"Took back turning the {card_name(before['foundation']['top'])}: it is back in the stock."
    for pile, (old, new) in enumerate(zip(before["tableau"], after["tableau"])):
        if len(new) > len(old):
            return f"Took back playing the {card_name(new[-1])}: it is back on pile {pile + 1}."
    return "Took back the last move."


# --------------------------------------------------------------------------- the table


def pile_cards(state: dict) -> list[dict]:
    """The seven piles, each bottom to top; the top card of a playable pile is a button."""
    playable = set(state["playable"]) if state["phase"] == "playing" else set()
    piles = []
    for index, pile in enumerate(state["tableau"]):
        number = index + 1
        cards = []
        for depth, code in enumerate(pile):
            top = depth == len(pile) - 1
            if not top:
                cards.append(Card(label=f"Pile {number}, covered, {card_name(code)}", card=code))
                continue
            card = Card(label=f"Pile {number}, {card_name(code)}", card=code)
            if index in playable:
                card.label += ", playable"
                card.action, card.param, card.value = "play", "pile", index
                card.classes.append("playable")
            cards.append(card)
        piles.append(
            {
                "number": number,
                "index": index,
                "cards": cards,
                "count": len(pile),
                "label": f"Pile {number}, empty" if not pile else None,
            }
        )
    return piles


def stock_card(state: dict) -> Card:
    count = state["stock_count"]
    can_draw = state["phase"] == "playing" and state["can_draw"]
    if not count:
        card = Card(label="Stock, empty")
        card.classes.append("space")
        return card
    label = f"Stock, {cards_text(count)}"
    card = Card(label=label + (": turn the next card" if can_draw else ""))
    card.classes.append("stock")
    if can_draw:
        card.action = "draw"
    return card


def foundation_card(state: dict) -> Card:
    top, count = state["foundation"]["top"], state["foundation"]["count"]
    card = Card(label=f"Foundation, {card_name(top)}, {cards_text(count)}", card=top)
    card.classes.append("foundation")
    return card


def new_deal_model(state: dict, typed: dict | None = None, error: str | None = None) -> dict:
    """The New deal form; after a refused deal number, with what was typed and why."""
    rules = state.get("rules") or {}
    moved = state["moves_taken"] and state["phase"] == "playing"
    typed = typed or {}
    return {
        "version": state["version"],
        "seed": typed.get("seed") or "",
        "seed_error": error if typed else None,
        "options": [(name, text, about, bool(rules.get(name))) for name, text, about in OPTIONS],
        "winnable_only": state.get("winnable_only", False),
        "warn": (
            f"Leaving this deal now counts it as played, with {cards_text(state['score'])} left." if moved else None
        ),
    }


def table_context(
    state: dict,
    *,
    message: str | None = None,
    hint: str | None = None,
    say: str = "",
    focus: str = "",
    running: bool | None = None,
    typed: dict | None = None,
    stats: dict | None = None,
) -> dict:
    phase = state["phase"]
    if running is None:
        running = phase == "playing" and state["moves_taken"] > 0
    rules = state.get("rules") or {}
    return {
        "version": state["version"],
        "seed": state["seed"],
        "phase": phase,
        "over": phase != "playing",
        "end": end_sentence(state),
        "prompt": prompt(state),
        "rules_text": None if rules.get("key", "strict") == "strict" else _rules_text(rules),
        "winnable": bool(state.get("winnable_only")) and proved_winnable(state["seed"], rules),
        "moves": state["moves"],
        "score": state["score"],
        "elapsed": state["elapsed_seconds"],
        "clock": clock_text(state["elapsed_seconds"]),
        "running": running and phase == "playing",
        "piles": pile_cards(state),
        "stock": stock_card(state),
        "stock_count": state["stock_count"],
        "foundation": foundation_card(state),
        "foundation_count": state["foundation"]["count"],
        "can_undo": state["can_undo"],
        "can_hint": phase == "playing",
        "hint": hint,
        "message": message,
        "say": say,
        "focus": focus or _default_focus(state),
        "new_deal": new_deal_model(state, typed, message),
        # A refused deal number: the form opens again with it, and the alert stays for the rest.
        "reopen_new_deal": bool(typed),
        "confirm_restart": phase == "playing" and state["moves_taken"] > 0,
        "left_if_restarted": cards_text(state["score"]),
        "won": _won_model(state, stats) if phase == "won" else None,
    }


def _won_model(state: dict, stats: dict | None) -> dict:
    """The celebration of a cleared deal: how it went, and the statistics it adds to."""
    stats = stats or {}
    rate = stats.get("win_rate")
    return {
        "moves": state["moves"],
        "clock": clock_text(state["elapsed_seconds"]),
        "facts": [
            ("Deals won", f"{stats.get('won', 0)} of {stats.get('played', 0)}"),
            ("Win rate", f"{rate * 100:.0f}%" if rate is not None else "–"),
            ("Current winning streak", str(stats.get("current_streak", 0))),
            ("Best winning streak", str(stats.get("best_streak", 0))),
        ],
    }


@lru_cache(maxsize=16)
def _proved(key: str) -> frozenset[int]:
    return frozenset(winnable_deals(rules_of({name: True for name in RULE_FLAGS if name in key.split("|")})))


def proved_winnable(seed: int, rules: dict) -> bool:
    """Whether the deal is one the solver proved winnable under these rules (the deal
    of "winnable deals only"; a number typed in may or may not be one)."""
    return seed in _proved("|".join(name for name in RULE_FLAGS if rules.get(name)))


def _rules_text(rules: dict) -> str:
    """``"Rules: turn the stock at any time; ranks wrap (king and ace are neighbours)"``."""
    return "Rules: " + str(rules.get("description", "")).removeprefix("Golf: ")


def _default_focus(state: dict, after_pile: int = 0) -> str:
    """The control a person most likely wants next: a playable card (the first at or
    after the pile just played), else the stock, else the end of the game."""
    if state["phase"] != "playing":
        return "sol-prompt"
    playable = state["playable"]
    if playable:
        later = [p for p in playable if p >= after_pile]
        return f"pile-{(later or playable)[0] + 1}"
    if state["can_draw"]:
        return "stock"
    return "sol-prompt"


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
            "solitaire_new.html",
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
    return render_fresh(request, "solitaire.html" if page else "solitaire_fragment.html", context, status)


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
        options["focus"] = _default_focus(state, after_pile=pile)
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
        request, "solitaire_new.html", {"page": "solitaire", "nd": new_deal_model(state), "now_ms": now_ms()}
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
            "focus": options.get("focus") or _default_focus(state),
        },
    )
