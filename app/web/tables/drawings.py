"""A table of people's page drawn as its parts, and what a page is sent of a newer
drawing: only the parts that differ from the one it shows.

Every table a page is given (the page itself, a refresh, the answer to a move, what its
event stream sends) is drawn as its parts (:class:`app.web.parts.Drawing`) and kept here
by its *token*, a random name, for a while. A page names the drawing it shows
(the ``drawn`` of its stream, the ``Golf-Drawn`` header of its moves); when that drawing
is still kept, and the newer one differs from it only in its parts (the same frame
around them), the page is sent those parts: the newer table's own element, its attributes
as they now are, holding each changed part with ``hx-swap-oob`` (``"true"``: in place of
the element of that id; ``"beforeend:#table"``: the steps to show, new at the table's end;
``"delete"``: a part gone). ``static/tables.js`` puts them into its copy of the table it
shows and swaps the table in as it would have swapped the whole. Anything else (a
drawing no longer kept, a frame that changed, a part come anywhere but at the end) is
sent whole, as before.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from fastapi import Request
from markupsafe import escape

from app.web.common import templates
from app.web.golf.speed import speed_of
from app.web.parts import MARK, Drawing

ROOT = "table"  # the part that is the table's own start tag: always sent with the parts
STEPS = "frames"  # the one part that may come new to a page, at the table's end
# About 15 KB each (30 MB at most): some 10 s of a server making 50 moves a second, four a move.
DRAWINGS_KEPT = 2048
SENT_KEPT = 1024  # the parts sent for one drawing after another, shared by every page sent them
# A drawing's token is random, and names it among every process's drawings: a page may
# name to one process a drawing another drew, which the first has not kept and draws whole.
# (A hash of its HTML named it before: hashing some 15 KB four times a move let go of the
# interpreter's lock at every part over 2 KB, and taking it back again and again cost
# some 8% of the server's CPU of a move: bench.move_cpu, in turn with this.)
TOKEN_BYTES = 9
# The table's news clears the alert, as the whole fragment does.
ALERT = '<div id="alert" hx-swap-oob="innerHTML"></div>'


def alert(message: str | None) -> str:
    """The alert sent beside the table, as ``table/table_fragment.html`` draws it: why a move was refused.

    >>> alert("It is <not> your turn.")
    '<div id="alert" hx-swap-oob="innerHTML"><p>It is &lt;not&gt; your turn.</p></div>'
    """
    return f'<div id="alert" hx-swap-oob="innerHTML"><p>{escape(message)}</p></div>' if message else ALERT


@dataclass
class TableDrawing:
    """One table as drawn for a page: its parts and its token."""

    drawing: Drawing
    token: str
    version: int
    _html: str | None = field(default=None, repr=False)

    @property
    def html(self) -> str:
        if self._html is None:
            self._html = self.drawing.whole()
        return self._html


def draw_table(request: Request, t: dict) -> TableDrawing:
    """The table fragment's ``table/_table.html`` for the model ``t``, drawn as its parts."""
    drawing = Drawing()
    drawing.finish(
        templates.get_template("table/_table.html").render({"request": request, "t": t, "page": "table", "parts": True})
    )
    return TableDrawing(drawing, secrets.token_hex(TOKEN_BYTES), t["version"])


def with_oob(html: str, how: str) -> str:
    """A part's element marked to be swapped out of band ``how``.

    >>> with_oob('<section id="middle" class="middle">...</section>', "true")
    '<section hx-swap-oob="true" id="middle" class="middle">...</section>'
    """
    end = len(html.partition(" ")[0]) if " " in html.split(">", 1)[0] else html.index(">")
    return f'{html[:end]} hx-swap-oob="{how}"{html[end:]}'


def parts_since(base: TableDrawing, new: TableDrawing) -> str | None:
    """What a page showing ``base`` is sent of ``new``: ``new``'s table element holding
    the parts that differ (or None: the page is to be sent ``new`` whole)."""
    old_parts, new_parts = base.drawing.parts, new.drawing.parts
    gone = old_parts.keys() - new_parts.keys()
    come = new_parts.keys() - old_parts.keys()
    if come - {STEPS} or ROOT not in new_parts:
        return None
    if base.drawing.frame_without(gone) != new.drawing.frame_without(come):
        return None
    if come and not new.drawing.frame.endswith(f"{MARK}{STEPS}{MARK}</div>"):
        return None
    sent = [new_parts[ROOT]]
    for id in new.drawing.ids():
        html = new_parts[id]
        if id != ROOT and old_parts.get(id) != html:
            sent.append(with_oob(html, "beforeend:#table" if id in come else "true"))
    sent += [f'<div hx-swap-oob="delete" id="{id}"></div>' for id in sorted(gone)]
    sent.append("</div>")
    return "".join(sent)


def viewing(request: Request) -> tuple[str, str]:
    """What else than its table and seat a page's table is drawn for: the computer speed
    its request named, and the site's address (worked out once a request: a page's
    stream asks at every change)."""
    try:
        return request.state.viewing
    except AttributeError:
        request.state.viewing = (speed_of(request), str(request.base_url))
        return request.state.viewing


class DrawnTables:
    """The tables this process drew lately, by token; the latest drawn for each seat's
    pages at each version; and what was sent of one drawing after another."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._drawn: OrderedDict[str, TableDrawing] = OrderedDict()
        self._latest: OrderedDict[tuple, str] = OrderedDict()
        self._sent: OrderedDict[tuple[str, str], str | None] = OrderedDict()

    def keep(self, request: Request, code: str, seat: int | None, drawn: TableDrawing) -> None:
        """Keep ``drawn``, the latest table drawn for ``seat``'s pages (None: a spectator's)."""
        key = (code, seat, drawn.version, *viewing(request))
        with self._lock:
            self._drawn[drawn.token] = drawn
            self._drawn.move_to_end(drawn.token)
            self._latest[key] = drawn.token
            self._latest.move_to_end(key)
            while len(self._drawn) > DRAWINGS_KEPT:
                self._drawn.popitem(last=False)
            while len(self._latest) > DRAWINGS_KEPT:
                self._latest.popitem(last=False)

    def get(self, token: str | None) -> TableDrawing | None:
        if not token:
            return None
        with self._lock:
            return self._drawn.get(token)

    def latest(self, request: Request, code: str, seat: int | None, version: int) -> str | None:
        """The token of the latest table drawn for ``seat``'s pages at ``version``."""
        with self._lock:
            return self._latest.get((code, seat, version, *viewing(request)))

    def since(self, base_token: str | None, new: TableDrawing) -> tuple[str, str | None]:
        """What a page that shows the drawing ``base_token`` is sent of ``new``: the HTML,
        and the token of the drawing it is drawn from (None: whole)."""
        base = self.get(base_token)
        if base is None or base_token is None:
            return new.html, None
        key = (base_token, new.token)
        with self._lock:
            known = key in self._sent
            kept = self._sent.get(key)
        if not known:
            kept = parts_since(base, new)
            with self._lock:
                self._sent[key] = kept
                while len(self._sent) > SENT_KEPT:
                    self._sent.popitem(last=False)
        if kept is None:
            return new.html, None
        return kept, base_token
