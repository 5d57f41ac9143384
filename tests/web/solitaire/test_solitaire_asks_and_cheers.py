"""Golf solitaire: Restart after a move asks first, a deal number that cannot be dealt
keeps what was typed and says why, and a cleared deal is celebrated with the statistics."""

from __future__ import annotations

import re
from html import unescape

from app.service.solitaire import MAX_DEAL
from tests.web.solitaire.solkit import WINNABLE_STRICT, play_moves, post, winning_line
from tests.web.solitaire.test_solitaire_html import Elements, get_html, version_of

HX = {"HX-Request": "true"}
SEED = 1


def test_restart_asks_first_once_a_move_is_made(api):
    post(api, "/api/solitaire/new", {"seed": SEED})
    html = get_html(api)
    restart = Elements(html).by_id("restart")
    assert "data-sol-confirm" not in restart and 'id="sol-restart-dialog"' not in html  # nothing to lose yet
    post(api, "/api/solitaire/play", {"pile": 6})
    html = unescape(get_html(api))
    assert Elements(html).by_id("restart")["data-sol-confirm"] == "sol-restart-dialog"
    dialog = re.search(r'<dialog id="sol-restart-dialog".*?</dialog>', html, re.S).group(0)
    assert "Restart this deal?" in dialog
    assert "This unfinished deal counts as played, with 34 cards left." in dialog
    assert 'hx-post="/solitaire/restart"' in dialog and f'value="{version_of(html)}"' in dialog


def test_a_deal_number_out_of_range_keeps_what_was_typed_and_says_why(api):
    post(api, "/api/solitaire/new", {"seed": SEED})
    html = get_html(api)
    before = api.get("/api/solitaire").json()
    typed = str(MAX_DEAL + 2)
    response = api.post(
        "/solitaire/new", data={"version": str(version_of(html)), "options": "1", "seed": typed}, headers=HX
    )
    assert response.status_code == 422
    page = Elements(response.text)
    field = page.by_id("nd-seed")
    assert field["value"] == typed and field["aria-invalid"] == "true"
    error = page.by_id(field["aria-describedby"])
    assert error is not None
    assert f"A deal number is a whole number from 0 to {MAX_DEAL}." in unescape(response.text)
    assert "data-reopen" in page.by_id("sol-new-dialog")
    assert api.get("/api/solitaire").json() == before  # nothing dealt


def test_not_a_number_is_kept_too_and_without_script_on_the_new_deal_page(api):
    post(api, "/api/solitaire/new", {"seed": SEED})
    html = get_html(api)
    response = api.post("/solitaire/new", data={"version": str(version_of(html)), "options": "1", "seed": "12ab"})
    assert response.status_code == 422
    text = unescape(response.text)
    assert "<h1>New deal</h1>" in text
    assert Elements(response.text).by_id("nd-seed")["value"] == "12ab"
    assert "A deal number is a whole number, such as 1234" in text


def test_a_cleared_deal_is_celebrated_with_the_statistics(api):
    post(api, "/api/solitaire/new", {"seed": WINNABLE_STRICT})
    state = play_moves(api, winning_line(WINNABLE_STRICT))
    assert state["phase"] == "won"
    html = unescape(get_html(api))
    won = re.search(r'<section class="sol-won".*?</section>', html, re.S)
    assert won, "no celebration"
    text = re.sub(r"<[^>]+>", " ", won.group(0))
    text = re.sub(r"\s+", " ", text)
    assert "Cleared!" in text and f"in {state['moves']} moves" in text
    assert "Deals won 1 of 1" in text and "Win rate 100%" in text and "Current winning streak 1" in text
    assert '<a href="/statistics">' in won.group(0)


def test_a_stuck_deal_is_not_celebrated(api):
    from .solkit import QUICK_STUCK, play_out

    state = post(api, "/api/solitaire/new", {"seed": QUICK_STUCK})
    assert play_out(api, state)["phase"] == "stuck"
    assert 'class="sol-won"' not in get_html(api)


# --------------------------------------------------------------------------- in a browser


def test_in_a_browser_the_refused_number_comes_back_in_the_dialog_and_restart_can_be_cancelled(page):
    from tests.browser.tablekit import api as page_api

    from .test_solitaire_page import acting, open_page

    page_api(page, "POST", "/api/solitaire/new", {"seed": SEED})
    open_page(page)
    page.get_by_role("button", name="New deal…").click()
    dialog = page.locator("#sol-new-dialog")
    typed = str(MAX_DEAL + 2)
    dialog.get_by_label("Deal number").fill(typed)
    acting(page, lambda: dialog.get_by_role("button", name="Deal").click())
    dialog = page.locator("#sol-new-dialog")
    assert dialog.evaluate("d => d.open")
    field = dialog.get_by_label("Deal number")
    assert field.input_value() == typed
    assert page.evaluate("() => document.activeElement.id") == "nd-seed"
    assert dialog.locator(".field-error").inner_text().endswith(f"from 0 to {MAX_DEAL}.")
    dialog.get_by_role("button", name="Cancel").click()

    acting(page, lambda: page.get_by_role("button", name=re.compile(r", playable$")).first.click())
    version = page_api(page, "GET", "/api/solitaire")["version"]
    page.get_by_role("button", name="Restart", exact=True).click()
    confirm = page.locator("#sol-restart-dialog")
    assert confirm.evaluate("d => d.open")
    confirm.get_by_role("button", name="Cancel").click()
    assert not confirm.evaluate("d => d.open")
    assert page_api(page, "GET", "/api/solitaire")["version"] == version  # nothing restarted
    page.get_by_role("button", name="Restart", exact=True).click()
    acting(page, lambda: confirm.get_by_role("button", name="Restart").click())
    assert page_api(page, "GET", "/api/solitaire")["moves"] == 0
