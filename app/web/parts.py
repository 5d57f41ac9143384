"""A page drawn as its parts: what a template marks from ``{{ id | part(parts) }}`` to
``{{ parts | part_end }}``, each an element with that id, kept apart so that a page
showing one drawing can be sent only the parts that differ in the next.

Drawn as usual (``parts`` false, every template's default) the marks are nothing: the
page is drawn as it always was. Drawn with ``parts`` true, they are markers in the
template's output (filters, the cheapest of a template's calls), which
:meth:`Drawing.finish` takes apart into the parts, by id, and the *frame*, the page with a
marker in each part's place; :meth:`Drawing.whole` puts them together again, the very
HTML the template drew.
"""

from __future__ import annotations

import dataclasses

from markupsafe import Markup

MARK = "\x00"  # around a part's id in a frame: never in a page's HTML (no name may hold a control character)
_BEGIN, _END = "\x01", "\x02"  # a part's start (after its id) and end, as the template draws them
_NOTHING = Markup("")
_ENDED = Markup(_END)


def part(id: str, parts: bool) -> Markup:
    """``{{ "table-head" | part(parts) }}``: where the part of that id begins."""
    return Markup(f"{MARK}{id}{_BEGIN}") if parts else _NOTHING


def part_end(parts: bool) -> Markup:
    """``{{ parts | part_end }}``: where the part begun last ends."""
    return _ENDED if parts else _NOTHING


@dataclasses.dataclass
class Drawing:
    """A page drawn as its parts: what a template drew with ``parts`` true, handed to
    :meth:`finish`.

    >>> drawing = Drawing()
    >>> drawing.finish(f"<main>{part('a', True)}<p id=a>1</p>{part_end(True)}</main>")
    >>> drawing.parts, drawing.ids(), drawing.whole()
    ({'a': '<p id=a>1</p>'}, ['a'], '<main><p id=a>1</p></main>')
    """

    parts: dict[str, str] = dataclasses.field(default_factory=dict)
    frame: str = ""

    def finish(self, drawn: str) -> None:
        """Take what the template drew apart into the frame and the parts."""
        pieces = drawn.split(MARK)
        frame = [pieces[0]]
        for piece in pieces[1:]:
            id, begun, rest = piece.partition(_BEGIN)
            html, ended, after = rest.partition(_END)
            if not begun or not ended or _END in after or id in self.parts:
                raise ValueError(f"part {id!r} is not one part on its own: parts may not hold parts, nor repeat")
            self.parts[id] = html
            frame.append(f"{MARK}{id}{MARK}{after}")
        if _END in pieces[0] or _BEGIN in pieces[0]:
            raise ValueError("a part's end without its start")
        self.frame = "".join(frame)

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
        if not ids:
            return self.frame
        pieces = self.frame.split(MARK)
        return "".join(
            piece if i % 2 == 0 else ("" if piece in ids else f"{MARK}{piece}{MARK}") for i, piece in enumerate(pieces)
        )
