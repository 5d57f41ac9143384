"""accounts, the sessions signed in to them, their passkeys, the passkeys' challenges
and the codes that add a device

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-04
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("name_key", sa.String(length=40), nullable=False),
        sa.Column("principal", sa.String(length=64), nullable=False),
        sa.Column("created_ms", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["principal"], ["browsers.id"], name=op.f("fk_accounts_principal_browsers"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_accounts")),
        sa.UniqueConstraint("name_key", name=op.f("uq_accounts_name_key")),
        sa.UniqueConstraint("principal", name=op.f("uq_accounts_principal")),
    )
    op.create_table(
        "account_sessions",
        sa.Column("session_id", sa.String(length=64), nullable=False),
        sa.Column("account_id", sa.String(length=32), nullable=False),
        sa.Column("device", sa.String(length=60), nullable=False),
        sa.Column("created_ms", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name=op.f("fk_account_sessions_account_id_accounts"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("session_id", name=op.f("pk_account_sessions")),
    )
    op.create_index(op.f("ix_account_sessions_account_id"), "account_sessions", ["account_id"], unique=False)
    op.create_table(
        "passkeys",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("credential_id", sa.String(length=1400), nullable=False),
        sa.Column("account_id", sa.String(length=32), nullable=False),
        sa.Column("public_key", sa.LargeBinary(), nullable=False),
        sa.Column("sign_count", sa.BigInteger(), nullable=False),
        sa.Column("transports", sa.JSON(), nullable=False),
        sa.Column("label", sa.String(length=60), nullable=False),
        sa.Column("created_ms", sa.BigInteger(), nullable=False),
        sa.Column("used_ms", sa.BigInteger(), nullable=True),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name=op.f("fk_passkeys_account_id_accounts"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_passkeys")),
        sa.UniqueConstraint("credential_id", name=op.f("uq_passkeys_credential_id")),
    )
    op.create_index(op.f("ix_passkeys_account_id"), "passkeys", ["account_id"], unique=False)
    op.create_table(
        "webauthn_challenges",
        sa.Column("challenge", sa.String(length=100), nullable=False),
        sa.Column("purpose", sa.String(length=16), nullable=False),
        sa.Column("session_id", sa.String(length=64), nullable=False),
        sa.Column("details", sa.JSON(), nullable=False),
        sa.Column("expires_ms", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("challenge", name=op.f("pk_webauthn_challenges")),
    )
    op.create_index(op.f("ix_webauthn_challenges_session_id"), "webauthn_challenges", ["session_id"], unique=False)
    op.create_index(op.f("ix_webauthn_challenges_expires_ms"), "webauthn_challenges", ["expires_ms"], unique=False)
    op.create_table(
        "device_codes",
        sa.Column("code", sa.String(length=16), nullable=False),
        sa.Column("account_id", sa.String(length=32), nullable=False),
        sa.Column("expires_ms", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name=op.f("fk_device_codes_account_id_accounts"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("code", name=op.f("pk_device_codes")),
    )
    op.create_index(op.f("ix_device_codes_account_id"), "device_codes", ["account_id"], unique=False)
    op.create_index(op.f("ix_device_codes_expires_ms"), "device_codes", ["expires_ms"], unique=False)


def downgrade() -> None:
    op.drop_table("device_codes")
    op.drop_table("webauthn_challenges")
    op.drop_table("passkeys")
    op.drop_table("account_sessions")
    op.drop_table("accounts")
