"""The scorekeeper and the calculator in Chromium: the keyboard alone, a phone-sized
touch screen, reload and resume, and axe-core on every new page."""

from __future__ import annotations

import pytest

from tests.browser.tablekit import axe_violations

ALICE = [17, 4, 11, -1, 9, 6, 13, 2, 8]
BEN = [2, 5, 7, 3, 0, 12, 4, 6, -2]


def new_sheet(page, names=("Alice", "Ben")) -> str:
    page.goto("/scorekeeper")
    for i, name in enumerate(names):
        page.locator(f"#player-{i}").fill(name)
    for i in range(len(names), 8):
        page.locator(f"#player-{i}").fill("")
    page.get_by_role("button", name="Start the score sheet").click()
    page.wait_for_url("**/scorekeeper/*")
    return page.url


def focused(page) -> str:
    return page.evaluate("() => document.activeElement.getAttribute('aria-label') || document.activeElement.id")


def settled(page):
    """Wait until the last change is saved (no htmx request in flight, nothing queued)."""
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    page.wait_for_timeout(400)
    page.wait_for_function("() => !document.querySelector('.htmx-request')")


def test_the_seed_round_by_keyboard_alone_gives_69(page):
    new_sheet(page)
    page.locator("#s-0-0").focus()
    for hole in range(9):
        assert focused(page) == f"Hole {hole + 1}, Alice"
        page.keyboard.type(str(ALICE[hole]))
        page.keyboard.press("Tab")
        assert focused(page) == f"Hole {hole + 1}, Ben"
        page.keyboard.type(str(BEN[hole]))
        page.keyboard.press("Enter")  # on to the next hole's first cell
    settled(page)
    assert page.locator("#total-0").inner_text() == "69"
    assert page.locator("#total-1").inner_text() == str(sum(BEN))
    assert page.locator("#rt-3-0").inner_text() == "total 31"
    assert page.locator(".winner").inner_text() == f"Ben wins with {sum(BEN)}."
    # Arrow keys move about the sheet; a correction updates the totals as typed.
    page.locator("#s-8-1").focus()
    page.keyboard.press("ArrowUp")
    assert focused(page) == "Hole 8, Ben"
    page.keyboard.press("ArrowLeft")  # the whole value is selected: left goes to the previous cell
    assert focused(page) == "Hole 8, Alice"
    page.keyboard.type("-3")
    settled(page)
    assert page.locator("#total-0").inner_text() == "64"
    assert page.locator("#rt-8-0").inner_text() == "total 64"
    # Undo takes the correction back.
    page.get_by_role("button", name="Undo: hole 8, Alice").click()
    settled(page)
    assert page.locator("#s-7-0").input_value() == "2"
    assert page.locator("#total-0").inner_text() == "69"


def test_reload_and_resume(page):
    url = new_sheet(page, ("Cara", "Dev", "Eve"))
    page.locator("#s-0-0").fill("26")
    page.locator("#s-0-2").fill("-1")
    settled(page)
    page.reload()
    assert page.locator("#s-0-0").input_value() == "26"
    assert page.locator("#sk-status").inner_text() == "After 0 of 9 holes, Eve leads with −1."
    page.goto("/scorekeeper")
    page.get_by_role("link", name="Resume the game of Cara, Dev and Eve").click()
    page.wait_for_url(url)
    assert page.locator("#total-0").inner_text() == "26"


@pytest.fixture
def phone(browser, server):
    context = browser.new_context(
        base_url=server, viewport={"width": 375, "height": 740}, has_touch=True, is_mobile=True, device_scale_factor=2
    )
    context.set_default_timeout(10_000)
    page = context.new_page()
    yield page
    context.close()


