"""initial schema: browsers, matches, solitaire games, results, server keys

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "browsers",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("preferences", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_browsers")),
    )
    op.create_table(
        "server_keys",
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("value", sa.String(length=128), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_server_keys")),
    )
    op.create_table(
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
        sa.ForeignKeyConstraint(
            ["browser_id"], ["browsers.id"], name=op.f("fk_golf_matches_browser_id_browsers"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("browser_id", name=op.f("pk_golf_matches")),
    )
    op.create_table(
        "golf_results",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("browser_id", sa.String(length=64), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("level", sa.String(length=16), nullable=False),
        sa.Column("rules_name", sa.String(length=40), nullable=False),
        sa.Column("outcome", sa.String(length=8), nullable=False),
        sa.Column("abandoned", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=True),
        sa.Column("holes_played", sa.Integer(), nullable=False),
        sa.Column("elapsed_seconds", sa.Integer(), nullable=False),
        sa.Column("hints_used", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["browser_id"], ["browsers.id"], name=op.f("fk_golf_results_browser_id_browsers"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_golf_results")),
    )
    with op.batch_alter_table("golf_results", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_golf_results_browser_id"), ["browser_id"], unique=False)

    op.create_table(
        "solitaire_games",
        sa.Column("browser_id", sa.String(length=64), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("winnable_only", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("moves", sa.JSON(), nullable=False),
        sa.Column("moves_taken", sa.Integer(), nullable=False),
        sa.Column("hints_used", sa.Integer(), nullable=False),
        sa.Column("elapsed_ms", sa.BigInteger(), nullable=False),
        sa.Column("running_since_ms", sa.BigInteger(), nullable=True),
        sa.Column("last_active_ms", sa.BigInteger(), nullable=False),
        sa.Column("paused", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("recorded", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.ForeignKeyConstraint(
            ["browser_id"], ["browsers.id"], name=op.f("fk_solitaire_games_browser_id_browsers"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("browser_id", name=op.f("pk_solitaire_games")),
    )
    op.create_table(
        "solitaire_results",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("browser_id", sa.String(length=64), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("rules_name", sa.String(length=40), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("won", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("abandoned", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("moves", sa.Integer(), nullable=False),
        sa.Column("elapsed_seconds", sa.Integer(), nullable=False),
        sa.Column("hints_used", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["browser_id"], ["browsers.id"], name=op.f("fk_solitaire_results_browser_id_browsers"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_solitaire_results")),
    )
    with op.batch_alter_table("solitaire_results", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_solitaire_results_browser_id"), ["browser_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("solitaire_results", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_solitaire_results_browser_id"))

    op.drop_table("solitaire_results")
    op.drop_table("solitaire_games")
    with op.batch_alter_table("golf_results", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_golf_results_browser_id"))

    op.drop_table("golf_results")
    op.drop_table("golf_matches")
    op.drop_table("server_keys")
    op.drop_table("browsers")
