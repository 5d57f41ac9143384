"""The one table of the stack's floors (``bench.stack_floor``, ``bench.live_floor``): a
row by key, its version and its state, read and written back under a version check in
a transaction, on the app's own engine (its pool, its SQLite settings). Nothing else: no
game, no session.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import Column, Engine, Integer, MetaData, String, Table, Text, bindparam, select, update

from app.store.database import make_engine

metadata = MetaData()
rows = Table(
    "rows",
    metadata,
    Column("key", String, primary_key=True),
    Column("version", Integer, nullable=False),
    Column("state", Text, nullable=False),
)

# Built once with bound parameters, as the app's store builds its statements: building a
# statement on each call costs more than running it.
_SELECT = select(rows.c.version, rows.c.state).where(rows.c.key == bindparam("row_key"))
_UPDATE = (
    update(rows)
    .where(rows.c.key == bindparam("row_key"), rows.c.version == bindparam("read_version"))
    .values(version=bindparam("new_version"), state=bindparam("new_state"))
)


def floor_engine(url: str) -> Engine:
    """The app's own engine on ``url``, with the floors' one table."""
    engine = make_engine(url)
    metadata.create_all(engine)
    return engine


def put_row(engine: Engine, key: str, state: str) -> None:
    """The row ``key`` at version 0 holding ``state``, whatever it held before."""
    with engine.begin() as connection:
        connection.execute(rows.delete().where(rows.c.key == key))
        connection.execute(rows.insert().values(key=key, version=0, state=state))


def write_back(engine: Engine, key: str, change: Callable[[str, int], str]) -> tuple[int, str]:
    """Read the row ``key``, change its state (``change(state, new_version)``) and write it
    back one version on, if no one else did first; the new version and state."""
    with engine.begin() as connection:
        row = connection.execute(_SELECT, {"row_key": key}).one()
        version = row.version + 1
        state = change(row.state, version)
        written = connection.execute(
            _UPDATE, {"row_key": key, "read_version": row.version, "new_version": version, "new_state": state}
        )
        assert written.rowcount == 1
    return version, state
