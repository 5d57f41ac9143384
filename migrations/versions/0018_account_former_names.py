"""account_former_names, the names accounts went by before they changed them: each old
profile address leads to the account's profile, and a former name is kept for its account
for a while

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-18
"""

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "account_former_names",
        sa.Column("account_id", sa.String(length=32), nullable=False),
        sa.Column("name_key", sa.String(length=40), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("name_skeleton", sa.String(length=500), nullable=True),
        sa.Column("renamed_ms", sa.BigInteger(), nullable=False),
        sa.Column("reserved_until_ms", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_account_former_names_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("account_id", "name_key", name=op.f("pk_account_former_names")),
    )
    with op.batch_alter_table("account_former_names", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_account_former_names_name_key"), ["name_key"], unique=False)
        batch_op.create_index(batch_op.f("ix_account_former_names_name_skeleton"), ["name_skeleton"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("account_former_names", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_account_former_names_name_skeleton"))
        batch_op.drop_index(batch_op.f("ix_account_former_names_name_key"))
    op.drop_table("account_former_names")