def test_on_a_phone_the_number_pad_enters_scores(phone):
    page = phone
    new_sheet(page)
    if page.locator("#sk-pad-toggle").get_attribute("aria-pressed") != "true":
        page.locator("#sk-pad-toggle").tap()
    assert page.locator("#s-0-0").get_attribute("inputmode") == "none"
    page.locator("#s-0-0").tap()
    for key in ("1", "7"):
        page.locator(f'#sk-pad button[data-key="{key}"]').tap()
    page.get_by_role("button", name="Next cell").tap()
    page.get_by_role("button", name="Minus").tap()
    page.locator('#sk-pad button[data-key="1"]').tap()
    settled(page)
    assert page.locator("#s-0-1").input_value() == "-1"
    assert page.locator("#total-0").inner_text() == "17" and page.locator("#total-1").inner_text() == "−1"
    # Nothing is wider than the phone.
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 375
    # Count cards opens the calculator for the cell; its score goes back on the sheet.
    page.locator("#s-1-0").tap()
    page.get_by_role("button", name="Count cards").tap()
    page.wait_for_url("**/calc?hole=2&player=1")
    for i, card in enumerate(["5", "K", "2", "5", "9", "J"]):
        page.locator(f"#card-{i}").fill(card)
    page.wait_for_function(
        "() => document.getElementById('score-total') && document.getElementById('score-total').textContent === '17'"
    )
    page.get_by_role("button", name="Put 17 on the sheet for Alice, hole 2").tap()
    page.wait_for_url("**/scorekeeper/*")
    assert page.locator("#s-1-0").input_value() == "17"
    assert page.locator("#total-0").inner_text() == "34"


def test_the_calculator_redraws_as_you_type_and_changes_shape(page):
    page.goto("/score")
    page.get_by_role("link", name="Alice’s hole in the worked example: 17").click()
    assert page.locator("#score-total").inner_text() == "17"
    page.locator("#card-0").fill("8")
    page.wait_for_function("() => document.getElementById('score-total').textContent === '30'")
    assert "8 over 5 is 8 + 5 = 13" in page.locator("#score-result").inner_text()
    page.locator("#rule-shape").focus()
    page.locator("#rule-shape").select_option("2x2")
    page.wait_for_function("() => document.querySelectorAll('.card-input').length === 4")
    assert focused(page) == "rule-shape"


def test_axe_finds_nothing_on_the_new_pages(page):
    url = new_sheet(page)
    page.locator("#s-0-0").fill("17")
    settled(page)
    assert axe_violations(page) == [], "score sheet"
    share = page.locator("#share-link").get_attribute("href")
    for path in (
        "/scorekeeper",
        f"{url}/calc?hole=1&player=1&card=5&card=K&card=2&card=5&card=9&card=J",
        share,
        "/score",
        "/score?card=5H&card=KS&card=2D&card=5C&card=9D&card=JH",
        "/score?card=5&card=W",
        "/how-to-play",
    ):
        page.goto(path)
        assert axe_violations(page) == [], path


def test_on_a_phone_the_pad_sits_beside_the_cell_being_typed(phone):
    page = phone
    new_sheet(page)
    assert page.locator("#sk-pad").is_visible()
    for field in ("#s-6-0", "#s-2-1", "#s-8-1"):
        page.locator(field).tap()
        cell, pad = page.locator(field).bounding_box(), page.locator("#sk-pad").bounding_box()
        assert pad["y"] + pad["height"] <= 740 + 1 and pad["y"] > 0, "the pad is on the screen"
        assert cell["y"] + cell["height"] <= pad["y"], "the pad does not cover the cell"
        assert pad["y"] - (cell["y"] + cell["height"]) <= 80, (field, cell, pad)
    page.locator('#sk-pad button[data-key="4"]').tap()
    settled(page)
    assert page.locator("#s-8-1").input_value() == "4"


def test_the_printed_sheet_gives_the_share_link_s_address_and_the_result_once(page):
    new_sheet(page)
    for hole in range(9):
        page.locator(f"#s-{hole}-0").fill(str(ALICE[hole]))
        page.locator(f"#s-{hole}-1").fill(str(BEN[hole]))
    settled(page)
    page.reload()
    page.emulate_media(media="print")
    printed = page.locator("main").inner_text()
    share = page.locator("#share-link").get_attribute("href")
    assert share.startswith("/scorekeeper/shared/")
    assert page.url.split("/scorekeeper")[0] + share in printed
    result = page.locator(".sk-result .winner").inner_text()
    assert result.startswith("Ben wins") and printed.count(result) == 1, printed
