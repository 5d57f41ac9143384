"""Reading and writing accounts, their former names, the sessions signed in to them,
their passkeys, the passkeys' challenges and the device codes (SQLAlchemy Core). What moves a guest's rows
to an account is :mod:`app.store.account_rows`."""

from __future__ import annotations

from sqlalchemy import Connection, bindparam, delete, false, insert, or_, select, true, union_all, update

from app.store.models import Account, AccountFormerName, AccountSession, DeviceCode, Passkey, PasskeyChallenge

ACCOUNTS = Account.__table__
FORMER_NAMES = AccountFormerName.__table__
ACCOUNT_SESSIONS = AccountSession.__table__
PASSKEYS = Passkey.__table__
CHALLENGES = PasskeyChallenge.__table__
DEVICE_CODES = DeviceCode.__table__

# Asked on every request of a session that presents a cookie: built once, one round
# trip of two lookups by key. A row (principal, True) names the account the session is
# signed in to; (principal, False) says the session is itself an account's principal.
_SIGNED_IN_AS = union_all(
    select(ACCOUNTS.c.principal, true().label("signed_in"), ACCOUNTS.c.name)
    .select_from(ACCOUNT_SESSIONS.join(ACCOUNTS))
    .where(ACCOUNT_SESSIONS.c.session_id == bindparam("session")),
    select(ACCOUNTS.c.principal, false().label("signed_in"), ACCOUNTS.c.name).where(
        ACCOUNTS.c.principal == bindparam("session")
    ),
)


def session_standing(connection: Connection, session_id: str) -> tuple[str, bool, str] | None:
    """``(principal, True, name)`` for a session signed in to an account, ``(principal,
    False, name)`` for an account's principal itself, None for a guest."""
    row = connection.execute(_SIGNED_IN_AS, {"session": session_id}).first()
    return (row[0], bool(row[1]), row[2]) if row else None


# ------------------------------------------------------------------ accounts


def account_of_session(connection: Connection, session_id: str) -> dict | None:
    query = (
        select(ACCOUNTS).select_from(ACCOUNT_SESSIONS.join(ACCOUNTS)).where(ACCOUNT_SESSIONS.c.session_id == session_id)
    )
    row = connection.execute(query).mappings().first()
    return dict(row) if row else None


def name_of_principal(connection: Connection, browser_id: str) -> str | None:
    """The name of the account whose rows are kept under ``browser_id`` (None for a guest):
    a signed-in person sits at every table under it."""
    return connection.execute(select(ACCOUNTS.c.name).where(ACCOUNTS.c.principal == browser_id)).scalar()


def principals_among(connection: Connection, browser_ids: list[str]) -> set[str]:
    """Which of ``browser_ids`` are accounts' principals (whose rows an account's are)."""
    if not browser_ids:
        return set()
    query = select(ACCOUNTS.c.principal).where(ACCOUNTS.c.principal.in_(browser_ids))
    return set(connection.execute(query).scalars())


def account(connection: Connection, account_id: str) -> dict | None:
    row = connection.execute(select(ACCOUNTS).where(ACCOUNTS.c.id == account_id)).mappings().first()
    return dict(row) if row else None


def accounts_named_like(connection: Connection, name_key: str, name_skeleton: str) -> list[dict]:
    """``{"id", "name", "name_key"}`` of the accounts whose name is ``name_key`` or looks
    like it (its look-alike key is ``name_skeleton``): two lookups by unique key."""
    t = ACCOUNTS
    query = select(t.c.id, t.c.name, t.c.name_key).where(
        or_(t.c.name_key == name_key, t.c.name_skeleton == name_skeleton)
    )
    return [dict(row) for row in connection.execute(query).mappings()]


def add_account(connection: Connection, **values) -> None:
    connection.execute(insert(ACCOUNTS).values(**values))


def rename_account(connection: Connection, account_id: str, name: str, name_key: str, name_skeleton: str) -> None:
    connection.execute(
        update(ACCOUNTS)
        .where(ACCOUNTS.c.id == account_id)
        .values(name=name, name_key=name_key, name_skeleton=name_skeleton)
    )


# ------------------------------------------------------------------ former names


def keep_former_name(connection: Connection, **values) -> None:
    """Remember a name the account went by (once a name: a name it had twice keeps its
    latest change)."""
    f = FORMER_NAMES
    connection.execute(delete(f).where(f.c.account_id == values["account_id"], f.c.name_key == values["name_key"]))
    connection.execute(insert(f).values(**values))


def drop_former_name(connection: Connection, account_id: str, name_key: str) -> None:
    f = FORMER_NAMES
    connection.execute(delete(f).where(f.c.account_id == account_id, f.c.name_key == name_key))


def former_names_reserved_like(connection: Connection, name_key: str, name_skeleton: str, now_ms: int) -> list[dict]:
    """``{"account_id", "name", "name_key"}`` of the former names still kept for their
    accounts that are ``name_key`` or look like it (their look-alike key is ``name_skeleton``)."""
    f = FORMER_NAMES
    query = select(f.c.account_id, f.c.name, f.c.name_key).where(
        or_(f.c.name_key == name_key, f.c.name_skeleton == name_skeleton), f.c.reserved_until_ms > now_ms
    )
    return [dict(row) for row in connection.execute(query).mappings()]


def name_now(connection: Connection, former_key: str) -> str | None:
    """The name now of the account that went by the name ``former_key`` last (None if none did)."""
    f, a = FORMER_NAMES, ACCOUNTS
    query = (
        select(a.c.name)
        .select_from(f.join(a, a.c.id == f.c.account_id))
        .where(f.c.name_key == former_key)
        .order_by(f.c.renamed_ms.desc())
        .limit(1)
    )
    return connection.execute(query).scalar()


