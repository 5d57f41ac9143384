"""The scorekeeper's pages: keep the score sheet of a game of Golf played with real cards.

``/scorekeeper`` sets a game up and lists the saved ones; ``/scorekeeper/{id}`` is the
sheet, a form of holes by players. Without script the form is saved with its button;
with HTMX every change posts the whole form (debounced) with the version it was drawn
from, and the answer redraws the running totals, the leader and the gaps out of band,
never the cell being typed in. ``/scorekeeper/shared/{code}`` shows a sheet read-only
to anyone with the link.
"""

from __future__ import annotations

import re

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData, QueryParams

from app.golf.scoring import points_text
from app.service.errors import Invalid, ServiceError, Stale, Unavailable
from app.service.scorekeeper.sheets import (
    HIGHEST_SCORE,
    LOWEST_SCORE,
    MAX_HOLES,
    MAX_PLAYERS,
    ScorekeeperService,
    Sheet,
    standings,
)
from app.web.common import asset_version, browser_id, is_htmx, render_fresh, templates
from app.web.http.numbers import signed_number
from app.web.http.refusals import status_of
from app.web.scorekeeper.calculator_pages import CHOICES, choose, rules_of, score_form_model

router = APIRouter(include_in_schema=False)
templates.env.globals["scorekeeper_asset_version"] = asset_version(("scorekeeper.js", "scorekeeper.css"))
_CELL = re.compile(r"s-([0-9]{1,2})-([0-9])")
_ID = re.compile(r"[A-Za-z0-9_-]{16,32}")


def _service(request: Request) -> ScorekeeperService:
    service = getattr(request.app.state, "scorekeeper", None)
    if service is None:  # made on first use, on the application's engine
        service = request.app.state.scorekeeper = ScorekeeperService(request.app.state.engine)
    return service


# --------------------------------------------------------------------------- what the sheet shows


def sheet_model(sheet: Sheet, typed: dict[str, str] | None = None) -> dict:
    """The sheet as drawn: every cell with its running total, the totals, gaps and result."""
    st = standings(sheet)
    typed = typed or {}
    names = sheet.players
    rows = []
    for h, scores in enumerate(sheet.scores):
        cells = []
        for p, value in enumerate(scores):
            field = f"s-{h}-{p}"
            cells.append(
                {
                    "field": field,
                    "value": typed.get(field, "" if value is None else str(value)),
                    "shown": "" if value is None else points_text(value),
                    "running": st.running[h][p],
                    "label": f"Hole {h + 1}, {names[p]}",
                }
            )
        rows.append({"hole": h + 1, "cells": cells})
    leaders = [names[p] for p in st.leaders]
    if st.complete:
        best = points_text(st.totals[st.leaders[0]])
        result = (
            f"{leaders[0]} wins with {best}."
            if len(leaders) == 1
            else f"A tie: {_and(leaders)} share the lowest total, {best}."
        )
    else:
        result = None
    if not any(st.entered):
        status = "No scores yet. The lowest total at the end wins."
    elif len(leaders) == 1:
        status = f"After {st.holes_done} of {sheet.holes} holes, {leaders[0]} leads with {points_text(st.totals[st.leaders[0]])}."
    else:
        status = f"After {st.holes_done} of {sheet.holes} holes, {_and(leaders)} share the lead on {points_text(st.totals[st.leaders[0]])}."
    last = sheet.history[-1] if sheet.history else None
    return {
        "id": sheet.id,
        "version": sheet.version,
        "players": names,
        "holes": sheet.holes,
        "rows": rows,
        "totals": [points_text(t) for t in st.totals],
        "gaps": ["leads" if g == 0 else f"+{g}" for g in st.gaps],
        "leaders": st.leaders,
        "status": result or status,
        "result": result,
        "complete": st.complete,
        "share": f"/scorekeeper/shared/{sheet.share_code}",
        "undo_label": (f"Undo: hole {last[0] + 1}, {names[last[1]]}" if last else None),
    }


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# --------------------------------------------------------------------------- set-up and the list


def _setup_model(
    request: Request,
    names: list[str],
    holes: str = "9",
    holes_other: str = "",
    chosen: dict | None = None,
    message: str | None = None,
) -> dict:
    sheets = []
    for sheet in _service(request).sheets(browser_id(request)):
        st = standings(sheet)
        sheets.append(
            {
                "id": sheet.id,
                "players": _and(sheet.players),
                "holes": sheet.holes,
                "done": st.holes_done,
                "complete": st.complete,
            }
        )
    names = (names + [""] * MAX_PLAYERS)[:MAX_PLAYERS]
    return {
        "page": "scorekeeper",
        "names": names,
        "holes": holes,
        "holes_other": holes_other,
        "calc": {"choices": CHOICES, "chosen": chosen or choose({})[0]},
        "sheets": sheets,
        "message": message,
        "max_holes": MAX_HOLES,
    }


