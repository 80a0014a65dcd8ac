"""Issue 46 item 2: ``robot_certificates``, every client certificate the product CA issued to a robot (its serial,
fingerprint, validity, state and revocation); the CA's key and certificate stay outside the database
(CLEANFLEET_CA_DIR, certificates/ca.py). Downgrade drops the table (the CA files stay).

Revision ID: 0043_s3_robot_certificates
Revises: 0042_s2_broker_identity
"""

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import UtcDateTime

revision = "0043_s3_robot_certificates"
down_revision = "0042_s2_broker_identity"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "robot_certificates",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("device_id", sa.Integer(), nullable=True),
        sa.Column("robot_serial", sa.String(length=64), nullable=False),
        sa.Column("cert_serial", sa.String(length=40), nullable=False),
        sa.Column("fingerprint", sa.String(length=64), nullable=False),
        sa.Column("not_before", UtcDateTime(timezone=True), nullable=False),
        sa.Column("not_after", UtcDateTime(timezone=True), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("pem", sa.Text(), nullable=False),
        sa.Column("issued_at", UtcDateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", UtcDateTime(timezone=True), nullable=True),
        sa.Column("revoked_by", sa.Integer(), nullable=True),
        sa.Column("revoked_reason", sa.String(length=255), nullable=True),
        sa.ForeignKeyConstraint(["device_id"], ["devices.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["revoked_by"], ["users.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("cert_serial"),
    )
    op.create_index("ix_robot_certificates_robot_serial", "robot_certificates", ["robot_serial"])
    op.create_index("ix_robot_certificates_device_state", "robot_certificates", ["device_id", "state"])
    op.create_index("ix_robot_certificates_state_end", "robot_certificates", ["state", "not_after"])


def downgrade() -> None:
    op.drop_index("ix_robot_certificates_state_end", table_name="robot_certificates")
    op.drop_index("ix_robot_certificates_device_state", table_name="robot_certificates")
    op.drop_index("ix_robot_certificates_robot_serial", table_name="robot_certificates")
    op.drop_table("robot_certificates")
