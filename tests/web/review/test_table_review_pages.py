"""The review pages of an online table, through HTTP: each seated person reviews their
own decisions only, on the board as their own seat saw it then, with no card hidden
from that seat at that moment; anyone else is refused. On SQLite and PostgreSQL."""

from __future__ import annotations

import html
import re

from app.cards import card_name
from app.golf.engine import replay
from app.golf.rules import RuleSet
from app.service.play.turns import deal_seed
from app.web.golf.names import position_name
from tests.web.review.test_review_api import named_cards
from tests.web.review.test_table_review import play_hole, ready, seen_by
from tests.web.tables.tablekit import hidden_from, make_table, ok, person, record

ENTRY = re.compile(r'<a class="review-entry" href="([^"]+)">(.*?)</a>', re.S)
OTHER = {0: "Bea", 1: "Host"}  # the other person, as each of the two sees them
OWN_CARD = re.compile(r'aria-label="(?:[^"]* )?Your card, ([a-z0-9 ]+ row, column \d+), ([^",(]+)')


def finished_first_hole(golf_app, host) -> tuple[str, object]:
    """A two-hole table of its host, Bea and a computer player, its first hole played;
    returns its code and Bea's client."""
    code = make_table(host, seats=("host", "open", "medium"), rules={"holes": 2})["code"]
    bea = person(golf_app)
    ok(bea.post(f"/api/tables/{code}/join", json={"name": "Bea"}))
    ok(host.post(f"/api/tables/{code}/start"))
    play_hole([host, bea], code)
    return code, bea


def own_grid(page: str) -> dict[str, str]:
    """The page's own grid: each place's face ("face down" or the card's name)."""
    return {place: face.strip() for place, face in OWN_CARD.findall(page)}


def true_grid(golf_app, code: str, seat: int, upto: int) -> dict[str, str]:
    """``seat``'s grid just before the log's ``upto``-th action, from the engine's full state."""
    row = record(golf_app, code)
    rules = RuleSet(**row.rules)
    state = replay(deal_seed(golf_app.state.tables.deal_key, row.seed), rules, row.log[:upto])
    return {
        position_name(p, rules.rows, rules.cols): card_name(card) if up else "face down"
        for p, (card, up) in enumerate(zip(state.grids[seat], state.face_up[seat]))
    }


def test_each_person_reviews_only_their_own_decisions_on_the_board_their_seat_saw(api, golf_app):
    host = api
    code, bea = finished_first_hole(golf_app, host)
    lists = {}
    for client, seat in ((host, 0), (bea, 1)):
        decisions = ready(client, code, 1).json()["decisions"]
        page = client.get(f"/t/{code}/review?hole=1")
        assert page.status_code == 200, page.text
        entries = ENTRY.findall(page.text)
        # Every decision of this seat's, in order, and nobody else's.
        assert (
            len(entries)
            == len(decisions)
            == sum(1 for entry in record(golf_app, code).log if entry[0] == str(seat) and entry[1:] != "n")
        )
        lists[seat] = [html.unescape(text) for _, text in entries]
        for number, ((href, text), decision) in enumerate(zip(entries, decisions), start=1):
            assert html.unescape(href) == f"/t/{code}/review/decision?hole=1&n={number}"
            assert decision["did"] in html.unescape(text)
            assert named_cards(html.unescape(text)) <= seen_by(golf_app, code, seat, decision["index"])
        assert f'href="/t/{code}" data-up>Back to the table' in page.text
        assert 'href="/scorecard"' not in page.text  # the table's scorecard is on its own page

        for number, decision in enumerate(decisions, start=1):
            board = client.get(f"/t/{code}/review/decision", params={"hole": 1, "n": number})
            assert board.status_code == 200, board.text
            text = html.unescape(board.text)
            assert f"Hole 1, decision {number} of {len(decisions)}" in text
            # The grid drawn as "Your grid" is this seat's, as it stood just before the decision.
            assert own_grid(text) == true_grid(golf_app, code, seat, decision["index"])
            hidden = hidden_from(golf_app, code, seat, upto=decision["index"])
            assert named_cards(text) and hidden
            assert not named_cards(text) & hidden, f"seat {seat}, decision {number} shows hidden cards"
            assert f"{OTHER[seat]}’s grid" in text  # the others by their names at the table
            if number < len(decisions):
                assert f'rel="next" href="/t/{code}/review/decision?hole=1&n={number + 1}"' in text
            assert str(record(golf_app, code).seed) not in text
    assert lists[0] != lists[1]


def test_the_table_page_links_its_seated_people_to_their_review_and_not_a_spectator(api, golf_app):
    host = api
    code, bea = finished_first_hole(golf_app, host)
    for client in (host, bea):
        page = client.get(f"/t/{code}").text
        assert f'href="/t/{code}/review?hole=1">Review hole 1</a>' in page  # at the hole's end
        dialog = page[page.index('id="scorecard-dialog"') :]
        assert f'href="/t/{code}/review?hole=1">Review hole 1' in dialog  # and in the scorecard
        assert f'href="/t/{code}/review">Review match' in dialog
    watcher = person(golf_app).get(f"/t/{code}").text
    assert "you are watching" in watcher and "/review" not in watcher
    ready(bea, code)
    match = bea.get(f"/t/{code}/review")
    assert match.status_code == 200 and "Points lost in each hole" in match.text
    assert f'href="/t/{code}/review?hole=1">Review hole 1' in match.text
    status = bea.get(f"/t/{code}/review/status", params={"hole": 1})
    assert status.status_code == 200 and 'class="review-list"' in status.text


def test_a_spectator_or_a_stranger_is_refused_and_an_unfinished_hole_is_409(api, golf_app):
    host = api
    code = make_table(host, seats=("host", "medium"), rules={"holes": 2})["code"]
    early = host.get(f"/t/{code}/review?hole=1")
    assert early.status_code == 409 and "has not begun" in early.text
    ok(host.post(f"/api/tables/{code}/start"))
    playing = host.get(f"/t/{code}/review?hole=1")
    assert playing.status_code == 409 and "not finished" in playing.text
    assert host.get(f"/t/{code}/review/decision", params={"hole": 1, "n": 1}).status_code == 409
    play_hole([host], code)
    assert ready(host, code, 1).status_code == 200
    assert host.get(f"/t/{code}/review?hole=2").status_code == 409
    assert host.get(f"/t/{code}/review/decision", params={"hole": 2, "n": 1}).status_code == 409
    assert host.get(f"/t/{code}/review?hole=3").status_code == 422
    assert host.get(f"/t/{code}/review/decision", params={"hole": 1, "n": 999}).status_code == 422
    watcher = person(golf_app)
    for path in (
        f"/t/{code}/review?hole=1",
        f"/t/{code}/review",
        f"/t/{code}/review/status?hole=1",
        f"/t/{code}/review/decision?hole=1&n=1",
    ):
        refused = watcher.get(path)
        assert refused.status_code == 403, path
        assert "Only the people seated at this table" in refused.text
        assert "review-entry" not in refused.text and "review-board" not in refused.text
    unknown = watcher.get("/t/nosuchtable/review?hole=1")
    assert unknown.status_code == 404 and "There is no table with this code" in unknown.text
