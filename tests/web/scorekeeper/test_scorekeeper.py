"""The scorekeeper through its pages, on SQLite and PostgreSQL: set-up, entering and
correcting scores, running totals, the leader and gaps, undo, the versioned write,
several saved games, the shared read-only sheet, and the calculator for one cell."""

from __future__ import annotations

import html
import re

import pytest

HX = {"HX-Request": "true"}
ALICE = [17, 4, 11, -1, 9, 6, 13, 2, 8]  # Alice's card in the worked example
ALICE_RUNNING = [17, 21, 32, 31, 40, 46, 59, 61, 69]


def start(api, names=("Alice", "Ben"), holes="9", **fields) -> str:
    data = {f"player-{i}": n for i, n in enumerate(names)} | {"holes": holes, **fields}
    response = api.post("/scorekeeper", data=data, follow_redirects=False)
    assert response.status_code == 303, response.text
    return response.headers["location"]


def version(text: str) -> str:
    return re.search(r'id="sk-version" name="version" value="(\d+)"', text).group(1)


def enter(api, sheet: str, cells: dict[str, str], htmx=True, status=200, ver=None) -> str:
    ver = ver or version(api.get(sheet).text)
    response = api.post(
        f"{sheet}/scores", data={"version": ver, **cells}, headers=HX if htmx else {}, follow_redirects=False
    )
    assert response.status_code == status, response.text
    return html.unescape(response.text)


def oob(text: str, id_: str) -> str:
    return re.search(rf'id="{id_}"[^>]*>([^<]*)<', text).group(1)


def test_seed_example_nine_holes_give_69_with_every_running_total(api):
    sheet = start(api)
    answer = ""
    for hole, score in enumerate(ALICE):
        answer = enter(api, sheet, {f"s-{hole}-0": str(score), f"s-{hole}-1": "10"})
        assert oob(answer, "total-0") == str(ALICE_RUNNING[hole])
    page = html.unescape(api.get(sheet).text)
    for hole, running in enumerate(ALICE_RUNNING):
        assert oob(page, f"rt-{hole}-0") == f"total {running}".replace("-", "−")
    assert oob(page, "total-0") == "69" and oob(page, "total-1") == "90"
    assert "Alice wins with 69." in page and oob(page, "gap-1") == "+21"


def test_the_leader_and_gaps_follow_each_entry_and_ties_are_ties(api):
    sheet = start(api, ("Ann", "Bo", "Cy"), holes="1")
    answer = enter(api, sheet, {"s-0-0": "5"})
    assert "Ann leads with 5" in oob(answer, "sk-status") or "share the lead" in oob(answer, "sk-status")
    answer = enter(api, sheet, {"s-0-0": "5", "s-0-1": "-3"})
    assert oob(answer, "gap-0") == "+8" and oob(answer, "gap-1") == "leads"
    answer = enter(api, sheet, {"s-0-0": "4", "s-0-1": "4", "s-0-2": "9"})
    assert "A tie: Ann and Bo share the lowest total, 4." in answer


def test_a_negative_score_and_corrections_at_any_time(api):
    sheet = start(api, holes="2")
    enter(api, sheet, {"s-0-0": "−1", "s-0-1": "3", "s-1-0": "2", "s-1-1": "2"})
    answer = enter(api, sheet, {"s-0-0": "7"})  # correcting hole 1 after the game is over
    assert oob(answer, "total-0") == "9" and "Ben wins with 5." in answer


@pytest.mark.parametrize("bad", ["abc", "²", "٣", "1e3", "1000", "-100", "5.5", "--5", "+" * 6])
def test_a_score_that_is_not_a_whole_number_is_refused_and_changes_nothing(api, bad):
    sheet = start(api)
    enter(api, sheet, {"s-0-0": "17"})
    answer = enter(api, sheet, {"s-0-0": "17", "s-0-1": bad}, status=422)
    assert "Hole 1, Ben must be" in answer
    page = api.get(sheet).text
    assert 'name="s-0-1" value=""' in page and oob(page, "total-0") == "17"


def test_a_lone_minus_is_a_number_still_being_typed(api):
    sheet = start(api)
    answer = enter(api, sheet, {"s-0-0": "-"})
    assert 'class="alert-text"' not in answer and oob(answer, "total-0") == "0"


def test_without_script_the_form_saves_and_comes_back(api):
    sheet = start(api)
    response = api.post(
        f"{sheet}/scores", data={"version": version(api.get(sheet).text), "s-0-0": "17"}, follow_redirects=False
    )
    assert response.status_code == 303 and response.headers["location"] == sheet
    bad = api.post(f"{sheet}/scores", data={"version": version(api.get(sheet).text), "s-0-1": "x"})
    assert bad.status_code == 422 and 'value="x"' in bad.text and "must be a whole number" in html.unescape(bad.text)


