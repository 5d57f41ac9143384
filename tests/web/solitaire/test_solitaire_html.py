"""The solitaire page routes without a browser: the HTML each state renders, the names
of its cards and buttons, plain forms that redirect back, HTMX fragments, refusals
shown in place, and that the stock's cards never reach the page.

These use the in-process client (``api``), so they run on SQLite and PostgreSQL."""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser

import pytest

from app.cards import SUIT_SYMBOLS, card_name
from app.solitaire.deals import deal
from tests.web.solitaire.solkit import (
    QUICK_STUCK,
    QUICK_STUCK_LEFT,
    WINNABLE_STRICT,
    play_moves,
    play_out,
    post,
    unseen_stock,
    winning_line,
)

HX = {"HX-Request": "true"}
SEED = 1  # only pile 7, the ace of clubs, goes on the 2 of hearts


class Elements(HTMLParser):
    """Every start tag with its attributes."""

    def __init__(self, html: str):
        super().__init__()
        self.elements: list[dict] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.elements.append({"tag": tag, **{k: (v if v is not None else "") for k, v in attrs}})

    def labelled(self) -> list[dict]:
        return [e for e in self.elements if "aria-label" in e]

    def buttons(self) -> list[dict]:
        return [e for e in self.elements if e["tag"] == "button"]

    def by_id(self, ident: str) -> dict | None:
        return next((e for e in self.elements if e.get("id") == ident), None)


def version_of(html: str) -> int:
    return int(re.search(r'data-version="(\d+)"', html).group(1))


def get_html(api, path: str = "/solitaire") -> str:
    response = api.get(path)
    assert response.status_code == 200
    if path.startswith("/solitaire"):
        assert response.headers["cache-control"] == "no-store"
    return response.text


def test_the_page_shows_every_pile_card_the_stock_and_the_foundation(api):
    post(api, "/api/solitaire/new", {"seed": SEED})
    html = get_html(api)
    elements = Elements(html)
    names = [e["aria-label"] for e in elements.labelled()]
    dealt = deal(SEED)
    for number, pile in enumerate(dealt.tableau, 1):
        for card in pile[:-1]:
            assert f"Pile {number}, covered, {card_name(card)}" in names
    # Only the playable top card is a button, named as such; the others are images.
    playable = [e for e in elements.buttons() if "playable" in e.get("aria-label", "")]
    assert [e["aria-label"] for e in playable] == ["Pile 7, ace of clubs, playable"]
    assert playable[0]["name"] == "pile" and playable[0]["value"] == "6"
    assert playable[0]["formaction"] == "/solitaire/play" and playable[0]["hx-post"] == "/solitaire/play"
    assert "Pile 1, jack of spades" not in names and "Pile 1, 8 of hearts" in names
    cards = [e for e in elements.elements if "card" in e.get("class", "").split()]
    focusable = [e for e in cards if e["tag"] == "button" and "disabled" not in e]
    assert len(cards) == 35 + 2 and len(focusable) == 1
    assert "Foundation, 2 of hearts, 1 card" in names
    stock = elements.by_id("stock")
    assert stock["tag"] == "button" and "disabled" in stock and stock["aria-label"] == "Stock, 16 cards"
    assert "Play a card onto the 2 of hearts." in html
    assert 'aria-current="page">Solitaire</a>' in html
    assert 'role="alert"' in html and 'aria-live="polite"' in html


def test_the_stock_is_a_button_when_it_may_be_turned(api):
    post(api, "/api/solitaire/new", {"seed": SEED, "rules": {"any_time": True}})
    elements = Elements(get_html(api))
    stock = elements.by_id("stock")
    assert stock["aria-label"] == "Stock, 16 cards: turn the next card" and "disabled" not in stock
    assert stock["formaction"] == "/solitaire/draw"
    assert "Rules: turn the stock at any time" in get_html(api)


def stock_shown(html: str, state: dict) -> list[str]:
    """The unseen stock cards the HTML names or shows, by name, code or corner (in the
    main part of a page: the head holds URL-escaped text such as %3C)."""
    text = unescape(html[html.find("<main") :] if "<main" in html else html)
    shown = []
    for card in unseen_stock(state):
        rank = "10" if card[0] == "T" else card[0]
        corner = re.compile(rf">{re.escape(rank)}</span><span class=\"suit\">{SUIT_SYMBOLS[card[1]]}<")
        if card_name(card) in text or re.search(rf"\b{card}\b", text) or corner.search(text):
            shown.append(card)
    return shown


