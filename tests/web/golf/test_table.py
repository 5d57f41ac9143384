"""The table in a real browser: keyboard play, Undo, Restart, Pause, a return, a stale
tab, the computer's turn told step by step, accessibility and a phone-sized screen."""

from __future__ import annotations

import re

import pytest

from tests.browser.tablekit import (
    api,
    axe_violations,
    clock_seconds,
    focused_name,
    new_match,
    open_table,
    play_out_hole,
    prompt,
    tab_to,
    version,
    wait_settled,
)

FACE_DOWN = r"^Your card, .* row, column \d, face down$"


def test_keyboard_alone_plays_a_whole_hole(page):
    new_match(page, seed=101)
    page.goto("/")
    assert prompt(page) == "Choose two cards to reveal"
    rejected = False
    for step in range(120):
        text = prompt(page)
        if text.startswith("Hole 1 is over"):
            break
        if "reveal" in text and "replace" not in text:
            tab_to(page, FACE_DOWN)
        elif "Draw from the stock" in text:
            tab_to(page, r"^Stock, \d+ cards?$")
        elif "Discard draw" in text and not rejected:
            tab_to(page, r"^Discard draw$")
            rejected = True
        elif "replace" in text:
            face_down = page.get_by_role("button", name=re.compile(FACE_DOWN)).count()
            tab_to(page, FACE_DOWN if face_down else "^\\S+ Your card, ")
        else:
            raise AssertionError(f"unexpected prompt {text!r}")
        if step == 2:
            outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
            assert outline != "none", "the focused control shows no focus outline"
        page.keyboard.press("Enter" if step % 2 else "Space")
        wait_settled(page)
    else:
        raise AssertionError("the hole did not end")
    assert rejected, "Discard draw was never offered after a stock draw"
    assert re.match(r"Hole 1 is over: you scored -?\d+, the computer -?\d+", prompt(page))
    assert page.locator(".seat .card.down").count() == 0  # every grid card revealed
    assert page.locator(".seat .card.matched").count() % 2 == 0  # pairs, if any, are marked whole
    tab_to(page, r"^Next hole$")
    page.keyboard.press("Enter")
    wait_settled(page)
    assert prompt(page) == "Choose two cards to reveal"
    assert "Hole 2 of 9" in page.locator(".status").inner_text()


def test_undo_goes_back_across_a_hole_boundary(page):
    new_match(page, seed=202)
    hole_over = play_out_hole(page)
    open_table(page)
    assert prompt(page).startswith("Hole 1 is over")
    page.get_by_role("button", name="Next hole").click()
    wait_settled(page)
    assert "Hole 2 of 9" in page.locator(".status").inner_text()
    page.get_by_role("button", name=re.compile(FACE_DOWN)).first.click()
    wait_settled(page)
    assert prompt(page) == "Choose one more card to reveal"

    page.get_by_role("button", name="Undo").click()
    wait_settled(page)
    assert prompt(page) == "Choose two cards to reveal"
    page.get_by_role("button", name="Undo").click()
    wait_settled(page)
    assert prompt(page).startswith("Hole 1 is over")
    assert "Hole 1 of 9" in page.locator(".status").inner_text()
    page.get_by_role("button", name="Undo").click()  # the move that ended hole 1
    wait_settled(page)
    state = api(page, "GET", "/api/match")
    assert state["hole"] == 1 and state["scorecard"] == [] and state["phase"] != "hole_over"
    assert state["actions_taken"] == hole_over["actions_taken"] + 1  # the reveal; undo never lowers the count


def test_restart_deals_the_same_cards_and_clears_the_scorecard(page):
    first = new_match(page, seed=303)
    play_out_hole(page)
    open_table(page)
    page.get_by_role("button", name="Scorecard").click()
    dialog = page.locator("#scorecard-dialog")
    assert dialog.locator("tbody tr").first.locator("td").first.inner_text().strip() != ""
    dialog.get_by_role("button", name="Close").click()

    page.get_by_role("button", name="Restart match").click()  # asks first: it counts as a loss
    page.locator("#restart-dialog").get_by_role("button", name="Restart match").click()
    wait_settled(page)
    assert prompt(page) == "Choose two cards to reveal"
    again = api(page, "GET", "/api/match")
    assert again["hole"] == 1 and again["scorecard"] == [] and again["seed"] == first["seed"]
    assert again["discard"]["top"] == first["discard"]["top"]
    assert again["players"][1]["grid"] == first["players"][1]["grid"]
    assert clock_seconds(page) <= 2
    page.get_by_role("button", name="Scorecard").click()
    assert page.locator("#scorecard-dialog tbody tr").first.locator("td").first.inner_text().strip() == ""


