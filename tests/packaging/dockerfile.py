"""Reading the Dockerfile's instructions, for the tests that check the image without Docker."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DURATION = re.compile(r"(\d+)(ms|s|m|h)")
SECONDS = {"ms": 0.001, "s": 1, "m": 60, "h": 3600}


def instructions() -> list[tuple[int, str, str]]:
    """(stage number, INSTRUCTION, arguments) of each instruction of the Dockerfile."""
    lines, joined = [], ""
    for raw in (REPO / "Dockerfile").read_text().splitlines():
        if not joined and (not raw.strip() or raw.lstrip().startswith("#")):
            continue
        if raw.rstrip().endswith("\\"):
            joined += raw.rstrip()[:-1] + " "
            continue
        lines.append(joined + raw)
        joined = ""
    stage, result = -1, []
    for line in lines:
        instruction, _, arguments = line.strip().partition(" ")
        if instruction.upper() == "FROM":
            stage += 1
        result.append((stage, instruction.upper(), arguments.strip()))
    return result


def of_stage(stage: int, instruction: str) -> list[str]:
    """The arguments of each ``instruction`` (RUN, COPY...) of one stage, in order."""
    return [arguments for number, name, arguments in instructions() if number == stage and name == instruction]


def final_env() -> dict[str, str]:
    """The environment the last stage's ENV instructions set (``ENV A=1 B=2`` form)."""
    last = max(stage for stage, _, _ in instructions())
    env: dict[str, str] = {}
    for arguments in of_stage(last, "ENV"):
        for pair in shlex.split(arguments):
            name, _, value = pair.partition("=")
            env[name] = value
    return env


def seconds(duration: str) -> float:
    """A Docker duration (``30s``, ``1m30s``, ``500ms``) in seconds."""
    parts = DURATION.findall(duration)
    assert parts and "".join(n + u for n, u in parts) == duration, f"not a duration: {duration}"
    return sum(int(number) * SECONDS[unit] for number, unit in parts)


def healthcheck() -> tuple[dict[str, str], list[str]]:
    """The HEALTHCHECK's options (``{"interval": "30s", ...}``) and its command."""
    (arguments,) = [arguments for _, name, arguments in instructions() if name == "HEALTHCHECK"]
    options, _, command = arguments.partition("CMD")
    flags = dict(option.removeprefix("--").split("=", 1) for option in options.split())
    return flags, json.loads(command.strip())
