"""A table's HTML as a tree of elements, and the parts a page is sent put into it as
``static/tables.js`` puts them (app/web/tables/drawings.py says what they are): so that a
test can hold the table made from parts against the table drawn whole, element for
element; and the same done on strings, quickly, by the benchmarks' simulated pages.

Parsed with the standard library's HTML parser; a ``<template>``'s content is kept as its
children but never searched for an id (as in a browser, it is not part of the page).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import escape
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


@dataclass
class Element:
    tag: str
    attrs: list[tuple[str, str | None]] = field(default_factory=list)
    children: list[Element | str] = field(default_factory=list)

    def get(self, name: str) -> str | None:
        return next((value for key, value in self.attrs if key == name), None)

    def without(self, name: str) -> None:
        self.attrs = [(key, value) for key, value in self.attrs if key != name]

    def by_id(self, id: str) -> tuple[Element, int] | None:
        """The element of that id among this one's descendants (none inside a template),
        as its parent and its place there."""
        for place, child in enumerate(self.children):
            if isinstance(child, Element):
                if child.get("id") == id:
                    return self, place
                if child.tag != "template" and (found := child.by_id(id)) is not None:
                    return found
        return None

    def copy(self) -> Element:
        """A copy of the whole tree, nothing shared but the strings."""
        children = [child.copy() if isinstance(child, Element) else child for child in self.children]
        return Element(self.tag, list(self.attrs), children)

    def elements(self) -> list[Element]:
        return [child for child in self.children if isinstance(child, Element)]

    def html(self) -> str:
        """The element written out again, one way for one tree."""
        attrs = "".join(f' {key}="{escape(value)}"' if value is not None else f" {key}" for key, value in self.attrs)
        if self.tag in VOID:
            return f"<{self.tag}{attrs}>"
        inner = "".join(child.html() if isinstance(child, Element) else escape(child, False) for child in self.children)
        return f"<{self.tag}{attrs}>{inner}</{self.tag}>"


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#document")
        self.open = [self.root]

    def handle_starttag(self, tag, attrs):
        element = Element(tag, list(attrs))
        self.open[-1].children.append(element)
        if tag not in VOID:
            self.open.append(element)

    def handle_startendtag(self, tag, attrs):
        self.open[-1].children.append(Element(tag, list(attrs)))

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        while len(self.open) > 1:
            closed = self.open.pop()
            if closed.tag == tag:
                return
        raise AssertionError(f"</{tag}> closes nothing")

    def handle_data(self, data):
        self.open[-1].children.append(data)


def parse(html: str) -> Element:
    """The HTML's elements and text, under a document element."""
    builder = _Builder()
    builder.feed(html)
    builder.close()
    assert len(builder.open) == 1, f"<{builder.open[-1].tag}> left open"
    return builder.root


def table_of(html: str) -> Element:
    """The ``#table`` element of a page or a fragment."""
    found = parse(html).by_id("table")
    assert found is not None, "no #table"
    parent, place = found
    element = parent.children[place]
    assert isinstance(element, Element)
    return element


def put_parts(table: Element, sent: str) -> Element:
    """``table`` with the parts of ``sent`` (the newer table's element holding its changed
    parts, then the alert) put in, as the page does: a new tree; the page's own is untouched."""
    document = parse(sent)
    root = document.elements()[0]
    assert root.get("id") == "table", "the parts come in the table's own element"
    made = table.copy()
    made.attrs = list(root.attrs)
    for part in root.elements():
        how, id = part.get("hx-swap-oob"), part.get("id")
        assert id, "a part without an id"
        part.without("hx-swap-oob")
        found = made.by_id(id)
        if how == "delete":
            assert found is not None, f"part {id} deleted, and the table has none"
            found[0].children.pop(found[1])
        elif how == "beforeend:#table":
            assert found is None, f"part {id} new, and the table has one"
            made.children.append(part)
        else:
            assert how == "true" and found is not None, f"part {id} ({how}) finds no place"
            found[0].children[found[1]] = part
    assert all(
        isinstance(child, str) and not child.strip() for child in root.children if not isinstance(child, Element)
    )
    return made


# ---------------------------------------------------------------- the same on strings, quickly

_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*>")


def element_span(html: str, id: str, start: int = 0) -> tuple[int, int] | None:
    """Where the element of that id begins and ends in ``html`` (from ``start``), found by
    its tag's own start and end tags (a page's parts hold no other way of writing them)."""
    at = html.find(f' id="{id}"', start)
    if at < 0:
        return None
    begin = html.rfind("<", 0, at)
    opened = _TAG.match(html, begin)
    assert opened is not None and not opened.group(1), f"no start tag around id {id!r}"
    tag = opened.group(2).lower()
    if tag in VOID:
        return begin, opened.end()
    depth = 0
    for found in re.finditer(rf"<(/?){tag}\b[^>]*>", html[begin:], re.IGNORECASE):
        depth += -1 if found.group(1) else 1
        if depth == 0:
            return begin, begin + found.end()
    raise AssertionError(f"<{tag} id={id!r}> is never closed")


def put_parts_quickly(table: str, sent: str) -> str:
    """:func:`put_parts` on the table's HTML as a string (the benchmarks' pages, which
    cannot afford to parse every table they are sent): ``table`` is the ``#table``
    element's HTML; the new one is returned."""
    root_end = sent.index(">") + 1
    made = sent[:root_end] + table[table.index(">") + 1 :]
    close = sent.rindex("</div>", 0, sent.index('<div id="alert"') if '<div id="alert"' in sent else len(sent))
    at = root_end
    while (start := sent.find("<", at, close)) >= 0:
        how = re.match(r'<[a-zA-Z]+ hx-swap-oob="([^"]+)"', sent[start:])
        assert how is not None, "a part without hx-swap-oob"
        id_found = re.search(r' id="([^"]+)"', sent[start : sent.index(">", start)])
        assert id_found is not None, "a part without an id"
        id = id_found.group(1)
        span = element_span(sent, id, start - 1)
        assert span is not None
        at = span[1]
        part = sent[span[0] : span[1]].replace(f' hx-swap-oob="{how.group(1)}"', "", 1)
        found = element_span(made, id)
        if how.group(1) == "delete":
            assert found is not None, f"part {id} deleted, and the table has none"
            made = made[: found[0]] + made[found[1] :]
        elif how.group(1) == "beforeend:#table":
            assert found is None, f"part {id} new, and the table has one"
            made = made[: made.rindex("</div>")] + part + "</div>"
        else:
            assert found is not None, f"part {id} finds no place"
            made = made[: found[0]] + part + made[found[1] :]
    return made
