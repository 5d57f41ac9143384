"""What a session stands for, as a server process keeps it between lookups: what another
process changes is seen within KEPT_SECONDS (a guest's session, where this process makes
every change of accounts itself, within GUEST_KEPT_SECONDS), and a change this process
makes forgets it at once, a lookup under way included. On SQLite and PostgreSQL; each
test's ``SessionAccounts`` is a process that hears nothing of the app's account routes."""

from __future__ import annotations

import asyncio

import pytest

from app.service.accounts.sessions import GUEST_KEPT_SECONDS, KEPT_SECONDS, SessionAccounts, Signed
from app.service.browsers import browser_id_for
from tests.web.accounts.accountkit import cookie, ok, person, register


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(api) -> Clock:
    """A clock of its own, the app started (by the shared client of ``api``)."""
    return Clock()


def session_of(client) -> str:
    """The session id of a browser that has made a request."""
    ok(client.get("/api/stats"))
    token = cookie(client)
    assert token is not None
    return browser_id_for(token)


def looked_up(accounts: SessionAccounts, session_id: str) -> Signed:
    return asyncio.run(accounts.signed(session_id))


@pytest.mark.parametrize(
    ("guests_kept", "seen_after"),
    [(KEPT_SECONDS, KEPT_SECONDS), (GUEST_KEPT_SECONDS, GUEST_KEPT_SECONDS)],
    ids=["guests kept as any session", "guests kept longer"],
)
def test_a_guest_who_registers_elsewhere_is_refused_once_the_kept_answer_is_out_of_date(
    golf_app, clock, guests_kept, seen_after
):
    guest = person(golf_app)
    session = session_of(guest)
    other_process = SessionAccounts(golf_app.state.engine, guests_kept_seconds=guests_kept, clock=clock)
    assert looked_up(other_process, session) == Signed(session)

    register(guest)  # through the app: the other process hears nothing of it

    clock.now += seen_after - 0.1
    assert looked_up(other_process, session) == Signed(session)
    clock.now += 0.2
    assert looked_up(other_process, session) == Signed(session, refused=True)


def test_a_signed_in_session_is_kept_a_second_however_long_guests_are(golf_app, clock):
    ann = person(golf_app)
    _, account = register(ann)
    session = browser_id_for(cookie(ann) or "")
    other_process = SessionAccounts(golf_app.state.engine, guests_kept_seconds=GUEST_KEPT_SECONDS, clock=clock)
    signed = looked_up(other_process, session)
    assert signed.signed_in and signed.name == account["name"]

    assert ann.post("/api/account/sign-out").status_code == 204

    clock.now += KEPT_SECONDS - 0.1
    assert looked_up(other_process, session).signed_in
    clock.now += 0.2
    assert looked_up(other_process, session) == Signed(session)


def test_a_change_of_accounts_in_this_process_forgets_every_kept_answer(golf_app, clock):
    guest = person(golf_app)
    session = session_of(guest)
    this_process = SessionAccounts(golf_app.state.engine, guests_kept_seconds=GUEST_KEPT_SECONDS, clock=clock)
    assert looked_up(this_process, session) == Signed(session)

    register(guest)
    this_process.changed()

    assert looked_up(this_process, session) == Signed(session, refused=True)


def test_a_lookup_under_way_when_accounts_change_is_not_kept(golf_app, clock, monkeypatch):
    guest = person(golf_app)
    session = session_of(guest)
    this_process = SessionAccounts(golf_app.state.engine, guests_kept_seconds=GUEST_KEPT_SECONDS, clock=clock)
    read = this_process._signed

    def read_then_registered(session_id: str) -> Signed:
        # The guest's answer is read; the registration commits and its route forgets
        # what was kept, before this lookup is done.
        found = read(session_id)
        register(guest)
        this_process.changed()
        return found

    monkeypatch.setattr(this_process, "_signed", read_then_registered)
    assert looked_up(this_process, session) == Signed(session)  # as it stood when read
    monkeypatch.setattr(this_process, "_signed", read)

    assert looked_up(this_process, session) == Signed(session, refused=True)  # read again, not kept