@router.get("/scorekeeper", response_class=HTMLResponse)
def setup_page(request: Request):
    names = _service(request).remembered_names(browser_id(request)) or ["", ""]
    model = _setup_model(request, names)
    return render_fresh(request, "scorekeeper/scorekeeper_setup.html", model)


@router.post("/scorekeeper", response_class=HTMLResponse)
async def create(request: Request):
    return await run_in_threadpool(_create, request, await request.form())


def _create(request: Request, form: FormData) -> Response:
    names = [str(form.get(f"player-{i}") or "")[:100] for i in range(MAX_PLAYERS)]
    holes_text = str(form.get("holes") or "9")
    other = str(form.get("holes_other") or "")
    chosen, fields = choose(form)
    try:
        holes = signed_number(other if holes_text == "other" else holes_text, "Holes", 1, MAX_HOLES)
        rules_of(fields)
        sheet = _service(request).create(browser_id(request), [n for n in names if n.strip()], holes, chosen)
    except Unavailable:
        raise  # answered by the one refusal handler, as a page or a fragment
    except ServiceError as error:
        model = _setup_model(request, names, holes_text, other, chosen, error.message)
        return render_fresh(request, "scorekeeper/scorekeeper_setup.html", model, status=status_of(error))
    return RedirectResponse(f"/scorekeeper/{sheet.id}", status_code=303)


# --------------------------------------------------------------------------- the sheet


def _sheet_page(
    request: Request,
    sheet: Sheet,
    message: str | None = None,
    status: int = 200,
    typed: dict[str, str] | None = None,
    said: str | None = None,
) -> Response:
    return render_fresh(
        request,
        "scorekeeper/scorekeeper_sheet.html",
        {"page": "scorekeeper", "sk": sheet_model(sheet, typed), "message": message, "said": said, "pad": True},
        status=status,
    )


def _update(
    request: Request,
    sheet: Sheet,
    message: str | None = None,
    status: int = 200,
    whole: bool = False,
    said: str | None = None,
) -> Response:
    """The HTMX answer: the parts that changed, out of band (the cells too when ``whole``)."""
    return render_fresh(
        request,
        "scorekeeper/scorekeeper_update.html",
        {"sk": sheet_model(sheet), "message": message, "whole": whole, "said": said},
        status=status,
    )


def _valid_id(sheet_id: str) -> bool:
    return bool(_ID.fullmatch(sheet_id))


@router.get("/scorekeeper/{sheet_id}", response_class=HTMLResponse)
def sheet_page(request: Request, sheet_id: str):
    if not _valid_id(sheet_id):
        raise HTTPException(404)
    sheet = _service(request).sheet(browser_id(request), sheet_id)
    return _sheet_page(request, sheet)


def _entries(form, sheet: Sheet) -> dict[tuple[int, int], int | None]:
    """The cells the form sends: empty clears a cell, a lone minus is a number still being typed."""
    entries = {}
    for key, value in form.multi_items():
        match = _CELL.fullmatch(key)
        if not match:
            continue
        hole, player = int(match[1]), int(match[2])
        if hole >= sheet.holes or player >= len(sheet.players):
            raise Invalid("The form names a cell that is not on this sheet: reload the page.")
        text = str(value).strip()
        if text in ("-", "\u2212"):
            continue
        what = f"Hole {hole + 1}, {sheet.players[player]}"
        entries[(hole, player)] = None if not text else signed_number(text, what, LOWEST_SCORE, HIGHEST_SCORE)
    return entries


def _version(form) -> int | None:
    text = form.get("version")
    return None if text in (None, "") else signed_number(str(text), "The page's version", 0, 10**9)


@router.post("/scorekeeper/{sheet_id}/scores", response_class=HTMLResponse)
async def enter_scores(request: Request, sheet_id: str):
    if not _valid_id(sheet_id):
        raise HTTPException(404)
    return await run_in_threadpool(_enter_scores, request, sheet_id, await request.form())


