"""``POST /api/score``: the score of any grid under any rule set, explained line by line.

No session or storage is involved: the answer depends on the request alone.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from app.golf.scoring import apply_going_out_penalty, points_text
from app.service.scorekeeper.calculator import calculate, rules_for
from app.web.http.json_api import JSONRoute

router = APIRouter(prefix="/api", tags=["score"], route_class=JSONRoute)


class ScoreRequest(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={"examples": [{"grid": ["5H", "KS", "2D", "5C", "9D", "JH"], "rules": "standard"}]},
    )

    grid: list[Any] = Field(
        max_length=64,
        description=(
            'The grid\'s cards, top row first, left to right: card codes ("5H", "TS", "X1") or ranks '
            '("5", "10", "K", "joker").'
        ),
    )
    rules: dict[str, Any] | str | None = Field(
        None, description='A preset\'s name ("nine-card") or rule fields as for /api/match/new; standard if left out.'
    )
    went_out: bool = Field(False, description="This player closed the hole (for a going-out penalty).")
    others: list[int] | None = Field(
        None, max_length=7, description=("The other players' hole scores, to judge a going-out penalty.")
    )


class ScoreLine(BaseModel):
    line: str = Field(description='What the line is: "left column", "top row", "four of a kind", ...')
    positions: list[int] = Field(description="The grid positions it covers (0 is the top left).")
    points: int
    text: str = Field(description='The line in words, e.g. "8 over 8 is 0: a column pair".')


class ScoreAnswer(BaseModel):
    score: int
    lines: list[ScoreLine] = Field(description="Every part of the score; their points add up to the score.")
    rules: str = Field(description="The name of the rule set used.")


@router.post(
    "/score",
    response_model=ScoreAnswer,
    responses={422: {"description": "A malformed grid or rule set; the detail says what is wrong."}},
)
def score(request: ScoreRequest) -> dict:
    """Score a grid as it lies at the end of a hole, with the column pairs and variant rules shown."""
    answer = calculate(request.grid, request.rules)
    ruleset = rules_for(request.rules)
    if request.went_out and request.others and ruleset.going_out_penalty != "none":
        charged = apply_going_out_penalty([answer["score"], *request.others], 0, ruleset)[0]
        if charged != answer["score"]:
            how = "doubled" if ruleset.going_out_penalty == "double" else "10 added"
            answer["lines"].append(
                {
                    "line": "going-out penalty",
                    "positions": [],
                    "points": charged - answer["score"],
                    "text": (
                        f"went out without the lowest score ({points_text(min(request.others))} beat or tied it): "
                        f"{how}, {points_text(answer['score'])} becomes {points_text(charged)}"
                    ),
                }
            )
            answer["score"] = charged
    return answer
