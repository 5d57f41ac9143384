"""The bodies of the JSON API's moves, shared by your match's routes and a table's."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

# The request bodies are strict: a number is a JSON number and a yes-or-no a JSON
# boolean, as the schema says (``false`` is no position, ``"3"`` no pile), the same
# as the engine's own reading of an action. Other fields in a move's body are let be,
# as they always were (a bot may send its whole action, ``{"action": "reveal", ...}``).
STRICT = ConfigDict(strict=True)


class Position(BaseModel):
    model_config = STRICT
    position: int = Field(ge=0, le=11, description="0 is the top-left card; row-major.")


class Source(BaseModel):
    model_config = STRICT
    source: Literal["stock", "discard"]
