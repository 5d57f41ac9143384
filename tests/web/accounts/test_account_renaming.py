"""An account changes its name (``POST /api/account/name``, the Account page's Change
name): through the same check as a new account's, refused with a sentence and nothing
changed; the old profile address leads to the new one; the old name is kept for the
account for a while, then free; every device, the leaderboards, the profile and the
tables taken from then on use the new name, while a table in play and the replays of
past tables keep the names they were played under. On SQLite and PostgreSQL."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete, select, update

from app.confusables import look_alike_key
from app.golf.rules import RuleSet
from app.main import create_app
from app.names import name_key
from app.service.accounts import renaming
from app.service.accounts.naming import FORMER_NAME_KEPT_DAYS, FORMER_NAME_KEPT_MS
from app.service.errors import Invalid, NotFound
from app.service.replays import daily
from app.settings import Settings
from app.store.accounts import ACCOUNTS, FORMER_NAMES
from app.store.daily import DAILY_ENTRIES
from app.store.repository import BROWSERS, GOLF_TABLES
from tests.web.accounts.accountkit import ok, person, register, sign_in
from tests.web.golf.matchkit import play_until
from tests.web.quickplay.quickkit import ask, empty_queue
from tests.web.ratings.ratingkit import play_rated
from tests.web.tables.tablekit import make_table, start

NOON = int(datetime(2033, 3, 3, 12, tzinfo=UTC).timestamp() * 1000)
DAY = "2033-03-03"


def renamed(client, name: str):
    return client.post("/api/account/name", json={"name": name})


def refused(response, status: int) -> str:
    assert response.status_code == status, response.text
    detail = response.json()["detail"]
    assert isinstance(detail, str) and detail.endswith("."), detail
    return detail


def named(prefix: str) -> str:
    return f"{prefix} {secrets.token_hex(3)}"


def test_an_account_changes_its_name_on_every_device(golf_app, api):
    old, new = named("Ann"), named("Bea")
    passkey, _ = register(api, old)
    tablet = person(golf_app)
    ok(sign_in(tablet, passkey))
    answer = ok(renamed(api, new))
    assert answer["name"] == new and len(answer["devices"]) == 2  # the account, as GET /api/account shows it
    assert ok(tablet.get("/api/account"))["name"] == new
    assert ok(api.get("/api/account"))["name"] == new
    # A change of case alone is a change of name too, and the profile is found either way.
    assert ok(renamed(api, new.upper()))["name"] == new.upper()
    assert ok(person(golf_app).get(f"/api/players/{quote(new, safe='')}"))["name"] == new.upper()
    assert ok(renamed(api, new.upper()))["name"] == new.upper()  # the same name again: nothing to change


def test_a_name_is_refused_as_a_new_accounts_is_and_nothing_changes(golf_app, api):
    mine, theirs = named("Cy"), named("Dee")
    register(person(golf_app), theirs)
    register(api, mine)
    assert (
        refused(renamed(api, theirs.lower()), 409)
        == f"An account is already called {theirs.lower()}: choose another name."
    )
    look_alike = theirs.replace("e", "\u0435")  # a Cyrillic "е" for each "e"
    assert refused(renamed(api, look_alike), 409) == (
        f"{look_alike} looks like the account name {theirs}: choose another name."
    )
    for bad in ("", "   ", "x" * 25, "..", "Computer (expert)", "Ann\u3164"):
        refused(renamed(api, bad), 422)
    refused(api.post("/api/account/name", json={}), 422)
    assert ok(api.get("/api/account"))["name"] == mine
    assert refused(renamed(person(golf_app), named("Guest")), 401) == "You are not signed in to an account."


def test_the_old_profile_address_leads_to_the_new_one(golf_app, api):
    old, new = named("AC/DC"), named("Eve?")
    register(api, old)
    ok(renamed(api, new))
    visitor = person(golf_app)
    moved = visitor.get(f"/api/players/{quote(old, safe='')}", follow_redirects=False)
    assert moved.status_code == 308 and moved.headers["location"] == f"/api/players/{quote(new, safe='')}"
    assert moved.headers["cache-control"] == "no-store"  # the old name may be another account's one day
    assert ok(visitor.get(f"/api/players/{quote(old.upper(), safe='')}"))["name"] == new  # followed
    page = visitor.get(f"/players/{quote(old, safe='')}", follow_redirects=False)
    assert page.status_code == 301 and page.headers["location"] == f"/players/{quote(new, safe='')}"
    shown = visitor.get(f"/players/{quote(old, safe='')}")
    assert shown.status_code == 200 and "<h1>Eve?" in shown.text
    # Renamed again, every old address leads to the name now.
    newest = named("Fay")
    ok(renamed(api, newest))
    for former in (old, new):
        again = visitor.get(f"/api/players/{quote(former, safe='')}", follow_redirects=False)
        assert again.headers["location"] == f"/api/players/{quote(newest, safe='')}"
    assert visitor.get(f"/api/players/{quote(named('Nobody'), safe='')}").status_code == 404


def test_a_former_name_is_kept_for_its_account_then_free(golf_app, api):
    old, new = named("Gus"), named("Hal")
    register(api, old)
    ok(renamed(api, new))
    kept = (
        f"{old} was another account's name until lately, and is kept for that account for "
        f"{FORMER_NAME_KEPT_DAYS} days after its change: choose another name."
    )
    other = person(golf_app)
    refused_options = other.post("/api/account/register/options", json={"name": old.lower()})
    assert refused(refused_options, 409) == kept.replace(old, old.lower(), 1)
    look_alike = old.replace("u", "\u057d")  # an Armenian "ս" for the "u"
    assert refused(other.post("/api/account/register/options", json={"name": look_alike}), 409) == (
        f"{look_alike} looks like {old}, another account's name until lately, which is kept for that account for "
        f"{FORMER_NAME_KEPT_DAYS} days after its change: choose another name."
    )
    someone = person(golf_app)  # another account cannot change its name to it either
    register(someone, named("Jo"))
    assert refused(renamed(someone, old), 409) == kept
    assert ok(api.get("/api/account"))["name"] == new

    # Its own account may take it back: then it is its name again, and not a former one.
    ok(renamed(api, old))
    with golf_app.state.engine.connect() as connection:
        keys = set(connection.execute(select(FORMER_NAMES.c.name_key)).scalars())
    assert name_key(old) not in keys and name_key(new) in keys
    assert ok(person(golf_app).get(f"/api/players/{quote(new, safe='')}"))["name"] == old

    # Once its time is over, the name is anyone's, and its address their profile.
    ok(renamed(api, new))
    with golf_app.state.engine.begin() as connection:
        until = connection.execute(
            select(FORMER_NAMES.c.reserved_until_ms, FORMER_NAMES.c.renamed_ms).where(
                FORMER_NAMES.c.name_key == name_key(old)
            )
        ).one()
        assert until.reserved_until_ms - until.renamed_ms == FORMER_NAME_KEPT_MS
        connection.execute(
            update(FORMER_NAMES).where(FORMER_NAMES.c.name_key == name_key(old)).values(reserved_until_ms=0)
        )
    taker = person(golf_app)
    assert register(taker, old)[1]["name"] == old
    profile = ok(person(golf_app).get(f"/api/players/{quote(old, safe='')}"))
    assert profile["name"] == old and profile["games"] == 0


def test_a_rename_shows_on_the_boards_and_the_profile_but_not_in_past_replays(golf_app, api):
    old, new = named("Kit"), named("Lee")
    host = api
    ok(host.get("/api/leaderboard"))
    register(host, old)
    played = play_rated(golf_app, host, names=(), computers=("easy",))
    ok(renamed(host, new))
    board = ok(host.get("/api/leaderboard"))
    names = {row["name"] for row in board["players"]} | {row["name"] for row in board["week"]}
    assert new in names and old not in names
    assert board["you"]["name"] == new
    profile = ok(person(golf_app).get(f"/api/players/{quote(new, safe='')}"))
    assert profile["name"] == new and profile["games"] == 1
    page = host.get("/leaderboard").text
    assert f"/players/{quote(new, safe='')}" in page and f"/players/{quote(old, safe='')}" not in page
    replay = ok(person(golf_app).get("/api/replays/" + played["view"]["match"]["replay"].rsplit("/", 1)[1]))
    assert [seat["name"] for seat in replay["seats"]][0] == old  # played under it


def test_tables_from_now_on_seat_the_new_name_and_a_table_in_play_keeps_the_old(golf_app, api):
    old, new = named("Max"), named("Ned")
    register(api, old)
    playing = make_table(api, seats=("host", "easy"), rules={"holes": 2})
    start(api, playing["code"])
    ok(renamed(api, new))
    view = ok(api.get(f"/api/tables/{playing['code']}"))
    assert view["match"]["players"][0]["name"] == old  # the others met them under it

    made = make_table(api, seats=("host", "open", "easy"), host_name="Anything")
    assert made["seats"][0]["name"] == new
    host = person(golf_app)
    other = make_table(host, seats=("host", "open", "easy"), host_name="Hosting Guest")
    assert ok(api.post(f"/api/tables/{other['code']}/join", json={"name": old}))["seats"][1]["name"] == new


def test_quick_play_seats_the_new_name_even_while_waiting(golf_app, api):
    empty_queue(golf_app.state.engine)
    old, new = named("Oz"), named("Pam")
    register(api, old)
    waiting = ok(ask(api, 3, old))
    assert waiting["seated"] == [old]
    ok(renamed(api, new))
    assert ok(api.get("/api/quick-play"))["seated"] == [new]
    ok(api.delete("/api/quick-play"))


@pytest.fixture
def one_hole_daily(golf_app, monkeypatch):
    """Today is ``DAY`` (a date of these tests alone), and its deal one hole against the Easy player."""
    for service in (golf_app.state.golf, golf_app.state.daily, golf_app.state.replays):
        monkeypatch.setattr(service, "now", lambda: NOON)
    monkeypatch.setattr(daily, "RULES", RuleSet(holes=1))
    monkeypatch.setattr(daily, "LEVEL", "easy")


def test_the_daily_leaderboard_and_the_daily_name_follow_the_account(golf_app, api, one_hole_daily):
    old, new = named("Quin"), named("Rae")
    register(api, old)
    ok(api.post("/api/match/new", json={"daily": True}))
    play_until(api, lambda state: state["phase"] == "match_over")
    assert old in {row["name"] for row in ok(api.get(f"/api/daily?date={DAY}"))["leaderboard"]}
    ok(renamed(api, new))
    board = {row["name"]: row for row in ok(person(golf_app).get(f"/api/daily?date={DAY}"))["leaderboard"]}
    assert new in board and old not in board and board[new]["guest"] is False
    assert new in api.get(f"/daily?date={DAY}").text
    with golf_app.state.engine.connect() as connection:
        principal = connection.execute(select(ACCOUNTS.c.principal).where(ACCOUNTS.c.name_key == name_key(new)))
        preferences = connection.execute(
            select(BROWSERS.c.preferences).where(BROWSERS.c.id == principal.scalar_one())
        ).scalar_one()
    assert preferences["daily_name"] == new  # the next days' deals are played under it
    with golf_app.state.engine.connect() as connection:
        entries = set(connection.execute(select(DAILY_ENTRIES.c.name).where(DAILY_ENTRIES.c.date == DAY)).scalars())
    assert new in entries and old not in entries  # the stored attempt is under the new name too


def test_a_deleted_account_is_a_former_player_under_every_name_it_had(golf_app, api):
    """Even in the replay of a table cleared away since (nothing there says which seat was
    its own): the replay is found by its result, and every name the account had goes."""
    old, new = named("Sam"), named("Tam")
    register(api, old)
    played = play_rated(golf_app, api, names=(), computers=("easy",))
    ok(renamed(api, new))
    with golf_app.state.engine.begin() as connection:
        connection.execute(delete(GOLF_TABLES).where(GOLF_TABLES.c.code == played["code"]))
    assert api.delete("/api/account").status_code == 204
    replay = ok(person(golf_app).get("/api/replays/" + played["view"]["match"]["replay"].rsplit("/", 1)[1]))
    assert [seat["name"] for seat in replay["seats"]] == ["A former player", "Computer (easy)"]
    with golf_app.state.engine.connect() as connection:
        assert connection.execute(select(FORMER_NAMES).where(FORMER_NAMES.c.name_key == name_key(old))).first() is None
    assert person(golf_app).get(f"/api/players/{quote(old, safe='')}").status_code == 404


def test_a_name_taken_or_given_up_at_the_same_moment_is_refused_with_its_sentence(golf_app, api, monkeypatch):
    """Two changes racing: the first check passes for both (here: it is skipped for the
    second), and the database settles it. A name another account takes at the same moment
    meets the unique key; one it gives up at the same moment is seen once this change is
    written. Either way the sentence is the check's, and nothing changed."""
    theirs, gone, mine = named("Uma"), named("Vic"), named("Wes")
    other = person(golf_app)
    register(other, gone)
    ok(renamed(other, theirs))  # gone: given up, kept for them
    register(api, mine)

    def unchecked(connection, name, except_account=None, what="Your name", now_ms=None):
        return {"name": name, "name_key": name_key(name), "name_skeleton": look_alike_key(name)}

    monkeypatch.setattr(renaming, "account_name_check", unchecked)
    assert refused(renamed(api, theirs), 409) == f"An account is already called {theirs}: choose another name."
    assert "is kept for that account" in refused(renamed(api, gone), 409)
    assert ok(api.get("/api/account"))["name"] == mine


