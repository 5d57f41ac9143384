"""Cards move: a move runs view transitions and animations, each card named by the place
it is drawn as coming from; with prefers-reduced-motion nothing moves at all."""

from __future__ import annotations

import re

import pytest

from app.cards import card_name
from app.web.golf.names import position_name
from tests.browser.tablekit import (
    api,
    carried,
    focused_name,
    glides,
    moves_of,
    new_match,
    open_table,
    prompt,
    wait_settled,
)

FACE_DOWN = r"^Your card, .* row, column \d, face down$"


def play_a_turn(page, rules: dict | None = None) -> None:
    new_match(page, seed=51, rules=rules)
    open_table(page)
    for _ in range(2):
        page.get_by_role("button", name=re.compile(FACE_DOWN)).first.click()
        wait_settled(page)
    page.get_by_role("button", name=re.compile("^Stock")).click()
    wait_settled(page)


def test_a_move_moves_the_cards(watched):
    page = watched(reduced=False)
    play_a_turn(page)
    assert page.evaluate("() => window.__transitions") >= 3
    assert page.evaluate("() => window.__maxAnimations") > 0
    # The drawn card is drawn as coming from the stock, the stock under it as new.
    assert page.evaluate("() => document.querySelector('.held-slot .card').style.viewTransitionName") == "card-stock"
    assert page.evaluate("() => document.querySelector('.card.stock').style.viewTransitionName") == "card-stock-next"
    before = page.evaluate("() => window.__transitions")
    page.get_by_role("button", name=re.compile(FACE_DOWN)).first.click()  # the computer replies step by step
    wait_settled(page)
    assert page.evaluate("() => window.__transitions") > before
    names = page.evaluate("() => [...document.querySelectorAll('[data-vt]')].map(e => e.style.viewTransitionName)")
    assert len(names) == len(set(names)), "each card has a name of its own"


def said_lines(page) -> list[str]:
    """The live region's lines, oldest first."""
    return list(reversed(page.locator("#announce p").all_inner_texts()))


def test_your_swap_glides_the_drawn_card_into_your_grid_and_the_old_card_onto_the_discard(watched):
    page = watched(reduced=False, speed="slow")  # each step of the reply has time to move
    play_a_turn(page)
    state = api(page, "GET", "/api/match")
    held = card_name(state["held"]["card"])
    position = next(i for i, cell in enumerate(state["players"][0]["grid"]) if not cell["face_up"])
    where = position_name(position, state["rules"]["rows"], state["rules"]["cols"])
    moves = moves_of(page, lambda: page.get_by_role("button", name=f"Your card, {where}, face down").click())
    first = moves[0]  # the table just after your move, before the computer's reply
    assert glides(first, f"^Your drawn card, {held}$", f"^Your card, {where}, {held}$"), first
    assert glides(first, f"^Your card, {where}, face down$", "^Discard pile, "), first
    # Then the computer's reply, step by step: its drawn card glides from a pile to its place.
    assert any(glides(move, "^(Stock|Discard pile)", "^Computer's drawn card") for move in moves[1:]), moves
    # Told in order, your move first; then focus is where your next move is.
    said = said_lines(page)
    mine = said.index(f"You put the {held} at {where}.")
    assert any(line.startswith("The computer ") for line in said[mine + 1 :]), said
    assert prompt(page).startswith("Draw from the stock")
    assert focused_name(page).startswith("Stock, ")


def test_on_a_slow_device_at_fast_speed_every_step_of_the_reply_still_moves(watched):
    """A step that comes due while the one before is still moving waits for it: each step
    of the computer's reply, and the table after them, moves in a transition of its own,
    on a processor six times slower than this one (where Fast's 350 ms steps overrun)."""
    page = watched(reduced=False, speed="fast")
    play_a_turn(page)
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 6})
    answers = []

    def swap():
        with page.expect_response(lambda response: response.request.method == "POST") as answer:
            page.get_by_role("button", name=re.compile(FACE_DOWN)).first.click()
        answers.append(answer.value.text())

    # Every step waits for the one before to stop moving, six times slower than here: on a
    # busy machine that is well past the page's usual ten seconds.
    moves = moves_of(page, swap, timeout=60_000)
    steps = answers[0].count("<template data-say=")
    assert steps >= 3  # your swap, the computer's draw and its placing
    # The new table comes in moving (your swap shown first), then one transition for each
    # later step and one for the live board.
    assert len(moves) >= steps + 1, (steps, len(moves))
    assert any(glides(move, "^(Stock|Discard pile)", "^Computer's drawn card") for move in moves[1:]), moves


