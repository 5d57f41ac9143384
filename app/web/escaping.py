"""The pages' ``{{ ... }}`` escaped as Jinja escapes them, without a ``Markup`` made of each.

Jinja compiles each ``{{ value }}`` of an autoescaped template to ``escape(value)``,
markupsafe's, which makes a ``Markup`` of every value (a Python ``__new__`` that looks for
``__html__`` again), though the template only joins them into one string: some 400 a
table, a third of its drawing. :class:`EscapingCodeGenerator` compiles them to
:func:`text` instead, which gives the same characters as a plain string: a string
escaped in C, a ``Markup`` (already safe: a card, a part's mark, a remembered dialog) and
an ``int`` as they are, anything else as markupsafe's ``escape`` makes it.

It also looks ``name.field`` up in a dict where it stands, as
:meth:`app.web.templating.PagesEnvironment.getattr` would, without calling it: the pages'
models are dicts, and some 140 such lookups a table were each a call in Python.
"""

from __future__ import annotations

from typing import Any

import markupsafe
from jinja2 import nodes
from jinja2.compiler import CodeGenerator, Frame, optimizeconst
from markupsafe import Markup, escape

# markupsafe's own escaping of a str to a str, in C (its ``escape`` is this, wrapped in a Markup).
_escape_str = getattr(markupsafe, "_escape_inner", None) or (lambda value: str(escape(value)))


def text(value: Any) -> str:
    """``value`` as ``{{ value }}`` puts it into an autoescaped page.

    >>> text('<b>"Tom" & \\'Jerry\\'</b>'), text(Markup("<b>ok</b>")), text(12), text(True), text(None)
    ('&lt;b&gt;&#34;Tom&#34; &amp; &#39;Jerry&#39;&lt;/b&gt;', Markup('<b>ok</b>'), '12', Markup('True'), Markup('None'))
    """
    kind = type(value)
    if kind is str:
        return _escape_str(value)
    if kind is Markup:
        return value
    if kind is int:  # digits and a sign: nothing to escape (a bool is not an int here)
        return str(value)
    return escape(value)


class EscapingCodeGenerator(CodeGenerator):
    """Jinja's code, each ``{{ ... }}`` of an autoescaped template put out through :func:`text`."""

    def visit_Template(self, node: nodes.Template, frame: Frame | None = None) -> None:
        self.writeline("from app.web.escaping import text as golf_text")
        super().visit_Template(node, frame)

    @optimizeconst
    def visit_Getattr(self, node: nodes.Getattr, frame: Frame) -> None:
        # ``t.prompt``: the item of a dict at once, anything else (a field it lacks, a
        # dataclass, an undefined name) as the environment looks it up.
        if self.environment.is_async or not isinstance(node.node, nodes.Name) or node.node.ctx != "load":
            super().visit_Getattr(node, frame)
            return
        ref, attr = frame.symbols.ref(node.node.name), repr(node.attr)
        self.write(f"({ref}[{attr}] if type({ref}) is dict and {attr} in {ref} else environment.getattr(")
        self.visit(node.node, frame)
        self.write(f", {attr}))")

    def _output_child_pre(self, node: nodes.Expr, frame: Frame, finalize: CodeGenerator._FinalizeInfo) -> None:
        if frame.eval_ctx.autoescape and not frame.eval_ctx.volatile and finalize.src is None:
            self.write("golf_text(")
        else:
            super()._output_child_pre(node, frame, finalize)
