"""The table's layout, measured in a real browser: at 1280x720 every seat, the piles,
the prompt and the controls are on screen without scrolling, for 2 to 8 players; on a
390x844 phone your grid, the piles and the main controls are on the first screen, the
others folded into rows that open with a tap; narrow and zoomed screens never scroll
sideways."""

from __future__ import annotations

import pytest

from .tablekit import api, new_match, open_table, wait_settled


@pytest.fixture
def sized(browser, server):
    """A page of a new visitor with a viewport of the given size."""
    contexts = []

    def make(width: int, height: int, **options):
        context = browser.new_context(base_url=server, viewport={"width": width, "height": height}, **options)
        context.add_cookies([{"name": "golf_speed", "value": "instant", "url": server}])
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def holding_a_card(page, players: int, rules: str = "standard") -> None:
    """A match of ``players`` dealt, the opening reveals made and a stock card held, on the page."""
    new_match(page, seed=31, rules={"name": rules, "players": players})
    state = api(page, "GET", "/api/match")
    while state["phase"] == "opening":
        down = [i for i, c in enumerate(state["players"][0]["grid"]) if not c["face_up"]]
        state = api(page, "POST", "/api/match/reveal", {"position": down[-1]})
    api(page, "POST", "/api/match/draw", {"source": "stock"})
    open_table(page)


def outside_the_view(page, selector: str) -> list[str]:
    """The elements matching ``selector`` whose box is not wholly inside the viewport
    (scrolled to the top), each named; fails if none match."""
    boxes = page.evaluate("""(selector) => {
        window.scrollTo(0, 0);
        return [...document.querySelectorAll(selector)].map(e => {
            const r = e.getBoundingClientRect();
            return {name: e.getAttribute('aria-label') || e.textContent.trim().slice(0, 40) || e.className,
                    top: r.top, bottom: r.bottom, left: r.left, right: r.right, shown: r.width > 0 && r.height > 0};
        });
    }""", selector)
    assert boxes, f"nothing matches {selector}"
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    return [f"{b['name']}: {b}" for b in boxes
            if not b["shown"] or b["top"] < 0 or b["left"] < 0 or b["bottom"] > height + 0.5 or b["right"] > width + 0.5]


WHOLE_TABLE = ["#board .seat .card", "#board .middle .card", "#prompt", ".toolbar button:not([hidden])",
               ".toolbar select", ".moves button"]


@pytest.mark.parametrize("players", [2, 4, 8])
@pytest.mark.parametrize("rules", ["standard", "eight-card"])
def test_the_whole_table_is_on_a_1280x720_screen(sized, players, rules):
    page = sized(1280, 720)
    holding_a_card(page, players, rules)
    assert page.locator("#board .seat").count() == players
    for selector in WHOLE_TABLE:
        assert outside_the_view(page, selector) == [], selector
    assert page.evaluate("() => document.documentElement.scrollHeight <= innerHeight + 1"), "the page scrolls"
    # Each seat's cards are big enough to read: yours at least 48 px wide, the others' 28.
    widths = page.evaluate("""() => ({
        mine: document.querySelector('.seat.mine .card').getBoundingClientRect().width,
        others: Math.min(...[...document.querySelectorAll('.opponents .card')].map(c => c.getBoundingClientRect().width))})""")
    assert widths["mine"] >= 48 and widths["others"] >= 28, widths


def test_the_others_sit_round_the_table_and_you_at_the_bottom(sized):
    page = sized(1280, 720)
    holding_a_card(page, 8)
    centres = page.evaluate("""() => [...document.querySelectorAll('#board .seat')].map(s => {
        const r = s.querySelector('.grid').getBoundingClientRect();
        return {seat: s.dataset.seat, x: r.left + r.width / 2, y: r.top + r.height / 2}; })""")
    by_seat = {c["seat"]: c for c in centres}
    me, stock = by_seat["you"], page.locator(".card.stock").bounding_box()
    assert me["y"] > stock["y"] + stock["height"], "your grid is below the piles"
    assert by_seat["computer-1"]["x"] < stock["x"] and by_seat["computer-7"]["x"] > stock["x"] + stock["width"]
    assert by_seat["computer-4"]["y"] < stock["y"], "the middle seat of the others sits across the table"


def test_acting_never_scrolls_the_page(sized):
    page = sized(1280, 720)
    new_match(page, seed=32, rules={"name": "standard", "players": 4})
    open_table(page)
    for _ in range(3):
        page.locator("button.card").first.click()
        wait_settled(page)
        assert page.evaluate("() => window.scrollY") == 0


@pytest.mark.parametrize("players", [2, 6])
def test_a_phone_shows_your_grid_the_piles_and_the_controls_on_the_first_screen(sized, players):
    page = sized(390, 844, is_mobile=True, has_touch=True, device_scale_factor=2)
    holding_a_card(page, players)
    first_screen = ["#board .seat.mine .card", "#board .middle .card", ".moves button", "#prompt",
                    ".toolbar:not(.toolbar-more) button"]
    if players == 2:
        first_screen.append("#board .opponents .card")
    for selector in first_screen:
        assert outside_the_view(page, selector) == [], selector
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390


def test_on_a_phone_a_tap_opens_one_of_the_others_full_size(sized):
    page = sized(390, 844, is_mobile=True, has_touch=True)
    holding_a_card(page, 6)
    seat = page.locator('.seat[data-seat="computer-3"]')
    folded = seat.locator(".card").first.bounding_box()["width"]
    toggle = seat.get_by_role("button", name="Computer 3")
    assert toggle.get_attribute("aria-expanded") == "false"
    toggle.tap()
    assert toggle.get_attribute("aria-expanded") == "true"
    assert seat.locator(".card").first.bounding_box()["width"] > folded * 1.4
    assert page.locator('.seat[data-seat="computer-2"] .card').first.bounding_box()["width"] == folded
    # It stays open while the table is redrawn after a move.
    page.get_by_role("button", name="Discard draw").tap()
    wait_settled(page)
    assert page.locator('.seat[data-seat="computer-3"]').get_by_role("button", name="Computer 3").get_attribute(
        "aria-expanded") == "true"


@pytest.mark.parametrize("width, height", [(320, 640), (640, 360)], ids=["320px", "1280x720-at-200%"])
@pytest.mark.parametrize("players", [2, 8])
def test_narrow_and_zoomed_screens_never_scroll_sideways(sized, width, height, players):
    page = sized(width, height)
    holding_a_card(page, players)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    assert outside_the_view(page, ".toolbar:not(.toolbar-more) button") == []  # the bar stays in view
