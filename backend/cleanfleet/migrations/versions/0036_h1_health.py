"""Robot health against peers (issue 36 item 3): one health row per robot, written by the periodic scan.
Downgrade drops it.

Revision ID: 0036_h1_health
Revises: 0035_f1_wear
"""

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import UtcDateTime

revision = "0036_h1_health"
down_revision = "0035_f1_wear"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "robot_health",
        sa.Column("device_id", sa.Integer(), nullable=False),
        sa.Column("grade", sa.String(length=1), nullable=False),
        sa.Column("severity", sa.Integer(), nullable=False),
        sa.Column("drifts", sa.SmallInteger(), nullable=False),
        sa.Column("watches", sa.SmallInteger(), nullable=False),
        sa.Column("peer_basis", sa.String(length=8), nullable=False),
        sa.Column("peers", sa.Integer(), nullable=False),
        sa.Column("area_bucket", sa.String(length=8), nullable=False),
        sa.Column("indicators", sa.JSON(), nullable=False),
        sa.Column("reasons", sa.JSON(), nullable=False),
        sa.Column("window_start", sa.Date(), nullable=False),
        sa.Column("window_end", sa.Date(), nullable=False),
        sa.Column("computed_at", UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["device_id"], ["devices.id"], name=op.f("fk_robot_health_device_id_devices"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("device_id", name=op.f("pk_robot_health")),
    )
    op.create_index("ix_robot_health_severity", "robot_health", ["severity", "device_id"])
    op.create_index("ix_robot_health_grade", "robot_health", ["grade", "severity", "device_id"])


def downgrade() -> None:
    op.drop_index("ix_robot_health_grade", table_name="robot_health")
    op.drop_index("ix_robot_health_severity", table_name="robot_health")
    op.drop_table("robot_health")
