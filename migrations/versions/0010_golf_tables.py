"""golf_tables: every game of Golf is a table. A browser's match against the computer
(golf_matches) becomes a table with one person, the browser its owner, and computer
players in the other seats; the tables of people (online_tables) move over as they are.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01
"""

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

# The columns a table of people and a match share, copied as they are.
TABLE_COLUMNS = [
    "code",
    "version",
    "name",
    "status",
    "rules",
    "seed",
    "seats",
    "log",
    "notices",
    "timer_seconds",
    "deadline_ms",
    "recorded",
    "created_ms",
    "started_ms",
    "updated_ms",
    "seen_ms",
    "away",
    "read_ms",
    "snapshots",
]
BATCH = 500

golf_matches = sa.table(
    "golf_matches",
    sa.column("browser_id", sa.String),
    sa.column("version", sa.Integer),
    sa.column("seed", sa.BigInteger),
    sa.column("rules", sa.JSON),
    sa.column("level", sa.String),
    sa.column("log", sa.JSON),
    sa.column("actions_taken", sa.Integer),
    sa.column("hints_used", sa.Integer),
    sa.column("elapsed_ms", sa.BigInteger),
    sa.column("running_since_ms", sa.BigInteger),
    sa.column("last_active_ms", sa.BigInteger),
    sa.column("paused", sa.Boolean),
    sa.column("recorded", sa.Boolean),
    sa.column("match_id", sa.String),
    sa.column("daily", sa.String),
    sa.column("practice", sa.Boolean),
    sa.column("snapshot", sa.JSON),
)