def former_names(connection: Connection, account_id: str) -> list[str]:
    f = FORMER_NAMES
    return list(connection.execute(select(f.c.name).where(f.c.account_id == account_id)).scalars())


def delete_account(connection: Connection, account_id: str) -> None:
    """The account, its sessions, passkeys and device codes (the foreign keys cascade)."""
    connection.execute(delete(ACCOUNTS).where(ACCOUNTS.c.id == account_id))


# ------------------------------------------------------------------ sessions


def add_session(
    connection: Connection, session_id: str, account_id: str, device: str, now_ms: int, **by_code: str | None
) -> None:
    """A session signed in to the account; ``by_code`` (``code_made_on``, ``code_address``)
    for one signed in with a device code."""
    connection.execute(
        insert(ACCOUNT_SESSIONS).values(
            session_id=session_id, account_id=account_id, device=device, created_ms=now_ms, **by_code
        )
    )


def sessions(connection: Connection, account_id: str) -> list[dict]:
    query = (
        select(ACCOUNT_SESSIONS)
        .where(ACCOUNT_SESSIONS.c.account_id == account_id)
        .order_by(ACCOUNT_SESSIONS.c.created_ms, ACCOUNT_SESSIONS.c.session_id)
    )
    return [dict(row) for row in connection.execute(query).mappings()]


def end_session(connection: Connection, session_id: str) -> None:
    connection.execute(delete(ACCOUNT_SESSIONS).where(ACCOUNT_SESSIONS.c.session_id == session_id))


# ------------------------------------------------------------------ passkeys


def add_passkey(connection: Connection, **values) -> None:
    connection.execute(insert(PASSKEYS).values(**values))


def passkey_by_credential(connection: Connection, credential_id: str) -> dict | None:
    row = connection.execute(select(PASSKEYS).where(PASSKEYS.c.credential_id == credential_id)).mappings().first()
    return dict(row) if row else None


def passkeys(connection: Connection, account_id: str) -> list[dict]:
    query = select(PASSKEYS).where(PASSKEYS.c.account_id == account_id).order_by(PASSKEYS.c.created_ms, PASSKEYS.c.id)
    return [dict(row) for row in connection.execute(query).mappings()]


def passkey_used(connection: Connection, passkey_id: str, read_count: int, sign_count: int, now_ms: int) -> bool:
    """Store the passkey's new signature counter, unless another sign-in stored one since
    ``read_count`` was read: False then."""
    changed = connection.execute(
        update(PASSKEYS)
        .where(PASSKEYS.c.id == passkey_id, PASSKEYS.c.sign_count == read_count)
        .values(sign_count=sign_count, used_ms=now_ms)
    )
    return changed.rowcount == 1


def delete_passkey(connection: Connection, account_id: str, passkey_id: str) -> bool:
    gone = connection.execute(delete(PASSKEYS).where(PASSKEYS.c.id == passkey_id, PASSKEYS.c.account_id == account_id))
    return gone.rowcount == 1


# ------------------------------------------------------------------ challenges


def add_challenge(connection: Connection, now_ms: int, **values) -> None:
    """Store a challenge, and forget the expired ones (of anyone) while at it."""
    connection.execute(delete(CHALLENGES).where(CHALLENGES.c.expires_ms < now_ms))
    connection.execute(insert(CHALLENGES).values(**values))


def take_challenge(connection: Connection, challenge: str, purpose: str, session_id: str) -> dict | None:
    """The challenge sent to ``session_id`` for ``purpose``, deleted as it is read (a
    challenge answers once); None if there is none."""
    t = CHALLENGES
    mine = (t.c.challenge == challenge, t.c.purpose == purpose, t.c.session_id == session_id)
    row = connection.execute(select(t).where(*mine)).mappings().first()
    if row is None or connection.execute(delete(t).where(*mine)).rowcount != 1:
        return None  # none, or a parallel answer took it first
    return dict(row)


def delete_challenges(connection: Connection, session_ids: list[str]) -> None:
    connection.execute(delete(CHALLENGES).where(CHALLENGES.c.session_id.in_(session_ids)))


# ------------------------------------------------------------------ device codes


def add_device_code(
    connection: Connection, code: str, account_id: str, session_id: str, expires_ms: int, now_ms: int
) -> None:
    """Store a code made by ``session_id`` (it dies with that session: the foreign key
    cascades), and forget the expired ones while at it."""
    connection.execute(delete(DEVICE_CODES).where(DEVICE_CODES.c.expires_ms < now_ms))
    connection.execute(
        insert(DEVICE_CODES).values(code=code, account_id=account_id, session_id=session_id, expires_ms=expires_ms)
    )


def take_device_code(connection: Connection, code: str, now_ms: int) -> dict | None:
    """``{"account_id", "made_on"}`` of a live ``code`` (``made_on``: the device of the
    session that made it), the code deleted as it is read; None if there is none."""
    t, s = DEVICE_CODES, ACCOUNT_SESSIONS
    query = (
        select(t.c.account_id, t.c.expires_ms, s.c.device.label("made_on"))
        .select_from(t.join(s, s.c.session_id == t.c.session_id))
        .where(t.c.code == code)
    )
    row = connection.execute(query).mappings().first()
    if row is None or connection.execute(delete(t).where(t.c.code == code)).rowcount != 1:
        return None
    return {"account_id": row["account_id"], "made_on": row["made_on"]} if row["expires_ms"] >= now_ms else None
