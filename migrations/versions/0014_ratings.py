"""Ratings of quick-play matches: each rated match's result (rated_matches), every
account's current rating (ratings), its seat in each rated match (rating_entries) and
what each week's matches did to it (rating_weeks)

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-04
"""

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rated_matches",
        sa.Column("code", sa.String(length=32), nullable=False),
        sa.Column("finished_ms", sa.BigInteger(), nullable=False),
        sa.Column("replay_id", sa.String(length=24), nullable=True),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("code", name=op.f("pk_rated_matches")),
    )
    op.create_index(op.f("ix_rated_matches_finished_ms"), "rated_matches", ["finished_ms"])
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.String(length=32), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("shown", sa.Integer(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_ms", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name=op.f("fk_ratings_account_id_accounts"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("account_id", name=op.f("pk_ratings")),
    )
    op.create_index(op.f("ix_ratings_shown"), "ratings", ["shown"])
    op.create_table(
        "rating_entries",
        sa.Column("account_id", sa.String(length=32), nullable=False),
        sa.Column("code", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("finished_ms", sa.BigInteger(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("shown_before", sa.Integer(), nullable=False),
        sa.Column("shown_after", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name=op.f("fk_rating_entries_account_id_accounts"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["code"], ["rated_matches.code"], name=op.f("fk_rating_entries_code_rated_matches"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("account_id", "code", name=op.f("pk_rating_entries")),
    )
    op.create_index(op.f("ix_rating_entries_finished_ms"), "rating_entries", ["finished_ms"])
    op.create_index("ix_rating_entries_account_finished", "rating_entries", ["account_id", "finished_ms"])
    op.create_table(
        "rating_weeks",
        sa.Column("week", sa.String(length=8), nullable=False),
        sa.Column("account_id", sa.String(length=32), nullable=False),
        sa.Column("gained", sa.Integer(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name=op.f("fk_rating_weeks_account_id_accounts"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("week", "account_id", name=op.f("pk_rating_weeks")),
    )
    op.create_index("ix_rating_weeks_board", "rating_weeks", ["week", "gained"])


def downgrade() -> None:
    op.drop_table("rating_weeks")
    op.drop_table("rating_entries")
    op.drop_table("ratings")
    op.drop_table("rated_matches")
