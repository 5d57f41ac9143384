"""The New game dialog in a real browser: choosing another preset names its values."""

from __future__ import annotations

from tests.browser.tablekit import new_match


def test_choosing_a_preset_shows_its_values(page):
    new_match(page, seed=131)
    page.goto("/")
    page.get_by_role("button", name="New game").click()
    dialog = page.locator("#new-game-dialog")
    columns = dialog.locator("#ng-cols option[value='']")
    assert columns.text_content() == "3 columns (as in Standard)"
    dialog.get_by_label("Rules").select_option("four-card")
    assert columns.text_content() == "2 columns (as in Four-card)"
    assert dialog.locator("#ng-ending option[value='']").text_content() == "When a player knocks (as in Four-card)"
    dialog.get_by_label("Rules").select_option("eighteen-holes")
    assert dialog.locator("#ng-holes option[value='']").text_content() == "18 holes (as in Eighteen holes)"


def test_the_dialog_asks_for_the_number_of_players_first(page):
    new_match(page, seed=132)
    page.goto("/")
    page.get_by_role("button", name="New game").click()
    dialog = page.locator("#new-game-dialog")
    players = dialog.get_by_label("Number of players")
    assert players.is_visible()  # not folded away under Change the rules
    # The deal of your own asks it first (Play now with people comes before the deal).
    first = dialog.locator("form[action='/play/new']").locator("select, input:not([type=hidden])").first
    assert first.get_attribute("id") == "ng-players"
    quick = dialog.get_by_role("button", name="Play now")
    assert quick.bounding_box()["y"] < players.bounding_box()["y"]
    assert dialog.locator("details.options #ng-players").count() == 0
    players.select_option("6")
    dialog.get_by_role("button", name="Deal", exact=True).click()
    page.wait_for_function("() => document.querySelectorAll('#board .seat').length === 6")


def test_play_with_friends_is_in_the_site_s_navigation(page):
    page.goto("/how-to-play")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Play with friends").click()
    page.wait_for_url("**/tables/new")
    link = page.get_by_role("navigation", name="Main").get_by_role("link", name="Play with friends")
    assert link.get_attribute("aria-current") == "page"
