"""The review pages: a finished hole's decisions, the whole match's, and the table as it
stood at one decision (read only, the move made and the Expert's marked).

A review not ready yet (it is computed in the background when the hole ends) is shown
as a progress indicator that asks again every second (``/review/status``).
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from app.service.errors import ServiceError, Unavailable
from app.web import table as tbl
from app.web.common import browser_id, render_fresh
from app.web.numbers import query_number

router = APIRouter(include_in_schema=False)

VERDICT_NAMES = {"best": "Best", "good": "Good", "inaccuracy": "Inaccuracy", "mistake": "Mistake",
                 "blunder": "Blunder"}


def _hole(request: Request) -> int | None:
    """The hole the query names; None (the whole match) when it names none."""
    hole = query_number(request.query_params.get("hole"), 0)
    return hole or None


def _number(request: Request) -> int:
    return query_number(request.query_params.get("n", "1"), 0)


def _numbered(decisions: list[dict]) -> None:
    """Each decision's number within its hole (from 1), for the links to its board."""
    counts: dict[int, int] = {}
    for decision in decisions:
        counts[decision["hole"]] = counts.get(decision["hole"], 0) + 1
        decision["number"] = counts[decision["hole"]]


def _body(request: Request, hole: int | None) -> tuple[int, dict]:
    """The review (or its progress) as the templates draw it; a refusal as a message."""
    try:
        status, review = request.app.state.reviews.match_review(browser_id(request), hole)
    except Unavailable:
        raise
    except ServiceError as error:
        return error.status, {"refused": error.message, "hole": hole}
    if status == 200:
        _numbered(review["decisions"])
        if hole is None:
            by_index = {d["index"]: d["number"] for d in review["decisions"]}
            for decision in review["biggest"]:
                decision["number"] = by_index[decision["index"]]
    return status, {**review, "hole": hole}


@router.get("/review", response_class=HTMLResponse)
def review_page(request: Request):
    hole = _hole(request)
    title = f"Review of hole {hole}" if hole else "Review of the match"
    status, body = _body(request, hole)  # a storage failure: the one refusal handler answers
    return render_fresh(request, "review.html", {"page": "review", "title": title, "r": body,
                                                 "names": VERDICT_NAMES}, 200 if status == 202 else status)


@router.get("/review/status", response_class=HTMLResponse)
def review_status(request: Request):
    """The review's body alone: the progress while it is prepared, then the review."""
    hole = _hole(request)
    status, body = _body(request, hole)
    return render_fresh(request, "_review_body.html", {"r": body, "names": VERDICT_NAMES},
                        200 if status == 202 else status)


def _mark(board: dict, action: dict, mark: str, words: str) -> None:
    """Mark on the board the card an action takes, turns up or lays down."""
    kind = action["action"]
    if kind in ("swap", "reveal"):
        card = board["me"]["cards"][action["position"]]
    elif kind == "draw":
        card = board["stock"] if action["source"] == "stock" else board["discard"]
    elif kind == "reject" and board["held"] is not None:
        card = board["held"]
    else:
        return
    card.classes.append(mark)
    card.label += f" ({words})"


@router.get("/review/decision", response_class=HTMLResponse)
def decision_page(request: Request):
    hole, number = _hole(request), _number(request)
    title = f"Hole {hole}, decision {number}"
    try:
        if hole is None:
            raise ServiceError("Name a finished hole to review.")
        status, found = request.app.state.reviews.decision(browser_id(request), hole, number)
    except Unavailable:
        raise  # answered by the one refusal handler
    except ServiceError as error:
        return render_fresh(request, "review.html", {"page": "review", "title": title, "names": VERDICT_NAMES,
                                                     "r": {"refused": error.message, "hole": hole}},
                            error.status if error.status != 400 else 422)
    if status != 200:
        return render_fresh(request, "review.html", {"page": "review", "title": title, "r": {**found, "hole": hole},
                                                     "names": VERDICT_NAMES})
    decision = found["decision"]
    board = tbl.board(found["view"], live=False)
    same = decision["action"] == decision["best"]
    _mark(board, decision["action"], "review-chosen", "your move and the Expert's" if same else "your move")
    if not same:
        _mark(board, decision["best"], "review-best", "the Expert's move")
    return render_fresh(request, "review_decision.html", {
        "page": "review", "title": title, "hole": hole, "d": decision, "number": number, "count": found["count"],
        "b": board, "same": same, "names": VERDICT_NAMES})
