"""The Play now form's name box, on SQLite and PostgreSQL: a signed-in account's name is
in it from the start (a guest's is empty, "Player" only its placeholder)."""

from __future__ import annotations

from tests.web.accounts.accountkit import a_name, person, register
from tests.web.golf.test_pages_html import Elements


def name_box(page: str) -> dict:
    return next(
        e for e in Elements(page).elements if e["tag"] == "input" and e.get("name") == "name" and "data-name" in e
    )


def test_the_play_now_name_box_holds_the_accounts_name(golf_app, api):  # api: the app started
    guest = person(golf_app)
    box = name_box(guest.get("/new").text)
    assert box.get("placeholder") == "Player" and not box.get("value")

    someone = person(golf_app)
    name = a_name()
    register(someone, name)
    for path in ("/new", "/"):
        box = name_box(someone.get(path).text)
        assert box.get("value") == name, path