def _enter_scores(request: Request, sheet_id: str, form: FormData) -> Response:
    service, browser, htmx = _service(request), browser_id(request), is_htmx(request)
    try:
        sheet = service.sheet(browser, sheet_id)
        entries = _entries(form, sheet)
        sheet, _ = service.enter(browser, sheet_id, entries, if_match=_version(form))
    except Unavailable:
        raise  # answered by the one refusal handler, as a page or a fragment
    except ServiceError as error:
        sheet = service.sheet(browser, sheet_id)  # a sheet gone meanwhile: the refusal handler says so
        if htmx:
            return _update(request, sheet, error.message, status_of(error), whole=isinstance(error, Stale))
        typed = None if isinstance(error, Stale) else {k: str(v)[:12] for k, v in form.items() if _CELL.fullmatch(k)}
        return _sheet_page(request, sheet, error.message, status_of(error), typed=typed)
    if htmx:
        return _update(request, sheet)
    return RedirectResponse(f"/scorekeeper/{sheet_id}", status_code=303)


@router.post("/scorekeeper/{sheet_id}/undo", response_class=HTMLResponse)
async def undo(request: Request, sheet_id: str):
    if not _valid_id(sheet_id):
        raise HTTPException(404)
    return await run_in_threadpool(_undo, request, sheet_id, await request.form())


def _undo(request: Request, sheet_id: str, form: FormData) -> Response:
    service, browser, htmx = _service(request), browser_id(request), is_htmx(request)
    try:
        sheet, entry = service.undo(browser, sheet_id, if_match=_version(form))
    except Unavailable:
        raise  # answered by the one refusal handler, as a page or a fragment
    except ServiceError as error:
        sheet = service.sheet(browser, sheet_id)  # a sheet gone meanwhile: the refusal handler says so
        if htmx:
            return _update(request, sheet, error.message, status_of(error), whole=True)
        return _sheet_page(request, sheet, error.message, status_of(error))
    hole, player, before, after = entry
    said = (
        f"Taken back: hole {hole + 1}, {sheet.players[player]} is "
        f"{'empty' if before is None else points_text(before)} again."
    )
    if htmx:
        return _update(request, sheet, whole=True, said=said)
    return _sheet_page(request, sheet, said=said)


@router.post("/scorekeeper/{sheet_id}/delete", response_class=HTMLResponse)
def delete(request: Request, sheet_id: str):
    if not _valid_id(sheet_id):
        raise HTTPException(404)
    _service(request).delete(browser_id(request), sheet_id)
    return RedirectResponse("/scorekeeper", status_code=303)


@router.get("/scorekeeper/{sheet_id}/calc", response_class=HTMLResponse)
def cell_calculator(request: Request, sheet_id: str):
    """The score calculator for one cell, under the sheet's rules, with a button that
    puts the score on the sheet."""
    if not _valid_id(sheet_id):
        raise HTTPException(404)
    sheet = _service(request).sheet(browser_id(request), sheet_id)
    hole = signed_number(request.query_params.get("hole", ""), "Hole", 1, sheet.holes) - 1
    player = signed_number(request.query_params.get("player", ""), "Player", 1, len(sheet.players)) - 1
    params = request.query_params
    if not any(name in params for name, _, _ in CHOICES):
        params = _with_rules(params, sheet.rules)
    calc = score_form_model(params, base=f"/scorekeeper/{sheet_id}/calc")
    return render_fresh(
        request,
        "scorekeeper/scorekeeper_calc.html",
        {
            "page": "scorekeeper",
            "calc": calc,
            "sk": {"id": sheet_id},
            "hidden": {"hole": hole + 1, "player": player + 1},
            "use": {
                "action": f"/scorekeeper/{sheet_id}/scores",
                "field": f"s-{hole}-{player}",
                "who": f"{sheet.players[player]}, hole {hole + 1}",
            },
            "who": sheet.players[player],
            "hole": hole + 1,
        },
        status=422 if calc["message"] else 200,
    )


def _with_rules(params, rules: dict) -> QueryParams:
    """The query with the sheet's rule choices added (the calculator opens under them)."""
    items = [(k, v) for k, v in params.multi_items()] + [(k, str(v)) for k, v in rules.items()]
    return QueryParams(items)


# --------------------------------------------------------------------------- the shared, read-only sheet


@router.get("/scorekeeper/shared/{code}", response_class=HTMLResponse)
def shared_sheet(request: Request, code: str):
    if not _ID.fullmatch(code):
        raise HTTPException(404)
    sheet = _service(request).shared(code)
    return render_fresh(request, "scorekeeper/scorekeeper_shared.html", {"page": "shared", "sk": sheet_model(sheet)})
