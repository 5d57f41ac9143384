"""``python -m app admin accounts`` and ``rename``, on SQLite and PostgreSQL: the accounts
listed with their rating, matches, last seen and standing; a rename through the one
name check, seen on the boards and at new tables, not in past replays; and each refusal
one line, exit status 2, nothing changed."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, datetime

from sqlalchemy import update

from app.store.models import Account, AccountSession, Browser
from tests.admin.adminkit import refused_and_unchanged
from tests.web.accounts.accountkit import ok, register
from tests.web.ratings.ratingkit import play_rated
from tests.web.tables.tablekit import make_table


def test_the_accounts_are_listed_newest_seen_first_with_their_rating(site, capsys):
    ann, bob, cy = site.client, site.person(), site.person()
    register(ann, "Ann Lister")
    register(bob, "Bob Lister")
    register(cy, "Cy Other")
    play_rated(site.app, ann, names=(), computers=("easy",))
    rating = ok(ann.get("/api/players/Ann Lister"))["rating"]
    # Seen last: Cy's newest sign-in, then Ann's, then Bob's long ago (none acted since).
    signed_in = {"Cy Other": 2_100_000_000_000, "Ann Lister": 2_000_000_000_000, "Bob Lister": 1_000_000_000_000}
    with site.app.state.engine.begin() as connection:
        a, b, s = Account.__table__, Browser.__table__, AccountSession.__table__
        for name, ms in signed_in.items():
            account = connection.execute(a.select().where(a.c.name == name)).mappings().one()
            connection.execute(update(a).where(a.c.id == account["id"]).values(created_ms=0))
            connection.execute(update(b).where(b.c.id == account["principal"]).values(last_action_at=None))
            connection.execute(update(s).where(s.c.account_id == account["id"]).values(created_ms=ms))
    capsys.readouterr()
    assert site.admin("accounts") == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["NAME", "RATING", "RATED", "MATCHES", "LAST", "SEEN", "(UTC)", "STANDING"]
    assert [line.split("  ")[0] for line in lines[1:]] == ["Cy Other", "Ann Lister", "Bob Lister"]
    ann_line = lines[2]
    assert f"{rating} (1 games)" in ann_line and "2033-05-18 03:33" in ann_line and "in good standing" in ann_line
    assert "unrated" in lines[1] and "2036-07-18" in lines[1]
    # Each column starts where its header does.
    at = lines[0].index("LAST SEEN")
    assert all(line[at : at + 4] in ("2033", "2036", "2001") for line in lines[1:])

    with site.app.state.engine.begin() as connection:  # Bob acts: his principal's last action is newest
        bob_principal = connection.execute(a.select().where(a.c.name == "Bob Lister")).mappings().one()["principal"]
        connection.execute(
            update(b).where(b.c.id == bob_principal).values(last_action_at=datetime(2040, 1, 2, 3, 4, tzinfo=UTC))
        )
    assert site.admin("accounts") == 0
    first = capsys.readouterr().out.splitlines()[1]
    assert first.startswith("Bob Lister") and "2040-01-02 03:04" in first

    assert site.admin("accounts", "--name", "LISTER") == 0  # a part of the name, in any case
    listed = capsys.readouterr().out.splitlines()
    assert [line.split("  ")[0] for line in listed[1:]] == ["Bob Lister", "Ann Lister"]
    assert site.admin("accounts", "--name", "nobody") == 0
    assert capsys.readouterr().out == "No account is called so.\n"


def test_a_rename_shows_on_the_boards_and_new_tables_not_in_past_replays(site, capsys):
    ann = site.client
    register(ann, "Ann Before")
    played = play_rated(site.app, ann, names=(), computers=("easy",))
    replay = played["view"]["match"]["replay"]
    assert site.admin("rename", "ann before", "Ann After") == 0
    assert capsys.readouterr().out == "Ann Before is now called Ann After.\n"

    assert ok(ann.get("/api/players/Ann After"))["games"] == 1
    assert ann.get("/api/players/Ann Before").status_code == 404
    assert ok(ann.get("/api/leaderboard"))["you"]["name"] == "Ann After"
    assert ok(ann.get("/api/account"))["name"] == "Ann After"
    table = make_table(ann, host_name="Whoever")
    assert table["seats"][0]["name"] == "Ann After"
    past = ok(ann.get("/api/replays/" + replay.removeprefix("/r/")))
    assert past["seats"][0]["name"] == "Ann Before"  # the replay keeps the name it was played under


def test_a_rename_goes_through_the_one_name_check(site, capsys):
    register(site.client, "Dee Named")
    register(site.person(), "Eve Named")
    refused_and_unchanged(site, capsys, ("rename", "Nobody Here", "Fay"), "No account is called 'Nobody Here'.")
    refused_and_unchanged(
        site,
        capsys,
        ("rename", "Dee Named", "EVE NAMED"),
        "An account is already called EVE NAMED: choose another name.",
    )
    refused_and_unchanged(
        site, capsys, ("rename", "Dee Named", "Dee\u202eNamed"), "The new name cannot hold control characters"
    )
    refused_and_unchanged(  # a Cyrillic "Е": a name that passes for another account's
        site, capsys, ("rename", "Dee Named", "\u0415ve Named"), "looks like the account name Eve Named"
    )
    refused_and_unchanged(site, capsys, ("rename", "Dee Named", "   "), "The new name cannot be empty.")
    refused_and_unchanged(site, capsys, ("rename", "Dee Named", "x" * 25), "at most 24 characters")
    refused_and_unchanged(site, capsys, ("rename", "Dee Named", "Dee  Named"), "is called Dee Named already")
    assert site.admin("rename", "Dee Named", "dee named") == 0  # another case is another name
    assert ok(site.client.get("/api/account"))["name"] == "dee named"


def test_an_unknown_command_is_refused_in_one_line(site, capsys):
    refused_and_unchanged(site, capsys, ("promote", "Ann"), "argument COMMAND: invalid choice: 'promote'")
    refused_and_unchanged(site, capsys, ("rename", "Ann"), "the following arguments are required: NEW")
    refused_and_unchanged(site, capsys, ("accounts", "--colour"), "unrecognized arguments: --colour")


def test_the_real_command_line_helps_and_refuses(tmp_path):
    clean = {key: value for key, value in os.environ.items() if not key.startswith("GOLF_")}

    def admin(*words):
        return subprocess.run(
            [sys.executable, "-m", "app", "admin", *words],
            cwd=tmp_path,
            env={**clean, "GOLF_DATA_DIR": str(tmp_path / "data")},
            capture_output=True,
            text=True,
            timeout=60,
        )

    shown = admin("accounts", "--help")
    assert shown.returncode == 0 and shown.stderr == ""
    assert shown.stdout.startswith("usage: python -m app admin accounts [-h] [--data-dir FOLDER] [--name PART]")
    assert "newest seen first" in shown.stdout
    assert not (tmp_path / "data").exists()  # nothing was opened or made
    listed = admin("accounts")
    assert listed.returncode == 0 and listed.stdout == "No accounts yet.\n"
    unknown = admin("suspend", "Nobody")
    assert unknown.returncode == 2 and unknown.stdout == ""
    assert unknown.stderr == "python -m app admin: No account is called 'Nobody'.\n"
    elsewhere = tmp_path / "elsewhere"
    for words in (("--data-dir", str(elsewhere), "accounts"), ("accounts", "--data-dir", str(elsewhere))):
        listed = admin(*words)  # the folder named before the command or after it
        assert listed.returncode == 0 and listed.stdout == "No accounts yet.\n", words
    assert (elsewhere / "golf.sqlite3").exists()
