"""The solitaire table on a 390x844 touch phone and at 1280x720: nothing of a raised
card reaches the buttons, the captions keep to one line, the hint rings the card it
names, and the board stays where it is as the hint, a refusal, a failed request and the
prompt's second line come and go."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.fixtures import shot
from tests.browser.tablekit import api, axe_violations
from tests.web.solitaire.solkit import WINNABLE_STRICT

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
LAPTOP = {"viewport": {"width": 1280, "height": 720}}
SCREENS = [pytest.param(PHONE, id="390x844-touch"), pytest.param(LAPTOP, id="1280x720")]
SEED = 1  # strict rules: only the ace of clubs (pile 7) plays first, and the deal cannot be won


@pytest.fixture(params=SCREENS)
def screen(request, browser, server):
    context = browser.new_context(base_url=server, reduced_motion="reduce", **request.param)
    context.set_default_timeout(10_000)
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors


def open_deal(page, seed: int, **rules) -> None:
    api(page, "POST", "/api/solitaire/new", {"seed": seed, "rules": rules})
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


# Where everything of the board is: the stock and the foundation, every pile's top card,
# the toolbar's buttons (rounded to the pixel).
PLACES = """() => {
  const box = e => { const r = e.getBoundingClientRect();
    return [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)]; };
  const places = {stock: box(document.querySelector('.sol-heaps .pile-slot:first-child > *')),
                  foundation: box(document.querySelector('.sol-heaps .card.foundation'))};
  document.querySelectorAll('.sol-pile').forEach((pile, i) => { places['pile ' + (i + 1)] = box(pile.firstElementChild); });
  document.querySelectorAll('.sol .toolbar button').forEach(b => {
    if (b.offsetParent) places[b.textContent.trim()] = box(b);
  });
  return places;
}"""


def places(page) -> dict:
    return page.evaluate(PLACES)


def test_nothing_of_a_raised_card_reaches_the_buttons(screen):
    page = screen
    for seed, rules in ((SEED, {}), (WINNABLE_STRICT, {}), (7, {"any_time": True}), (40, {"wrap": True})):
        open_deal(page, seed, **rules)
        gap = page.evaluate(
            """() => {
              const buttons = [...document.querySelectorAll('.sol .toolbar button')].filter(b => b.offsetParent);
              const top = Math.min(...buttons.map(b => b.getBoundingClientRect().top));
              const cards = [...document.querySelectorAll('.sol-pile > .card.playable')];
              return {top, cards: cards.length, bottom: Math.max(...cards.map(c => c.getBoundingClientRect().bottom))};
            }"""
        )
        assert gap["cards"] >= 1, seed
        shot(page, f"solitaire-{seed}-{page.viewport_size['width']}")
        # A raised card's ring reaches 7 px past its edge, its focus outline as far.
        assert gap["top"] - gap["bottom"] >= 8, (
            f"deal {seed}: a playable card ends {gap['top'] - gap['bottom']:.1f} px above the buttons"
        )


def test_the_captions_of_the_stock_and_the_foundation_keep_to_one_line(screen):
    page = screen
    open_deal(page, SEED)
    captions = page.evaluate(
        """() => [...document.querySelectorAll('.sol-heaps .caption')].map(c => {
             const r = c.getBoundingClientRect();
             return {text: c.textContent, lines: c.getClientRects().length, height: r.height,
                     line: parseFloat(getComputedStyle(c).lineHeight), left: r.left, right: r.right};
           })"""
    )
    assert [c["text"] for c in captions] == ["Stock · 16", "Foundation · 1"]
    for caption in captions:
        assert caption["height"] < 1.5 * caption["line"], f"{caption['text']!r} takes {caption['height']} px"
    assert captions[0]["right"] <= captions[1]["left"], "the captions run into each other"


def test_the_hint_rings_the_card_it_names(screen):
    page = screen
    for seed, rules, named in (
        (SEED, {}, "Pile 7, ace of clubs, playable"),
        (7, {"any_time": True}, "Stock, 16 cards: turn the next card"),
    ):
        open_deal(page, seed, **rules)
        assert page.locator(".hinted").count() == 0
        acting(page, lambda: page.get_by_role("button", name="Hint").click())
        hint = page.locator("#sol-hint").inner_text()
        marked = page.locator(".hinted")
        assert marked.count() == 1, hint
        expect(marked).to_have_accessible_name(f"{named}, the hint's suggestion")
        if named.startswith("Pile"):
            assert hint.endswith("Play the ace of clubs from pile 7."), hint
        else:
            assert hint.endswith("Turn the next stock card."), hint
        ring = marked.evaluate("e => getComputedStyle(e).boxShadow")
        accent = page.evaluate(
            "() => { const p = document.createElement('p'); p.style.color = 'var(--accent)'; document.body.append(p);"
            " const c = getComputedStyle(p).color; p.remove(); return c; }"
        )
        assert accent in ring, f"the ring {ring} is not drawn in the accent {accent}"
        star = marked.evaluate("e => getComputedStyle(e, '::after').content")
        assert star == '"★"', star
        assert axe_violations(page) == [], f"deal {seed} with its hint"
        # Taking the advice clears the mark.
        acting(page, marked.click)
        assert page.locator(".hinted").count() == 0


def test_the_board_stays_put_as_the_hint_a_refusal_and_a_failed_request_come_and_go(screen):
    page = screen
    open_deal(page, SEED)  # its hint is the longest kind: it cannot be won, and which card to play
    before = places(page)
    acting(page, lambda: page.get_by_role("button", name="Hint").click())
    assert page.locator("#sol-hint").inner_text().startswith("Hint: This deal can no longer be won; best from here")
    assert page.locator("#sol-hint").is_visible()
    assert places(page) == before, "the hint moved the board"
    # A refusal (a card that does not go on the foundation), said in the same place.
    acting(
        page,
        lambda: page.evaluate(
            "() => htmx.ajax('POST', '/solitaire/play', {source: '#sol-table', target: '#sol-table',"
            " swap: 'outerHTML', values: {pile: '0'}})"
        ),
    )
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("The 8 of hearts cannot go on the 2 of hearts")
    assert alert.is_visible()
    assert places(page) == before, "the refusal moved the board"
    assert axe_violations(page) == [], "a refusal shown"
    # A request that never reaches the server: common.js says so in the same alert.
    page.route("**/solitaire/hint", lambda route: route.abort())
    page.get_by_role("button", name="Hint").click()
    expect(alert).to_contain_text("The game server could not be reached")
    assert places(page) == before, "the failed request's words moved the board"
    page.unroute("**/solitaire/hint")
    # The next move clears the alert; the rest of the board is where it was.
    acting(page, lambda: page.get_by_role("button", name="Pile 7, ace of clubs, playable").click())
    expect(page.locator("#alert")).to_have_text("")
    after = places(page)
    assert {k: v for k, v in after.items() if k != "pile 7"} == {k: v for k, v in before.items() if k != "pile 7"}


def test_the_board_stays_put_as_the_prompt_changes_from_move_to_move(screen):
    page = screen
    open_deal(
        page, SEED
    )  # "Play a card onto the 2 of hearts." (one line), later "No card goes on ..." (two on a phone)
    stock = places(page)["stock"]
    prompts = []
    for _ in range(12):
        prompts.append(page.locator("#sol-prompt").inner_text().strip())
        assert places(page)["stock"] == stock, f"the stock moved under the prompt {prompts[-1]!r}"
        playable = page.get_by_role("button", name=re.compile(r", playable$"))
        target = playable.first if playable.count() else page.locator("#stock")
        acting(page, target.click)
    assert any(p.startswith("Play a card onto") for p in prompts), prompts
    assert any(p.startswith("No card goes on") for p in prompts), prompts
