"""Placeholder revision (session 24): filled by the helper that owns it, or left empty.

Revision ID: 0045_s3_signed_updates
Revises: 0044_s3_broker_tls
"""

revision = "0045_s3_signed_updates"
down_revision = "0044_s3_broker_tls"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
