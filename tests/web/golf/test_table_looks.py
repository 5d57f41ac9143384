"""Table colours and card backs to choose from (the Table look chooser in the header),
remembered by the browser, on every page that shows a table."""

from __future__ import annotations

from tests.browser.tablekit import axe_violations, new_match, open_table


def looks(page) -> tuple[str, str]:
    """The table's colour and a face-down card's back, as drawn."""
    return (
        page.locator("#table").evaluate("e => getComputedStyle(e).backgroundColor"),
        page.locator(".card.down").first.evaluate("e => getComputedStyle(e).backgroundImage"),
    )


def test_a_chosen_table_colour_and_card_back_are_drawn_and_remembered(page, browser, server):
    new_match(page, seed=81)
    open_table(page)
    default = looks(page)
    page.get_by_text("Table look").click()
    page.get_by_label("Table colour").select_option("blue")
    page.get_by_label("Card backs").select_option("red")
    chosen = looks(page)
    assert chosen[0] != default[0] and chosen[1] != default[1]
    assert chosen[0] == "rgb(31, 74, 110)"
    page.reload()
    assert looks(page) == chosen  # remembered by this browser
    page.get_by_text("Table look").click()
    assert page.get_by_label("Table colour").input_value() == "blue"
    assert page.get_by_label("Card backs").input_value() == "red"
    assert axe_violations(page) == []
    other = browser.new_context(base_url=server)
    try:  # another browser keeps its own look
        fresh = other.new_page()
        fresh.goto("/")
        assert looks(fresh) == default
    finally:
        other.close()


def test_every_look_keeps_the_table_s_text_readable(page):
    new_match(page, seed=82)
    open_table(page)
    page.get_by_text("Table look").click()
    for felt in ("green", "blue", "red", "grey"):
        page.get_by_label("Table colour").select_option(felt)
        assert axe_violations(page, "#table") == [], felt
