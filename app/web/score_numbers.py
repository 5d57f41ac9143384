"""Whole numbers typed by a person or sent by a form, read in one place.

ASCII digits only (``str.isdigit`` also accepts "²" and other scripts' digits), an
optional leading minus (the typographic "−" too), and a bounded length, so a huge or
strange number is a clear refusal rather than a slow parse.
"""

from __future__ import annotations

import re

from app.service.errors import Invalid

_WHOLE = re.compile(r"-?[0-9]{1,6}")


def whole_number(text: object, what: str, low: int, high: int) -> int:
    """``text`` as an int from ``low`` to ``high``, else :class:`Invalid` naming ``what``."""
    if not isinstance(text, str) or len(text) > 12:
        raise Invalid(f"{what} must be a whole number from {low} to {high}.")
    cleaned = text.strip().replace("\u2212", "-")
    if not _WHOLE.fullmatch(cleaned):
        raise Invalid(f"{what} must be a whole number from {low} to {high}, not {text.strip()[:12]!r}.")
    value = int(cleaned)
    if not low <= value <= high:
        raise Invalid(f"{what} must be from {low} to {high}, not {value}.")
    return value
