"""Placeholder revision (session 24): filled by the helper that owns it, or left empty.

Revision ID: 0043_s3_robot_certificates
Revises: 0042_s2_broker_identity
"""

revision = "0043_s3_robot_certificates"
down_revision = "0042_s2_broker_identity"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
