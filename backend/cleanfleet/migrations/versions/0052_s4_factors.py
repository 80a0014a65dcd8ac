"""Issue 50: two factors (TOTP, passkeys, issue 50 items 5-7): a person's authenticator app, passkeys and recovery
codes, the second step's tickets and WebAuthn challenges, the tenant policy per node, the admin account's one
sign-in without a factor (factors/models.py).

Revision ID: 0052_s4_factors
Revises: 0051_s4_sso
"""

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import UtcDateTime

revision = "0052_s4_factors"
down_revision = "0051_s4_sso"
branch_labels = None
depends_on = None


def _time(name: str, nullable: bool = False) -> sa.Column:  # type: ignore[type-arg]
    return sa.Column(name, UtcDateTime(timezone=True), nullable=nullable)


def _user(table: str, nullable: bool = False) -> tuple[sa.Column, sa.ForeignKeyConstraint]:  # type: ignore[type-arg]
    return (sa.Column("user_id", sa.Integer(), nullable=nullable),
            sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f(f"fk_{table}_user_id_users"),
                                    ondelete="CASCADE"))


def upgrade() -> None:
    op.create_table(
        "factor_totp",
        *_user("factor_totp"),
        sa.Column("secret_sealed", sa.Text(), nullable=False),
        _time("created_at"),
        _time("confirmed_at", True),
        sa.Column("last_step", sa.Integer(), nullable=True),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_factor_totp")),
    )
    op.create_table(
        "factor_passkeys",
        sa.Column("id", sa.Integer(), nullable=False),
        *_user("factor_passkeys"),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("credential_id", sa.String(length=1400), nullable=False),
        sa.Column("public_key", sa.Text(), nullable=False),
        sa.Column("rp_id", sa.String(length=255), nullable=False),
        sa.Column("sign_count", sa.Integer(), nullable=False),
        sa.Column("transports", sa.JSON(), nullable=True),
        sa.Column("discoverable", sa.Boolean(), nullable=False),
        _time("created_at"),
        _time("last_used_at", True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_factor_passkeys")),
        sa.UniqueConstraint("credential_id", name=op.f("uq_factor_passkeys_credential_id")),
    )
    op.create_index(op.f("ix_factor_passkeys_user_id"), "factor_passkeys", ["user_id"])
    op.create_table(
        "factor_recovery_codes",
        sa.Column("id", sa.Integer(), nullable=False),
        *_user("factor_recovery_codes"),
        sa.Column("code_hash", sa.String(length=64), nullable=False),
        _time("created_at"),
        _time("used_at", True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_factor_recovery_codes")),
    )
    op.create_index(op.f("ix_factor_recovery_codes_user_id"), "factor_recovery_codes", ["user_id"])
    op.create_table(
        "factor_tickets",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("ticket_hash", sa.String(length=64), nullable=False),
        *_user("factor_tickets"),
        sa.Column("purpose", sa.String(length=8), nullable=False),
        sa.Column("method", sa.String(length=16), nullable=False),
        sa.Column("platform", sa.String(length=32), nullable=False),
        _time("created_at"),
        _time("expires_at"),
        _time("used_at", True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_factor_tickets")),
        sa.UniqueConstraint("ticket_hash", name=op.f("uq_factor_tickets_ticket_hash")),
    )
    op.create_index(op.f("ix_factor_tickets_user_id"), "factor_tickets", ["user_id"])
    op.create_index(op.f("ix_factor_tickets_expires_at"), "factor_tickets", ["expires_at"])
    op.create_table(
        "factor_challenges",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("handle_hash", sa.String(length=64), nullable=False),
        *_user("factor_challenges", nullable=True),
        sa.Column("purpose", sa.String(length=8), nullable=False),
        sa.Column("challenge", sa.String(length=128), nullable=False),
        sa.Column("rp_id", sa.String(length=255), nullable=False),
        _time("expires_at"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_factor_challenges")),
        sa.UniqueConstraint("handle_hash", name=op.f("uq_factor_challenges_handle_hash")),
    )
    op.create_index(op.f("ix_factor_challenges_user_id"), "factor_challenges", ["user_id"])
    op.create_index(op.f("ix_factor_challenges_expires_at"), "factor_challenges", ["expires_at"])
    op.create_table(
        "factor_policies",
        *_user("factor_policies"),
        sa.Column("require_two", sa.Boolean(), nullable=False),
        sa.Column("passkey_alone", sa.Boolean(), nullable=True),
        _time("updated_at"),
        sa.Column("updated_by", sa.Integer(), nullable=True),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_factor_policies")),
    )
    op.create_table(
        "factor_admin_grace",
        *_user("factor_admin_grace"),
        _time("used_at"),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_factor_admin_grace")),
    )


def downgrade() -> None:
    for table in ("factor_admin_grace", "factor_policies", "factor_challenges", "factor_tickets",
                  "factor_recovery_codes", "factor_passkeys", "factor_totp"):
        op.drop_table(table)
