"""Helpers for the ratings tests: accounts for test browsers, and quick-play matches
played to their end by several people."""

from __future__ import annotations

from sqlalchemy import select, update

from app.names import name_key
from app.players.greedy import GreedyPlayer
from app.store.models import Account, GolfTable
from tests.web.accounts.accountkit import register
from tests.web.tables.tablekit import make_table, ok, person, post_action, start


def make_account(golf_app, client, name: str) -> str:
    """Register an account called ``name`` from ``client``'s session (with the software
    passkey of the account tests; the session is signed in to it) and return its id."""
    register(client, name)
    with golf_app.state.engine.connect() as connection:
        a = Account.__table__
        return connection.execute(select(a.c.id).where(a.c.name_key == name_key(name))).scalar_one()


def play_rated(
    golf_app,
    host,
    names: tuple[str, ...],
    computers: tuple[str, ...] = (),
    rated: bool = True,
    accounts: tuple[str | None, ...] = (),
    leavers: tuple[int, ...] = (),
) -> dict:
    """A one-hole table of ``host`` and one new person per name (then computers of the
    given levels), marked as quick play (``rated``) and, as quick play would, rated when
    every person at it has an account, played to its end; returns the host's last view
    and the people's clients (host first). ``accounts`` names an account for each of the
    joining people (None: a guest); the people at ``leavers`` (indexes, the host 0) leave
    as soon as the match starts."""
    seats = ("host", *["open"] * len(names), *computers)
    table = make_table(host, seats=seats, rules={"holes": 1}, host_name="Host")
    code = table["code"]
    people = [host]
    for name in names:
        client = person(golf_app)
        ok(client.post(f"/api/tables/{code}/join", json={"name": name}))
        people.append(client)
    for client, account in zip(people[1:], accounts, strict=False):
        if account is not None:
            make_account(golf_app, client, account)
    if rated:
        with golf_app.state.engine.begin() as connection:
            t, a = GolfTable.__table__, Account.__table__
            seats = connection.execute(select(t.c.seats).where(t.c.code == code)).scalar_one()
            browsers = [seat["browser"] for seat in seats if seat["kind"] == "person"]
            accounts = connection.execute(select(a.c.principal).where(a.c.principal.in_(browsers))).scalars().all()
            all_accounts = len(set(accounts)) == len(browsers)
            connection.execute(update(t).where(t.c.code == code).values(quick_play=True, rated=all_accounts))
    view = start(host, code)
    for index in leavers:
        ok(people[index].post(f"/api/tables/{code}/leave"))
    people = [client for index, client in enumerate(people) if index not in leavers]
    player = GreedyPlayer()
    for _ in range(2000):
        moved = False
        for client in people:
            view = ok(client.get(f"/api/tables/{code}"))
            if view["status"] == "over":
                return {"code": code, "view": view, "people": people}
            if view["match"]["legal"]:
                ok(post_action(client, code, player.choose(view["match"])))
                moved = True
        if not moved:
            view = ok(host.get(f"/api/tables/{code}"))
    raise AssertionError("the table did not finish")
