"""The page routes without a browser: the HTML each state renders, its buttons and their
names, that no hidden card reaches the page, and refusals shown in place.

These use the shared in-process client (``api``), so they run on SQLite and PostgreSQL.
"""

from __future__ import annotations

import re
import time
from html.parser import HTMLParser

import pytest

from app.cards import SUIT_SYMBOLS, card_name
from app.golf.engine import replay
from app.golf.rules import RuleSet
from app.service.browsers import browser_id_for
from app.store.tables import load_match
from app.web.drawn_card import RANK_SHOWN
from app.web.http.session import COOKIE_NAME

HX = {"HX-Request": "true"}
ROWS = ("top", "bottom")


class Elements(HTMLParser):
    """Every start tag with its attributes, and the text inside each button."""

    def __init__(self, html: str):
        super().__init__()
        self.elements: list[dict] = []
        self._open_buttons: list[dict] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        element = {"tag": tag, **{k: (v if v is not None else "") for k, v in attrs}, "text": ""}
        self.elements.append(element)
        if tag == "button":
            self._open_buttons.append(element)

    def handle_endtag(self, tag):
        if tag == "button" and self._open_buttons:
            self._open_buttons.pop()

    def handle_data(self, data):
        for button in self._open_buttons:
            button["text"] += data

    def buttons(self) -> list[dict]:
        return [e for e in self.elements if e["tag"] == "button"]

    def card_buttons(self) -> dict[str, dict]:
        return {b["aria-label"]: b for b in self.buttons() if "card" in b.get("class", "").split()}

    def named(self, text: str) -> list[dict]:
        return [b for b in self.buttons() if b["text"].strip() == text]


def version_of(html: str) -> int:
    return int(re.search(r'data-version="(\d+)"', html).group(1))


