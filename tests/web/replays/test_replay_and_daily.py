"""A replay watched by keyboard alone, and a daily deal played to its end and its result
copied, in Chromium against the real server."""

from __future__ import annotations

import re

import pytest

from app.players.greedy import GreedyPlayer
from app.web.golf.move_routes import PATHS
from tests.browser.tablekit import api, axe_violations, new_match

ROUTES = PATHS


def play_to_the_end(page) -> dict:
    """Play the match out through the API (the page's own cookie), greedily."""
    player = GreedyPlayer()
    state = api(page, "GET", "/api/match")
    for _ in range(3000):
        if state["phase"] == "match_over":
            return state
        action = player.choose(state)
        body = {k: v for k, v in action.items() if k != "action"}
        state = api(page, "POST", f"/api/match/{ROUTES[action['action']]}", body or None)
    raise AssertionError("the match did not end")


def step_shown(page) -> int:
    return int(re.search(r"Step (\d+) of", page.locator(".replay-step").inner_text()).group(1))


def test_a_replay_is_watched_by_keyboard_alone(page):
    page.goto("/")
    new_match(page, seed=5, rules={"holes": 2})
    link = play_to_the_end(page)["replay"]
    page.goto(link)
    assert step_shown(page) == 0
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('.replay-step').textContent.includes('Step 3 of')")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => document.querySelector('.replay-step').textContent.includes('Step 2 of')")
    assert "?step=2" in page.url  # the step is its own address, to share or come back to
    # The fastest speed, chosen from the keyboard; the Play button just before it plays,
    # and Space anywhere else on the page pauses.
    page.locator("[data-replay-speed]").focus()
    page.keyboard.press("End")
    assert page.locator("[data-replay-speed]").input_value() == "4"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("() => document.activeElement.dataset.replayPlay") == ""
    page.keyboard.press("Space")
    assert page.get_by_role("button", name="Pause").get_attribute("aria-pressed") == "true"
    page.wait_for_function("() => /Step ([6-9]|\\d\\d+) of/.test(document.querySelector('.replay-step').textContent)")
    page.locator("#main").focus()
    page.keyboard.press("Space")
    assert page.get_by_role("button", name="Play").get_attribute("aria-pressed") == "false"
    paused_at = step_shown(page)
    page.wait_for_timeout(800)  # at 4x a step would come every 250 ms
    assert step_shown(page) in (paused_at, paused_at + 1)  # one already on its way may land
    settled = step_shown(page)
    page.wait_for_timeout(600)
    assert step_shown(page) == settled
    page.keyboard.press("End")
    page.wait_for_function("() => !document.querySelector('#replay a[rel=next]')")
    assert "Step" in page.locator(".replay-step").inner_text()
    assert page.locator(".scorecard .total").first.inner_text().strip() != ""
    assert axe_violations(page) == []


def test_a_daily_deal_is_played_to_its_end_and_its_result_copied(page, context, server):
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    page.goto("/daily")
    page.get_by_label("Your name on the leaderboard").fill("Ann")
    page.get_by_role("button", name="Play today’s deal").click()
    page.wait_for_url(re.compile(r"/(\?.*)?$"))
    assert "counted: no Undo, Hint or Restart" in page.locator(".status").inner_text()
    assert page.get_by_role("button", name="Hint").count() == 0
    state = play_to_the_end(page)
    assert state["daily"] and state["practice"] is False and state["level"] == "expert"
    page.goto("/daily")
    assert "Your result" in page.content()
    assert page.locator(".daily-board").get_by_role("rowheader", name="Ann").count() == 1
    page.get_by_role("button", name="Copy the result").click()
    page.wait_for_function("() => document.querySelector('[data-copy-status]').textContent === 'Result copied.'")
    copied = page.evaluate("() => navigator.clipboard.readText()")
    total = state["totals"]["you"]
    assert copied.startswith(f"Golf daily deal {state['daily']}: {total}, the Expert {state['totals']['computer']}")
    assert len(copied.splitlines()[1]) == 9  # a mark a hole, no card named
    assert axe_violations(page) == []


@pytest.mark.parametrize("width, height", [(1024, 768), (1366, 768)])
def test_the_replay_s_scorecard_caption_is_whole_in_its_side_column(sized, width, height):
    page = sized(width, height)
    page.goto("/")
    new_match(page, seed=5, rules={"name": "eight-card", "players": 5, "holes": 1})
    page.goto(play_to_the_end(page)["replay"] + "?step=16")
    side, caption = page.locator(".replay-side"), page.locator(".replay-side caption")
    s, c = side.bounding_box(), caption.bounding_box()
    assert caption.inner_text() == "Each completed hole, and the running totals"
    assert c["x"] >= s["x"] - 0.5 and c["x"] + c["width"] <= s["x"] + s["width"] + 0.5, (c, s)
    # The board beside it keeps the others' cards readable (20 px and more).
    widths = page.evaluate(
        "() => [...document.querySelectorAll('.replay-board .ring .card')].map(c => c.getBoundingClientRect().width)"
    )
    assert widths and min(widths) >= 19.5, min(widths)


def relative_luminance(rgb: tuple[float, float, float]) -> float:
    def channel(value: float) -> float:
        value /= 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def colour(css: str, under: tuple[float, float, float] = (255, 255, 255)) -> tuple[float, float, float]:
    """``rgb(…)`` or ``rgba(…)`` as drawn over ``under`` (a see-through colour shows what lies beneath)."""
    parts = [float(p) for p in re.findall(r"[\d.]+", css)]
    alpha = parts[3] if len(parts) > 3 else 1.0
    r, g, b = (alpha * c + (1 - alpha) * u for c, u in zip(parts[:3], under))
    return r, g, b


def test_a_card_face_down_in_play_has_an_edge_plain_to_see_on_its_face(page):
    page.goto("/")
    new_match(page, seed=5, rules={"holes": 1})
    page.goto(play_to_the_end(page)["replay"] + "?step=3")
    hidden = page.locator(".card.replay-hidden").first
    assert "face down in play" in hidden.get_attribute("aria-label")
    style = hidden.evaluate(
        "e => { const s = getComputedStyle(e); return [s.backgroundColor, s.outlineColor, s.outlineStyle]; }"
    )
    face, edge, line = style
    assert line == "dashed"
    face_rgb = colour(face)
    lighter, darker = sorted([relative_luminance(face_rgb), relative_luminance(colour(edge, face_rgb))], reverse=True)
    assert (lighter + 0.05) / (darker + 0.05) >= 3, style
