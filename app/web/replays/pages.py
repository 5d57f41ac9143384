"""The replay of a finished match: ``/r/{id}``, step by step, every card face up.

Each step is the table after one more action of the log, drawn with the live table's
own board (read only) and told in the table's own words; the scorecard fills in as the
holes are scored. The page works without script (links step back and forth); with it,
``replay.js`` plays the steps on at a chosen speed and takes the arrow keys. A step
fetched by the page is its ``#replay`` part alone.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from app.golf.view import view_event
from app.service.replays.replays import Step, open_view, seats_of
from app.web.common import is_htmx, render_fresh
from app.web.dependencies import replays_of
from app.web.golf import board as tbl
from app.web.golf.narration import narrate
from app.web.golf.view_model import scorecard_model
from app.web.http.numbers import query_number

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
    name = "_replay.html" if is_htmx(request) else "replay.html"
    return render_fresh(request, name, {"page": "replay", "r": replay_model(row, step)})
