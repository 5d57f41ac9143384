"""The solitaire page in a real browser: keyboard play, Undo, Restart, New deal by
number, Hint, the end of a deal, refusals in place, a stale second tab, accessibility
(axe-core) and a phone-sized screen.

The server, browser and page fixtures are shared with the Golf table (tests/browser/fixtures.py):
a uvicorn process with a temporary SQLite database and the system Chromium."""

from __future__ import annotations

import re

import pytest

from tests.browser.tablekit import api, axe_violations, focused_name, tab_to
from tests.web.solitaire.solkit import (
    QUICK_STUCK,
    QUICK_STUCK_LEFT,
    WINNABLE_STRICT,
    first_legal,
    move_body,
    winning_line,
)

SEED = 1  # under the rule as written only pile 7, the ace of clubs, goes on the 2 of hearts first
PLAYABLE = r", playable$"


def new_deal(page, seed: int, **body) -> dict:
    return api(page, "POST", "/api/solitaire/new", {"seed": seed, **body})


def open_page(page) -> None:
    page.goto("/solitaire")
    page.wait_for_function("() => document.getElementById('sol-table')?.dataset.ready === 'true'")


def acting(page, action) -> None:
    """Do ``action`` and wait until the table it brings has been swapped in and settled."""
    page.evaluate("() => { document.getElementById('sol-table').dataset.old = '1'; }")
    action()
    page.wait_for_function(
        "() => { const t = document.getElementById('sol-table');"
        " return t && !t.dataset.old && t.dataset.ready === 'true'"
        " && !document.querySelector('.htmx-request, .htmx-settling'); }"
    )


def press(page, key: str = "Enter") -> None:
    acting(page, lambda: page.keyboard.press(key))


def prompt(page) -> str:
    return page.locator("#sol-prompt").inner_text().strip()


def announced(page) -> str:
    return page.locator("#announce").inner_text()


def moves(page) -> int:
    return int(page.locator("#sol-moves").inner_text())


def api_moves(page, count: int) -> dict:
    """Take the first legal move ``count`` times through the JSON API (same cookie)."""
    state = api(page, "GET", "/api/solitaire")
    for _ in range(count):
        move = first_legal(state)
        state = api(page, "POST", move["path"], move["json"] or {})
    return state


def test_keyboard_alone_plays_undoes_and_restarts(page):
    new_deal(page, SEED)
    open_page(page)
    assert prompt(page) == "Play a card onto the 2 of hearts."
    assert page.get_by_role("button", name=re.compile(PLAYABLE)).count() == 1
    tab_to(page, r"^Pile 7, ace of clubs, playable$")
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none", "the focused card shows no focus outline"
    press(page, "Enter")
    assert "You played the ace of clubs from pile 7 onto the 2 of hearts." in announced(page)
    assert moves(page) == 1
    # Focus lands on the next thing to do: a playable card, else the stock.
    played = 1
    for step in range(6):
        name = focused_name(page)
        assert re.search(PLAYABLE, name) or name.startswith("Stock"), f"focus after a move: {name!r}"
        press(page, "Space" if step % 2 else "Enter")
        played += 1
        assert moves(page) == played
        said = announced(page).strip().splitlines()[0]  # the latest line is on top
        assert said.startswith("You played the ") or said.startswith("Turned the "), said
    state = api(page, "GET", "/api/solitaire")
    assert state["moves"] == played and state["phase"] == "playing"

    tab_to(page, r"^Undo$")
    press(page)
    assert moves(page) == played - 1 and "Took back " in announced(page)
    assert focused_name(page) == "Undo"  # ready for another
    press(page)
    assert moves(page) == played - 2

    tab_to(page, r"^Restart$")
    page.keyboard.press("Enter")
    # After a move Restart asks first; its dialog's own Restart button has the focus.
    assert page.locator("#sol-restart-dialog").evaluate("d => d.open")
    assert focused_name(page) == "Restart"
    press(page)
    assert moves(page) == 0 and prompt(page) == "Play a card onto the 2 of hearts."
    assert f"Deal {SEED} starts again from the beginning." in announced(page)
    assert page.evaluate("() => document.activeElement.id") == "sol-prompt"
    assert page.locator("#undo").is_disabled()


def test_new_deal_by_number_with_options(page):
    new_deal(page, SEED)
    open_page(page)
    tab_to(page, r"^New deal…$")
    page.keyboard.press("Enter")
    dialog = page.locator("#sol-new-dialog")
    assert dialog.is_visible()
    assert axe_violations(page, "#sol-new-dialog") == [], "new deal dialog"
    dialog.get_by_label("Deal number").fill("4242")
    dialog.get_by_role("checkbox", name=re.compile("^Ranks wrap")).check()
    acting(page, lambda: dialog.get_by_role("button", name="Deal").click())
    assert page.locator(".status").inner_text().startswith("Deal 4242")
    assert "ranks wrap" in page.locator(".status").inner_text()
    assert "Deal 4242 is dealt." in announced(page)
    state = api(page, "GET", "/api/solitaire")
    assert state["seed"] == 4242 and state["rules"]["wrap"] is True and state["moves"] == 0
    # Cancel closes the dialog and changes nothing.
    page.get_by_role("button", name="New deal…").click()
    dialog.get_by_role("button", name="Cancel").click()
    assert not dialog.is_visible()
    assert api(page, "GET", "/api/solitaire")["version"] == state["version"]


