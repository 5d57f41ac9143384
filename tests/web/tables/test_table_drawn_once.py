"""A table's page is drawn from what the server remembers of its grids, and is the very
table drawn afresh: the table the templates draw without remembering anything and with
Jinja's own escaping (:func:`plain_environment`; every table of whole matches at 2, 4
and 8 seats is compared so in tests/web/tables/test_table_parts.py, which plays them);
and at a table of four, a move draws again only the grids it changed (the mover's, whose
turn it now is), each once for every page that sees it alike.
"""

from __future__ import annotations

import collections
import contextlib
import json
from collections.abc import Iterator
from typing import Any

import jinja2
import jinja2.compiler
import jinja2.runtime
import pytest
from fastapi.testclient import TestClient
from markupsafe import Markup

from app.resources import TEMPLATES
from app.web.common import templates
from app.web.templating import PagesEnvironment
from bench.move_costs import LiveTable, bench_app


def plain_environment() -> jinja2.Environment:
    """The pages' templates as Jinja draws them with nothing remembered: every card, dialog
    and grid drawn by its macro each time, and Jinja's own code and escaping."""
    env = PagesEnvironment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=jinja2.select_autoescape())
    env.code_generator_class = jinja2.compiler.CodeGenerator
    env.globals.update(templates.env.globals)
    env.filters.update(templates.env.filters)
    env.policies.update(templates.env.policies)  # how ``tojson`` writes JSON: a choice, not a memory

    def module(name: str) -> Any:
        return env.get_template(name).module

    env.filters["drawn"] = lambda card: Markup(module("table/_cards.html").card(card))
    env.globals["remembered"] = lambda name, macro, *arguments: Markup(
        getattr(module(name), macro)(*json.loads(json.dumps(arguments)))
    )
    env.globals["seat_drawn"] = lambda seat, *switches: Markup(module("table/_board.html").seat_panel(seat, *switches))
    return env


@contextlib.contextmanager
def macros_counted() -> Iterator[collections.Counter[str]]:
    """How many times each of the templates' macros is drawn meanwhile."""
    calls: collections.Counter[str] = collections.Counter()
    invoke = jinja2.runtime.Macro._invoke

    def counted(self: jinja2.runtime.Macro, arguments: list, autoescape: bool) -> str:
        calls[self.name] += 1
        return invoke(self, arguments, autoescape)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(jinja2.runtime.Macro, "_invoke", counted)
        yield calls


def test_a_move_draws_again_only_the_grids_it_changed():
    app = bench_app()
    with TestClient(app):
        table = LiveTable(app, 4)
        for number in range(12):
            table.move(number + 1, lambda label: contextlib.nullcontext())
        drawn = []
        for number in range(12):
            with macros_counted() as calls:
                table.move(number + 100, lambda label: contextlib.nullcontext())
            drawn.append(calls["seat_panel"])
    # Four pages of four grids each: 16 drawn at every move when each page drew its own.
    assert max(drawn) <= 6, drawn
    assert sum(drawn) / len(drawn) <= 5, drawn


def test_names_that_look_like_markup_are_drawn_as_written_on_every_page(monkeypatch):
    """A table whose people's names are full of what HTML means: every page of it (the
    table as each seat, the page whole, the waiting room before it) drawn as Jinja itself
    draws it, and each name shown as written."""
    plain = plain_environment()
    render = jinja2.Template.render
    drawn: collections.Counter[str] = collections.Counter()

    def checked(self: jinja2.Template, *args: Any, **kwargs: Any) -> str:
        html = render(self, *args, **kwargs)
        if self.environment is templates.env and self.name:
            context = dict(*args, **kwargs)
            assert html == render(plain.get_template(self.name), context), f"{self.name} is drawn otherwise"
            drawn[self.name] += 1
        return html

    monkeypatch.setattr(jinja2.Template, "render", checked)
    names = ['<b>Ann</b> & "Bo"', "O'Neil <3", "1 < 2 > 0 &amp;"]
    app = bench_app()
    with TestClient(app) as host, TestClient(app) as second, TestClient(app) as third:
        body = {"name": "<i>Fun</i> & 'games'", "seats": ["host", "open", "open", "medium"], "host_name": names[0]}
        code = host.post("/api/tables", json=body).json()["code"]
        for client, name in ((second, names[1]), (third, names[2])):
            assert client.post(f"/api/tables/{code}/join", json={"name": name}).status_code == 200
        waiting = host.get(f"/t/{code}").text
        assert host.post(f"/api/tables/{code}/start", json={}).status_code == 200
        pages = [waiting]
        for client in (host, second, third):
            pages.append(client.get(f"/t/{code}").text)
            pages.append(client.get(f"/t/{code}/table", headers={"HX-Request": "true"}).text)
            for position in (0, 1):
                client.post(f"/api/tables/{code}/reveal", json={"position": position})
            pages.append(client.get(f"/t/{code}").text)
    assert drawn["table/_table.html"] >= 3 and len(drawn) >= 3, drawn
    for html in pages:
        assert "&lt;b&gt;Ann&lt;/b&gt; &amp; &#34;Bo&#34;" in html
        assert "<b>Ann</b>" not in html and "<3" not in html.replace("&lt;3", "")


def test_a_table_is_drawn_without_a_markup_made_of_each_value(monkeypatch):
    """What made a table's drawing slow: every ``{{ value }}`` made a Markup of itself."""
    made = collections.Counter()
    new = Markup.__new__

    def counted(cls: type, *args: Any, **kwargs: Any) -> Markup:
        made["markup"] += 1
        return new(cls, *args, **kwargs)

    app = bench_app()
    with TestClient(app):
        table = LiveTable(app, 4)
        for number in range(6):
            table.move(number + 1, lambda label: contextlib.nullcontext())
        monkeypatch.setattr(Markup, "__new__", counted)
        table.move(100, lambda label: contextlib.nullcontext())
    # Four pages of some 400 values each, when each value was escaped into a Markup.
    assert made["markup"] < 200, made
