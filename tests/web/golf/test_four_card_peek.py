"""Four-card Golf's peek: a person looks once at their near cards, and after their first
turn nothing the server sends names them again, neither the page on a reload nor the
JSON. Runs on SQLite and PostgreSQL."""

from __future__ import annotations

import time

from app.cards import SUIT_SYMBOLS, card_name
from app.web.drawn_card import RANK_SHOWN
from tests.oracle import card_strings
from tests.web.golf.matchkit import act, hidden_cards, stored_log, true_state


def looked_at(golf_app, api, state: dict) -> set[str]:
    """The person's near cards, looked at in the deal and face down still."""
    true = true_state(golf_app, state, stored_log(golf_app, api))
    return {true.grids[0][p] for p in true.peeked[0] if not true.face_up[0][p]}


def assert_not_named(html: str, cards: set[str]) -> None:
    for card in cards:
        face = RANK_SHOWN.get(card[0], card[0]) + SUIT_SYMBOLS[card[1]]
        assert card_name(card) not in html, f"the page names the peeked {card_name(card)}"
        assert face not in html, f"the page shows the peeked {face}"
        assert f'"{card}"' not in html and f"'{card}'" not in html, f"the page holds the peeked {card}"


def test_the_peeked_cards_are_not_named_again_after_your_first_turn(golf_app, api):
    state = api.post("/api/match/new", json={"seed": 5, "level": "easy", "rules": {"name": "four-card"}}).json()
    looked = looked_at(golf_app, api, state)
    assert len(looked) == 2 and not state["peek_over"]
    assert looked <= set(card_strings(state["players"][0]))  # the one look
    assert all(card_name(card) in api.get("/").text for card in looked)

    state = act(api, {"action": "draw", "source": "stock"})
    state = act(api, {"action": "reject"})
    assert state["peek_over"]
    assert looked_at(golf_app, api, state) == looked  # still face down, now unknown
    assert looked <= hidden_cards(golf_app, state, stored_log(golf_app, api))

    assert not set(card_strings(state)) & looked, "the move's answer names a peeked card"
    assert not set(card_strings(api.get("/api/match").json())) & looked, "the JSON names a peeked card"
    assert_not_named(api.get(f"/?t={int(time.time() * 1000)}").text, looked)  # a reload