def test_undo_takes_back_the_last_entry_as_one_entry_per_cell_typed(api):
    sheet = start(api)
    enter(api, sheet, {"s-0-0": "17"})
    enter(api, sheet, {"s-0-0": "17", "s-0-1": "1"})
    enter(api, sheet, {"s-0-0": "17", "s-0-1": "12"})  # typing on in the same cell
    page = api.get(sheet).text
    assert "Undo: hole 1, Ben" in page
    answer = html.unescape(api.post(f"{sheet}/undo", data={"version": version(page)}, headers=HX).text)
    assert "Taken back: hole 1, Ben is empty again." in answer and 'name="s-0-1" value=""' in answer
    answer = html.unescape(api.post(f"{sheet}/undo", data={"version": version(api.get(sheet).text)}, headers=HX).text)
    assert "hole 1, Alice is empty again" in answer
    refused = api.post(f"{sheet}/undo", data={"version": version(api.get(sheet).text)}, headers=HX)
    assert refused.status_code == 409 and "no entry to take back" in refused.text


def test_a_page_drawn_from_an_older_version_is_refused_and_redrawn(api):
    sheet = start(api)
    old = version(api.get(sheet).text)
    enter(api, sheet, {"s-0-0": "17"})
    answer = enter(api, sheet, {"s-0-0": "", "s-0-1": "3"}, status=412, ver=old)
    assert "changed in another tab" in answer and 'name="s-0-0" value="17"' in answer
    assert 'name="s-0-1" value=""' in api.get(sheet).text


def test_the_game_survives_a_reload_and_several_games_are_listed_resumed_and_deleted(api):
    first = start(api, ("Alice", "Ben"))
    enter(api, first, {"s-0-0": "17"})
    second = start(api, ("Cara", "Dev", "Eve"), holes="18")
    listing = html.unescape(api.get("/scorekeeper").text)
    assert f'href="{first}"' in listing and f'href="{second}"' in listing
    assert "Alice and Ben: 0 of 9 holes played" in listing and "Cara, Dev and Eve: 0 of 18 holes played" in listing
    assert 'name="s-0-0" value="17"' in api.get(first).text
    assert api.post(f"{first}/delete", follow_redirects=False).status_code == 303
    assert api.get(first).status_code == 404
    assert f'href="{first}"' not in api.get("/scorekeeper").text


def test_player_names_are_remembered_for_the_next_game(api):
    start(api, ("Alice", "Ben", "Cara", "Dev"))
    form = api.get("/scorekeeper").text
    for i, name in enumerate(("Alice", "Ben", "Cara", "Dev")):
        assert f'name="player-{i}" value="{name}"' in form


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ({"player-0": "Alice", "holes": "9"}, "2 to 8 players"),
        ({"player-0": "Alice", "player-1": "alice", "holes": "9"}, "the same name"),
        ({"player-0": "A", "player-1": "B", "holes": "other", "holes_other": "0"}, "Holes must be from 1 to 36"),
        ({"player-0": "A", "player-1": "B", "holes": "other", "holes_other": "٣"}, "Holes must be a whole number"),
        ({"player-0": "A", "player-1": "B", "holes": "other", "holes_other": "99"}, "Holes must be from 1 to 36"),
        ({"player-0": "A" * 30, "player-1": "B", "holes": "9"}, "at most 24"),
    ],
)
def test_a_bad_set_up_is_shown_again_with_the_reason(api, data, says):
    response = api.post("/scorekeeper", data=data, follow_redirects=False)
    assert response.status_code == 422 and says in html.unescape(response.text)
    assert 'name="player-0" value="' + html.escape(data["player-0"]) in response.text  # kept as typed


def test_any_number_of_holes(api):
    sheet = start(api, holes="other", holes_other="5")
    page = api.get(sheet).text
    assert 'name="s-4-1"' in page and 'name="s-5-0"' not in page


def test_another_browser_cannot_open_or_change_the_sheet_but_the_share_link_reads_it(api):
    sheet = start(api)
    enter(api, sheet, {"s-0-0": "17", "s-0-1": "2"})
    page = api.get(sheet).text
    share = re.search(r'href="(/scorekeeper/shared/[^"]+)"', page).group(1)
    assert len(share.rsplit("/", 1)[1]) >= 20
    api.cookies.clear()  # another browser
    assert api.get(sheet).status_code == 404
    assert api.post(f"{sheet}/scores", data={"s-0-0": "1"}).status_code == 404
    shared = html.unescape(api.get(share).text)
    assert shared.count("<input") == 0 and 'id="total-0">17<' in shared and 'id="total-1">2<' in shared
    assert api.get("/scorekeeper/shared/" + "x" * 22).status_code == 404


def test_the_calculator_for_one_cell_uses_the_games_rules_and_fills_the_cell(api):
    sheet = start(api, pair="-4")
    calc = api.get(f"{sheet}/calc", params={"hole": "3", "player": "2", "card": "5 9 Q 5 9 Q".split()})
    text = html.unescape(calc.text)
    assert calc.status_code == 200 and 'id="score-total">−12<' in text
    assert "Put −12 on the sheet for Ben, hole 3" in text and 'name="s-2-1" value="-12"' in text
    response = api.post(f"{sheet}/scores", data={"s-2-1": "-12"}, follow_redirects=False)
    assert response.status_code == 303
    assert 'name="s-2-1" value="-12"' in api.get(sheet).text
    assert api.get(f"{sheet}/calc", params={"hole": "10", "player": "1"}).status_code == 422


def test_the_score_sheet_prints_without_the_controls(api):
    css = api.get("/static/golf.css").text
    media = css[css.index("@media print") :]
    assert "header.site" in media and ".no-print" in media
    assert 'class="no-print' in api.get(start(api)).text
