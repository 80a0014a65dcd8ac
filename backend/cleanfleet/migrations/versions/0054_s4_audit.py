"""Issue 51 items 1-2: the audit trail, one row per security event, sealed into a hash chain per tenant.

Revision ID: 0054_s4_audit
Revises: 0053_s4_sign_in_events
"""

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import TreePath, UtcDateTime

revision = "0054_s4_audit"
down_revision = "0053_s4_sign_in_events"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "audit_records",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("at", UtcDateTime(timezone=True), nullable=False),
        sa.Column("kind", sa.String(48), nullable=False),
        sa.Column("outcome", sa.String(16), nullable=False),
        sa.Column("actor_type", sa.String(16), nullable=False),
        sa.Column("actor_id", sa.Integer(), nullable=True),
        sa.Column("acting_id", sa.Integer(), nullable=True),
        sa.Column("owner_path", TreePath(), nullable=False),
        sa.Column("target", sa.String(256), nullable=False),
        sa.Column("detail", sa.JSON(), nullable=True),
        sa.Column("actor_name", sa.String(128), nullable=False),
        sa.Column("address", sa.String(64), nullable=True),
        sa.Column("client", sa.String(256), nullable=True),
        sa.Column("salt", sa.String(32), nullable=True),
        sa.Column("personal", sa.String(64), nullable=False),
        sa.Column("erased", sa.Boolean(), nullable=False),
        sa.Column("chain", sa.String(64), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=True),
        sa.Column("prev_hash", sa.String(64), nullable=True),
        sa.Column("hash", sa.String(64), nullable=True),
    )
    op.create_index("ix_audit_records_at", "audit_records", ["at"])
    op.create_index("ix_audit_records_kind", "audit_records", ["kind"])
    op.create_index("ix_audit_records_actor_id", "audit_records", ["actor_id"])
    op.create_index("ix_audit_records_owner_path", "audit_records", ["owner_path"])
    op.create_index("ix_audit_records_chain", "audit_records", ["chain"])
    op.create_index("ix_audit_records_chain_seq", "audit_records", ["chain", "seq"], unique=True)


def downgrade() -> None:
    op.drop_table("audit_records")
