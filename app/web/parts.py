"""A page drawn as its parts: the template's own ``{% call drawing.part(...) %}`` blocks,
each an element with an id, kept apart so that a page showing one drawing can be sent
only the parts that differ in the next.

A template marks its parts with ``{% call drawing.part(id, key) %}...{% endcall %}``.
Drawn with :data:`WHOLE` (the default ``drawing`` of every template), a part is simply
its HTML. Drawn with a :class:`Drawing`, each part is kept by its id, and the template's
own output, the *frame*, holds a marker in its place; :meth:`Drawing.whole` puts them
together again, so a page is exactly the same HTML either way.

A part given a ``key`` is drawn once for the same key, by every page that draws it: the
key is every value the part's HTML is made from (the arguments of the macro it calls),
frozen (:func:`freeze`), so two pages given the same key are given the same HTML, and a
page can only ever be given the HTML of what it was itself given to draw.
"""

from __future__ import annotations

import dataclasses
import operator
from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache
from threading import Lock
from typing import Any

from markupsafe import Markup

MARK = "\x00"  # around a part's id in a frame: never in a page's HTML (no name may hold a control character)
PARTS_KEPT = 8192  # the parts drawn by key: a seat's grid as the others see it, the piles, ... (about 2 KB each)


def freeze(value: Any) -> Any:
    """``value`` as a hashable key that equals another's only when the HTML made from them
    is the same: dicts and lists as tuples, a card (a dataclass) as its type and fields; a
    bool, and a string of another type (``Markup``), marked apart from the int or plain
    string equal to it.

    >>> freeze({"a": [1, True], "b": None}) == freeze({"a": [1, 1], "b": None})
    False
    """
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is bool:
        return _TRUE if value else _FALSE
    if kind is dict:
        return (dict, *[(name, item if type(item) in _PLAIN else freeze(item)) for name, item in value.items()])
    if kind is list or kind is tuple:
        return (kind, *[item if type(item) in _PLAIN else freeze(item) for item in value])
    fields = _fields_of(kind)  # type: ignore[arg-type]  # a type is hashable
    if fields is not None:
        return (kind, *[item if type(item) in _PLAIN else freeze(item) for item in fields(value)])
    if isinstance(value, (str, int, float)):
        return (kind, value)
    raise TypeError(f"a part's key cannot hold a {kind.__name__}")


_PLAIN = frozenset({str, int, type(None)})
_TRUE, _FALSE = (bool, True), (bool, False)


@lru_cache
def _fields_of(kind: type) -> Callable[[Any], tuple] | None:
    """Every field of a dataclass at once, as a tuple (None: not a dataclass)."""
    if not dataclasses.is_dataclass(kind):
        return None
    names = [f.name for f in dataclasses.fields(kind)]
    getter = operator.attrgetter(*names)
    return getter if len(names) > 1 else lambda value: (getter(value),)


class _Kept:
    """The parts drawn by key, shared by every drawing of the process (a bounded LRU)."""

    def __init__(self, size: int):
        self.size = size
        self._drawn: OrderedDict[Any, str] = OrderedDict()
        self._lock = Lock()

    def get(self, key: Any) -> str | None:
        with self._lock:
            html = self._drawn.get(key)
            if html is not None:
                self._drawn.move_to_end(key)
            return html

    def put(self, key: Any, html: str) -> None:
        with self._lock:
            self._drawn[key] = html
            while len(self._drawn) > self.size:
                self._drawn.popitem(last=False)


KEPT = _Kept(PARTS_KEPT)


def _drawn(id: str, key: Any, caller: Callable[[], str]) -> str:
    if key is None:
        return str(caller())
    kept = (id, freeze(key))
    html = KEPT.get(kept)
    if html is None:
        html = str(caller())
        KEPT.put(kept, html)
    return html


class Whole:
    """How a template draws its parts when nobody asks for them apart: in place."""

    def part(self, id: str, key: Any = None, *, caller: Callable[[], str]) -> Markup:
        return Markup(_drawn(id, key, caller))


WHOLE = Whole()


@dataclasses.dataclass
class Drawing:
    """A page drawn as its parts: give it to the template as ``drawing``, then set
    :attr:`frame` to what the template drew."""

    parts: dict[str, str] = dataclasses.field(default_factory=dict)
    frame: str = ""

    def part(self, id: str, key: Any = None, *, caller: Callable[[], str]) -> Markup:
        if id in self.parts:
            raise ValueError(f"two parts of one page have the id {id!r}")
        html = _drawn(id, key, caller)
        if MARK in html:
            raise ValueError(f"part {id!r} holds another part, or a control character")
        self.parts[id] = html
        return Markup(f"{MARK}{id}{MARK}")

    def whole(self) -> str:
        """The page's HTML: the frame with every part in its place."""
        pieces = self.frame.split(MARK)
        pieces[1::2] = [self.parts[id] for id in pieces[1::2]]
        return "".join(pieces)

    def ids(self) -> list[str]:
        """The parts' ids, in the order the page holds them."""
        return self.frame.split(MARK)[1::2]

    def frame_without(self, ids: set[str]) -> str:
        """The frame with the markers of ``ids`` taken out."""
        pieces = self.frame.split(MARK)
        return "".join(
            piece if i % 2 == 0 else ("" if piece in ids else f"{MARK}{piece}{MARK}") for i, piece in enumerate(pieces)
        )