def test_following_the_hints_wins_a_deal(page):
    new_deal(page, WINNABLE_STRICT)
    # The solver's winning line through the API, all but the last few moves ...
    line = winning_line(WINNABLE_STRICT)
    for move in line[:-3]:
        path, body = move_body(move)
        api(page, "POST", path, body or {})
    open_page(page)
    # ... then the hints on the page, followed with the keyboard.
    for _ in range(3):
        tab_to(page, r"^Hint$")
        press(page)
        hint = page.locator("#sol-hint").inner_text().strip()
        assert page.evaluate("() => document.activeElement.id") == "sol-hint"
        found = re.fullmatch(r"Hint: Play the (.+) from pile (\d)\.", hint)
        if found:
            tab_to(page, rf"^Pile {found.group(2)}, {found.group(1)}, playable, the hint's suggestion$")
        else:
            assert hint == "Hint: Turn the next stock card.", hint
            tab_to(page, r"^Stock, .*, the hint's suggestion$")
        press(page)
    assert prompt(page) == "You won: every pile is cleared. Your score is 0."
    assert "You won: every pile is cleared. Your score is 0." in announced(page)
    assert page.evaluate("() => document.activeElement.id") == "sol-prompt"
    assert page.locator(".sol-end").get_by_role("button", name="New deal").is_visible()
    assert page.locator(".sol-end").get_by_role("button", name="Restart this deal").is_visible()
    assert axe_violations(page) == [], "won"
    stats = api(page, "GET", "/api/stats")["solitaire"]
    assert stats["won"] == 1 and stats["hints_used"] == 3


def test_a_stuck_deal_ends_at_once_and_offers_a_new_one(page):
    new_deal(page, QUICK_STUCK)
    state = api_moves(page, 22)
    assert state["phase"] == "playing"
    open_page(page)
    if state["playable"]:
        tab_to(page, PLAYABLE)
    else:
        tab_to(page, r"^Stock, ")
    press(page)
    end = f"No more moves: {QUICK_STUCK_LEFT} cards left. Your score is {QUICK_STUCK_LEFT}."
    assert prompt(page) == end and end in announced(page)
    assert page.get_by_role("button", name=re.compile(PLAYABLE)).count() == 0
    assert page.get_by_role("button", name="Hint").count() == 0
    assert axe_violations(page) == [], "stuck"
    acting(page, lambda: page.locator(".sol-end").get_by_role("button", name="New deal").click())
    fresh = api(page, "GET", "/api/solitaire")
    assert fresh["seed"] != QUICK_STUCK and fresh["phase"] == "playing" and fresh["moves"] == 0
    page.goto("/statistics")
    assert axe_violations(page) == [], "statistics"
    assert page.get_by_role("table", name=re.compile("^Golf solitaire")).is_visible()


def test_the_page_is_accessible_while_playing(page):
    new_deal(page, SEED, rules={"any_time": True})
    open_page(page)
    assert axe_violations(page) == [], "playing"
    acting(page, lambda: page.get_by_role("button", name="Hint").click())
    page.get_by_role("button", name="Stock, 16 cards: turn the next card").focus()
    press(page)
    assert axe_violations(page) == [], "after a move, with a hint"
    # Playable cards are marked by more than colour: a mark, and raised or ringed apart from the rest.
    card = page.get_by_role("button", name=re.compile(PLAYABLE)).first
    assert card.locator(".play-mark").count() == 1
    shadow = card.evaluate("e => getComputedStyle(e).boxShadow")
    assert shadow and shadow != "none"


def test_a_refusal_is_shown_in_place_and_keeps_the_table(page):
    new_deal(page, SEED)
    open_page(page)
    acting(
        page,
        lambda: page.evaluate(
            "() => htmx.ajax('POST', '/solitaire/play', {source: '#sol-table', target: '#sol-table',"
            " swap: 'outerHTML', values: {pile: '0'}})"
        ),
    )
    assert "The 8 of hearts cannot go on the 2 of hearts" in page.get_by_role("alert").inner_text()
    assert page.locator(".sol-pile").count() == 7 and moves(page) == 0
    # The next move clears the message.
    tab_to(page, PLAYABLE)
    press(page)
    assert page.locator("#alert").inner_text().strip() == ""


