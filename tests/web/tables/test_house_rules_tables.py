"""golfgame's house rules at tables of people, on SQLite and PostgreSQL: chosen on the
make-table form (and over the API), played from each seat, Flip as Action's buttons and
route included."""

from __future__ import annotations

import html as html_lib

from tests.web.golf.test_pages_html import Elements
from tests.web.tables.tablekit import make_table, ok, person, post_action, start
from tests.web.tables.test_table_pages import HTMX, make, play_one, seen_and_version, state

HOUSE_FORM = {
    "super_kings": "yes",
    "one_eyed_jacks": "yes",
    "flip_as_action": "yes",
    "flip_after_reject": "endgame",
    "blackjack": "yes",
    "underdog_bonus": "-3",
}


def test_a_table_made_from_the_form_plays_the_house_rules_chosen(api):
    code = make(api, seats=("expert",), **HOUSE_FORM)
    rules = state(api, code)["rules"]
    assert (rules["super_kings"], rules["one_eyed_jacks"], rules["flip_as_action"], rules["blackjack"]) == (
        True,
        True,
        True,
        True,
    )
    assert (rules["flip_after_reject"], rules["underdog_bonus"], rules["name"]) == ("endgame", -3, "custom")


def test_a_refused_combination_on_the_form_says_why_and_makes_no_table(api):
    response = api.post(
        "/tables",
        data={
            "name": "Friday golf",
            "host_name": "Ann",
            "seat_count": "2",
            "seat_1": "open",
            "preset": "standard",
            "one_eyed_jacks": "yes",
            "jacks_zero": "yes",
        },
        follow_redirects=False,
    )
    assert response.status_code == 422
    assert "with every jack worth 0, one-eyed jacks change nothing" in html_lib.unescape(response.text)


def test_each_person_turns_a_card_up_as_their_turn_from_their_own_page(api, golf_app):
    code = make(api, seats=("open",), flip_as_action="yes")
    bea = person(golf_app)
    bea.post(f"/t/{code}/join", data={"name": "Bea"})
    api.post(f"/t/{code}/start", data={})
    people = (api, bea)
    for client in people:  # the opening reveals
        for _ in range(2):
            play_one(client, code, state(client, code), client.get(f"/t/{code}").text)
    mover = next(c for c in people if state(c, code)["match"]["phase"] == "draw")
    html = mover.get(f"/t/{code}").text
    flips = [b for b in Elements(html).card_buttons().values() if b["hx-post"].endswith("/play/flip")]
    assert len(flips) == 4 and all(b["formaction"] == f"/t/{code}/play/flip" for b in flips)
    assert all(b["aria-label"].endswith("face down: turn it up instead of drawing") for b in flips)
    position = flips[0]["value"]
    seen, version = seen_and_version(html)
    answer = mover.post(
        f"/t/{code}/play/flip",
        data={"seen": seen, "position": position},
        headers={**HTMX, "If-Match": f'"{version}"'},
    )
    assert answer.status_code == 200, answer.text
    match = state(mover, code)["match"]
    assert match["players"][0]["grid"][int(position)]["face_up"] and match["phase"] == "waiting"
    other = bea if mover is api else api
    assert state(other, code)["match"]["phase"] == "draw"


def test_the_tables_api_takes_a_flip_and_refuses_one_the_rules_do_not_have(api, golf_app):
    table = make_table(api, seats=("host", "medium"), rules={"holes": 1, "flip_as_action": True})
    start(api, table["code"])
    for position in (0, 1):
        post_action(api, table["code"], {"action": "reveal", "position": position})
    seen = ok(api.get(f"/api/tables/{table['code']}"))["match"]
    assert {"action": "flip", "position": 3} in seen["legal"]
    flipped = ok(post_action(api, table["code"], {"action": "flip", "position": 3}))
    assert flipped["match"]["players"][0]["grid"][3]["face_up"]
    plain = make_table(api, seats=("host", "medium"), rules={"holes": 1})
    start(api, plain["code"])
    for position in (0, 1):
        post_action(api, plain["code"], {"action": "reveal", "position": position})
    refused = post_action(api, plain["code"], {"action": "flip", "position": 3})
    assert refused.status_code == 409
    assert refused.json()["detail"] == "Turning a card up instead of drawing is not part of these rules."
