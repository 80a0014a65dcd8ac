"""Issue 53 items 1-3: availability per site (a robot's offline spans at a site, the targets agreed per site).

Revision ID: 0059_s5_availability
Revises: 0058_s5_customer_end
"""

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import UtcDateTime

revision = "0059_s5_availability"
down_revision = "0058_s5_customer_end"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "site_robot_offline",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("device_id", sa.Integer(), nullable=False),
        sa.Column("started_at", UtcDateTime(timezone=True), nullable=False),
        sa.Column("ended_at", UtcDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["device_id"], ["devices.id"], name=op.f("fk_site_robot_offline_device_id_devices"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_site_robot_offline")),
    )
    op.create_index("ix_site_robot_offline_device_started", "site_robot_offline",
                    ["device_id", "started_at", "ended_at"])
    op.create_index("uq_site_robot_offline_open", "site_robot_offline", ["device_id"], unique=True,
                    sqlite_where=sa.text("ended_at IS NULL"), postgresql_where=sa.text("ended_at IS NULL"))
    op.create_table(
        "site_availability_targets",
        sa.Column("site_id", sa.Integer(), nullable=False),
        sa.Column("availability", sa.Integer(), nullable=True),
        sa.Column("ack_minutes", sa.Integer(), nullable=True),
        sa.Column("runs_done", sa.Integer(), nullable=True),
        sa.Column("updated_at", UtcDateTime(timezone=True), nullable=False),
        sa.Column("updated_by", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["site_id"], ["sites.id"], name=op.f("fk_site_availability_targets_site_id_sites"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["updated_by"], ["users.id"],
                                name=op.f("fk_site_availability_targets_updated_by_users"), ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("site_id", name=op.f("pk_site_availability_targets")),
    )


def downgrade() -> None:
    op.drop_table("site_availability_targets")
    op.drop_index("uq_site_robot_offline_open", table_name="site_robot_offline")
    op.drop_index("ix_site_robot_offline_device_started", table_name="site_robot_offline")
    op.drop_table("site_robot_offline")
