"""A table page's own event stream (``/t/{code}/events``): the news of a change comes
with the table drawn for that page, from its own seat, so that the page need not ask for
it (the parts that changed since the table the stream last sent it, or the answer to its
own move); the page whose move it was is sent only the version, since its answer drew it.

A real server process on SQLite and on PostgreSQL (where the news of a change crosses
``NOTIFY``), each person a client with its own cookie and stream."""

from __future__ import annotations

import contextlib
import queue
import re
import time
from dataclasses import dataclass

import httpx

from app.cards import card_name
from app.golf.engine import GolfState
from app.golf.rules import RuleSet
from app.service.play.turns import deal_seed
from app.store.database import make_engine
from app.store.tables import load_table
from bench.pagetree import Element, put_parts, table_of
from bench.servers import EventReader, server_process
from tests.oracle import hidden_cards

HTMX = {"HX-Request": "true"}
QUIET_SECONDS = 0.4  # a stream that says nothing this long has said all it had to


def _shown(html: str) -> tuple[int, int]:
    """The version and the number of actions a page or fragment shows."""
    version = int(re.search(r'data-version="(\d+)"', html).group(1))
    seen = re.search(r'name="seen" value="(\d+)"', html)
    return version, int(seen.group(1)) if seen else -1


def _drain(events: EventReader) -> list[dict]:
    """What the stream says until it is quiet."""
    said = []
    with contextlib.suppress(queue.Empty):
        while True:
            said.append(events.told.get(timeout=QUIET_SECONDS))
    return said


def _next(events: EventReader, version: int) -> dict:
    """The stream's first news of ``version`` or later."""
    deadline = time.monotonic() + 10
    while True:
        told = events.told.get(timeout=max(deadline - time.monotonic(), 0.01))
        if told["version"] >= version:
            return told


@dataclass
class Shown:
    """What a page shows: its table (a tree) and the drawing it is."""

    table: Element
    token: str | None

    @classmethod
    def of(cls, html: str, token: str | None) -> Shown:
        return cls(table_of(html), token)

    def given(self, told: dict) -> str:
        """The page takes what its stream sent (the table whole, or the parts that changed
        since the drawing it shows, as static/tables.js does); the table's HTML now."""
        if "html" in told:
            if told.get("base"):
                assert told["base"] == self.token, "parts drawn from another drawing than the page shows"
                self.table = put_parts(self.table, told["html"])
            else:
                self.table = table_of(told["html"])
            self.token = told["drawn"]
        return self.table.html()


def _hidden_names(database_url: str, code: str, viewer: int | None) -> list[str]:
    """The names of the cards ``viewer`` (None: a spectator) may not know now (tests/oracle.py)."""
    engine = make_engine(database_url)
    try:
        with engine.connect() as connection:
            row = load_table(connection, code)
    finally:
        engine.dispose()
    assert row is not None
    state = GolfState.new(deal_seed(b"test-deal-key", row.seed), RuleSet(**row.rules))
    return [card_name(card) for card in hidden_cards(state, row.log, viewer)]


def _names_none_of(html: str, names: list[str]) -> None:
    assert names
    shown = [name for name in names if re.search(rf"\b{re.escape(name)}\b", html)]
    assert not shown, f"hidden cards named: {shown}"