def _golf_tables() -> sa.Table:
    return op.create_table(
        "golf_tables",
        sa.Column("code", sa.String(length=32), nullable=False),
        sa.Column("owner", sa.String(length=64), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("log", sa.JSON(), nullable=False),
        sa.Column("notices", sa.JSON(), nullable=False),
        sa.Column("timer_seconds", sa.Integer(), nullable=True),
        sa.Column("deadline_ms", sa.BigInteger(), nullable=True),
        sa.Column("recorded", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("created_ms", sa.BigInteger(), nullable=False),
        sa.Column("started_ms", sa.BigInteger(), nullable=True),
        sa.Column("updated_ms", sa.BigInteger(), nullable=False),
        sa.Column("seen_ms", sa.BigInteger(), nullable=True),
        sa.Column("away", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("read_ms", sa.BigInteger(), nullable=True),
        sa.Column("snapshots", sa.JSON(), nullable=True),
        sa.Column("match_id", sa.String(length=32), nullable=True),
        sa.Column("actions_taken", sa.Integer(), server_default=sa.text("0"), nullable=False),
        sa.Column("hints_used", sa.Integer(), server_default=sa.text("0"), nullable=False),
        sa.Column("elapsed_ms", sa.BigInteger(), server_default=sa.text("0"), nullable=False),
        sa.Column("running_since_ms", sa.BigInteger(), nullable=True),
        sa.Column("paused", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("daily", sa.String(length=10), nullable=True),
        sa.Column("practice", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.ForeignKeyConstraint(
            ["owner"], ["browsers.id"], name=op.f("fk_golf_tables_owner_browsers"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("code", name=op.f("pk_golf_tables")),
        sa.UniqueConstraint("owner", name=op.f("uq_golf_tables_owner")),
    )


def _computer_name(seat: int, players: int) -> str:
    # As the match named its computer players when it ended (its replay's seats).
    return "Computer" if players == 2 else f"Computer {seat}"


def _as_table(match) -> dict:
    players = int((match.rules or {}).get("players", 2))
    seats = [{"kind": "person", "browser": match.browser_id, "name": "Player", "level": None}] + [
        {"kind": "computer", "browser": None, "name": _computer_name(seat, players), "level": match.level}
        for seat in range(1, players)
    ]
    snapshot = match.snapshot
    return {
        "code": secrets.token_urlsafe(18),
        "owner": match.browser_id,
        "version": match.version,
        "name": "",
        "status": "over" if match.recorded else "playing",
        "rules": match.rules,
        "seed": match.seed,
        "seats": seats,
        "log": match.log,
        "notices": [],
        "timer_seconds": None,
        "deadline_ms": None,
        "recorded": bool(match.recorded),
        "created_ms": match.last_active_ms,
        "started_ms": match.last_active_ms,
        "updated_ms": match.last_active_ms,
        "seen_ms": None,
        "away": False,
        "read_ms": None,
        "snapshots": [{"version": match.version, **snapshot}] if snapshot else None,
        "match_id": match.match_id,
        "actions_taken": match.actions_taken or 0,
        "hints_used": match.hints_used or 0,
        "elapsed_ms": match.elapsed_ms or 0,
        "running_since_ms": match.running_since_ms,
        "paused": bool(match.paused),
        "daily": match.daily,
        "practice": bool(match.practice),
    }


def upgrade() -> None:
    tables = _golf_tables()
    op.create_index(op.f("ix_golf_tables_deadline_ms"), "golf_tables", ["deadline_ms"], unique=False)
    columns = ", ".join(TABLE_COLUMNS)
    op.execute(f"INSERT INTO golf_tables ({columns}) SELECT {columns} FROM online_tables")
    connection = op.get_bind()
    after = ""
    while True:  # in batches, so a large installation is never held in memory at once
        batch = connection.execute(
            sa.select(golf_matches)
            .where(golf_matches.c.browser_id > after)
            .order_by(golf_matches.c.browser_id)
            .limit(BATCH)
        ).all()
        if not batch:
            break
        connection.execute(sa.insert(tables), [_as_table(match) for match in batch])
        after = batch[-1].browser_id
    op.drop_index(op.f("ix_online_tables_deadline_ms"), table_name="online_tables")
    op.drop_table("online_tables")
    op.drop_table("golf_matches")


def downgrade() -> None:
    op.create_table(
        "online_tables",
        sa.Column("code", sa.String(length=32), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("log", sa.JSON(), nullable=False),
        sa.Column("notices", sa.JSON(), nullable=False),
        sa.Column("timer_seconds", sa.Integer(), nullable=True),
        sa.Column("deadline_ms", sa.BigInteger(), nullable=True),
        sa.Column("recorded", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("created_ms", sa.BigInteger(), nullable=False),
        sa.Column("started_ms", sa.BigInteger(), nullable=True),
        sa.Column("updated_ms", sa.BigInteger(), nullable=False),
        sa.Column("seen_ms", sa.BigInteger(), nullable=True),
        sa.Column("away", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("read_ms", sa.BigInteger(), nullable=True),
        sa.Column("snapshots", sa.JSON(), nullable=True),
        sa.PrimaryKeyConstraint("code", name=op.f("pk_online_tables")),
    )
    op.create_index(op.f("ix_online_tables_deadline_ms"), "online_tables", ["deadline_ms"], unique=False)
    matches = op.create_table(
        "golf_matches",
        sa.Column("browser_id", sa.String(length=64), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("level", sa.String(length=16), nullable=False),
        sa.Column("log", sa.JSON(), nullable=False),
        sa.Column("actions_taken", sa.Integer(), nullable=False),
        sa.Column("hints_used", sa.Integer(), nullable=False),
        sa.Column("elapsed_ms", sa.BigInteger(), nullable=False),
        sa.Column("running_since_ms", sa.BigInteger(), nullable=True),
        sa.Column("last_active_ms", sa.BigInteger(), nullable=False),
        sa.Column("paused", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("recorded", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("match_id", sa.String(length=32), nullable=True),
        sa.Column("daily", sa.String(length=10), nullable=True),
        sa.Column("practice", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("snapshot", sa.JSON(), nullable=True),
        sa.ForeignKeyConstraint(
            ["browser_id"], ["browsers.id"], name=op.f("fk_golf_matches_browser_id_browsers"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("browser_id", name=op.f("pk_golf_matches")),
    )
    columns = ", ".join(TABLE_COLUMNS)
    op.execute(f"INSERT INTO online_tables ({columns}) SELECT {columns} FROM golf_tables WHERE owner IS NULL")
    tables = sa.table(
        "golf_tables",
        *(sa.column(name, sa.JSON) for name in ("rules", "seats", "log", "snapshots")),
        *(
            sa.column(name)
            for name in (
                "owner",
                "version",
                "seed",
                "actions_taken",
                "hints_used",
                "elapsed_ms",
                "running_since_ms",
                "updated_ms",
                "paused",
                "recorded",
                "match_id",
                "daily",
                "practice",
            )
        ),
    )
    connection = op.get_bind()
    after = ""
    while True:
        batch = connection.execute(
            sa.select(tables)
            .where(tables.c.owner.is_not(None), tables.c.owner > after)
            .order_by(tables.c.owner)
            .limit(BATCH)
        ).all()
        if not batch:
            break
        rows = []
        for match in batch:
            snapshot = dict(match.snapshots[-1]) if match.snapshots else None
            if snapshot is not None:
                snapshot.pop("version", None)
            rows.append(
                {
                    "browser_id": match.owner,
                    "version": match.version,
                    "seed": match.seed,
                    "rules": match.rules,
                    "level": next(seat["level"] for seat in match.seats if seat["kind"] == "computer"),
                    "log": match.log,
                    "actions_taken": match.actions_taken,
                    "hints_used": match.hints_used,
                    "elapsed_ms": match.elapsed_ms,
                    "running_since_ms": match.running_since_ms,
                    "last_active_ms": match.updated_ms,
                    "paused": match.paused,
                    "recorded": match.recorded,
                    "match_id": match.match_id,
                    "daily": match.daily,
                    "practice": match.practice,
                    "snapshot": snapshot,
                }
            )
        connection.execute(sa.insert(matches), rows)
        after = batch[-1].owner
    op.drop_index(op.f("ix_golf_tables_deadline_ms"), table_name="golf_tables")
    op.drop_table("golf_tables")
