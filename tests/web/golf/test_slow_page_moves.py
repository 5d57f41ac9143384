"""A move posted from a page is carried out in the server's thread pool, as a JSON route's
is: however long it takes (seven Experts thinking over their replies, a database slow to
answer), the server goes on answering everyone else meanwhile."""

from __future__ import annotations

import threading
import time

import pytest

from app.service.play.match import GolfService
from app.service.solitaire import SolitaireService
from app.service.tables.service import TableService
from tests.web.tables.tablekit import make_table

HTMX = {"HX-Request": "true"}
MOVE_SECONDS = 1.5  # how long the move is made to take
ANSWERED_WITHIN = 0.5  # how soon another request is answered meanwhile


def _match_move(api):
    api.get("/")
    return "/play/reveal", {"position": "0"}


def _table_move(api):
    table = make_table(api, seats=("host", "easy"), rules={"holes": 1})
    code = table["code"]
    assert api.post(f"/api/tables/{code}/start").status_code == 200
    return f"/t/{code}/play/reveal", {"position": "0"}


def _solitaire_move(api):
    dealt = api.post("/api/solitaire/new", json={"seed": 5}).json()
    assert dealt["stock_count"] > 0
    return "/solitaire/draw", {}


GAMES = {
    "match": (GolfService, "act", _match_move),
    "table": (TableService, "act", _table_move),
    "solitaire": (SolitaireService, "draw", _solitaire_move),
}


@pytest.mark.parametrize("game", GAMES)
def test_a_slow_move_from_a_page_holds_up_no_other_request(api, monkeypatch, game):
    service, method, ready = GAMES[game]
    path, form = ready(api)
    playing = threading.Event()
    real = getattr(service, method)

    def slow(self, *args, **kwargs):
        playing.set()
        time.sleep(MOVE_SECONDS)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(service, method, slow)
    answered: list[int] = []
    mover = threading.Thread(target=lambda: answered.append(api.post(path, data=form, headers=HTMX).status_code))
    mover.start()
    try:
        assert playing.wait(5), "the move never reached the game"
        started = time.monotonic()
        assert api.get("/livez").status_code == 200
        waited = time.monotonic() - started
    finally:
        mover.join()
    assert answered == [200]
    assert waited < ANSWERED_WITHIN, f"another request waited {waited:.2f} s for the move"