# With a flip after a throw-away your turn goes on and the table shows your move as it
# stands; without one the computer replies at once, step by step after your move.
@pytest.mark.parametrize("flip", ["must", "never"])
def test_your_throw_away_glides_the_drawn_card_onto_the_discard(watched, flip):
    page = watched(reduced=False, speed="slow")
    play_a_turn(page, rules={"name": "standard", "flip_after_reject": flip})
    held = card_name(api(page, "GET", "/api/match")["held"]["card"])
    moves = moves_of(page, lambda: page.get_by_role("button", name="Discard draw").click())
    assert glides(moves[0], f"^Your drawn card, {held}$", f"^Discard pile, {held}$"), moves[0]
    if flip == "must":
        assert prompt(page) == "Choose a face-down card to reveal"
        assert re.match(FACE_DOWN, focused_name(page)), focused_name(page)
    else:
        assert any(glides(move, "^(Stock|Discard pile)", "^Computer's drawn card") for move in moves[1:]), moves
        assert any(line.startswith("The computer ") for line in said_lines(page))
        assert focused_name(page).startswith("Stock, ")


# Each card animation that starts on the table, and whether the steps of a reply were
# being shown then (the table is "playing") or the live board was back.
WATCH_CARD_ANIMATIONS = """
window.__cardAnimations = [];
document.addEventListener('animationstart', (event) => {
  const table = document.getElementById('table');
  if (!event.target.closest || !event.target.closest('#board .card')) return;
  window.__cardAnimations.push({name: event.animationName, steps: !!table && table.classList.contains('playing'),
                                card: event.target.getAttribute('aria-label')});
}, true);
"""


def test_the_table_after_the_steps_plays_nothing_again(watched):
    page = watched(reduced=False, speed="slow")
    page.add_init_script(WATCH_CARD_ANIMATIONS)
    play_a_turn(page)
    page.evaluate("() => { window.__cardAnimations = []; }")
    moves_of(page, lambda: page.get_by_role("button", name=re.compile(FACE_DOWN)).first.click())
    page.wait_for_timeout(600)  # longer than any card animation: the live board's would have begun
    seen = page.evaluate("() => window.__cardAnimations")
    # The steps show your card and then the computer's arriving in place ...
    assert any(a["steps"] and a["name"].startswith("arrive") and a["card"].startswith("Your card") for a in seen)
    assert any(a["steps"] and a["name"].startswith("arrive") and a["card"].startswith("Computer") for a in seen)
    # ... and the live board that follows is that table again: nothing on it replays.
    assert [a for a in seen if not a["steps"]] == [], seen


def test_a_table_drawn_again_carries_no_card(watched):
    page = watched(reduced=False)
    play_a_turn(page)  # you hold the card you drew
    moves = moves_of(page, lambda: page.get_by_role("button", name="Hint").click())
    assert moves and not any(carried(move) for move in moves), [carried(move) for move in moves]
    assert page.locator("#hint").is_visible()


def test_reduced_motion_moves_nothing(watched):
    page = watched(reduced=True)
    play_a_turn(page, rules={"name": "standard", "flip_after_reject": "never"})
    page.get_by_role("button", name=re.compile(FACE_DOWN)).first.click()  # a swap, the computer replying
    wait_settled(page)
    page.get_by_role("button", name=re.compile("^Stock")).click()
    wait_settled(page)
    page.get_by_role("button", name="Discard draw").click()  # a throw-away
    wait_settled(page)
    assert prompt(page).startswith("Draw from the stock")
    assert page.evaluate("() => window.__transitions") == 0
    assert page.evaluate("() => window.__maxAnimations") == 0
