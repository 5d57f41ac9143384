"""Pass and play in a real browser: Ann and Bea share one page with a computer, dealt
through the New game dialog, and play a hole to its end at the Fast speed. At each pass
screen the page shows no one's secret, and at each person's turn only what that person
may know: every card the page shows is checked against the true match, read from the
server's database (tests/oracle.py), so that no face-down card or drawn card of the
other person's is ever on the page. axe finds nothing on the pass screen or the table."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine

from app.cards import SUIT_SYMBOLS
from app.golf.engine import GolfState
from app.golf.rules import RuleSet
from app.service.browsers import browser_id_for
from app.service.play.turns import deal_seed
from app.store.tables import load_match
from app.web.http.session import COOKIE_NAME
from tests.browser.tablekit import axe_violations, prompt, wait_settled
from tests.oracle import hidden_cards

DEAL_KEY = b"browser-test-key"  # the browser tests' server's (tests/browser/fixtures.py)
RANKS = {"10": "T", "\u2605": "X"}
SUITS = {symbol: letter for letter, symbol in SUIT_SYMBOLS.items()}

# Every card the table shows, as its code: a face's corner, or a peeked card's corner.
SHOWN = """() => [...document.querySelectorAll('#table .card')].map(card => {
  const rank = card.querySelector('.corner:not(.end) .rank'), suit = card.querySelector('.corner:not(.end) .suit');
  return {face: rank ? rank.textContent + suit.textContent : null,
          peek: card.querySelector('.peek') ? card.querySelector('.peek').textContent : null,
          mine: !!card.closest('.seat.mine'), held: !!card.closest('.held-slot')};
})"""


@pytest.fixture
def speed():
    return "fast"


def code_of(shown: str) -> str:
    """``"10♥"``: ``"TH"``."""
    rank, suit = shown[:-1], shown[-1]
    return RANKS.get(rank, rank) + SUITS[suit]


def true_match(page, tmp_path_factory):
    """The whole match of this page's visitor (hidden cards too), from the database of the
    browser tests' server, and the cards each seat may not know."""
    [database] = {path.resolve() for path in tmp_path_factory.getbasetemp().glob("browser-db*/golf.sqlite3")}
    cookie = next(c["value"] for c in page.context.cookies() if c["name"] == COOKIE_NAME)
    engine = create_engine(f"sqlite:///{database}")
    try:
        with engine.connect() as connection:
            record = load_match(connection, browser_id_for(cookie))
    finally:
        engine.dispose()
    assert record is not None

    def secrets(viewer: int | None) -> set[str]:
        start = GolfState.new(deal_seed(DEAL_KEY, record.seed), RuleSet(**record.rules))
        return hidden_cards(start, record.log, viewer)

    return record, secrets


def check_shows_only(page, tmp_path_factory, viewer: int | None) -> list[dict]:
    """No card the page shows is a secret of ``viewer``'s (None: of anyone's), and no
    peeked card is shown but the viewer's own."""
    record, secrets = true_match(page, tmp_path_factory)
    cards = page.evaluate(SHOWN)
    shown = {code_of(c["face"]) for c in cards if c["face"]} | {code_of(c["peek"]) for c in cards if c["peek"]}
    assert not shown & secrets(viewer), f"secret cards on the page of {viewer}: {shown & secrets(viewer)}"
    assert all(c["mine"] for c in cards if c["peek"])
    return cards


def deal_for_ann_and_bea(page) -> None:
    page.goto("/")
    wait_settled(page)
    page.get_by_role("button", name="New game").click()
    dialog = page.locator("#new-game-dialog")
    dialog.get_by_label("Number of players").select_option("3")
    dialog.get_by_text("Easy", exact=True).click()
    dialog.get_by_text("Pass and play").click()
    dialog.get_by_label("Person 1").fill("Ann")
    dialog.get_by_label("Person 2").fill("Bea")
    dialog.get_by_role("button", name="Deal", exact=True).click()
    wait_settled(page)


def my_move(page) -> None:
    """A plain move for the person to act: reveal, draw from the stock, swap into a
    face-down card (else any card)."""
    mine = page.locator("#board .seat.mine")
    down = mine.locator("button.card.down")
    stock = page.locator("#board button.card.stock")
    if page.locator("#board .held-slot .card").count() and mine.locator("button.card").count():
        (down.first if down.count() else mine.locator("button.card").first).click()
    elif stock.count():
        stock.click()
    else:
        down.first.click()
    wait_settled(page)


def test_two_people_pass_one_device_through_a_hole_and_see_only_their_own_cards(page, tmp_path_factory):
    deal_for_ann_and_bea(page)
    passes, turns = [], []
    checked_axe = set()
    for _ in range(120):
        if page.locator("#table.phase-hole_over").count():
            break
        opener = page.locator("[data-pass-open]")
        if opener.count():
            name = page.locator("#pass-heading").inner_text().removeprefix("Pass to ")
            passes.append(name)
            assert prompt(page) == f"Pass the device to {name}"
            cards = check_shows_only(page, tmp_path_factory, None)
            assert cards == [] or not any(c["held"] for c in cards)  # no drawn card, no grid behind it
            assert page.evaluate("() => document.activeElement.matches('[data-pass-open]')")
            if "pass" not in checked_axe:
                assert axe_violations(page) == []
                checked_axe.add("pass")
            page.keyboard.press("Enter")  # the focused button opens the table
            wait_settled(page)
            continue
        me = page.locator("#board .seat.mine .seat-name").inner_text()
        seat = 0 if "Ann" in me else 1
        assert ("Ann", "Bea")[seat] in me
        turns.append(seat)
        check_shows_only(page, tmp_path_factory, seat)
        if "table" not in checked_axe:
            assert axe_violations(page) == []
            checked_axe.add("table")
        my_move(page)
        if page.locator("#board .held-slot .card.up").count():  # a card drawn: it is the drawer's alone
            check_shows_only(page, tmp_path_factory, seat)
    else:
        raise AssertionError("the hole did not end")
    assert passes[:2] == ["Ann", "Bea"]  # each person's opening reveals behind their own pass screen
    assert {"Ann", "Bea"} <= set(passes[2:])  # and each later turn after the other person's
    assert set(turns) == {0, 1}
    # The hole's end shows every card to everyone; the scorecard names everyone.
    assert page.locator("#board .seat .card.down").count() == 0
    assert prompt(page).startswith("Hole 1 is over: Ann ")
    scorecard = page.locator("#scorecard-dialog")
    header = scorecard.locator("thead").inner_text()
    assert "Ann" in header and "Bea" in header and "Computer 2" in header
    assert axe_violations(page) == []
