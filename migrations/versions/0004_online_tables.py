"""online tables: the tables, their open event streams, and online results

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
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
        sa.PrimaryKeyConstraint("code", name=op.f("pk_online_tables")),
    )
    with op.batch_alter_table("online_tables", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_online_tables_deadline_ms"), ["deadline_ms"], unique=False)

    op.create_table(
        "online_results",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("browser_id", sa.String(length=64), nullable=False),
        sa.Column("table_code", sa.String(length=32), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("rules_name", sa.String(length=40), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("outcome", sa.String(length=8), nullable=False),
        sa.Column("abandoned", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=True),
        sa.Column("holes_played", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["browser_id"], ["browsers.id"], name=op.f("fk_online_results_browser_id_browsers"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_online_results")),
    )
    with op.batch_alter_table("online_results", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_online_results_browser_id"), ["browser_id"], unique=False)

    op.create_table(
        "table_streams",
        sa.Column("stream", sa.String(length=32), nullable=False),
        sa.Column("table_code", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("seen_ms", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("stream", name=op.f("pk_table_streams")),
    )
    with op.batch_alter_table("table_streams", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_table_streams_table_code"), ["table_code"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("table_streams", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_table_streams_table_code"))
    op.drop_table("table_streams")
    with op.batch_alter_table("online_results", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_online_results_browser_id"))
    op.drop_table("online_results")
    with op.batch_alter_table("online_tables", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_online_tables_deadline_ms"))
    op.drop_table("online_tables")