def test_the_stock_order_never_reaches_the_page(api):
    state = post(api, "/api/solitaire/new", {"seed": QUICK_STUCK})
    assert stock_shown(get_html(api), state) == []
    for _ in range(10):
        html = api.post(
            "/solitaire/draw" if not state["playable"] else "/solitaire/play",
            data={"pile": str(state["playable"][0]) if state["playable"] else "", "version": str(state["version"])},
            headers=HX,
        ).text
        state = api.get("/api/solitaire").json()
        assert stock_shown(html, state) == []
    hint = api.post("/solitaire/hint", data={}, headers=HX).text
    assert stock_shown(hint, state) == []
    assert stock_shown(get_html(api, "/solitaire/new"), state) == []
    # The test itself can see a stock card when one is shown: the turned ones are.
    assert state["foundation"]["count"] > 1


def test_a_move_without_script_redirects_back_and_tells_it_once(api):
    state = post(api, "/api/solitaire/new", {"seed": SEED})
    response = api.post("/solitaire/play", data={"pile": "6", "version": str(state["version"])}, follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"].startswith("/solitaire?t=")
    html = api.get(response.headers["location"]).text
    assert "You played the ace of clubs from pile 7 onto the 2 of hearts." in html
    assert re.search(r'id="pile-\d"[^>]*autofocus|id="stock"[^>]*autofocus|id="sol-prompt"[^>]*autofocus', html)
    assert "You played" not in get_html(api)  # told once
    assert api.get("/api/solitaire").json()["moves"] == 1


def test_a_move_with_htmx_returns_the_table_with_what_to_say(api):
    state = post(api, "/api/solitaire/new", {"seed": SEED})
    response = api.post("/solitaire/play", data={"pile": "6"}, headers={**HX, "If-Match": f'"{state["version"]}"'})
    assert response.status_code == 200
    html = response.text
    assert html.lstrip().startswith('<div id="sol-table"')
    assert 'data-say="You played the ace of clubs from pile 7 onto the 2 of hearts."' in html
    assert f'data-version="{state["version"] + 1}"' in html
    assert 'id="alert" hx-swap-oob="innerHTML"' in html
    assert re.search(r'<span>Moves <strong id="sol-moves">1</strong>', html)
    focus = re.search(r'data-focus="([^"]+)"', html).group(1)
    assert focus in re.findall(r'id="([^"]+)"', html)


def test_turning_the_stock_is_told(api):
    post(api, "/api/solitaire/new", {"seed": SEED, "rules": {"any_time": True}})
    html = api.post("/solitaire/draw", data={}, headers=HX).text
    assert f'data-say="Turned the {card_name(deal(SEED).stock[0])}."' in html


def test_undo_and_restart_are_told(api):
    post(api, "/api/solitaire/new", {"seed": SEED})
    api.post("/solitaire/play", data={"pile": "6"}, headers=HX)
    html = api.post("/solitaire/undo", data={}, headers=HX).text
    assert 'data-say="Took back playing the ace of clubs: it is back on pile 7."' in html
    assert re.search(r'id="undo"[^>]*disabled', html)
    api.post("/solitaire/play", data={"pile": "6"}, headers=HX)
    html = api.post("/solitaire/restart", data={}, headers=HX).text
    assert f'data-say="Deal {SEED} starts again from the beginning."' in html
    assert api.get("/api/solitaire").json()["moves"] == 0


def test_a_refused_move_keeps_the_table_and_says_why(api):
    state = post(api, "/api/solitaire/new", {"seed": SEED})
    response = api.post("/solitaire/play", data={"pile": "0", "version": str(state["version"])}, headers=HX)
    assert response.status_code == 409
    assert "The jack of spades cannot go on the 2 of hearts" not in response.text  # pile 1's top is the 8 of hearts
    assert "The 8 of hearts cannot go on the 2 of hearts" in response.text
    assert 'id="alert" hx-swap-oob="innerHTML"><p>' in response.text and 'id="sol-table"' in response.text
    for data, status in [({"pile": "7"}, 422), ({"pile": "x"}, 422), ({}, 422), ({"version": "abc"}, 422)]:
        response = api.post("/solitaire/play", data=data, headers=HX)
        assert response.status_code == status and 'id="sol-table"' in response.text
    # Without script the whole page comes back with the reason, and the same status.
    response = api.post("/solitaire/draw", data={"version": str(state["version"])}, follow_redirects=False)
    assert response.status_code == 409 and "<!doctype html>" in response.text
    assert "turn the stock only when no play is left" in response.text
    assert api.get("/api/solitaire").json()["version"] == state["version"]


def test_a_stale_page_is_refused_and_drawn_as_it_stands(api):
    state = post(api, "/api/solitaire/new", {"seed": SEED})
    moved = post(api, "/api/solitaire/play", {"pile": 6})  # another tab
    response = api.post("/solitaire/play", data={"pile": "6"}, headers={**HX, "If-Match": f'"{state["version"]}"'})
    assert response.status_code == 412
    assert "moved on" in response.text
    assert version_of(response.text) == moved["version"]
    response = api.post("/solitaire/undo", data={"version": str(state["version"])}, follow_redirects=False)
    assert response.status_code == 412 and version_of(response.text) == moved["version"]
    assert api.get("/api/solitaire").json()["moves"] == 1


def test_hint_shows_the_solvers_sentence(api):
    post(api, "/api/solitaire/new", {"seed": WINNABLE_STRICT})
    html = api.post("/solitaire/hint", data={}, headers=HX).text
    advice_text = re.search(r'<p id="sol-hint"[^>]*><strong>Hint:</strong> ([^<]+)</p>', html).group(1)
    assert re.fullmatch(r"Play the .+ of \w+ from pile \d\.", unescape(advice_text))
    assert 'data-focus="sol-hint"' in html
    assert api.get("/api/solitaire").json()["hints_used"] == 1
    # Without script: the hint comes back on the page after the redirect.
    response = api.post("/solitaire/hint", data={})
    assert response.status_code == 200 and "<strong>Hint:</strong> Play the " in response.text


def hinted(html: str) -> list[dict]:
    return [e for e in Elements(html).elements if "hinted" in e.get("class", "").split()]


@pytest.mark.parametrize(("seed", "rules"), [(SEED, {}), (WINNABLE_STRICT, {}), (7, {"any_time": True})])
def test_the_hint_marks_the_card_it_names_and_only_that(api, seed, rules):
    post(api, "/api/solitaire/new", {"seed": seed, "rules": rules})
    assert not hinted(get_html(api))
    advice = api.get("/api/solitaire/hint").json()["move"]
    html = api.post("/solitaire/hint", data={}, headers=HX).text
    marked = hinted(html)
    assert len(marked) == 1, marked
    card = marked[0]
    assert card["tag"] == "button" and card["aria-label"].endswith(", the hint's suggestion")
    if advice["type"] == "play":
        assert card["id"] == f"pile-{advice['pile'] + 1}"
        assert f"from pile {advice['pile'] + 1}." in unescape(html)
    else:
        assert card["id"] == "stock" and "Turn the next stock card." in unescape(html)
    # Acting on the advice clears the mark; without script it comes back once after the redirect.
    moved = api.post(card["formaction"], data={"pile": card.get("value", "")}, headers=HX).text
    assert not hinted(moved)
    assert len(hinted(api.post("/solitaire/hint", data={}).text)) == 1
    assert not hinted(get_html(api))


def test_new_deal_by_number_with_the_options(api):
    post(api, "/api/solitaire/new", {"seed": SEED})
    html = get_html(api, "/solitaire/new")
    assert 'name="seed"' in html and 'name="any_time"' in html and 'name="winnable_only"' in html
    response = api.post("/solitaire/new", data={"options": "1", "seed": "4242", "wrap": "1"}, headers=HX)
    assert response.status_code == 200 and 'data-say="Deal 4242 is dealt."' in response.text
    state = api.get("/api/solitaire").json()
    assert state["seed"] == 4242 and state["rules"]["wrap"] is True and state["rules"]["any_time"] is False
    assert "ranks wrap" in response.text
    assert re.search(r'name="wrap" value="1" checked', response.text)
    # The quick New deal keeps the options; a random winnable one when asked.
    api.post("/solitaire/new", data={}, headers=HX)
    assert api.get("/api/solitaire").json()["rules"]["wrap"] is True
    api.post("/solitaire/new", data={"options": "1", "winnable_only": "1"}, headers=HX)
    state = api.get("/api/solitaire").json()
    assert state["winnable_only"] is True and state["rules"]["key"] == "strict"
    response = api.post("/solitaire/new", data={"options": "1", "seed": "twelve"}, headers=HX)
    assert response.status_code == 422 and "A deal number is a whole number" in response.text


def test_the_end_is_said_at_once_with_new_deal_and_restart(api):
    state = post(api, "/api/solitaire/new", {"seed": QUICK_STUCK})
    state = play_out(api, state)
    html = get_html(api)
    sentence = f"No more moves: {QUICK_STUCK_LEFT} cards left. Your score is {QUICK_STUCK_LEFT}."
    assert sentence in html
    end = re.search(r'<div class="sol-end".*?</div>', html, re.S).group(0)
    assert ">New deal</button>" in end and ">Restart this deal</button>" in end
    assert 'id="hint"' not in html and 'id="stock"' not in html  # no stock left: an empty place
    assert "Stock, empty" in html
    # The move that ends the deal says so in the same breath.
    post(api, "/api/solitaire/undo")
    last = api.get("/api/solitaire").json()
    path = "/solitaire/play" if last["playable"] else "/solitaire/draw"
    html = api.post(path, data={"pile": str(last["playable"][0]) if last["playable"] else ""}, headers=HX).text
    assert re.search(rf'data-say="[^"]+\. {re.escape(sentence)}"', html)


def test_a_won_deal_says_so(api):
    post(api, "/api/solitaire/new", {"seed": WINNABLE_STRICT})
    play_moves(api, winning_line())
    html = get_html(api)
    assert "You won: every pile is cleared. Your score is 0." in html
    assert html.count('aria-label="Pile ') == 7  # seven empty places, named
    assert "Pile 1, empty" in html


def test_statistics_show_solitaire_next_to_golf(api):
    html = get_html(api, "/statistics")
    assert "Golf solitaire: no deal finished yet" in html
    state = post(api, "/api/solitaire/new", {"seed": QUICK_STUCK})
    play_out(api, state)
    html = get_html(api, "/statistics")
    table = html[html.index("<h2>Golf solitaire</h2>") :]
    for label, value in [
        ("Played", "1"),
        ("Won", "0"),
        ("Win rate", "0%"),
        ("Best score", str(QUICK_STUCK_LEFT)),
        ("Average score (cards left)", f"{QUICK_STUCK_LEFT:.1f}"),
        ("Hints used", "0"),
    ]:
        assert f'<th scope="row">{label}</th><td>{value}</td>' in table


@pytest.mark.parametrize("path", ["/solitaire/nonsense"])
def test_an_unknown_command_is_404(api, path):
    assert api.post(path, data={}).status_code == 404


def test_the_winnable_mark_is_only_for_deals_proved_winnable(api):
    post(api, "/api/solitaire/new", {"winnable_only": True})
    assert '<span class="tag">winnable</span>' in get_html(api)
    # A deal number typed in with the choice on is dealt as asked, and not called winnable.
    state = post(api, "/api/solitaire/new", {"seed": SEED})
    assert state["winnable_only"] is True
    assert '<span class="tag">winnable</span>' not in get_html(api)


def test_coming_back_stops_the_clock_at_the_last_move(api):
    post(api, "/api/solitaire/new", {"seed": SEED})
    html = api.post("/solitaire/play", data={"pile": "6"}, headers=HX).text
    assert 'data-running="true"' in html and 'name="clock" value="running"' in html
    # The page asks for the table again after a while away: the clock stops there.
    html = api.get("/solitaire/table?away=1", headers=HX).text
    assert 'data-running="false"' in html and 'data-focus="keep"' in html
    # A plain visit (not just after a move) is a return as well.
    assert 'data-running="false"' in get_html(api)
    # The next move starts it again.
    state = api.get("/api/solitaire").json()
    html = api.post("/solitaire/play", data={"pile": str(state["playable"][0])}, headers=HX).text
    assert 'data-running="true"' in html
