"""The one check every name a person gives goes through: an account's name, a display
name at a table, in quick play and on the daily leaderboard, a scorekeeper's player
name; and a table's or a rules' name.

A name is shown to everyone else at the table (or on the sheet), so it may hold only
what can be shown as written: letters, digits, punctuation, symbols and spaces. Control
characters (NUL, line breaks, tabs), invisible formatting characters (zero-width
spaces, and the right-to-left overrides that make text read backwards around the
name) and unassigned code points are refused, not silently dropped, so that what a
person typed is what everyone sees. Runs of spaces (any kind: a no-break space, an
ideographic space) become one ordinary space, and spaces at either end go.

Nor may a name show nothing, or less than it holds: characters drawn as nothing (Unicode's
Default_Ignorable_Code_Point, such as the Hangul fillers, and the blank braille
pattern, which looks like a space but is none), an accent or other mark on nothing (at
the start, or after a space: a name of marks alone), or marks piled up past four on one
letter (UTS #39's limit, section 5.4), which spill over the names around it. A
variation selector is kept where it chooses a glyph's form, after an emoji or a CJK
ideograph; elsewhere it is drawn as nothing too.

A person's name may not be one the site gives its own seats and players either
(:data:`SITE_NAMES`): "Computer (expert)", "You", "Open seat", "A former player"...,
compared whatever their case and look-alike letters; "Player" and "Host", the names a
person gets by default, stay allowed.

Pure (no I/O): the rules of the engine use it too. A refusal is :class:`NameRefused`,
whose message is one sentence for the person; each service turns it into its own
refusal (422).

>>> checked_name("  Zoë   🙂 ", "A name", 24)
'Zoë 🙂'
>>> checked_name("❤️ Ann", "A name", 24) == "❤\\ufe0f Ann"
True
>>> name_key("ＡＮＮ") == name_key("ann")
True
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

import regex

from app.confusables import look_alike_key

FORMER_PLAYER = "A former player"
"""What a deleted account's seats and replays call it (app/service/accounts/forgetting.py)."""

SITE_NAMES = [
    # (a name the site gives, what it names, the names that would pass for it: a pattern over name_key)
    (FORMER_PLAYER, "a deleted account", r"a former player"),
    ("Computer", "its computer players", r"computer(?:[\s\d(\[{].*)?"),  # "Computer (expert)", "Computer 4 (easy)"
    ("Bea (computer)", "the computer that plays on for a person who left", r".*\(computer\)"),
    ("You", "each person on their own screen", r"you"),
    ("Open seat", "a seat waiting for a person", r"open seat(?:\W.*)?"),  # "Open seat, kept for Bea"
    ("Seat 2", "a seat as a spectator sees it", r"seat \d+"),
]
_SITE_PATTERNS = [(re.compile(pattern), what) for _, what, pattern in SITE_NAMES]


@cache
def _site_look_alikes() -> dict[str, str]:
    """The site's names themselves, by look-alike key: "Cоmputer" with a Cyrillic "о" is
    "Computer". Made on first use, as the look-alike data is read."""
    return {look_alike_key(word): what for word, what, _ in SITE_NAMES}


_SHOWS_NOTHING = regex.compile(r"[\p{Default_Ignorable_Code_Point}\N{BRAILLE PATTERN BLANK}]")
_VARIATION_SELECTOR = regex.compile(r"\p{Variation_Selector}")
_CHOOSES_A_FORM = regex.compile(r"[\p{Extended_Pictographic}\p{Ideographic}]")  # what a selector may follow
MOST_MARKS = 4  # on one character: UTS #39, 5.4


class NameRefused(ValueError):
    """A name that cannot be used; the message says why, in one sentence."""


def checked_name(text: object, what: str, limit: int, person: bool = True) -> str:
    """``text`` as a name of 1 to ``limit`` characters, spaces tidied, or NameRefused
    naming ``what`` ("A name", "The table's name", ...). A ``person``'s name may not be
    one of the site's own (:data:`SITE_NAMES`); a table's or a rules' name may."""
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
    _shows_what_it_holds(name, what)
    if len(name) > limit:
        raise NameRefused(f"{what} can be at most {limit} characters long.")
    if person:
        taken_by = site_name(name)
        if taken_by is not None:
            raise NameRefused(f"{what} cannot be {name}: that is the site's name for {taken_by}. Choose another name.")
    return name


def _shows_what_it_holds(name: str, what: str) -> None:
    """Refuse a name with characters drawn as nothing, marks on nothing, or marks piled up."""
    previous = " "
    for char in name:
        if _VARIATION_SELECTOR.match(char):
            if not _CHOOSES_A_FORM.match(previous):
                raise NameRefused(_nothing(what))
        elif _SHOWS_NOTHING.match(char):
            raise NameRefused(_nothing(what))
        elif unicodedata.category(char).startswith("M") and previous == " ":
            raise NameRefused(f"{what} cannot start a word with an accent or other mark: it would sit on nothing.")
        previous = char
    marks, last = 0, ""
    for char in unicodedata.normalize("NFD", name):
        if unicodedata.category(char) == "Mn":
            marks += 1
            if marks > MOST_MARKS or char == last:
                raise NameRefused(
                    f"{what} cannot pile accents or other marks on one letter (one mark twice, or more than {MOST_MARKS})."
                )
        else:
            marks = 0
        last = char


def _nothing(what: str) -> str:
    return f"{what} cannot hold characters that show nothing (such as a Hangul filler or a blank braille pattern)."


def site_name(name: str) -> str | None:
    """What the site calls by a name like ``name`` ("its computer players"), or None
    when it is a person's to take.

    >>> site_name("Computer 4 (easy)"), site_name("CΟMPUTER"), site_name("Bea (computer)")
    ('its computer players', 'its computer players', 'the computer that plays on for a person who left')
    >>> site_name("Player"), site_name("Computers"), site_name("Youssef"), site_name("Seat 1A")
    (None, None, None, None)
    """
    key = name_key(name)
    for pattern, what in _SITE_PATTERNS:
        if pattern.fullmatch(key):
            return what
    return _site_look_alikes().get(look_alike_key(name))


def name_key(name: str) -> str:
    """What two names are compared by: case folded and NFKC-normalised, so that "Ann",
    "ANN" and the full-width "ＡＮＮ" are one name."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
