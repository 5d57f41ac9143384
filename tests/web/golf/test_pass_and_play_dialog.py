"""The New game dialog on a 390x844 touch phone, for pass and play: each choice of the
number of players names the people given and the computers as they will sit, one choice
for each number and none of them cut off in its select; a line says the seats in order;
the first person is "you"; the deal number says what it is for."""

from __future__ import annotations

import pytest

from tests.browser.fixtures import watch_for_script_errors
from tests.browser.tablekit import wait_settled

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}

# Each choice's words, and whether they fit the select as it is drawn (less its padding
# and its arrow): a choice wider than that is cut off when chosen.
CHOICES = """s => { const style = getComputedStyle(s), c = document.createElement('canvas').getContext('2d');
  c.font = style.font;
  const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
  return [...s.options].map(o => ({value: o.value, text: o.textContent, fits: c.measureText(o.textContent).width <= room}));
}"""


@pytest.fixture
def phone(browser, server):
    context = browser.new_context(base_url=server, **PHONE)
    context.add_cookies([{"name": "golf_speed", "value": "instant", "url": server}])
    context.set_default_timeout(10_000)
    errors: list[str] = []
    yield watch_for_script_errors(context.new_page(), errors)
    context.close()
    assert not errors, f"script errors on the page: {errors}"


def open_dialog(page):
    page.goto("/")
    wait_settled(page)
    page.get_by_role("button", name="New game").click()
    return page.locator("#new-game-dialog")


def test_the_choices_name_the_people_and_computers_as_they_will_sit(phone):
    dialog = open_dialog(phone)
    players = dialog.get_by_label("Number of players")
    alone = players.evaluate(CHOICES)
    assert [c["value"] for c in alone] == [str(n) for n in range(2, 9)]  # one choice for each number
    assert alone[1]["text"] == "3 players: you and 2 computers"
    assert not any("preset" in c["text"] for c in alone)
    assert dialog.locator("#ng-seating").inner_text() == "As they will sit: You, Computer"

    dialog.get_by_text("Pass and play").click()
    assert dialog.get_by_text("Person 1 (you)", exact=True).is_visible()
    assert dialog.get_by_text("Person 2", exact=True).is_visible()
    dialog.get_by_label("Person 1 (you)").fill("Ann")
    dialog.get_by_label("Person 2", exact=True).fill("Bo")
    players.select_option("3")
    named = players.evaluate(CHOICES)
    assert named[0]["text"] == "2 players: Ann and Bo"
    assert named[1]["text"] == "3 players: Ann, Bo and 1 computer"
    assert all(c["text"].startswith(f"{c['value']} players: Ann") and "Bo" in c["text"] for c in named)
    assert all(c["fits"] for c in named), named
    assert dialog.locator("#ng-seating").inner_text() == "As they will sit: Ann, Bo, Computer 2"

    # Longer names and more people: each choice still whole, the line naming everyone.
    dialog.get_by_label("Person 3").fill("Christopher")
    dialog.get_by_label("Person 4").fill("Dominique")
    players.select_option("6")
    crowded = players.evaluate(CHOICES)
    assert all(c["fits"] for c in crowded), crowded
    assert crowded[0]["text"].startswith("2 players: too few seats")
    assert dialog.locator("#ng-seating").inner_text() == (
        "As they will sit: Ann, Bo, Christopher, Dominique, Computer 4, Computer 5"
    )

    assert dialog.get_by_label("Deal number (to replay the same deals)").count() == 1
    assert dialog.get_by_text("Seed", exact=True).count() == 0


def test_the_same_people_deal_again_at_the_same_seats(phone):
    dialog = open_dialog(phone)
    dialog.get_by_label("Number of players").select_option("3")
    dialog.get_by_text("Pass and play").click()
    dialog.get_by_label("Person 1 (you)").fill("Ann")
    dialog.get_by_label("Person 2", exact=True).fill("Bo")
    dialog.get_by_role("button", name="Deal", exact=True).click()
    wait_settled(phone)
    dialog = open_dialog(phone)
    players = dialog.get_by_label("Number of players")
    assert players.evaluate("s => s.selectedOptions[0].textContent") == "3 players: Ann, Bo and 1 computer"
    assert dialog.locator("#ng-seating").inner_text() == "As they will sit: Ann, Bo, Computer 2"


def test_long_names_dealt_again_are_shortened_to_fit_as_the_dialog_opens(phone):
    dialog = open_dialog(phone)
    dialog.get_by_label("Number of players").select_option("3")
    dialog.get_by_text("Pass and play").click()
    dialog.get_by_label("Person 1 (you)").fill("Christopher")
    dialog.get_by_label("Person 2", exact=True).fill("Dominique")
    dialog.get_by_role("button", name="Deal", exact=True).click()
    wait_settled(phone)
    dialog = open_dialog(phone)  # the names given again, drawn by the server in full
    choices = dialog.get_by_label("Number of players").evaluate(CHOICES)
    assert all(c["fits"] for c in choices), choices
    assert choices[1]["text"].startswith("3 players: ")
    assert dialog.locator("#ng-seating").inner_text() == "As they will sit: Christopher, Dominique, Computer 2"
