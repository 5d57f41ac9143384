"""Reading the Docker image's locks (scripts/lock.sh): requirements.lock, the packages the
image installs, and requirements-build.lock, the tools that build its wheel."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
LOCK = REPO / "requirements.lock"
BUILD_LOCK = REPO / "requirements-build.lock"


def normalized(name: str) -> str:
    """A distribution's name as the packaging standards compare it."""
    return re.sub(r"[-_.]+", "-", name).lower()


def locked(lock: Path = LOCK) -> dict[str, tuple[str, list[str]]]:
    """Each locked package by normalized name: (the exact version, the hashes of its files).
    Anything but ``name==version`` with hashes is refused, so a range or an unhashed line
    in the lock fails here rather than in a build."""
    entries: dict[str, tuple[str, list[str]]] = {}
    requirement = ""
    for raw in lock.read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        requirement += " " + line.removesuffix("\\").strip()
        if line.endswith("\\"):
            continue
        spec, *options = requirement.split()
        requirement = ""
        match = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)==([^;\s]+)", spec)
        assert match, f"not pinned to one version: {spec}"
        hashes = [option.removeprefix("--hash=") for option in options if option.startswith("--hash=sha256:")]
        assert hashes and len(hashes) == len(options), f"{spec} is not locked by its hashes alone: {options}"
        entries[normalized(match[1])] = (match[2], hashes)
    return entries