def test_changing_the_name_is_an_account_step_held_to_its_pace(own_database):
    settings = Settings(
        database_url=own_database,
        deal_key="test",
        rate_limit_accounts="3/minute",
        rate_limit_accounts_per_address="10/minute",
    )
    with TestClient(create_app(settings)) as client:
        old, new = named("Xia"), named("Yan")
        register(client, old)  # two steps: the options and the passkey
        assert ok(renamed(client, new))["name"] == new
        refused(renamed(client, old), 429)
        assert client.post("/account/name", data={"name": old}).status_code == 429
        assert ok(client.get("/api/account"))["name"] == new


def test_a_rename_by_connection_and_account_id_may_forget_the_old_name_at_once(golf_app, api):
    """As the site's host renames an account whose name it takes away: the old name is
    neither kept for the account nor its address led anywhere."""
    old, new = named("Zed"), named("Abe")
    register(api, old)
    with golf_app.state.engine.begin() as connection:
        account_id = connection.execute(select(ACCOUNTS.c.id).where(ACCOUNTS.c.name_key == name_key(old))).scalar_one()
        with pytest.raises(Invalid, match="^The new name cannot be empty.$"):
            renaming.rename(connection, account_id, " ", what="The new name")
        assert renaming.rename(connection, account_id, new, keep_former=False) == {"name": new, "former_name": old}
    assert ok(api.get("/api/account"))["name"] == new
    assert person(golf_app).get(f"/api/players/{quote(old, safe='')}").status_code == 404
    assert register(person(golf_app), old)[1]["name"] == old
    with golf_app.state.engine.begin() as connection, pytest.raises(NotFound):
        renaming.rename(connection, "no-such-account", named("Bo"))
