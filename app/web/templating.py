"""The pages' templates (Jinja2), the version of our own static files they load, and
the cards drawn once.

A page asks for ``/static/<name>?v={{ asset_version }}``: one version for all of them,
since both page scripts rely on common.js, so that a browser never pairs a cached copy of
one with a newer copy of another.
"""

from __future__ import annotations

import builtins
import dataclasses
import hashlib
import json
import operator
from collections import ChainMap
from collections.abc import MutableMapping
from functools import lru_cache
from typing import Any
from urllib.parse import quote

import jinja2
import orjson
from fastapi.templating import Jinja2Templates
from markupsafe import Markup

from app.recent import Recent
from app.resources import STATIC, TEMPLATES
from app.web.escaping import EscapingCodeGenerator
from app.web.parts import part, part_end


class _Globals(ChainMap):
    """A template's globals, as Jinja makes them (its own over the environment's), whose
    ``keys()`` is a set. Every ``{% from "..." import ... %}`` of a page compares the
    names the page sees with the imported template's (``ctx.globals_keys -
    template.globals.keys()``); on a ChainMap's keys that difference is worked out name by
    name in Python, each name looked for in every map: a tenth of a millisecond a table
    fragment, for its four imports. A set's difference is one step in C."""

    def keys(self):
        return set().union(*self.maps)


class PagesEnvironment(jinja2.Environment):
    """Jinja's environment, which looks up ``model.name`` in a dict first, and whose
    templates' globals are :class:`_Globals`.

    The pages' models are dicts; Jinja prefers an attribute to an item (``getattr``
    first, then ``[]``), so every ``t.prompt`` raised and caught an AttributeError before
    it found the item: some 400 a table fragment, a tenth of its drawing. A dict's own
    methods (``.items()``) are still found when it has no item of that name.

    Its templates escape each ``{{ ... }}`` through :func:`app.web.escaping.text`: the
    same characters, without a ``Markup`` made of each value.
    """

    code_generator_class = EscapingCodeGenerator

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        return _Globals({} if d is None else d, self.globals)

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


templates = Jinja2Templates(
    env=PagesEnvironment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=jinja2.select_autoescape())
)
# The templates travel in the package and change only with it: Jinja need not look at
# each file's time again every time a page includes it.
templates.env.auto_reload = False


def _json_text(value: Any, **_: Any) -> str:
    """``{{ value | tojson }}``'s JSON, by orjson (its keys sorted, as Jinja's own): a
    table's drawing writes its refusals so at every move of every seat."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS).decode()


templates.env.policies["json.dumps_function"] = _json_text

# Our own files the pages load as ``/static/<name>?v={{ asset_version }}``.
ASSETS = (
    "common.js",
    "golf.css",
    "golf.js",
    "new-game.js",
    "solitaire.css",
    "solitaire.js",
    "summary.js",
    "review.css",
    "review.js",
    "feel.css",
    "themes.css",
    "themes.js",
    "replay.css",
    "replay.js",
    "daily.css",
    "daily.js",
    "account.css",
    "account.js",
    "how-to-play.css",
    "how-to-play.js",
    "chance.css",
    "chance.js",
)


def asset_version(names: tuple[str, ...] = ASSETS) -> str:
    digest = hashlib.sha256()
    for name in names:
        path = STATIC / name
        if path.exists():
            digest.update(path.read_bytes())
    return digest.hexdigest()[:10]


templates.env.globals["asset_version"] = asset_version()
# A page's parts are drawn in place unless it is drawn as its parts (app.web.parts.Drawing).
templates.env.globals["parts"] = False
templates.env.filters["part"] = part
templates.env.filters["part_end"] = part_end


# A table's fragment draws some thirty cards for each seat at every refresh, nearly all
# of them as the refresh before drew them, and Jinja's macro calls were most of its time.
# The card's markup stays in one place, the ``card`` macro of ``table/_cards.html``; the
# ``drawn`` filter remembers what the macro made for each card (a card, app.web.drawn_card's
# ``Card``, is its fields alone: the same fields draw the same HTML).
# Some 30 cards a seat, its steps' boards' too, at 100 busy tables: what one process draws
# again and again (8,192 were drawn over and over at 100 tables); about 1 KB each at most.
CARDS_KEPT = 32768


def drawn(card: Any) -> Markup:
    """``{{ card | drawn }}``: the card's HTML."""
    kind: Any = type(card)
    shape = _shape_of(kind)
    return _drawn(kind, shape.plain(card), tuple(tuple(getattr(card, name)) for name in shape.lists))


def card_key(card: Any) -> tuple:
    """All that a card's HTML is drawn from, as one key."""
    kind: Any = type(card)
    shape = _shape_of(kind)
    return (kind, shape.plain(card), tuple(tuple(getattr(card, name)) for name in shape.lists))


@dataclasses.dataclass(frozen=True)
class _Shape:
    """How a kind of card is read as its key: its plain fields at once, as one tuple
    (``plain``, named ``names``), and its fields that hold lists (``classes``) each as a
    tuple. (Reading every field and testing each for a list was a fifth of a table's
    drawing.)"""

    plain: Any
    names: tuple[str, ...]
    lists: tuple[str, ...]


