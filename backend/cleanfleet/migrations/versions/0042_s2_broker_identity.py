"""Issue 46 item 1: ``broker_passwords``, the outbox of robots' broker passwords on their way to a Mosquitto's dynamic
security plugin (gateway/brokerauth/). Downgrade drops it.

Revision ID: 0042_s2_broker_identity
Revises: 0041_s1_inbox_fold
"""

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import UtcDateTime

revision = "0042_s2_broker_identity"
down_revision = "0041_s1_inbox_fold"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "broker_passwords",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("serial_number", sa.String(length=64), nullable=False),
        sa.Column("sealed", sa.Text(), nullable=False),
        sa.Column("queued_at", UtcDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )


def downgrade() -> None:
    op.drop_table("broker_passwords")
