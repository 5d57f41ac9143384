"""The end of a rated match in Chromium, on the shared server: two people with accounts
seated by Play now play a match out (through the API, as their pages' cookies), and
each page's last screen shows the Ratings block (each person's rating before and after,
its change, provisional), the peak of their chance to win once it is worked out, Play
now again and a rated Rematch; a guest watching is told how to be rated; at their next
rated match, the leave dialog offers Stay first, and the page of the match left offers
Play now again and New game. On a desktop and a phone."""

from __future__ import annotations

import os
import random
import re
from pathlib import Path
from urllib.parse import quote

from playwright.sync_api import expect

from app.players.greedy import GreedyPlayer
from tests.web.accounts.authenticator import create
from tests.web.golf.matchkit import ROUTES

NEXT_HOLE = {"action": "next_hole"}
PHONE = {"has_touch": True, "is_mobile": True}


def call(page, method: str, path: str, body: dict | None = None, status: int = 200) -> dict:
    """The JSON API as this page's visitor (its cookie goes along and comes back)."""
    origin = re.match(r"https?://[^/]+", page.url).group(0)
    response = page.request.fetch(path, method=method, data=body, headers={"Origin": origin})
    assert response.status == status, f"{method} {path}: {response.status} {response.text()}"
    return response.json()


def with_account(page, name: str) -> None:
    """Make an account called ``name`` from the page's session, with a software passkey."""
    page.goto("/leaderboard")
    origin = re.match(r"https?://[^/]+", page.url).group(0)
    options = call(page, "POST", "/api/account/register/options", {"name": name})
    _, credential = create(options, origin=origin)
    call(page, "POST", "/api/account/register", credential, status=201)


def play_out(pages, code: str) -> dict:
    """Each page's person in turn makes every move they may, reading the table from each
    move's answer, until the match is over; returns the table as read then."""
    player = GreedyPlayer()
    for _ in range(5000):
        for page in pages:
            view = call(page, "GET", f"/api/tables/{code}")
            while view["status"] != "over":
                legal = view["match"]["legal"]
                action = NEXT_HOLE if legal == [NEXT_HOLE] else player.choose(view["match"]) if legal else None
                if action is None:
                    break
                body = {k: v for k, v in action.items() if k != "action"}
                view = call(page, "POST", f"/api/tables/{code}/{ROUTES[action['action']]}", body or None)
            if view["status"] == "over":
                return call(page, "GET", f"/api/tables/{code}")
    raise AssertionError("the match did not finish")


def a_name(first: str) -> str:
    return f"{first} {''.join(random.choices('bcdfghjklmnpqrstvwxz', k=5)).title()}"


def test_the_end_of_a_rated_match_and_the_ways_on(sized, tmp_path):
    rae, sol = sized(1280, 720), sized(390, 844, **PHONE)
    shots = Path(os.environ.get("GOLF_SCREENSHOTS", tmp_path))
    rae_name, sol_name = a_name("Rae"), a_name("Sol")
    with_account(rae, rae_name)
    with_account(sol, sol_name)
    assert call(rae, "POST", "/api/quick-play", {"players": 2, "name": rae_name})["status"] == "waiting"
    seated = call(sol, "POST", "/api/quick-play", {"players": 2, "name": sol_name})
    assert seated["status"] == "seated"
    code = seated["code"]
    over = play_out([rae, sol], code)
    assert over["rated"]
    mine = {entry["seat"]: entry for entry in over["ratings"]}

    for page, name, seat in ((rae, rae_name, 0), (sol, sol_name, 1)):
        page.goto(f"/t/{code}")
        block = page.locator(".rated-end")
        expect(block.get_by_role("heading", name="Ratings")).to_be_visible()
        entry = mine[seat]
        sign = "+" if entry["change"] > 0 else "−" if entry["change"] < 0 else "±"
        line = block.locator("li", has_text=f"{name} (you)")
        expect(line).to_have_text(
            f"{name} (you) {entry['before']} → {entry['after']} ({sign}{abs(entry['change'])}) provisional"
        )
        expect(block.locator("li")).to_have_count(2)
        expect(block.get_by_role("link", name="The leaderboard")).to_have_attribute("href", "/leaderboard")
        bar = page.locator("#bar")
        expect(bar.get_by_role("button", name="Play now again")).to_have_class(re.compile(r"\bprimary\b"))
        expect(bar.get_by_role("button", name="Rematch, rated")).to_be_visible()
        expect(page.locator("#rematch-words")).to_contain_text("everyone here has an account and nobody left")
        # The peak of the chance to win comes once worked out, the page asking again meanwhile.
        expect(block.locator(".chance-peak")).to_have_text(
            re.compile(r"^Your chance peaked at \d+% on hole [1-9]\.$"), timeout=180_000
        )
        if seat == 0:  # at 1280x720 the news is in view as the match ends, above the scorecard
            ratings = block.get_by_role("heading", name="Ratings").bounding_box()
            assert ratings["y"] + ratings["height"] <= 720
            assert ratings["y"] < page.locator("#final-heading").bounding_box()["y"]
        # Scrolled to in one step of the page's own: the stream may draw the table anew
        # at any moment (the other seat's page opening), and a located element may be gone.
        page.evaluate("document.querySelector('.rated-end').scrollIntoView({block: 'nearest'})")
        page.screenshot(path=str(shots / f"rated-end-{seat}.png"), full_page=True)
        assert "Guests are not rated" not in block.inner_text()
        # Their profile, a step from the table, says the rating the match ended with.
        page.goto(f"/players/{quote(name, safe='')}")
        expect(page.get_by_role("heading", level=1)).to_have_text(name)
        expect(page.locator(".player-page > p").first).to_contain_text(f"Rating {entry['after']} (provisional)")
        expect(page.locator(".player-matches tbody tr")).to_have_count(1)
        page.screenshot(path=str(shots / f"profile-{seat}.png"), full_page=True)
        page.goto(f"/t/{code}")

    guest = sized(1280, 720)
    guest.goto(f"/t/{code}")
    told = guest.locator(".rated-end-guest")
    expect(told).to_contain_text("Guests are not rated")
    expect(told.get_by_role("link", name="make an account with a passkey")).to_have_attribute("href", "/account")
    expect(guest.get_by_role("button", name="Play now again")).to_have_count(0)

    # Play now again, both: the next rated match.
    rae.get_by_role("button", name="Play now again").click()
    rae.wait_for_url("**/quick-play", timeout=30_000)
    sol.get_by_role("button", name="Play now again").click()
    sol.wait_for_url(re.compile(r"/t/[\w-]+$"), timeout=30_000)
    rae.wait_for_url(re.compile(r"/t/[\w-]+$"), timeout=30_000)
    assert rae.url == sol.url and not rae.url.endswith(code)
    rae.locator("#bar").get_by_role("button", name="Leave").click()
    dialog = rae.locator("#leave-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("counts as last place for your rating, and as a loss in your statistics")
    expect(dialog.locator("button.primary")).to_have_text("Stay")
    rae.screenshot(path=str(shots / "leave-dialog.png"))
    dialog.get_by_role("button", name="Stay").click()
    expect(dialog).to_be_hidden()
    rae.locator("#bar").get_by_role("button", name="Leave").click()
    dialog.get_by_role("button", name="Leave").click()
    bar = rae.locator("#bar")
    expect(bar.get_by_role("button", name="Play now again")).to_be_visible()
    expect(bar.get_by_role("link", name="New game")).to_have_attribute("href", "/new")
    rae.screenshot(path=str(shots / "left.png"))
