"""Names that deceive are refused wherever a person gives one (an account, a seat at a
table, quick play, the daily leaderboard, pass and play, a score sheet), each with a
sentence and nothing changed: names that show nothing (Hangul fillers, the blank braille
pattern, marks on nothing), the site's own names ("Computer (expert)", "You", "Open
seat", "A former player", look-alike letters included), and an account name that looks
like another account's (a Cyrillic "А" in "Ann"), at the options, at the last step and
when two registrations race. On SQLite and PostgreSQL."""

from __future__ import annotations

import secrets

import pytest

from app.store import accounts as account_store
from tests.web.accounts.accountkit import a_name, ok, person, register
from tests.web.accounts.authenticator import create
from tests.web.quickplay.quickkit import ask, empty_queue
from tests.web.tables.tablekit import make_table

SHOWS_NOTHING = [
    "\u3164",  # HANGUL FILLER
    "\u115f\u1160",  # HANGUL CHOSEONG and JUNGSEONG FILLER
    "\uffa0",  # HALFWIDTH HANGUL FILLER
    "\u2800\u2800",  # BRAILLE PATTERN BLANK
    "Ann\u3164",  # looks like "Ann"
    "Ann\u2800",
    "Ann\ufe0f",  # a variation selector on a letter: drawn as nothing
    "\u034fAnn",  # COMBINING GRAPHEME JOINER
    "\u0301\u0301",  # marks on nothing
    "Ann \u0301",
    "Za\u0301\u0302\u0303\u0304\u0306",  # marks piled past four
]
SITE_NAMES = [
    "A former player",
    "a FORMER player",
    "Computer",
    "Computer (expert)",
    "Computer 4 (easy)",
    "computer(hard)",
    "Cоmputer",  # a Cyrillic "о"
    "ＣＯＭＰＵＴＥＲ",
    "You",
    "YОU",  # a Cyrillic "О"
    "Open seat",
    "Open seat, kept for Bea",
    "Bea (computer)",
    "Seat 2",
]
FINE = ["Player", "Zoë 🙂", "❤️ Ann", "Việt", "Computers", "Youssef", "Łukasz", "山田 太郎", "نور"]


def refused_with_a_sentence(response, status: int = 422) -> str:
    assert response.status_code == status, response.text
    detail = response.json()["detail"]
    assert isinstance(detail, str) and detail.endswith("."), detail
    return detail


@pytest.mark.parametrize("name", SHOWS_NOTHING + SITE_NAMES)
def test_a_deceiving_name_is_refused_for_an_account(golf_app, api, name):
    guest = person(golf_app)
    refused_with_a_sentence(guest.post("/api/account/register/options", json={"name": name}))
    assert guest.get("/api/account").status_code == 401


def test_the_sentences_say_what_is_wrong(golf_app, api):
    guest = person(golf_app)
    assert refused_with_a_sentence(guest.post("/api/account/register/options", json={"name": "⠀⠀"})) == (
        "Your name cannot hold characters that show nothing (such as a Hangul filler or a blank braille pattern)."
    )
    assert refused_with_a_sentence(guest.post("/api/account/register/options", json={"name": "Computer 4 (easy)"})) == (
        "Your name cannot be Computer 4 (easy): that is the site's name for its computer players. Choose another name."
    )


def test_deceiving_names_are_refused_at_tables_quick_play_the_daily_board_pass_and_play_and_score_sheets(golf_app, api):
    host = person(golf_app)
    table = make_table(host, seats=("host", "open", "easy"))
    code = table["code"]
    joiner = person(golf_app)
    empty_queue(golf_app.state.engine)
    for name in SHOWS_NOTHING + SITE_NAMES:
        refused_with_a_sentence(joiner.post(f"/api/tables/{code}/join", json={"name": name}))
        refused_with_a_sentence(
            host.post("/api/tables", json={"name": "Golf", "seats": ["host", "open"], "host_name": name})
        )
        refused_with_a_sentence(ask(joiner, 2, name))
        refused_with_a_sentence(joiner.post("/api/match/new", json={"daily": True, "name": name}))
        refused_with_a_sentence(joiner.post("/api/match/new", json={"people": ["Ann", name]}))
        sheet = joiner.post("/scorekeeper", data={"player-0": "Ann", "player-1": name, "holes": "9"})
        assert sheet.status_code == 422 and "name" in sheet.text
    # Nothing changed: the seat is open, nobody waits, no daily attempt was dealt.
    assert [s["kind"] for s in ok(host.get(f"/api/tables/{code}"))["seats"]] == ["person", "open", "computer"]
    assert ok(joiner.get("/api/quick-play"))["status"] == "idle"
    assert ok(joiner.get("/api/match"))["daily"] is None


