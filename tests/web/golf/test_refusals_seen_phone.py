"""A refused tap is seen where the person is looking, on a 390x844 touch phone (and at
1280x720): a short note floats beside the card or control tapped, in a polite live
region, with the true reason; a control that can never work in this match (Undo in the
counted daily attempt and in pass and play) is not offered at all, and its key says
why."""

from __future__ import annotations

from tests.browser.fixtures import shot
from tests.browser.tablekit import api, new_match, open_table, version, wait_settled
from tests.web.golf.test_table_keys import through_the_opening


def tap(page, locator, touch: bool) -> None:
    box = locator.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    if touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def the_note(page) -> dict:
    note = page.locator("#refusal-note")
    note.wait_for(state="visible")
    return {
        "text": note.inner_text().strip(),
        "live": note.get_attribute("aria-live"),
        "box": note.bounding_box(),
    }


def beside(note: dict, box: dict, width: int) -> bool:
    """The note is on screen, just under or over the box, overlapping it across."""
    n = note["box"]
    near = abs(n["y"] - (box["y"] + box["height"])) <= 12 or abs(n["y"] + n["height"] - box["y"]) <= 12
    across = n["x"] < box["x"] + box["width"] and box["x"] < n["x"] + n["width"]
    return near and across and n["x"] >= 0 and n["x"] + n["width"] <= width


def test_a_tap_on_another_seats_card_is_refused_beside_it(screen):
    page, width = screen
    page.goto("/")
    new_match(page, seed=62)
    through_the_opening(page)
    card = page.locator(".seat:not(.mine) .card").first
    if not card.is_visible():  # a phone folds the others' grids: open them first
        page.locator(".seat:not(.mine) summary, .seat:not(.mine) [aria-expanded]").first.click()
    tap(page, card, width < 500)
    note = the_note(page)
    assert note["text"] == "That card is in another player’s grid: you play only your own."
    assert note["live"] == "polite"
    assert beside(note, card.bounding_box(), width), (note, card.bounding_box())
    shot(page, f"refusal-other-card-{width}")


def test_undo_with_nothing_to_take_back_says_so_beside_it(screen):
    page, width = screen
    page.goto("/")
    new_match(page, seed=64)
    open_table(page)
    before = version(page)
    undo = page.get_by_role("button", name="Undo")
    tap(page, undo, width < 500)
    note = the_note(page)
    assert note["text"] == "There is no move of yours to take back."
    assert beside(note, undo.bounding_box(), width), (note, undo.bounding_box())
    assert version(page) == before
    shot(page, f"refusal-undo-{width}")


def test_the_counted_daily_offers_no_undo_and_its_key_says_why(screen):
    page, width = screen
    page.goto("/daily")
    page.get_by_label("Your name on the leaderboard").fill("Dee")
    page.get_by_role("button", name="Play today’s deal").click()
    page.wait_for_url(lambda url: "/daily" not in url)
    wait_settled(page)
    assert api(page, "GET", "/api/match")["practice"] is False
    assert page.get_by_role("button", name="Undo").count() == 0
    page.get_by_role("button", name="Scorecard").focus()
    page.keyboard.press("u")
    note = the_note(page)
    assert note["text"] == "There is no Undo in the counted daily attempt: every move counts."
    shot(page, f"refusal-daily-undo-{width}")


def test_pass_and_play_offers_no_undo(screen):
    page, width = screen
    page.goto("/")
    api(page, "POST", "/api/match/new", {"people": ["Ann", "Bea"], "level": "easy"})
    page.goto("/")
    wait_settled(page)
    page.get_by_role("button", name="I am Ann: open the table").click()
    wait_settled(page)
    assert page.locator(".seat.mine button.card").count()
    assert page.get_by_role("button", name="Undo").count() == 0
    shot(page, f"pass-and-play-no-undo-{width}")


def test_a_move_the_server_refuses_is_said_beside_the_card_tapped(screen):
    page, width = screen
    page.goto("/")
    new_match(page, seed=66)
    through_the_opening(page)
    before = version(page)
    api(page, "POST", "/api/match/draw", {"source": "stock"})  # another tab of the same browser moves
    stock = page.locator("#board button.card.stock")
    box = stock.bounding_box()
    tap(page, stock, width < 500)  # this page still shows the table before that move
    note = the_note(page)
    alert = page.locator("#alert").inner_text().strip()
    assert alert and note["text"] == alert
    assert beside(note, box, width), (note, box)
    assert api(page, "GET", "/api/match")["version"] == before + 1
    shot(page, f"refusal-server-{width}")
