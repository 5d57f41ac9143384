"""accounts.name_skeleton, the look-alike key of each account's name (unique: no two
accounts have names that look alike), computed here for the accounts there are;
device_codes.session_id, the session that made a code, which dies with it; and
account_sessions.code_made_on and code_address, for a session signed in with a code

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-12
"""

import sqlalchemy as sa
from alembic import op

from app.confusables import look_alike_key

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.add_column(sa.Column("name_skeleton", sa.String(length=500), nullable=True))
    # Each account's key, the oldest first: an account whose name looks like an older
    # one's (made before the check) keeps its name, without a key.
    accounts = sa.table(
        "accounts", sa.column("id"), sa.column("name"), sa.column("created_ms"), sa.column("name_skeleton")
    )
    connection = op.get_bind()
    taken = set()
    for account_id, name in connection.execute(
        sa.select(accounts.c.id, accounts.c.name).order_by(accounts.c.created_ms, accounts.c.id)
    ):
        key = look_alike_key(name)
        if key not in taken:
            taken.add(key)
            connection.execute(accounts.update().where(accounts.c.id == account_id).values(name_skeleton=key))
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_accounts_name_skeleton"), ["name_skeleton"], unique=True)

    with op.batch_alter_table("account_sessions", schema=None) as batch_op:
        batch_op.add_column(sa.Column("code_made_on", sa.String(length=60), nullable=True))
        batch_op.add_column(sa.Column("code_address", sa.String(length=64), nullable=True))
    # A code lives five minutes: those there are now, of no known session, simply go.
    op.execute(sa.text("DELETE FROM device_codes"))
    with op.batch_alter_table("device_codes", schema=None) as batch_op:
        batch_op.add_column(sa.Column("session_id", sa.String(length=64), nullable=False))
        batch_op.create_foreign_key(
            batch_op.f("fk_device_codes_session_id_account_sessions"),
            "account_sessions",
            ["session_id"],
            ["session_id"],
            ondelete="CASCADE",
        )
        batch_op.create_index(batch_op.f("ix_device_codes_session_id"), ["session_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("device_codes", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_device_codes_session_id"))
        batch_op.drop_constraint(batch_op.f("fk_device_codes_session_id_account_sessions"), type_="foreignkey")
        batch_op.drop_column("session_id")
    with op.batch_alter_table("account_sessions", schema=None) as batch_op:
        batch_op.drop_column("code_address")
        batch_op.drop_column("code_made_on")
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_accounts_name_skeleton"))
        batch_op.drop_column("name_skeleton")