def new_match(api, seed: int = 5, rules: dict | None = None) -> dict:
    body = {"seed": seed, "level": "easy"}
    if rules:
        body["rules"] = rules
    response = api.post("/api/match/new", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def table(api) -> str:
    """The table page just after a move (not a return, so not paused)."""
    response = api.get(f"/?t={int(time.time() * 1000)}")
    assert response.status_code == 200
    return response.text


def post(api, command: str, html: str, **fields) -> tuple[int, str]:
    response = api.post(f"/play/{command}", data={"version": str(version_of(html)), **fields}, headers=HX)
    return response.status_code, response.text


def hidden_cards(golf_app, api) -> list[str]:
    """Every card the person may not see now: face-down grid cards, the stock, a computer's held stock card."""
    service = golf_app.state.golf
    browser_id = browser_id_for(api.cookies.get(COOKIE_NAME))
    with golf_app.state.engine.connect() as connection:
        record = load_match(connection, browser_id)
    state = replay(service._engine_seed(record.seed), RuleSet(**record.rules), record.log)
    hidden = [card for grid, up in zip(state.grids, state.face_up) for card, shown in zip(grid, up) if not shown]
    hidden += state.stock
    if state.held and state.turn != 0 and state.held_source == "stock":
        hidden.append(state.held)
    return hidden


def assert_nothing_hidden_shown(html: str, hidden: list[str]) -> None:
    for card in hidden:
        assert card_name(card) not in html, f"the face-down {card_name(card)} is named in the page"
        face = f'<span class="rank">{RANK_SHOWN.get(card[0], card[0])}</span><span class="suit">{SUIT_SYMBOLS[card[1]]}</span>'
        assert face not in html, f"the face-down {card_name(card)} is drawn in the page"
        assert f'"{card}"' not in html and f"'{card}'" not in html, f"the code {card} is in the page"


# --------------------------------------------------------------------------- buttons and names


def test_opening_offers_each_face_down_card_as_a_named_button(api):
    new_match(api)
    page = Elements(table(api))
    cards = page.card_buttons()
    expected = {f"Your card, {row} row, column {col}, face down" for row in ROWS for col in (1, 2, 3)}
    assert set(cards) == expected
    for button in cards.values():
        assert button["type"] == "submit" and button["hx-post"] == "/play/reveal" == button["formaction"]
        assert button["name"] == "position"
    images = [e for e in page.elements if e.get("role") == "img"]
    assert any(e["aria-label"] == "Stock, 39 cards" for e in images)  # not yours to take yet
    assert any(e["aria-label"].startswith("Discard pile, ") for e in images)
    assert sum(e["aria-label"].startswith("Computer's card, ") for e in images) == 6


def test_draw_then_place_names_every_control(api):
    state = new_match(api)
    html = table(api)
    for position in (0, 4):
        status, html = post(api, "reveal", html, position=str(position))
        assert status == 200
    page = Elements(html)
    top = state["discard"]["top"]
    assert page.card_buttons()["Stock, 39 cards"]["value"] == "stock"
    shown = RANK_SHOWN.get(top[0], top[0]) + SUIT_SYMBOLS[top[1]]
    assert page.card_buttons()[f"{shown} Discard pile, {card_name(top)}"]["value"] == "discard"
    assert "Draw from the stock or take the " + card_name(top) in html

    status, html = post(api, "draw", html, source="stock")
    page = Elements(html)
    cards = page.card_buttons()
    assert len(cards) == 6 and all(b["hx-post"] == "/play/swap" for b in cards.values())
    assert "Your card, bottom row, column 3, face down" in cards
    revealed = [name for name in cards if not name.endswith("face down")]
    assert len(revealed) == 2 and all(
        re.match(r"\S+ Your card, (top|bottom) row, column \d, .+ of .+", n) for n in revealed
    )
    assert page.named("Discard draw")[0]["hx-post"] == "/play/reject"
    assert "Choose a card to replace, or Discard draw" in html
    assert any(e.get("aria-label", "").startswith("Your drawn card, ") for e in page.elements)

    status, html = post(api, "reject", html)
    cards = Elements(html).card_buttons()
    assert "Choose a face-down card to reveal" in html
    assert set(cards) == {
        f"Your card, {r} row, column {c}, face down" for r, c in (("top", 2), ("top", 3), ("bottom", 1), ("bottom", 3))
    }


@pytest.mark.parametrize(
    "rules, rows, cols, names",
    [
        ({"name": "nine-card"}, 3, 3, ("top", "middle", "bottom")),
        ({"name": "four-card"}, 2, 2, ("top", "bottom")),
        ({"name": "eight-card", "players": 4}, 2, 4, ("top", "bottom")),
    ],
)
def test_variant_grids_render_with_their_shape(api, rules, rows, cols, names):
    state = new_match(api, rules=rules)
    html = table(api)
    page = Elements(html)
    grids = [e for e in page.elements if e["tag"] == "div" and "grid" in e.get("class", "").split()]
    assert len(grids) == len(state["players"])
    assert all(f"cols-{cols} rows-{rows}" in g["class"] for g in grids)
    labels = [e["aria-label"] for e in page.elements if e.get("aria-label", "").startswith("Your card, ")]
    assert len(labels) == rows * cols
    assert {label.split(", ")[1] for label in labels} == {f"{n} row" for n in names}
    if len(state["players"]) > 2:
        assert any(e.get("aria-label", "").startswith("Computer 3's card, top row, column 4, ") for e in page.elements)


# --------------------------------------------------------------------------- hidden cards


def test_no_hidden_card_reaches_the_page_frames_included(api, golf_app):
    new_match(api, seed=21)
    api.cookies.set("golf_speed", "normal")  # the computer's steps are rendered as frames
    html = table(api)
    assert_nothing_hidden_shown(html, hidden_cards(golf_app, api))
    status, html = post(api, "reveal", html, position="1")
    status, html = post(api, "reveal", html, position="5")
    for _ in range(4):
        status, html = post(api, "draw", html, source="stock")
        assert status == 200
        assert_nothing_hidden_shown(html, hidden_cards(golf_app, api))
        status, html = post(api, "swap", html, position="0")
        assert status == 200
        assert "<template" in html  # the computer's turn, step by step
        assert_nothing_hidden_shown(html, hidden_cards(golf_app, api))
    assert_nothing_hidden_shown(table(api), hidden_cards(golf_app, api))


# --------------------------------------------------------------------------- refusals in place


def test_stale_version_is_refused_and_the_table_redrawn(api):
    new_match(api)
    html = table(api)
    status, fresh = post(api, "reveal", html, position="0")
    assert status == 200
    status, again = post(api, "reveal", html, position="1")  # drawn from the older page
    assert status == 412
    assert 'id="table"' in again and "moved on" in again
    assert 'hx-swap-oob="innerHTML"' in again  # the message goes to the alert area
    assert version_of(again) == version_of(fresh)
    assert "Choose one more card to reveal" in again


def test_a_move_not_allowed_now_is_explained_in_place(api):
    new_match(api)
    html = table(api)
    status, html = post(api, "reveal", html, position="0")
    status, html = post(api, "reveal", html, position="1")
    status, html = post(api, "draw", html, source="discard")
    status, refused = post(api, "reject", html)
    assert status == 409
    assert "A card taken from the discard pile must be swapped into your grid." in refused
    assert 'id="table"' in refused and "Choose a card to replace with the" in refused
    status, malformed = post(api, "swap", html, position="left")
    assert status == 422 and 'id="table"' in malformed


def test_without_script_a_move_redirects_and_a_refusal_is_a_whole_page(api):
    new_match(api)
    html = table(api)
    response = api.post(
        "/play/reveal", data={"version": str(version_of(html)), "position": "2"}, follow_redirects=False
    )
    assert response.status_code == 303 and response.headers["location"].startswith("/?t=")
    page = api.get(response.headers["location"]).text
    assert "Choose one more card to reveal" in page and "Welcome back" not in page
    stale = api.post("/play/reveal", data={"version": str(version_of(html)), "position": "3"})
    assert stale.status_code == 412
    assert "<!doctype html>" in stale.text.lower() and 'role="alert"' in stale.text and "moved on" in stale.text


def test_coming_back_finds_the_match_paused_with_play(api):
    new_match(api)
    html = table(api)
    post(api, "reveal", html, position="0")
    page = api.get("/").text
    assert "Welcome back: your match is paused. Press Play to continue." in page
    assert Elements(page).named("Play") and not Elements(page).card_buttons()
    assert api.get("/api/match").json()["paused"] is True


def test_hint_says_what_expert_would_do(api):
    new_match(api)
    html = table(api)
    status, hinted = post(api, "hint", html)
    assert status == 200
    hint = re.search(r'<p id="hint"[^>]*><strong>Hint:</strong> (Expert would [^<]+)</p>', hinted)
    assert hint, hinted[:300]
    assert re.search(r"(top|bottom) row, column \d", hint.group(1)) and hint.group(1).endswith(".")
    assert api.get("/api/stats").json()["golf"]["hints_used"] >= 1


def test_other_pages_render(api):
    for path, text in (
        ("/how-to-play", "Rejecting a stock draw"),
        ("/statistics", "Win rate"),
        ("/scorecard", "Each completed hole"),
        ("/new", "Computer level"),
    ):
        response = api.get(path)
        assert response.status_code == 200 and text in response.text, path


def test_match_over_shows_the_result_and_the_final_scorecard(api):
    new_match(api, rules={"holes": 1})
    state = api.get("/api/match").json()
    while state["phase"] != "match_over":
        down = [i for i, c in enumerate(state["players"][0]["grid"]) if not c["face_up"]]
        if state["phase"] in ("opening", "flip"):
            state = api.post("/api/match/reveal", json={"position": down[0]}).json()
        elif state["phase"] == "draw":
            state = api.post("/api/match/draw", json={"source": "stock"}).json()
        else:
            state = api.post("/api/match/swap", json={"position": down[0] if down else 0}).json()
    html = table(api)
    you, computer = state["totals"]["you"], state["totals"]["computer"]
    result = {"win": "You won the match", "loss": "You lost the match", "draw": "The match is a draw"}[state["result"]]
    assert f"{result}, {you} to {computer}. Start a new game or restart the match." in html
    assert 'id="final-heading">Final scorecard' in html
    page = Elements(html)
    assert not page.card_buttons() and not page.named("Pause") and not page.named("Hint")
    assert not page.named("Undo")  # no move is left to take back: not offered
    assert page.named("Restart match") and page.named("New game")


def test_new_game_from_a_paused_table_deals_at_once(api):
    new_match(api)
    html = table(api)
    status, html = post(api, "reveal", html, position="0")
    status, html = post(api, "pause", html)
    assert status == 200 and "Paused: the clock is stopped." in html
    status, html = post(api, "new", html, level="expert", preset="knocking", seed="77")
    assert status == 200, html
    state = api.get("/api/match").json()
    assert not state["paused"] and state["level"] == "expert" and state["seed"] == 77
    assert state["rules"]["name"] == "knocking" and "Rules <strong>knocking</strong>" in html


def test_a_preset_for_other_players_or_holes_keeps_its_name(api):
    """Four players, or 2 holes, are the size of a match, not other rules: the table does
    not call the standard game "custom", and still names another preset."""
    new_match(api)
    html = table(api)
    status, html = post(api, "new", html, level="easy", preset="standard", players="4", holes="2", seed="")
    assert status == 200, html
    rules = api.get("/api/match").json()["rules"]
    assert (rules["players"], rules["holes"], rules["name"]) == (4, 2, "standard")
    assert "Rules <strong>" not in html  # the standard game's rules go without saying
    status, html = post(api, "new", html, level="easy", preset="knocking", holes="2", seed="")
    assert status == 200 and "Rules <strong>knocking</strong>" in html and "changed" not in html


def test_new_game_options_change_the_rules(api):
    new_match(api)
    html = table(api)
    status, html = post(
        api, "new", html, level="easy", preset="standard", players="4", holes="18", jacks_zero="yes", seed=""
    )
    assert status == 200, html
    rules = api.get("/api/match").json()["rules"]
    assert (rules["players"], rules["holes"], rules["jacks_zero"], rules["name"]) == (4, 18, True, "custom")
    status, html = post(api, "new", html, seed="twelve")
    assert status == 422 and "The deal number must be a whole number" in html
