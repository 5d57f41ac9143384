"""A game clock kept in a row: milliseconds banked, plus the moment it last started.

It starts with the player's first move (a table dealt and left alone costs nothing),
runs while the game is being played, and stops for Pause, at the end of the game, and
when a player leaves: on their return it is credited only up to their last activity,
so time away never counts."""

from __future__ import annotations

import time


def now_ms() -> int:
    return time.time_ns() // 1_000_000


def elapsed_seconds(row, now: int) -> int:
    running = now - row.running_since_ms if row.running_since_ms is not None else 0
    return (row.elapsed_ms + max(running, 0)) // 1000


def reset(row, now: int) -> None:
    """A fresh clock at zero, waiting for the first move."""
    row.elapsed_ms = 0
    row.running_since_ms = None
    row.last_active_ms = now
    row.paused = False


def run_on_move(row, now: int) -> None:
    """A move starts a stopped clock: the first move, or the first after coming back."""
    if row.running_since_ms is None and not row.paused:
        row.running_since_ms = now


def stop(row, at: int) -> None:
    """Bank the time run until ``at`` and stop."""
    if row.running_since_ms is not None:
        row.elapsed_ms += max(at - row.running_since_ms, 0)
        row.running_since_ms = None


def resume(row, now: int) -> None:
    row.running_since_ms = now
    row.last_active_ms = now
    row.paused = False


def touch(row, now: int) -> None:
    row.last_active_ms = now