def test_pause_stops_play_and_the_clock_until_resume(page):
    new_match(page, seed=404)
    page.goto("/")
    for _ in range(2):
        page.get_by_role("button", name=re.compile(FACE_DOWN)).first.click()
        wait_settled(page)
    page.get_by_role("button", name="Pause").click()
    wait_settled(page)
    assert prompt(page).startswith("Paused")
    assert focused_name(page) == "Resume"
    assert page.get_by_role("button", name=re.compile("^Stock")).count() == 0
    stopped = clock_seconds(page)
    page.wait_for_timeout(1300)
    assert clock_seconds(page) == stopped

    refused = page.request.post(
        "/play/draw", form={"source": "stock", "version": str(version(page))}, headers={"HX-Request": "true"}
    )
    assert refused.status == 409 and "paused" in refused.text()
    assert api(page, "POST", "/api/match/draw", {"source": "stock"}, status=409)["detail"].startswith(
        "The game is paused"
    )

    page.get_by_role("button", name="Resume").click()
    wait_settled(page)
    assert prompt(page).startswith("Draw from the stock")
    page.wait_for_function(
        f"() => {{ const t = document.getElementById('clock').textContent.split(':');"
        f" return Number(t[t.length - 2]) * 60 + Number(t[t.length - 1]) > {stopped}; }}",
        timeout=4000,
    )


def test_reload_shows_the_match_paused_and_play_continues(page):
    new_match(page, seed=505)
    page.goto("/")
    for _ in range(2):
        page.get_by_role("button", name=re.compile(FACE_DOWN)).first.click()
        wait_settled(page)
    before = prompt(page)
    page.reload()
    assert prompt(page).startswith("Welcome back")
    assert page.get_by_role("button", name=re.compile("^Stock")).count() == 0
    assert api(page, "GET", "/api/match")["paused"] is True
    page.get_by_role("button", name="Play", exact=True).click()
    wait_settled(page)
    assert prompt(page) == before
    page.get_by_role("button", name=re.compile("^Stock")).click()
    wait_settled(page)
    assert prompt(page) == "Choose a card to replace, or Discard draw"


def test_a_stale_second_tab_is_refused_and_redrawn(page, context):
    new_match(page, seed=606)
    page.goto("/")
    other = context.new_page()
    other.goto("/")
    other.get_by_role("button", name=re.compile(FACE_DOWN)).first.click()
    wait_settled(other)
    assert prompt(other) == "Choose one more card to reveal"

    page.get_by_role("button", name="Your card, bottom row, column 3, face down").click()
    wait_settled(page)
    assert "moved on" in page.locator("#alert").inner_text()
    assert prompt(page) == "Choose one more card to reveal"  # the table as it stands now
    assert version(page) == version(other)
    state = api(page, "GET", "/api/match")
    assert sum(cell["face_up"] for cell in state["players"][0]["grid"]) == 1
    other.close()


def _reveal_and_swap(page):
    for _ in range(2):
        page.get_by_role("button", name=re.compile(FACE_DOWN)).first.click()
        wait_settled(page)
    page.get_by_role("button", name=re.compile("^Stock")).click()
    wait_settled(page)
    page.get_by_role("button", name=re.compile(FACE_DOWN)).first.click()


@pytest.mark.parametrize("speed", ["fast"])
def test_the_computer_turn_is_shown_step_by_step_and_announced(page):
    new_match(page, seed=707)
    page.goto("/")
    _reveal_and_swap(page)
    page.wait_for_selector("#table.playing")  # a step of the computer's turn is on the table
    assert page.locator("#board").get_attribute("aria-busy") == "true"
    assert page.get_by_role("button", name=re.compile("^Stock")).count() == 0  # nothing to press meanwhile
    wait_settled(page)
    said = page.locator("#announce").inner_text()
    assert re.search(r"The computer (took|drew) the .+ (and swapped it into|and threw it away)", said), said
    assert page.locator("#announce").get_attribute("aria-live") == "polite"
    assert prompt(page).startswith("Draw from the stock")


@pytest.mark.parametrize("speed", ["slow"])
def test_undo_cancels_the_computer_steps_still_pending(page):
    new_match(page, seed=808)
    page.goto("/")
    _reveal_and_swap(page)
    page.wait_for_selector("#table.playing")
    page.get_by_role("button", name="Undo").click()
    wait_settled(page)
    assert prompt(page) == "Choose a card to replace, or Discard draw"
    page.wait_for_timeout(1800)  # longer than a step: nothing left to play
    assert prompt(page) == "Choose a card to replace, or Discard draw"
    assert page.locator("#table.playing").count() == 0


