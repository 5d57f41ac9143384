"""The one check every name a person gives goes through: a display name at a table, a
table's name, a rules' name, a scorekeeper's player name.

A name is shown to everyone else at the table (or on the sheet), so it may hold only
what can be shown as written: letters, digits, punctuation, symbols and spaces. Control
characters (NUL, line breaks, tabs), invisible formatting characters (zero-width
spaces, and the right-to-left overrides that make text read backwards around the
name) and unassigned code points are refused, not silently dropped, so that what a
person typed is what everyone sees. Runs of spaces (any kind: a no-break space, an
ideographic space) become one ordinary space, and spaces at either end go.

Pure (no I/O): the rules of the engine use it too. A refusal is :class:`NameRefused`,
whose message is one sentence for the person; each service turns it into its own
refusal (422).

>>> checked_name("  Zoë   🙂 ", "A name", 24)
'Zoë 🙂'
>>> name_key("ＡＮＮ") == name_key("ann")
True
"""

from __future__ import annotations

import unicodedata

FORMER_PLAYER = "A former player"
"""What a deleted account's seats and replays call it (app/service/accounts/forgetting.py)."""


class NameRefused(ValueError):
    """A name that cannot be used; the message says why, in one sentence."""


def checked_name(text: object, what: str, limit: int) -> str:
    """``text`` as a name of 1 to ``limit`` characters, spaces tidied, or NameRefused
    naming ``what`` ("A name", "The table's name", ...)."""
    if not isinstance(text, str):
        raise NameRefused(f"{what} must be text.")
    if len(text) > 4 * limit:  # nothing longer can tidy down to the limit: not worth reading
        raise NameRefused(f"{what} can be at most {limit} characters long.")
    spaced = "".join(" " if unicodedata.category(ch) == "Zs" else ch for ch in text)
    if not spaced.isprintable():
        raise NameRefused(
            f"{what} cannot hold control characters, line breaks or invisible formatting "
            "characters (such as a right-to-left override)."
        )
    name = " ".join(part for part in spaced.split(" ") if part)
    if not name:
        raise NameRefused(f"{what} cannot be empty.")
    if len(name) > limit:
        raise NameRefused(f"{what} can be at most {limit} characters long.")
    return name


def name_key(name: str) -> str:
    """What two names are compared by: case folded and NFKC-normalised, so that "Ann",
    "ANN" and the full-width "ＡＮＮ" are one name."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
