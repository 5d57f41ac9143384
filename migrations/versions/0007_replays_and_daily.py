"""replays and the daily deal: every finished match kept whole for its replay link; the
daily matches, their counted attempts and the daily results counted apart

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "replays",
        sa.Column("id", sa.String(length=24), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("deal_seed", sa.String(length=24), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("log", sa.JSON(), nullable=False),
        sa.Column("hole_scores", sa.JSON(), nullable=False),
        sa.Column("created_ms", sa.BigInteger(), nullable=False),
        sa.Column("shown_from_ms", sa.BigInteger(), server_default=sa.text("0"), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_replays")),
    )
    with op.batch_alter_table("replays", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_replays_created_ms"), ["created_ms"], unique=False)

    with op.batch_alter_table("golf_matches", schema=None) as batch_op:
        batch_op.add_column(sa.Column("daily", sa.String(length=10), nullable=True))
        batch_op.add_column(sa.Column("practice", sa.Boolean(), server_default=sa.false(), nullable=False))
    with op.batch_alter_table("golf_results", schema=None) as batch_op:
        batch_op.add_column(sa.Column("daily", sa.String(length=10), nullable=True))

    op.create_table(
        "daily_entries",
        sa.Column("date", sa.String(length=10), nullable=False),
        sa.Column("browser_id", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("match_id", sa.String(length=32), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("total", sa.Integer(), nullable=True),
        sa.Column("expert_total", sa.Integer(), nullable=True),
        sa.Column("hole_scores", sa.JSON(), nullable=False),
        sa.Column("started_ms", sa.BigInteger(), nullable=False),
        sa.Column("finished_ms", sa.BigInteger(), nullable=True),
        sa.ForeignKeyConstraint(
            ["browser_id"], ["browsers.id"], name=op.f("fk_daily_entries_browser_id_browsers"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("date", "browser_id", name=op.f("pk_daily_entries")),
    )
    with op.batch_alter_table("daily_entries", schema=None) as batch_op:
        batch_op.create_index("ix_daily_entries_board", ["date", "status", "total", "finished_ms"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("daily_entries", schema=None) as batch_op:
        batch_op.drop_index("ix_daily_entries_board")
    op.drop_table("daily_entries")
    with op.batch_alter_table("golf_results", schema=None) as batch_op:
        batch_op.drop_column("daily")
    with op.batch_alter_table("golf_matches", schema=None) as batch_op:
        batch_op.drop_column("practice")
        batch_op.drop_column("daily")
    with op.batch_alter_table("replays", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_replays_created_ms"))
    op.drop_table("replays")
