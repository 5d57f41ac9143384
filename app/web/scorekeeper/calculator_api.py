"""``POST /api/score``: the score of any grid under any rule set, explained line by line.

No session or storage is involved: the answer depends on the request alone.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from app.service.scorekeeper.calculator import calculate
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
            '("5", "10", "K", "joker"); under One-Eyed Jacks a jack needs its suit ("JH").'
        ),
    )
    rules: dict[str, Any] | str | None = Field(
        None, description='A preset\'s name ("nine-card") or rule fields as for /api/match/new; standard if left out.'
    )
    went_out: bool = Field(False, description="This player closed the hole (for a going-out penalty or bonus).")
    others: list[int] | None = Field(
        None,
        max_length=7,
        description=(
            "The other players' scores for the hole before the underdog bonus and tied shame, to judge a "
            "going-out penalty, the underdog bonus and tied shame."
        ),
    )


class ScoreLine(BaseModel):
    line: str = Field(
        description=(
            'What the line is: "left column", "top row", "four of a kind", "wolfpack", and for the hole\'s '
            'own rules "blackjack", "going-out penalty", "going-out bonus", "underdog bonus", "tied shame"'
        )
    )
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
    return calculate(request.grid, request.rules, request.went_out, request.others)