def test_each_other_page_is_sent_its_own_table_with_a_move_and_the_movers_page_only_the_version(database_url, tmp_path):
    with server_process(database_url, tmp_path / "server.log") as base:
        ann, bea, cy = (httpx.Client(base_url=base) for _ in range(3))
        with contextlib.closing(ann), contextlib.closing(bea), contextlib.closing(cy):
            body = {"name": "Friday golf", "seats": ["host", "open"], "rules": {"holes": 1}, "host_name": "Ann"}
            code = ann.post("/api/tables", json=body).json()["code"]
            assert bea.post(f"/api/tables/{code}/join", json={"name": "Bea"}).status_code == 200
            assert ann.post(f"/api/tables/{code}/start").status_code == 200
            pages = {who: client.get(f"/t/{code}").text for who, client in (("ann", ann), ("bea", bea), ("cy", cy))}
            assert "you are watching" in pages["cy"]
            with contextlib.ExitStack() as streams:
                events = {}
                for who, client in (("ann", ann), ("bea", bea), ("cy", cy)):
                    version, seen = _shown(pages[who])
                    path = f"/t/{code}/events?shown={version}&seen={seen}"
                    events[who] = streams.enter_context(EventReader(client, path))
                    assert events[who].headers["content-type"].startswith("text/event-stream")
                    opened = events[who].told.get(timeout=5)
                    assert opened == {"version": version}  # the version as the stream opened: nothing to draw
                shown = {who: Shown.of(pages[who], None) for who in events}
                for who, reader in events.items():
                    for told in _drain(reader):  # the seats' connections, told as they came
                        shown[who].given(told)

                before, seen = _shown(pages["ann"])
                moved = ann.post(
                    f"/t/{code}/play/reveal",
                    data={"version": str(before), "seen": str(seen), "position": "0"},
                    headers=HTMX,
                )
                assert moved.status_code == 200
                after, _ = _shown(moved.text)
                assert after == before + 1
                shown["ann"] = Shown.of(moved.text, moved.headers["golf-drawn"])

                # Bea's page is sent her table: from her seat, the move told and drawn
                # being made (one step: the table itself, with no step before it), for
                # the version her page showed; as the parts that changed since the table
                # her stream sent her last (her own grid did not).
                told = _next(events["bea"], after)
                assert told["version"] == after and told["drawn_from"] == before and told["base"]
                assert "Ann’s grid" in told["html"] and "Your grid" not in told["html"]
                _names_none_of(told["html"], _hidden_names(database_url, code, 1))
                table = shown["bea"].given(told)
                assert _shown(table) == (after, seen + 1)
                assert 'aria-label="Your grid"' in table and "Ann’s grid" in table
                assert 'data-say="Ann revealed' in table and "<template data-say=" not in table
                assert "last-move" in table and "settled" not in table
                assert "Your turn." not in table  # the opening reveals are no one's turn

                # The spectator's page is sent the spectator's table: no seat's secrets.
                watched = _next(events["cy"], after)
                assert watched["drawn_from"] == before
                _names_none_of(watched["html"], _hidden_names(database_url, code, None))
                table = shown["cy"].given(watched)
                assert "watching" in table and "Your grid" not in table

                # Ann's own page drew her move from its answer: it is told the version alone.
                own = _next(events["ann"], after)
                assert own == {"version": after}

                # Bea's stream goes on from what it sent: her own move is hers alone, and
                # Ann's page, which shows her move, is sent Bea's from there: the parts
                # that changed since the answer to her move.
                bea_move = bea.post(
                    f"/t/{code}/play/reveal",
                    data={"version": str(after), "seen": str(seen + 1), "position": "0"},
                    headers={**HTMX, "Golf-Drawn": shown["bea"].token},
                )
                assert bea_move.status_code == 200
                assert bea_move.headers["golf-drawn-from"] == shown["bea"].token  # her answer: parts too
                table = shown["bea"].given(
                    {"html": bea_move.text, "base": shown["bea"].token, "drawn": bea_move.headers["golf-drawn"]}
                )
                latest, _ = _shown(table)
                assert _next(events["bea"], latest) == {"version": latest}
                told = _next(events["ann"], latest)
                assert told["drawn_from"] == after and told["base"] == shown["ann"].token
                _names_none_of(told["html"], _hidden_names(database_url, code, 0))
                table = shown["ann"].given(told)
                assert _shown(table) == (latest, seen + 2) and "Bea revealed" in table


def test_many_streams_of_one_client_cost_one_drawing_a_change(tmp_path, monkeypatch):
    """A client opening the table's page stream many times over (a spectator, say) is
    sent the same table on each, drawn once a change: it cannot make the server draw the
    table once per stream it opens."""
    from app.web.tables import page_stream as table_page_stream
    from tests.web.tables.test_table_events import server_in_this_process

    drawn = []
    fragment = table_page_stream.fragment_html
    monkeypatch.setattr(table_page_stream, "fragment_html", lambda *args: drawn.append(args) or fragment(*args))
    with server_in_this_process(tmp_path) as (app, base):
        ann, watcher = httpx.Client(base_url=base), httpx.Client(base_url=base)
        with contextlib.closing(ann), contextlib.closing(watcher), contextlib.ExitStack() as streams:
            body = {"name": "Friday golf", "seats": ["host", "medium"], "rules": {"holes": 1}, "host_name": "Ann"}
            code = ann.post("/api/tables", json=body).json()["code"]
            assert ann.post(f"/api/tables/{code}/start").status_code == 200
            version, seen = _shown(watcher.get(f"/t/{code}").text)
            path = f"/t/{code}/events?shown={version}&seen={seen}"
            readers = [streams.enter_context(EventReader(watcher, path)) for _ in range(8)]
            for reader in readers:
                reader.told.get(timeout=5)
            drawn.clear()
            moved = ann.post(f"/api/tables/{code}/reveal", json={"position": 0}).json()["version"]
            sent = [_next(reader, moved) for reader in readers]
            assert all(told["html"] == sent[0]["html"] for told in sent)
            assert len(drawn) == 1
