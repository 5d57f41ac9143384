"""Quick play's place in the queue as JSON (``shared/API.md``, "Quick play") and as the
waiting page shows it."""

from __future__ import annotations

from datetime import UTC, datetime

from app.service.quickplay.queue import Standing
from app.service.quickplay.seating import TIMER_SECONDS

SIZE_CHOICES = [("any", "Any size"), ("2", "2 players"), ("3", "3 players"), ("4", "4 players")]
DEFAULT_NAME = "Player"
TIMER_WORDS = (
    f"{TIMER_SECONDS} seconds"
    if TIMER_SECONDS % 60
    else f"{TIMER_SECONDS // 60} minute{'s' if TIMER_SECONDS > 60 else ''}"
)


def iso_time(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, UTC).isoformat(timespec="seconds")


def standing_json(standing: Standing) -> dict:
    """``{"status": "idle"}``, ``{"status": "waiting", "players", "seated", "deadline"}``
    or ``{"status": "seated", "code"}``."""
    if standing.status == "seated":
        return {"status": "seated", "code": standing.code}
    if standing.status == "waiting":
        assert standing.deadline_ms is not None
        return {
            "status": "waiting",
            "players": standing.players or "any",
            "seated": list(standing.names),
            "deadline": iso_time(standing.deadline_ms),
            "rated": standing.rated,
        }
    return {"status": "idle"}


def waiting_model(standing: Standing, now_ms: int) -> dict:
    """What the waiting page shows: the table asked for, who waits, the time left."""
    seconds_left = max(0, -(-((standing.deadline_ms or now_ms) - now_ms) // 1000))
    players = standing.players
    return {
        "table": f"a table of {players} players" if players else "a table of any size",
        "seats": players,
        "names": list(standing.names),
        "seconds_left": seconds_left,
        "timer": TIMER_WORDS,
    }


def play_now_model() -> dict:
    """The Play now form: the sizes to choose from (any by default)."""
    return {"sizes": SIZE_CHOICES, "chosen": "any", "timer": TIMER_WORDS}
