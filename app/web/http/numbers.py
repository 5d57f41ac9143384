"""Whole numbers that come from outside: headers, form fields and query strings.

Every such number is read here and nowhere else. Only ASCII digits count, and only a
few of them: ``str.isdigit()`` is true for "²" and "٣", which ``int()`` refuses or
reads as 3, and Python refuses to read an integer of over 4,300 digits at all, so
either check alone lets a request through to a crash. Anything else is refused with
:class:`~app.service.errors.Invalid` (422), carrying the sentence the caller gives, and
nothing is changed.

>>> whole_number("17", "no")
17
>>> version_from_etag('W/"17"'), version_from_etag("*")
(17, None)
"""

from __future__ import annotations

import re

from app.service.errors import Invalid

# The largest number any field takes is a seed or deal number below 2**53 (16 digits);
# a version or a position is far smaller. Longer text is refused before it is read.
MAX_DIGITS = 16
_DIGITS = re.compile(f"[0-9]{{1,{MAX_DIGITS}}}")

ETAG_MESSAGE = 'If-Match must be the version in quotes, e.g. "17"'


def whole_number(text: object, message: str, *, low: int = 0, high: int | None = None, typed: bool = False) -> int:
    """``text`` as a whole number from ``low`` to ``high``, or Invalid(message).

    ``typed`` is for a field a person types into (a seed, a deal number): spaces around
    it, and spaces or commas between its digit groups ("1 234", "1,234"), are allowed.
    A value the page itself sends (a position, a version) must be digits alone."""
    if not isinstance(text, str):  # absent, or a file in a multipart form
        raise Invalid(message)
    if typed:
        text = text.strip().replace(" ", "").replace(",", "")
    if not _DIGITS.fullmatch(text):
        raise Invalid(message)
    number = int(text)
    if number < low or (high is not None and number > high):
        raise Invalid(message)
    return number


def optional_whole_number(text: object, message: str, **bounds) -> int | None:
    """As :func:`whole_number`, but an absent or empty field is None (not given)."""
    if text is None or (isinstance(text, str) and not text.strip()):
        return None
    return whole_number(text, message, **bounds)


# What an If-Match header may be: a version in quotes, weak or not, or bare; or ``*``.
# Spaces around it are no part of the value in HTTP, so they are let go.
ETAG_PATTERN = f'^(\\*|(W/)?"[0-9]{{1,{MAX_DIGITS}}}"|[0-9]{{1,{MAX_DIGITS}}})$'
_ETAG = re.compile(r'(?:W/)?"([^"]*)"')


def version_from_etag(header: str | None, message: str = ETAG_MESSAGE) -> int | None:
    """The version an ``If-Match`` header names: ``"17"``, ``W/"17"`` or ``17``; None for
    no header or ``*`` (any version)."""
    if header is None:
        return None
    text = header.strip(" \t")
    if text == "*":
        return None
    quoted = _ETAG.fullmatch(text)
    return whole_number(quoted.group(1) if quoted else text, message)


# A number a person types that may be below zero (a hole's score on the score sheet):
# an optional minus, the typographic one too, then a few ASCII digits.
_SIGNED = re.compile(r"-?[0-9]{1,6}")


def signed_number(text: object, what: str, low: int, high: int) -> int:
    """``text`` as a whole number, minus sign allowed, from ``low`` to ``high``, else
    :class:`Invalid` naming ``what`` and the range.

    >>> signed_number(" \u22123 ", "Hole 1", -50, 100)
    -3
    """
    if not isinstance(text, str) or len(text) > 12:
        raise Invalid(f"{what} must be a whole number from {low} to {high}.")
    cleaned = text.strip().replace("\u2212", "-")
    if not _SIGNED.fullmatch(cleaned):
        raise Invalid(f"{what} must be a whole number from {low} to {high}, not {text.strip()[:12]!r}.")
    value = int(cleaned)
    if not low <= value <= high:
        raise Invalid(f"{what} must be from {low} to {high}, not {value}.")
    return value


def query_number(text: str | None, default: int) -> int:
    """A number in a query string that only tunes a page (never changes a game): the
    default when it is missing or not a whole number."""
    try:
        return whole_number(text, "")
    except Invalid:
        return default
