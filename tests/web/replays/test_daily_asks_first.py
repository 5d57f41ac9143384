"""Play today's deal gives up a match in progress, so it asks first, as New game warns:
a dialog in the browser, a page without script; with no match under way it deals at once."""

from __future__ import annotations

from urllib.parse import urlparse

from tests.browser.tablekit import api, new_match


def at_the_table(url: str) -> bool:
    return urlparse(url).path == "/"


def test_play_todays_deal_asks_before_giving_up_the_match_in_progress(page):
    new_match(page, seed=141)
    begun = api(page, "POST", "/api/match/reveal", {"position": 0})
    before = api(page, "GET", "/api/stats")["golf"]
    page.goto("/daily")
    page.get_by_role("button", name="Play today’s deal").click()
    question = page.get_by_role("dialog", name="Play today’s deal now?")
    assert question.is_visible()
    assert "counts it as a loss" in question.text_content()

    question.get_by_role("button", name="Cancel").click()
    assert not question.is_visible() and page.url.endswith("/daily")
    kept = api(page, "GET", "/api/match")
    assert kept["version"] == begun["version"] and not kept["daily"]
    assert api(page, "GET", "/api/stats")["golf"] == before  # not recorded as a loss

    page.get_by_role("button", name="Play today’s deal").click()
    question.get_by_role("button", name="Play today’s deal").click()
    page.wait_for_url(at_the_table)
    dealt = api(page, "GET", "/api/match")
    assert dealt["daily"] and dealt["practice"] is False
    assert api(page, "GET", "/api/stats")["golf"]["abandoned"] == before["abandoned"] + 1


def test_with_no_match_under_way_play_todays_deal_deals_at_once(page):
    new_match(page, seed=142)  # dealt, nothing played yet: nothing to give up
    page.goto("/daily")
    page.get_by_role("button", name="Play today’s deal").click()
    page.wait_for_url(at_the_table)
    assert api(page, "GET", "/api/match")["daily"]


def test_without_script_play_todays_deal_goes_to_a_page_that_asks(api):
    api.post("/api/match/new", json={"seed": 143, "level": "easy"})
    state = api.post("/api/match/reveal", json={"position": 0}).json()
    daily_page = api.get("/daily").text
    assert 'formaction="/daily/start" formmethod="get"' in daily_page
    asked = api.get("/daily/start", params={"name": "Zoë", "version": state["version"]}).text
    assert "Play today’s deal now?" in asked and "counts it as a loss" in asked
    assert 'action="/play/daily"' in asked and 'value="Zoë"' in asked
    assert api.get("/api/match").json()["version"] == state["version"]  # asking changed nothing
    played = api.post("/play/daily", data={"name": "Zoë", "version": str(state["version"])}, follow_redirects=False)
    assert played.status_code == 303 and api.get("/api/match").json()["daily"]
