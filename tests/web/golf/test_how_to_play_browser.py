"""How to play in a real browser, on a 390x844 touch phone and at 1280x720: a contents
list at the top, sections that fold, a link to a section (from the contents or from
another page) opening it, and the keyboard shortcuts only where there is a keyboard."""

from __future__ import annotations

import pytest

from tests.browser.fixtures import shot
from tests.browser.tablekit import axe_violations

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
LAPTOP = {"viewport": {"width": 1280, "height": 720}}
SECTIONS = [
    "The deal",
    "Drawing and swapping",
    "Rejecting a stock draw",
    "The final turn",
    "Card values",
    "Canceling a column",
    "Hole and match results",
    "Controls",
    "Playing at a table with real cards",
    "A worked hole",
    "Strategy",
    "Variations",
    "House rules from golfgame",
    "Questions people ask",
    "Golf solitaire",
]


def visitor(browser, server, screen: dict):
    context = browser.new_context(base_url=server, **screen)
    context.set_default_timeout(10_000)
    return context, context.new_page()


@pytest.fixture
def phone(browser, server):
    context, page = visitor(browser, server, PHONE)
    yield page
    context.close()


@pytest.fixture
def laptop(browser, server):
    context, page = visitor(browser, server, LAPTOP)
    yield page
    context.close()


def contents(page):
    return page.get_by_role("navigation", name="On this page")


def in_view(page, selector: str) -> bool:
    """Whether the element's top is on the screen."""
    return page.evaluate(
        "(s) => { const r = document.querySelector(s).getBoundingClientRect();"
        " return r.top > -2 && r.top < innerHeight && r.height > 0; }",  # to the subpixel
        selector,
    )


def open_sections(page) -> list[str]:
    return page.evaluate(
        "() => [...document.querySelectorAll('details.section[open] > summary')].map(s => s.textContent.trim())"
    )


@pytest.mark.parametrize("screen", ["phone", "laptop"])
def test_a_contents_list_heads_the_page_and_every_section_is_folded(request, screen):
    page = request.getfixturevalue(screen)
    page.goto("/how-to-play")
    listed = page.evaluate(
        "() => [...document.querySelectorAll('nav.contents a')].filter(a => a.checkVisibility())"
        ".map(a => a.textContent.trim())"
    )
    keys = ["Keyboard shortcuts"] if screen == "laptop" else []  # a touch screen has no keys to press
    assert listed == [*SECTIONS[:8], *keys, *SECTIONS[8:]]
    # The contents are on the first screen, and the page is its headings, each a button that opens it.
    box = contents(page).bounding_box()
    assert box["y"] < PHONE["viewport"]["height"] / 2
    assert open_sections(page) == []
    for name in SECTIONS:
        assert page.get_by_role("heading", name=name, level=2).is_visible()
    height = page.evaluate("() => document.documentElement.scrollHeight")
    assert height < 2500, f"How to play is {height} px tall with every section folded"
    assert page.get_by_text("Aces count 1; 2s count −2").is_hidden()
    assert axe_violations(page) == [], "folded"
    shot(page, f"how-to-play-{screen}")


def test_on_a_phone_the_contents_open_the_section_asked_for_and_bring_it_into_view(phone):
    page = phone
    page.goto("/how-to-play")
    contents(page).get_by_role("link", name="Card values").tap()
    page.wait_for_url("**/how-to-play#card-values")
    assert open_sections(page) == ["Card values"]
    table = page.get_by_role("table", name="Card values at a glance")
    assert table.is_visible()
    assert in_view(page, "#card-values")
    # Folded again by its heading, and opened again by the same link.
    page.get_by_text("Card values", exact=True).locator("xpath=ancestor::summary").tap()
    assert table.is_hidden()
    page.evaluate("() => scrollTo(0, 0)")
    contents(page).get_by_role("link", name="Card values").tap()
    assert table.is_visible() and in_view(page, "#card-values")
    assert axe_violations(page) == [], "a section open"


@pytest.mark.parametrize("screen", ["phone", "laptop"])
@pytest.mark.parametrize(
    ("anchor", "shown"),
    [
        ("house-rules", "Super Kings:"),  # from the New game form's house rules
        ("house-wolfpack", "two column pairs of jacks score −20 more"),  # a heading within a section
        ("faq", "Does a pair of twos score −4?"),
    ],
)
def test_a_link_from_another_page_opens_its_section(request, screen, anchor, shown):
    page = request.getfixturevalue(screen)
    page.goto(f"/how-to-play#{anchor}")
    assert page.get_by_text(shown).first.is_visible()
    assert in_view(page, f"#{anchor}"), f"#{anchor} is not on the screen"
    assert len(open_sections(page)) == 1


def test_the_keyboard_shortcuts_are_there_only_where_a_keyboard_is(phone, laptop):
    laptop.goto("/how-to-play")
    assert contents(laptop).get_by_role("link", name="Keyboard shortcuts").is_visible()
    contents(laptop).get_by_role("link", name="Keyboard shortcuts").click()
    assert laptop.locator("table.shortcuts").is_visible()

    phone.goto("/how-to-play")
    assert contents(phone).get_by_role("link", name="Keyboard shortcuts").is_hidden()
    assert phone.get_by_role("heading", name="Keyboard shortcuts").is_hidden()
    assert phone.locator("table.shortcuts").is_hidden()
    shortcuts = phone.evaluate("() => document.querySelector('details.keys-only').getBoundingClientRect().height")
    assert shortcuts == 0
    # Asked for by name, they show all the same.
    phone.goto("/how-to-play#keys")
    assert phone.locator("table.shortcuts").is_visible()


def test_open_every_section_opens_them_all_and_folds_them_again(laptop):
    page = laptop
    page.goto("/how-to-play")
    button = page.get_by_role("button", name="Open every section")
    button.click()
    assert open_sections(page) == [*SECTIONS[:8], "Keyboard shortcuts", *SECTIONS[8:]]
    assert page.get_by_text("Aces count 1; 2s count −2").is_visible()
    assert axe_violations(page) == [], "every section open"
    page.get_by_role("button", name="Fold every section").click()
    assert open_sections(page) == []