def test_names_that_deceive_no_one_are_kept(golf_app, api):
    host = person(golf_app)
    empty_queue(golf_app.state.engine)
    for name in FINE:
        table = make_table(host, seats=("host", "open", "easy"))
        joined = ok(person(golf_app).post(f"/api/tables/{table['code']}/join", json={"name": name}))
        assert joined["seats"][1]["name"] == name
    # A table's name is no person's: it may be what the site calls a seat.
    assert make_table(host, name="Computer")["name"] == "Computer"


def test_an_account_name_that_looks_like_anothers_is_refused(golf_app, api):
    tag = secrets.token_hex(3)
    ann = f"Ann {tag}"
    register(api, ann)
    for alike in (f"Аnn {tag}", f"ΑNN {tag}", f"Аnn {tag}".upper()):  # a Cyrillic "А", a Greek "Α"
        response = person(golf_app).post("/api/account/register/options", json={"name": alike})
        assert refused_with_a_sentence(response, 409) == (
            f"{alike} looks like the account name {ann}: choose another name."
        )
    assert ok(person(golf_app).post("/api/account/register/options", json={"name": f"Anna {tag}"}))


def test_a_look_alike_made_between_the_options_and_the_answer_is_refused(golf_app, api):
    tag = secrets.token_hex(3)
    latin, cyrillic = f"Ian {tag}", f"Іan {tag}"  # a Cyrillic "І"
    first, second = person(golf_app), person(golf_app)
    options = [
        ok(client.post("/api/account/register/options", json={"name": name}))
        for client, name in ((first, latin), (second, cyrillic))
    ]
    assert first.post("/api/account/register", json=create(options[0])[1]).status_code == 201
    response = second.post("/api/account/register", json=create(options[1])[1])
    assert (
        refused_with_a_sentence(response, 409)
        == f"{cyrillic} looks like the account name {latin}: choose another name."
    )
    assert second.get("/api/account").status_code == 401


def test_two_look_alikes_racing_are_settled_by_the_unique_key(golf_app, api, monkeypatch):
    """The last step's check passes for both (as it would for two registrations in the
    same moment); the database's unique key refuses the second, with the same sentence."""
    tag = secrets.token_hex(3)
    latin, greek = f"Kay {tag}", f"Κay {tag}"  # a Greek "Κ"
    first, second = person(golf_app), person(golf_app)
    first_options = ok(first.post("/api/account/register/options", json={"name": latin}))
    second_options = ok(second.post("/api/account/register/options", json={"name": greek}))
    assert first.post("/api/account/register", json=create(first_options)[1]).status_code == 201
    looked = account_store.accounts_named_like
    calls = []

    def not_yet_seen(connection, key, alike):
        calls.append(key)
        return [] if len(calls) == 1 else looked(connection, key, alike)  # the race: unseen at the last step

    monkeypatch.setattr(account_store, "accounts_named_like", not_yet_seen)
    response = second.post("/api/account/register", json=create(second_options)[1])
    assert (
        refused_with_a_sentence(response, 409) == f"{greek} looks like the account name {latin}: choose another name."
    )
    assert second.get("/api/account").status_code == 401


def test_a_profile_address_cannot_be_a_dot(golf_app, api):
    for name in (".", ".."):
        response = person(golf_app).post("/api/account/register/options", json={"name": name})
        assert "address" in refused_with_a_sentence(response)


def test_a_deleted_account_frees_its_look_alikes(golf_app, api):
    tag = secrets.token_hex(3)
    client = person(golf_app)
    register(client, f"Ola {tag}")
    assert client.delete("/api/account").status_code == 204
    assert ok(person(golf_app).post("/api/account/register/options", json={"name": f"Оla {tag}"}))  # Cyrillic "О"


def test_a_name_unlike_any_other_still_registers(golf_app, api):
    name = a_name()
    _, account = register(person(golf_app), name)
    assert account["name"] == name
