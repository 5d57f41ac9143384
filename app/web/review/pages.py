"""The review pages: a finished hole's decisions, the whole match's, and the table as it
stood at one decision (read only, the move made and the Expert's marked).

The same pages review the browser's own match against the computer (``/review``) and
its own seat at an online table (``/t/{code}/review``): a :class:`Source` says where the
review comes from and where the pages' links lead; everything else is shared. At a table
only the people seated there have a review: anyone else is refused, as by the API.

A review not ready yet (it is computed in the background when the hole ends) is shown
as a progress indicator that asks again every second (``<base>/status``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from app.service.errors import Invalid, ServiceError, Unavailable
from app.service.review.reviews import ReviewService
from app.web.common import browser_id, render_fresh
from app.web.dependencies import reviews_of, win_chances_of
from app.web.golf import board as tbl
from app.web.http.numbers import optional_whole_number, query_number
from app.web.http.refusals import status_of
from app.web.replays.chance_chart import story_model

router = APIRouter(include_in_schema=False)

VERDICT_NAMES = {"best": "Best", "good": "Good", "inaccuracy": "Inaccuracy", "mistake": "Mistake", "blunder": "Blunder"}


@dataclass(frozen=True)
class Source:
    """Whose review the pages show, and where their links lead."""

    base: str  # the review's own address: the list; ``/status`` and ``/decision`` under it
    back: str  # the table the review is of
    scorecard: str | None  # the scorecard page (a table of people shows its scorecard on its page)
    review: Callable[[ReviewService, str, int | None], tuple[int, dict]]
    decision: Callable[[ReviewService, str, int, int], tuple[int, dict]]
    code: str | None = None  # the table of people's, for its finished match's story
    seat: bool = False  # pass and play: another person's review (the match's story is the first person's)


OWN_MATCH = Source(
    "/review",
    "/",
    "/scorecard",
    lambda reviews, browser, hole: reviews.match_review(browser, hole),
    lambda reviews, browser, hole, number: reviews.decision(browser, hole, number),
)


SEAT_MESSAGE = "A person's seat is named by its number, from 0."


def _seat_number(text: str) -> int:
    if not text.isdigit() or len(text) > 2:
        raise Invalid(SEAT_MESSAGE)
    return int(text)


def person_seat(seat: str) -> Source:
    """Pass and play: the review of the person at ``seat`` of this browser's match, which
    their pass screen links to (the first person's is :data:`OWN_MATCH`)."""
    return Source(
        f"/review/seat/{quote(seat, safe='')}",
        "/",
        "/scorecard",
        lambda reviews, browser, hole: reviews.match_review(browser, hole, _seat_number(seat)),
        lambda reviews, browser, hole, number: reviews.decision(browser, hole, number, _seat_number(seat)),
        seat=True,
    )


def table_seat(code: str) -> Source:
    """The review of this browser's seat at the table ``code``."""
    table = f"/t/{quote(code, safe='')}"
    return Source(
        f"{table}/review",
        table,
        None,
        lambda reviews, browser, hole: reviews.table_review(browser, code, hole),
        lambda reviews, browser, hole, number: reviews.table_decision(browser, code, hole, number),
        code,
    )


HOLE_MESSAGE = "A hole is named by its number, from 1: name a finished hole of this match."


def _hole(request: Request) -> int | None:
    """The hole the query names; None (the whole match) when it names none. Anything
    else is refused (422): a page of a hole that is not one would say nothing true."""
    return optional_whole_number(request.query_params.get("hole"), HOLE_MESSAGE, low=1)


def _number(request: Request) -> int:
    return query_number(request.query_params.get("n", "1"), 0)


def _numbered(decisions: list[dict]) -> None:
    """Each decision's number within its hole (from 1), for the links to its board."""
    counts: dict[int, int] = {}
    for decision in decisions:
        counts[decision["hole"]] = counts.get(decision["hole"], 0) + 1
        decision["number"] = counts[decision["hole"]]


def _body(request: Request, source: Source, hole: int | None) -> tuple[int, dict]:
    """The review (or its progress) as the templates draw it; a refusal as a message."""
    try:
        status, review = source.review(reviews_of(request), browser_id(request), hole)
    except Unavailable:
        raise
    except ServiceError as error:
        return status_of(error), {"refused": error.message, "hole": hole}
    if status == 200:
        _numbered(review["decisions"])
        if hole is None:
            by_index = {d["index"]: d["number"] for d in review["decisions"]}
            for decision in review["biggest"]:
                decision["number"] = by_index[decision["index"]]
    return status, {**review, "hole": hole}


def review_page(request: Request, source: Source) -> Response:
    hole = _hole(request)
    title = f"Review of hole {hole}" if hole else "Review of the match"
    status, body = _body(request, source, hole)  # a storage failure: the one refusal handler answers
    shown = {"page": "review", "title": title, "r": body, "src": source, "names": VERDICT_NAMES}
    if hole is None and not body.get("refused") and not source.seat:
        shown["s"] = _story(request, source)
    return render_fresh(request, "review/review.html", shown, 200 if status == 202 else status)


def _story(request: Request, source: Source) -> dict | None:
    """A finished match's chance to win, as the reviewer's seat saw it go; None before its end."""
    chances = win_chances_of(request)
    found = chances.finished_match(browser_id(request), source.code)
    if found is None:
        return None
    row, seat = found
    return story_model(chances.story_of(row), row["id"], len(row["log"]), seat)


def review_status(request: Request, source: Source) -> Response:
    """The review's body alone: the progress while it is prepared, then the review."""
    hole = _hole(request)
    status, body = _body(request, source, hole)
    return render_fresh(
        request,
        "review/_review_body.html",
        {"r": body, "src": source, "names": VERDICT_NAMES},
        200 if status == 202 else status,
    )


def _mark(board: dict, action: dict, mark: str, words: str) -> None:
    """Mark on the board the card an action takes, turns up or lays down."""
    kind = action["action"]
    if kind in ("swap", "reveal", "flip"):
        card = board["me"]["cards"][action["position"]]
    elif kind == "draw":
        card = board["stock"] if action["source"] == "stock" else board["discard"]
    elif kind == "reject" and board["held"] is not None:
        card = board["held"]
    else:
        return
    card.classes.append(mark)
    card.label += f" ({words})"


def mark_reason(board: dict, points_at: dict | None) -> None:
    """Point at the other seat's card the reason rests on ("pair it with their queen")."""
    if not points_at:
        return
    opponents = board["opponents"]
    seat, position = points_at.get("seat", 0), points_at.get("position", -1)
    if not 1 <= seat <= len(opponents) or not 0 <= position < len(opponents[seat - 1]["cards"]):
        return
    card = opponents[seat - 1]["cards"][position]
    card.classes.append("review-reason")
    card.label += " (the card the reason rests on)"


def decision_page(request: Request, source: Source) -> Response:
    hole, number = _hole(request), _number(request)
    if hole is None:
        raise Invalid("Name a finished hole to review: a decision is found by its hole and its number.")
    title = f"Hole {hole}, decision {number}"
    common = {"page": "review", "title": title, "names": VERDICT_NAMES, "src": source}
    try:
        status, found = source.decision(reviews_of(request), browser_id(request), hole, number)
    except Unavailable:
        raise  # answered by the one refusal handler
    except ServiceError as error:
        return render_fresh(
            request,
            "review/review.html",
            {**common, "r": {"refused": error.message, "hole": hole}},
            status_of(error) if status_of(error) != 400 else 422,
        )
    if status != 200:
        return render_fresh(request, "review/review.html", {**common, "r": {**found, "hole": hole}})
    decision = found["decision"]
    board = tbl.board(found["view"], live=False)
    same = decision["action"] == decision["best"]
    _mark(board, decision["action"], "review-chosen", "your move and the Expert's" if same else "your move")
    if not same:
        _mark(board, decision["best"], "review-best", "the Expert's move")
    mark_reason(board, decision.get("points_at"))
    return render_fresh(
        request,
        "review/review_decision.html",
        {**common, "hole": hole, "d": decision, "number": number, "count": found["count"], "b": board, "same": same},
    )


# --------------------------------------------------------------------------- your match


@router.get("/review", response_class=HTMLResponse)
def own_review(request: Request):
    return review_page(request, OWN_MATCH)


@router.get("/review/status", response_class=HTMLResponse)
def own_review_status(request: Request):
    return review_status(request, OWN_MATCH)


@router.get("/review/decision", response_class=HTMLResponse)
def own_decision(request: Request):
    return decision_page(request, OWN_MATCH)


# Pass and play: another person's review, linked from their pass screen.
@router.get("/review/seat/{seat}", response_class=HTMLResponse)
def person_review(request: Request, seat: str):
    return review_page(request, person_seat(seat))


@router.get("/review/seat/{seat}/status", response_class=HTMLResponse)
def person_review_status(request: Request, seat: str):
    return review_status(request, person_seat(seat))


@router.get("/review/seat/{seat}/decision", response_class=HTMLResponse)
def person_decision(request: Request, seat: str):
    return decision_page(request, person_seat(seat))


# --------------------------------------------------------------------------- your seat at a table


@router.get("/t/{code}/review", response_class=HTMLResponse)
def table_review(request: Request, code: str):
    return review_page(request, table_seat(code))


@router.get("/t/{code}/review/status", response_class=HTMLResponse)
def table_review_status(request: Request, code: str):
    return review_status(request, table_seat(code))


@router.get("/t/{code}/review/decision", response_class=HTMLResponse)
def table_decision(request: Request, code: str):
    return decision_page(request, table_seat(code))
