"""The replay of a finished match: ``/r/{id}``, step by step, every card face up.

Each step is the table after one more action of the log, drawn with the live table's
own board (read only) and told in the table's own words; the scorecard fills in as the
holes are scored. The page works without script (links step back and forth); with it,
``replay.js`` plays the steps on at a chosen speed and takes the arrow keys. A step
fetched by the page is its ``#replay`` part alone.

Beside the table, the match's story (:mod:`app.web.replays.chance_chart`): each player's
chance to win after every step and the turning points, drawn once with the page (the
step it shows is marked by ``chance.js`` as the replay moves on); while the chances are
being worked out, a note that asks ``/r/{id}/chance`` again until they are there.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from app.golf.view import view_event
from app.service.replays.replays import Step, open_view, seats_of
from app.web.common import is_htmx, render_fresh
from app.web.dependencies import replays_of, win_chances_of
from app.web.golf import board as tbl
from app.web.golf.narration import narrate
from app.web.golf.view_model import scorecard_model
from app.web.http.numbers import query_number
from app.web.replays.chance_chart import story_model

router = APIRouter(include_in_schema=False)
SPEEDS = (("0.5", "0.5×"), ("1", "1×"), ("2", "2×"), ("4", "4×"))


def _said(step: Step, seen: dict) -> str:
    """The step in words, as the table's log tells it."""
    if step.number == 0:
        return "Hole 1 is dealt."
    events = [view_event(e, None, len(seen["players"])) for e in step.events]
    told = " ".join(sentence for sentence, _ in narrate(events, seen))
    if any(e.get("action") == "deal" for e in events):
        told = f"{told} Hole {seen['hole']} is dealt.".strip()
    return told or "Play goes on."


def replay_model(row: dict, step: Step) -> dict:
    seen = open_view(step.state, seats_of(row))
    players = len(seen["players"])
    board = tbl.board(seen, live=False, events=[view_event(e, None, players) for e in step.events])
    for drawn, player in zip([board["me"], *board["opponents"]], seen["players"]):
        for card, cell in zip(drawn["cards"], player["grid"]):
            if cell.get("hidden"):  # shown, as every card of a finished match may be
                card.classes.append("replay-hidden")
                card.label += ", face down in play"
    if board["held"] is not None and step.state.held is not None:
        holder = next(p for p in seen["players"] if p["id"] == board["held_by"])
        board["held"].card = step.state.held
        board["held"].label = f"{holder['name']}'s drawn card, {tbl.card_label(step.state.held)}"
    return {
        "id": row["id"],
        "b": board,
        "step": step.number,
        "count": step.count,
        "said": _said(step, seen),
        "hole": sum(1 for first in step.holes if first <= step.number),
        "holes": [(number, first) for number, first in enumerate(step.holes, start=1)],
        "scorecard": scorecard_model(seen),
        "rules_name": row["rules"].get("name") or "standard",
        "names": [entry["name"] for entry in row["seats"]],
        "speeds": SPEEDS,
    }


@router.get("/r/{replay_id}", response_class=HTMLResponse)
def replay_page(request: Request, replay_id: str):
    number = query_number(request.query_params.get("step"), default=0)
    row, step = replays_of(request).step(replay_id, number)
    if is_htmx(request):  # a step: the table alone (the chart beside it marks the step itself)
        return render_fresh(request, "replays/_replay.html", {"r": replay_model(row, step)})
    story = story_model(win_chances_of(request).story_of(row), row["id"], step.number)
    return render_fresh(request, "replays/replay.html", {"page": "replay", "r": replay_model(row, step), "s": story})


@router.get("/r/{replay_id}/chance", response_class=HTMLResponse)
def replay_chance(request: Request, replay_id: str):
    """The match's chance to win alone, as the replay shows it (or, with ``seat``, as the
    review of that seat's match does): asked again by the page while it is worked out."""
    row = replays_of(request).load(replay_id)
    count = len(row["log"])
    number = min(query_number(request.query_params.get("step"), default=count), count)
    seat: int | None = query_number(request.query_params.get("seat"), default=-1)
    if seat is not None and not 0 <= seat < len(row["seats"]):
        seat = None
    story = story_model(win_chances_of(request).story_of(row), row["id"], number, seat)
    return render_fresh(request, "replays/_chance_part.html", {"s": story, "on_replay": seat is None})