@lru_cache
def _shape_of(kind: Any) -> _Shape:
    fields = dataclasses.fields(kind)
    lists = tuple(f.name for f in fields if f.default_factory is list)
    names = tuple(f.name for f in fields if f.name not in lists)
    getter = operator.attrgetter(*names)
    return _Shape(getter if len(names) > 1 else lambda card: (getter(card),), names, lists)


@lru_cache(maxsize=CARDS_KEPT)
def _drawn(kind: Any, plain: tuple, lists: tuple) -> Markup:
    shape = _shape_of(kind)
    card = kind(**dict(zip(shape.names, plain)), **{name: list(value) for name, value in zip(shape.lists, lists)})
    return Markup(templates.env.get_template("table/_cards.html").module.card(card))  # type: ignore[attr-defined]


templates.env.filters["drawn"] = drawn


def path_part(value: object) -> str:
    """``value`` as one part of an address's path, every character but letters, digits
    and ``-._~`` percent-encoded: a player's name in ``/players/{name}`` may hold "/",
    "?", "#" or "%" (Jinja's ``urlencode`` leaves "/" as it is, which splits the path).

    >>> path_part("AC/DC 100% #1?")
    'AC%2FDC%20100%25%20%231%3F'
    """
    return quote(str(value), safe="")


templates.env.filters["path_part"] = path_part


# The table's dialogs that change only between holes (the scorecard, the keys, leaving)
# were a seventh of a table fragment's drawing, made again at every move of every seat.
# The ``remembered`` global draws a macro once for the same arguments: as JSON, which
# are also what the macro is given, so that what it draws can depend on nothing else.
DIALOGS_KEPT = 4096  # about 3 KB each: a scorecard of eight players after nine holes


def remembered(template: str, macro: str, *arguments: Any) -> Markup:
    """``{{ remembered("table/_table_dialogs.html", "keys_dialog", ...) }}``: the macro's HTML."""
    # Made at every drawing of a table (the scorecard among them): by the json module it was
    # 4% of the instructions of a move at a table of four (bench.move_instructions).
    return _remembered(template, macro, orjson.dumps(arguments, option=orjson.OPT_NON_STR_KEYS))


@lru_cache(maxsize=DIALOGS_KEPT)
def _remembered(template: str, macro: str, arguments: bytes) -> Markup:
    module = templates.env.get_template(template).module
    return Markup(getattr(module, macro)(*orjson.loads(arguments)))


templates.env.globals["remembered"] = remembered


# A seat's grid (``seat_panel`` of ``table/_board.html``) was the most of a table's drawing, and
# at every move of a table of four at most two of the grids a page shows change: the
# mover's, and whose turn it now is. The ``seat_drawn`` global draws a seat's panel once
# for the same seat and the same arguments, keyed by all that the macro reads: every
# field of the seat (its cards by all their fields) and the macro's switches. The key is
# what the grid shows to its viewer, so that a viewer is given only the HTML its own
# seat would have drawn: the others' view of a grid is one key for every other seat,
# and a grid its owner sees differently (a card peeked at) is another key.
SEATS_DRAWN_KEPT = 8192  # about 2 KB each: eight seats of some 1,000 tables' latest versions
_SCALARS = frozenset((str, int, bool, float, type(None)))
_seats_drawn = Recent(SEATS_DRAWN_KEPT)


def seat_key(seat: dict, *switches: Any) -> tuple | None:
    """All that ``seat_panel`` draws ``seat`` from (None: a seat of some field not known here)."""
    values: list[Any] = []
    for name, value in seat.items():
        kind = type(value)
        if kind in _SCALARS:
            values.append((kind, value))
        elif name == "cards":
            values.append(tuple(map(card_key, value)))
        elif kind is list:
            values.append(json.dumps(value, sort_keys=True))
        else:
            return None
    return (tuple(seat), tuple(values), tuple(bool(switch) for switch in switches))


# A grid the others of a table of people see alike is one dict for every page of the
# table at one version, which nothing changes once made (marked ``shared``:
# app.web.golf.board's ``board``): drawn for one page, it is found again by that dict
# itself for the others, without its key worked out again from its cards.
SHARED_SEATS_KEPT = 4096
_shared_drawn = Recent(SHARED_SEATS_KEPT)  # by the dict's id and the switches: the dict and its HTML


def seat_drawn(seat: dict, mine: Any = False, many: Any = False, dealt: Any = False, id: Any = False) -> Markup:
    """``{{ seat_drawn(s, mine, many, dealt, id) }}``: ``seat_panel(s, mine, many, dealt, id)``'s HTML."""
    shared = seat.get("shared") is True
    if shared:
        by_identity = (builtins.id(seat), (bool(mine), bool(many), bool(dealt), bool(id)))
        kept = _shared_drawn.get(by_identity)
        # The very dict (held there, so that no other can take its id meanwhile).
        if kept is not None and kept[0] is seat:
            return kept[1]
    key = seat_key(seat, mine, many, dealt, id)
    made = _seats_drawn.get(key) if key is not None else None
    if made is None:
        module: Any = templates.env.get_template("table/_board.html").module
        made = Markup(module.seat_panel(seat, mine, many, dealt, id))
        if key is not None:
            _seats_drawn.put(key, made)
    if shared:
        _shared_drawn.put(by_identity, (seat, made))
    return made


templates.env.globals["seat_drawn"] = seat_drawn