def test_no_serious_accessibility_violations(page):
    new_match(page, seed=909)
    page.goto("/")
    assert axe_violations(page) == [], "opening"
    for _ in range(2):
        page.get_by_role("button", name=re.compile(FACE_DOWN)).first.click()
        wait_settled(page)
    page.get_by_role("button", name=re.compile("^Stock")).click()
    wait_settled(page)
    assert prompt(page).startswith("Choose a card to replace")
    assert axe_violations(page) == [], "holding a card"
    page.get_by_role("button", name="New game").click()
    assert axe_violations(page, "#new-game-dialog") == [], "new game dialog"
    page.keyboard.press("Escape")

    api(page, "POST", "/api/match/reject")
    play_out_hole(page)
    open_table(page)
    assert prompt(page).startswith("Hole 1 is over")
    assert axe_violations(page) == [], "hole over"
    page.get_by_role("button", name="Scorecard").click()
    assert axe_violations(page, "#scorecard-dialog") == [], "scorecard dialog"

    page.goto("/statistics")
    assert axe_violations(page) == [], "statistics"
    page.goto("/how-to-play")
    assert axe_violations(page) == [], "how to play"


@pytest.fixture
def phone(browser, server):
    context = browser.new_context(
        base_url=server, viewport={"width": 360, "height": 740}, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    context.add_cookies([{"name": "golf_speed", "value": "instant", "url": server}])
    page = context.new_page()
    yield page
    context.close()


def _fits(page, where: str) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 360, f"{where}: the page is {width} px wide on a 360 px screen"


def test_nothing_overflows_a_360_px_screen(phone):
    page = phone
    new_match(page, seed=111)
    page.goto("/")
    _fits(page, "opening")
    for _ in range(2):
        page.get_by_role("button", name=re.compile(FACE_DOWN)).first.click()
        wait_settled(page)
    page.get_by_role("button", name=re.compile("^Stock")).click()
    wait_settled(page)
    _fits(page, "holding a card")
    page.get_by_role("button", name="Scorecard").click()
    _fits(page, "scorecard")
    page.keyboard.press("Escape")
    page.get_by_role("button", name="New game").click()
    _fits(page, "new game dialog")
    page.keyboard.press("Escape")
    for path in ("/statistics", "/how-to-play"):
        page.goto(path)
        _fits(page, path)
    for rules in ({"name": "eight-card", "players": 8}, {"name": "nine-card", "players": 4}, {"name": "four-card"}):
        new_match(page, seed=112, rules=rules)
        page.goto("/")
        _fits(page, str(rules))


def test_hiding_the_page_pauses_the_match_and_coming_back_offers_play(page):
    new_match(page, seed=121)
    page.goto("/")
    page.get_by_role("button", name=re.compile(FACE_DOWN)).first.click()
    wait_settled(page)
    page.evaluate("""() => {
        Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    page.wait_for_function("() => true")
    for _ in range(50):
        if api(page, "GET", "/api/match")["paused"]:
            break
        page.wait_for_timeout(100)
    else:
        raise AssertionError("hiding the page did not pause the match")
    page.evaluate("""() => {
        Object.defineProperty(document, 'visibilityState', {value: 'visible', configurable: true});
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    page.get_by_role("button", name="Play", exact=True).wait_for()
    assert prompt(page).startswith("Welcome back")
    page.get_by_role("button", name="Play", exact=True).click()
    wait_settled(page)
    assert prompt(page) == "Choose one more card to reveal"


def test_new_game_dialog_sets_level_rules_and_seed(page):
    new_match(page, seed=131)
    page.goto("/")
    page.get_by_role("button", name="New game").click()
    dialog = page.locator("#new-game-dialog")
    dialog.get_by_label("Hard").check()
    dialog.get_by_label("Rules").select_option("nine-card")
    dialog.get_by_label("Deal number").fill("4242")
    dialog.get_by_role("button", name="Deal", exact=True).click()
    wait_settled(page)
    status = page.locator(".status").inner_text()
    assert "Level Hard" in status and "Rules nine-card" in status
    assert prompt(page) == "Choose three cards to reveal"
    assert page.get_by_role("button", name=re.compile(r"^Your card, middle row, column 3, face down$")).count() == 1
    state = api(page, "GET", "/api/match")
    assert state["seed"] == 4242 and state["level"] == "hard" and state["rules"]["rows"] == 3


def test_no_serious_accessibility_violations_with_eight_players_in_every_phase(page):
    # Eight seats, the others folded round the table, through to the end of a one-hole match.
    new_match(page, seed=919, rules={"players": 8, "holes": 1})
    page.goto("/")
    assert axe_violations(page) == [], "opening, 8 players"
    for _ in range(2):
        page.get_by_role("button", name=re.compile(FACE_DOWN)).first.click()
        wait_settled(page)
    page.get_by_role("button", name=re.compile("^Stock")).click()
    wait_settled(page)
    assert axe_violations(page) == [], "holding a card, 8 players"
    page.get_by_role("button", name="Keys").click()
    assert axe_violations(page, "#keys-dialog") == [], "keys dialog"
    page.keyboard.press("Escape")

    api(page, "POST", "/api/match/reject")
    assert play_out_hole(page)["phase"] == "match_over"
    open_table(page)
    wait_settled(page)
    assert axe_violations(page) == [], "match over, 8 players"
    page.get_by_role("button", name="Scorecard").click()
    assert axe_violations(page, "#scorecard-dialog") == [], "scorecard dialog, 8 players"
