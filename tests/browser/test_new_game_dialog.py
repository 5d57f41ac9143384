"""The New game dialog in a real browser: choosing another preset names its values."""

from __future__ import annotations

from .tablekit import new_match


def test_choosing_a_preset_shows_its_values(page):
    new_match(page, seed=131)
    page.goto("/")
    page.get_by_role("button", name="New game").click()
    dialog = page.locator("#new-game-dialog")
    columns = dialog.locator("#ng-cols option[value='']")
    assert columns.text_content() == "3 columns (the preset’s)"
    dialog.get_by_label("Rules").select_option("four-card")
    assert columns.text_content() == "2 columns (the preset’s)"
    assert dialog.locator("#ng-ending option[value='']").text_content() == "When a player knocks (the preset’s)"
    dialog.get_by_label("Rules").select_option("eighteen-holes")
    assert dialog.locator("#ng-holes option[value='']").text_content() == "18 holes (the preset’s)"
