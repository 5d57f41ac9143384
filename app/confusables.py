"""Names that look alike: Unicode's confusable skeleton (UTS #39, section 4), from the
confusables data that the ``confusable_homoglyphs`` package ships.

UTS #39 defines ``skeleton(X)``: X in NFD, each character replaced by its prototype
(confusables.txt maps every character that can be mistaken for another to one
prototype: Cyrillic "А" to Latin "A", "0" to "O", "m" to "rn"), then NFD again. Two
strings are confusable when their skeletons are equal.

The package keeps each line of confusables.txt as a pair of neighbours, without saying
which of the two is the prototype; this module reads the direction back from the data's
shape. Each prototype is a neighbour of all its sources, and each source of its one
prototype alone, so the pairs form stars: a character with several neighbours is a
prototype (its own), a character with one neighbour that has several (or that is a
sequence) maps to that one. What stays open is a prototype with a single source: those
two are neighbours of each other only, and either stands for both (the one that is not
a compatibility character, as a prototype never is, else the smaller). Where the guess is
the wrong way round, a prototype that is a sequence may hold the character taken for
the pair's source, so the mapping is applied until nothing changes. Skeletons built so
are equal exactly when UTS #39's are; only the characters an isolated pair is written
with may differ, and the skeletons are only ever compared.

Pure; the data (some 9,600 characters) is read once, on first use.

>>> skeleton("Аnn") == skeleton("Ann"), skeleton("paypal") == skeleton("pаypаl"), skeleton("rn") == skeleton("m")
(True, True, True)
>>> look_alike_key("ΑNN") == look_alike_key("ann"), look_alike_key("Ann") == look_alike_key("Anna")
(True, False)
"""

from __future__ import annotations

import unicodedata
from functools import cache

_DIRECTION_MARKS = str.maketrans("", "", "\u200e\u200f")  # around right-to-left glyphs in the data's comments


@cache
def prototypes() -> dict[str, str]:
    """Each confusable character's prototype (a character or a sequence), read from the
    package's pairs as the module's docstring says; characters that are their own are
    left out. Read on first use: the engine's own processes, which check only the
    names of rules, never load the data."""
    from confusable_homoglyphs import confusables  # some 900 KB of JSON, read as it is imported

    neighbours: dict[str, list[str]] = {}
    for glyph, homoglyphs in confusables.confusables_data.items():
        near = neighbours.setdefault(glyph.translate(_DIRECTION_MARKS), [])
        near.extend(homoglyph["c"].translate(_DIRECTION_MARKS) for homoglyph in homoglyphs)
    found = {}
    for glyph, near in neighbours.items():
        if len(glyph) != 1 or len(set(near)) != 1:
            continue  # a sequence, or the prototype of several: its own
        other = near[0]
        if len(other) > 1 or len(set(neighbours.get(other, ()))) > 1:
            found[glyph] = other
        else:  # an isolated pair: either stands for both; a compatibility character is rather the source
            found[glyph] = min((glyph, other), key=lambda one: (unicodedata.normalize("NFKC", one) != one, one))
    return {glyph: prototype for glyph, prototype in found.items() if glyph != prototype}


def skeleton(text: str) -> str:
    """UTS #39's skeleton of ``text`` (see the module's docstring).

    >>> skeleton("Ⅰ0") == skeleton("l0") == skeleton("1O")
    True
    """
    mapped = prototypes()
    done = unicodedata.normalize("NFD", text)
    for _ in range(4):  # once for UTS #39's own data; a second time where an isolated pair was guessed
        before, done = done, unicodedata.normalize("NFD", "".join(mapped.get(char, char) for char in done))
        if done == before:
            break
    return done


def look_alike_key(name: str) -> str:
    """What two names are compared by for looking alike: the skeleton, case folded, and
    the skeleton of that (a letter and its look-alike meet whatever their case: Greek
    "Α" and Latin "a").

    >>> look_alike_key("Ⅰan") == look_alike_key("lAN") == look_alike_key("Ian")
    True
    """
    return skeleton(skeleton(name).casefold())
