"""A table of people's pages are sent the parts of the table that changed, and the table
they make of them is the table drawn whole: after every move of whole matches at 2, 4
and 8 seats, every page's table (the one it loaded, with every part its stream and its
move's answers sent put in as ``static/tables.js`` puts them) is, element for element, the
whole table the server drew for it; and nothing sent, parts or whole, names a card that
page's seat may not know. In the same matches, every table the server drew (from what it
remembers of grids, cards and dialogs) is the table the templates draw afresh.

The server runs in this process (SQLite), so that the drawings it kept can be looked at;
each person is a client of their own with the page's event stream open, and moves by
posting the page's own buttons' forms, as HTMX does.
"""

from __future__ import annotations

import collections
import contextlib
import queue
import re
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

from app.cards import card_name
from app.golf.engine import GolfState
from app.golf.rules import RuleSet
from app.players.greedy import GreedyPlayer
from app.service.play.turns import deal_seed
from app.store.tables import load_table
from app.web.common import templates
from bench.pagetree import Element, put_parts, put_parts_quickly, table_of
from bench.servers import EventReader
from tests.oracle import hidden_cards
from tests.web.tables.test_table_drawn_once import plain_environment
from tests.web.tables.test_table_events import server_in_this_process

PATH = {"draw": "draw", "swap": "swap", "reveal": "reveal", "reject": "reject", "skip": "skip", "knock": "knock"}


@dataclass
class Page:
    """One person's page: what its table is (as a tree), the drawing it shows, its stream."""

    who: int
    client: httpx.Client
    table: Element
    token: str | None
    events: EventReader | None = None
    html: str = ""  # the table written out, as ``table.html()`` writes it

    def __post_init__(self) -> None:
        self.html = self.html or self.table.html()

    @property
    def version(self) -> int:
        return int(self.table.get("data-version") or -1)

    @property
    def seen(self) -> int:
        found = self.table.by_id("table-seen")
        assert found is not None
        element = found[0].children[found[1]]
        assert isinstance(element, Element)
        return int(element.get("value") or -1)


class Run:
    """A match played from its pages, every table a page is given checked."""

    def __init__(self, app, code: str):
        self.app, self.code = app, code
        self.sent = {"parts": 0, "whole": 0}

    def hidden_names(self, seat: int | None) -> list[str]:
        """The names of the cards ``seat`` may not know (tests/oracle.py); with two decks,
        less those of which the seat may know a copy (its name is then shown of that copy)."""
        with self.app.state.engine.connect() as connection:
            row = load_table(connection, self.code)
        state = GolfState.new(deal_seed(b"test-deal-key", row.seed), RuleSet(**row.rules))
        hidden = hidden_cards(state, row.log, seat)  # plays the log on the state
        if state.rules.deck_count > 1:
            hidden -= {c for grid, up in zip(state.grids, state.face_up) for c, u in zip(grid, up) if u}
            hidden -= set(state.discard)
            if state.held is not None and (state.turn == seat or state.held_source == "discard"):
                hidden.discard(state.held)
            if seat is not None and state.turns[seat] == 0:  # its own peeked cards, while the peek lasts
                hidden -= {state.grids[seat][p] for p in state.peeked[seat]}
        return [card_name(card) for card in hidden]

    def given(self, page: Page, html: str, base: str | None, token: str, seat: int) -> None:
        """``page`` is given ``html`` (the parts since its drawing ``base``, or the table
        whole): it must make the drawing ``token``, and name no card hidden from it."""
        shown = [name for name in self.hidden_names(seat) if re.search(rf"\b{re.escape(name)}\b", html)]
        assert not shown, f"seat {seat} was sent hidden cards: {shown}"
        whole = self.app.state.drawn_tables.get(token)
        assert whole is not None, "the drawing sent is kept"
        if base is not None:
            assert base == page.token, "parts drawn from another drawing than the page's"
            made = put_parts(page.table, html)
            made_html = made.html()
            # The benchmarks' pages put them in the same, on strings.
            assert table_of(put_parts_quickly(page.html, html)).html() == made_html
            self.sent["parts"] += 1
        else:
            made = table_of(html)
            made_html = made.html()
            self.sent["whole"] += 1
        assert made_html == table_of(whole.html).html(), "the table made of parts is not the table drawn whole"
        page.html = made_html
        page.table, page.token = made, token

    def fetch(self, page: Page, seat: int) -> None:
        """What the page does when its stream brings news it cannot show: ask for the table."""
        live = page.table.get("hx-get")
        answer = page.client.get(live, headers={"HX-Request": "true", "Golf-Drawn": page.token or ""})
        if answer.status_code == 204:
            return
        assert answer.status_code == 200, answer.text
        self.given(page, answer.text, answer.headers.get("golf-drawn-from"), answer.headers["golf-drawn"], seat)

    def follow(self, page: Page, seat: int, version: int) -> None:
        """The page reads its stream until it has been told of ``version`` (and reads on
        whatever else has come meanwhile), showing what it is sent as the page does."""
        assert page.events is not None
        told_of = -1
        while True:
            try:
                told = page.events.told.get(timeout=10 if told_of < version else 0.01)
            except queue.Empty:
                break
            told_of = max(told_of, told["version"])
            if (
                "html" in told
                and told["drawn_from"] == page.version
                and (told.get("base") is None or told["base"] == page.token)
            ):
                self.given(page, told["html"], told.get("base"), told["drawn"], seat)
            elif told["version"] > page.version or told.get("seats"):
                self.fetch(page, seat)
        assert page.version >= version, f"the page shows version {page.version}, told of {version}"

    def move(self, page: Page, seat: int, action: dict) -> None:
        """The page posts its button's form, with the drawing it shows named, as HTMX does."""
        command = "next-hole" if action["action"] == "next_hole" else PATH[action["action"]]
        data = {"version": str(page.version), "seen": str(page.seen)}
        if "position" in action:
            data["position"] = str(action["position"])
        if "source" in action:
            data["source"] = action["source"]
        headers = {"HX-Request": "true", "If-Match": f'"{page.version}"', "Golf-Drawn": page.token or ""}
        answer = page.client.post(f"/t/{self.code}/play/{command}", data=data, headers=headers)
        assert answer.status_code == 200, answer.text
        self.given(page, answer.text, answer.headers.get("golf-drawn-from"), answer.headers["golf-drawn"], seat)


