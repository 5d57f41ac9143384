"""The computer's speed: how fast the others' replies are shown, as the person chose it
(the ``golf_speed`` cookie, set by the table's Computer speed select)."""

from __future__ import annotations

from fastapi import Request

SPEED_COOKIE = "golf_speed"
SPEED_NAMES = [("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast"), ("instant", "Instant")]
SPEEDS = {"slow": 1600, "normal": 900, "fast": 350, "instant": 0}  # milliseconds per computer step
# The longest the others' replies take to show, whatever the number of seats: at Normal a
# player waits at most 6 s between turns with eight seats (some 20 steps), so each step
# gets a share of the round's time when there are many.
ROUND_MS = {"slow": 9000, "normal": 5200, "fast": 2400, "instant": 0}
MIN_STEP_MS = 200  # shorter, a card could not be seen gliding
DEFAULT_SPEED = "normal"


def step_delay(speed: str, steps: int) -> int:
    """Milliseconds between the steps shown after a move: the speed's own pace, quicker
    when the round has more steps than fit in its time.

    >>> step_delay("normal", 4), step_delay("normal", 20), step_delay("instant", 20)
    (900, 260, 0)
    """
    pace = SPEEDS[speed]
    if not pace or steps <= 0:
        return pace
    return min(pace, max(MIN_STEP_MS, ROUND_MS[speed] // steps))


def speed_of(request: Request) -> str:
    speed = request.cookies.get(SPEED_COOKIE, DEFAULT_SPEED)
    return speed if speed in SPEEDS else DEFAULT_SPEED
