"""Placeholder revision (session 24): filled by the helper that owns it, or left empty.

Revision ID: 0044_s3_broker_tls
Revises: 0043_s3_robot_certificates
"""

revision = "0044_s3_broker_tls"
down_revision = "0043_s3_robot_certificates"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
