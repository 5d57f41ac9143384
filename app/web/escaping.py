"""The pages' ``{{ ... }}`` escaped as Jinja escapes them, without a ``Markup`` made of each.

Jinja compiles each ``{{ value }}`` of an autoescaped template to ``escape(value)``,
markupsafe's, which makes a ``Markup`` of every value (a Python ``__new__`` that looks for
``__html__`` again), though the template only joins them into one string: some 400 a
table, a third of its drawing. :class:`EscapingCodeGenerator` compiles them to
:func:`text` instead, which gives the same characters as a plain string: a string
escaped in C, a ``Markup`` (already safe: a card, a part's mark, a remembered dialog) and
an ``int`` as they are, anything else as markupsafe's ``escape`` makes it.
"""

from __future__ import annotations

from typing import Any

import markupsafe
from jinja2 import nodes
from jinja2.compiler import CodeGenerator, Frame
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

    def _output_child_pre(self, node: nodes.Expr, frame: Frame, finalize: CodeGenerator._FinalizeInfo) -> None:
        if frame.eval_ctx.autoescape and not frame.eval_ctx.volatile and finalize.src is None:
            self.write("golf_text(")
        else:
            super()._output_child_pre(node, frame, finalize)