def _play(tmp_path, seats: list[str], holes: int) -> dict[str, int]:
    with server_in_this_process(tmp_path) as (app, base), contextlib.ExitStack() as stack:
        people = [stack.enter_context(httpx.Client(base_url=base)) for kind in seats if kind in ("host", "open")]
        body = {"name": "Parts", "seats": seats, "rules": {"holes": holes}, "host_name": "Ann"}
        code = people[0].post("/api/tables", json=body).json()["code"]
        for number, client in enumerate(people[1:], 1):
            assert client.post(f"/api/tables/{code}/join", json={"name": f"P{number}"}).status_code == 200
        assert people[0].post(f"/api/tables/{code}/start").status_code == 200
        run, pages = Run(app, code), []
        for who, client in enumerate(people):
            html = client.get(f"/t/{code}").text
            token = re.search(r'data-drawn="([0-9a-f]+)"', html).group(1)
            page = Page(who, client, table_of(html), token)
            path = f"/t/{code}/events?shown={page.version}&seen={page.seen}&drawn={token}"
            page.events = stack.enter_context(EventReader(client, path))
            pages.append(page)
        seat_of = {page.who: client.get(f"/api/tables/{code}").json()["you"] for page, client in zip(pages, people)}
        player = GreedyPlayer()
        for _ in range(2000):
            for page in pages:
                run.follow(page, seat_of[page.who], max(p.version for p in pages))
            views = [page.client.get(f"/api/tables/{code}").json() for page in pages]
            if views[0]["status"] == "over":
                break
            ready = [(page, view) for page, view in zip(pages, views) if view["match"]["legal"]]
            assert ready, "nobody may move, and the match is not over"
            page, view = ready[0]
            run.move(page, seat_of[page.who], player.choose(view["match"]))
        else:
            raise AssertionError("the match did not end")
        return run.sent


@dataclass
class Played:
    """A whole match played from its pages: the tables they were sent, as parts or whole;
    the tables the server drew, as parts (a table page's) or whole; and where any of those
    differed from the table drawn afresh."""

    sent: dict[str, int]
    drawn: collections.Counter[str] = field(default_factory=collections.Counter)
    differing: list[str] = field(default_factory=list)


@pytest.fixture(
    scope="module",
    params=[
        (["host", "open"], 2),
        (["host", "open", "open", "medium"], 1),
        (["host", "open", "open", "open", "easy", "medium", "hard", "easy"], 1),
    ],
    ids=["2 seats", "4 seats", "8 seats"],
)
def played(request, tmp_path_factory) -> Played:
    """The match of ``request.param`` (its seats and holes) played by :func:`_play`, every
    table the server draws meanwhile drawn again with nothing remembered
    (:func:`plain_environment`). One match for both tests of a size: each takes seconds."""
    seats, holes = request.param
    plain = plain_environment().get_template("table/_table.html")
    table = templates.get_template("table/_table.html")
    render = table.render
    played = Played({})

    def checked(*args: Any, **kwargs: Any) -> str:
        html = render(*args, **kwargs)
        context = dict(*args, **kwargs)
        afresh = plain.render(context)
        if html != afresh:
            at = next((i for i, (a, b) in enumerate(zip(html, afresh)) if a != b), min(len(html), len(afresh)))
            played.differing.append(f"drawn {html[at - 80 : at + 80]!r}, afresh {afresh[at - 80 : at + 80]!r}")
        played.drawn["parts" if context.get("parts") else "whole"] += 1
        return html

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(table, "render", checked)
        played.sent = _play(tmp_path_factory.mktemp("parts"), seats, holes)
    return played


@pytest.mark.slow
def test_every_page_made_of_parts_is_the_table_drawn_whole(played):
    # Every table a page was given was checked as it was given (Run.given). Most are
    # parts: the whole table only as a page loads, and where the table's frame changes
    # (a hole's or the match's end).
    assert played.sent["parts"] > 4 * played.sent["whole"], played.sent


@pytest.mark.slow
def test_every_table_drawn_is_the_table_drawn_afresh(played):
    assert played.drawn["parts"] > 20, played.drawn
    assert played.differing == [], "a table drawn from what is remembered differs from it drawn afresh"