def test_a_stale_second_tab_is_refused_and_redrawn(page, context):
    new_deal(page, SEED)
    open_page(page)
    other = context.new_page()
    other.goto("/solitaire")
    other.get_by_role("button", name="Pile 7, ace of clubs, playable").click()
    other.wait_for_function("() => document.getElementById('sol-moves').textContent.trim() === '1'")
    # This tab still shows the deal before that move.
    acting(page, lambda: page.get_by_role("button", name="Pile 7, ace of clubs, playable").click())
    assert "moved on" in page.get_by_role("alert").inner_text()
    assert moves(page) == 1
    assert page.get_by_role("button", name="Pile 7, ace of clubs, playable").count() == 0
    assert (
        int(page.locator("#sol-table").get_attribute("data-version")) == api(page, "GET", "/api/solitaire")["version"]
    )
    assert api(page, "GET", "/api/solitaire")["moves"] == 1
    other.close()


def test_the_clock_runs_after_the_first_move_and_time_away_is_not_counted(page):
    new_deal(page, SEED)
    open_page(page)
    assert page.locator("#sol-table").get_attribute("data-running") == "false"
    acting(page, lambda: page.get_by_role("button", name=re.compile(PLAYABLE)).first.click())
    assert page.locator("#sol-table").get_attribute("data-running") == "true"
    page.wait_for_function("() => document.getElementById('sol-clock').textContent !== '0:00'", timeout=3000)
    page.reload()  # a return: the clock is credited only up to the last move
    assert page.locator("#sol-table").get_attribute("data-running") == "false"
    assert page.locator("#sol-clock").inner_text() == "0:00"


@pytest.fixture
def phone(browser, server):
    context = browser.new_context(
        base_url=server,
        viewport={"width": 360, "height": 740},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        reduced_motion="reduce",
    )
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def fits(page, where: str) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 360, f"{where}: the page is {width} px wide on a 360 px screen"
    right = page.evaluate(
        "() => Math.max(...[...document.querySelectorAll('.card, button')].map(e => e.getBoundingClientRect().right))"
    )
    assert right <= 360, f"{where}: something reaches {right} px"


def test_a_360_px_screen_shows_everything_without_sideways_scrolling(phone):
    page = phone
    new_deal(page, SEED, rules={"any_time": True, "queens_on_kings": True})
    open_page(page)
    fits(page, "playing")
    # Every covered card shows its rank and suit.
    corner = page.evaluate(
        "() => { const cards = [...document.querySelectorAll('.sol-pile')[0].children];"
        " const a = cards[0].getBoundingClientRect(), b = cards[1].getBoundingClientRect();"
        " const c = cards[0].querySelector('.corner').getBoundingClientRect();"
        " return {visible: b.top - a.top, corner: c.bottom - a.top}; }"
    )
    assert corner["corner"] <= corner["visible"], corner
    # Reduced motion: a playable card does not move under the pointer.
    card = page.get_by_role("button", name=re.compile(PLAYABLE)).first
    card.hover()
    assert card.evaluate("e => getComputedStyle(e).transform") == "none"
    acting(page, lambda: page.get_by_role("button", name="Hint").click())
    fits(page, "with a hint")
    page.get_by_role("button", name="New deal…").click()
    fits(page, "new deal dialog")
    page.keyboard.press("Escape")
    new_deal(page, QUICK_STUCK, rules={})
    api_moves(page, 23)
    open_page(page)
    assert prompt(page).startswith("No more moves")
    fits(page, "stuck")


WAITS = "Play from the piles first: the stock turns when no play is left."


def test_a_greyed_stock_says_why_by_it_while_a_play_is_left(page):
    from playwright.sync_api import expect

    new_deal(page, SEED)  # the ace of clubs plays at once: the rule as written keeps the stock
    open_page(page)
    stock, note = page.locator("#stock"), page.locator("#stock-waits")
    assert stock.is_disabled()
    expect(note).to_have_text(WAITS)
    assert note.is_visible()
    expect(stock).to_have_accessible_description(WAITS)
    s, n = stock.bounding_box(), note.bounding_box()
    assert 0 <= n["y"] - (s["y"] + s["height"]) <= 60, (s, n)  # just under the stock
    state = api(page, "GET", "/api/solitaire")
    while state["playable"]:  # every play made: the stock may turn, and nothing is said against it
        state = api(page, "POST", "/api/solitaire/play", {"pile": state["playable"][0]})
    open_page(page)
    assert page.get_by_role("button", name=re.compile(r"^Stock, .*: turn the next card$")).is_enabled()
    expect(note).to_have_text("")
    assert stock.get_attribute("aria-describedby") is None


def test_where_the_stock_turns_at_any_time_nothing_says_it_waits(page):
    new_deal(page, SEED, rules={"any_time": True})
    open_page(page)
    assert page.locator("#stock").is_enabled() and page.locator("#stock-waits").inner_text() == ""
