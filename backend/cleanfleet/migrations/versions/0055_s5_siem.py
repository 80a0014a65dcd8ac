"""Issue 51 item 3: streaming the audit trail to a SIEM (a node's syslog destinations).

Revision ID: 0055_s5_siem
Revises: 0054_s4_audit
"""

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import TreePath, UtcDateTime

revision = "0055_s5_siem"
down_revision = "0054_s4_audit"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "siem_destinations",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("node_id", sa.Integer(), nullable=False),
        sa.Column("node_path", TreePath(), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("host", sa.String(253), nullable=False),
        sa.Column("port", sa.Integer(), nullable=False),
        sa.Column("tls", sa.Boolean(), nullable=False),
        sa.Column("ca_pem", sa.Text(), nullable=True),
        sa.Column("app_name", sa.String(48), nullable=False),
        sa.Column("kinds", sa.JSON(), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("cursor", sa.JSON(), nullable=False),
        sa.Column("sent", sa.Integer(), nullable=False),
        sa.Column("backlog", sa.Integer(), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("retry_at", UtcDateTime(timezone=True), nullable=True),
        sa.Column("last_sent_at", UtcDateTime(timezone=True), nullable=True),
        sa.Column("last_error", sa.String(32), nullable=True),
        sa.Column("last_error_at", UtcDateTime(timezone=True), nullable=True),
        sa.Column("created_at", UtcDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["node_id"], ["users.id"], name=op.f("fk_siem_destinations_node_id_users"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_siem_destinations")),
    )
    op.create_index("ix_siem_destinations_node_id", "siem_destinations", ["node_id"])
    op.create_index("ix_siem_destinations_node_path", "siem_destinations", ["node_path"])


def downgrade() -> None:
    op.drop_table("siem_destinations")
