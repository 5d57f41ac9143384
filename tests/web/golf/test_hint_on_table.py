"""The hint marks its suggestion on the table: the one card, pile or button it advises."""

from __future__ import annotations

import re

from app.web.golf.grid_cards import hint_target
from tests.web.golf.test_pages_html import Elements, new_match, post, table


def hinted(page: str) -> list[dict]:
    return [e for e in Elements(page).elements if "hinted" in e.get("class", "").split()]


def test_the_hint_marks_the_card_or_pile_it_advises_and_only_that(api):
    new_match(api, seed=5)
    page = table(api)
    for position in (0, 4):
        _, page = post(api, "reveal", page, position=str(position))
    assert not hinted(page)
    for _ in range(3):  # a draw, then the place for the card drawn
        advice = api.post("/api/match/hint").json()
        status, page = post(api, "hint", page)
        assert status == 200
        marked = hinted(page)
        assert len(marked) == 1, marked
        target = hint_target(advice["action"])
        element = marked[0]
        if element["tag"] == "button" and "card" in element["class"].split():
            kind = element["formaction"].rsplit("/", 1)[1]
            assert f"{kind}-{element['value']}" == target
            assert element["aria-label"].endswith(", the hint's suggestion")
        else:
            assert element["formaction"] == f"/play/{target}"
        assert "Hint:" in page
        # Acting on the advice clears the mark.
        action = advice["action"]
        fields = {k: str(v) for k, v in action.items() if k != "action"}
        _, page = post(api, action["action"].replace("_", "-"), page, **fields)
        assert not hinted(page)
        if re.search(r"Hole \d+ is over", page):
            break


def test_without_script_the_mark_survives_the_redirect(api):
    new_match(api, seed=5)
    page = table(api)
    for position in (0, 4):
        _, page = post(api, "reveal", page, position=str(position))
    version = re.search(r'data-version="(\d+)"', page).group(1)
    response = api.post("/play/hint", data={"version": version}, follow_redirects=True)
    assert len(hinted(response.text)) == 1
    assert not hinted(table(api))  # shown once
