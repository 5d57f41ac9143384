"""A table page's own event stream (``/t/{code}/events``): the news of a change comes
with the table drawn for that page, from its own seat, so that the page need not ask for
it; the page whose move it was is sent only the version, since its answer drew it.

A real server process on SQLite and on PostgreSQL (where the news of a change crosses
``NOTIFY``), each person a client with its own cookie and stream."""

from __future__ import annotations

import contextlib
import queue
import re
import time

import httpx

from app.cards import card_name
from app.golf.engine import GolfState
from app.golf.rules import RuleSet
from app.service.play.turns import deal_seed
from app.store.database import make_engine
from app.store.tables import load_table
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
                for reader in events.values():
                    _drain(reader)  # the seats' connections, told as they came

                before, seen = _shown(pages["ann"])
                moved = ann.post(
                    f"/t/{code}/play/reveal",
                    data={"version": str(before), "seen": str(seen), "position": "0"},
                    headers=HTMX,
                )
                assert moved.status_code == 200
                after, _ = _shown(moved.text)
                assert after == before + 1

                # Bea's page is sent her table: from her seat, the move told and drawn
                # being made (one step: the table itself, with no step before it), for
                # the version her page showed.
                told = _next(events["bea"], after)
                assert told["version"] == after and told["drawn_from"] == before
                assert _shown(told["html"]) == (after, seen + 1)
                assert 'aria-label="Your grid"' in told["html"] and "Ann’s grid" in told["html"]
                assert 'data-say="Ann revealed' in told["html"] and "<template data-say=" not in told["html"]
                assert "last-move" in told["html"] and "settled" not in told["html"]
                assert "Your turn." not in told["html"]  # the opening reveals are no one's turn
                _names_none_of(told["html"], _hidden_names(database_url, code, 1))

                # The spectator's page is sent the spectator's table: no seat's secrets.
                watched = _next(events["cy"], after)
                assert watched["drawn_from"] == before and "watching" in watched["html"]
                assert "Your grid" not in watched["html"]
                _names_none_of(watched["html"], _hidden_names(database_url, code, None))

                # Ann's own page drew her move from its answer: it is told the version alone.
                own = _next(events["ann"], after)
                assert own == {"version": after}

                # Bea's stream goes on from what it sent: her own move is hers alone, and
                # Ann's page, which shows her move, is sent Bea's from there.
                bea_move = bea.post(
                    f"/t/{code}/play/reveal",
                    data={"version": str(after), "seen": str(seen + 1), "position": "0"},
                    headers=HTMX,
                )
                assert bea_move.status_code == 200
                latest, _ = _shown(bea_move.text)
                assert _next(events["bea"], latest) == {"version": latest}
                told = _next(events["ann"], latest)
                assert told["drawn_from"] == after and _shown(told["html"]) == (latest, seen + 2)
                assert "Bea revealed" in told["html"]
                _names_none_of(told["html"], _hidden_names(database_url, code, 0))


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
            assert all(told["html"] == sent[0]["html"] and "watching" in told["html"] for told in sent)
            assert len(drawn) == 1
