"""A person at a table of people is told "Your turn." once, when the turn passes to
their seat: not while the opening reveals go on (no one's turn yet), not again for the
same turn. Through the table page, on SQLite and PostgreSQL."""

from __future__ import annotations

import html as markup
import re

from tests.web.tables.tablekit import person
from tests.web.tables.test_table_pages import make, play_one, state

HTMX = {"HX-Request": "true"}


def told_and_headline(fragment: str) -> tuple[str, str]:
    """What the page says aloud (the table's sentence and each step's) and its headline."""
    said = re.search(r'data-say="([^"]*)"', fragment).group(1)
    said += " ".join(re.findall(r'<template data-say="([^"]*)"', fragment))
    headline = re.search(r'data-prompt="([^"]*)"', fragment).group(1)
    return markup.unescape(said), markup.unescape(headline)


def fetch(client, code: str, page: str) -> str | None:
    """The table fragment as the page follows the table; None: nothing new (nothing said)."""
    seen = re.search(r'name="seen" value="(\d+)"', page).group(1)
    stamp = re.search(r'stamp=([^"&]+)', page).group(1)
    answer = client.get(f"/t/{code}/table", params={"seen": seen, "stamp": stamp}, headers=HTMX)
    assert answer.status_code in (200, 204)
    return answer.text if answer.status_code == 200 else None


def test_your_turn_is_said_once_when_the_turn_passes_to_you(api, golf_app):
    code = make(api, seats=("open",))
    bea = person(golf_app)
    bea.post(f"/t/{code}/join", data={"name": "Bea"})
    api.post(f"/t/{code}/start", data={})
    people = {0: api, 1: bea}
    names = {0: "Ann", 1: "Bea"}
    pages = {seat: people[seat].get(f"/t/{code}").text for seat in people}
    shown_own_turn = dict.fromkeys(people, False)  # whether the seat's page last showed its turn
    told = 0
    for _ in range(40):
        mover = next(s for s in people if state(people[s], code)["match"]["legal"])
        other = 1 - mover
        answer = play_one(people[mover], code, state(people[mover], code), pages[mover])
        assert answer.status_code == 200, answer.text
        pages[mover] = answer.text
        shown_own_turn[mover] = own_turn(state(people[mover], code)["match"])
        for _look in range(2):  # the other's page follows the move, then looks again
            fragment = fetch(people[other], code, pages[other])
            if fragment is None:
                continue
            pages[other] = fragment
            said, headline = told_and_headline(pages[other])
            match = state(people[other], code)["match"]
            begun = own_turn(match) and not shown_own_turn[other]
            assert ("Your turn." in said) == begun, (said, headline, match["phase"], match["turn"])
            if begun:
                told += 1
                assert said.count("Your turn.") == 1 and names[mover] not in headline, (said, headline)
                assert ".\nYour turn." in said or said.startswith("Your turn."), said  # a line of its own
            shown_own_turn[other] = own_turn(match)
        reloaded, _ = told_and_headline(people[other].get(f"/t/{code}").text)
        assert "Your turn." not in reloaded  # told already, or not its turn
        if state(api, code)["match"]["phase"] in ("hole_over", "match_over"):
            break
    assert told >= 2  # the turns handed from one to the other were told


def own_turn(match: dict) -> bool:
    """Whether it is the seat's turn, begun and nothing drawn yet."""
    return match["turn"] == "you" and match["phase"] == "draw"
