"""maps: robot_maps (the record of each robot's maps) and map_syncs (map sync jobs, one row per target)

Revision ID: 0009_maps
Revises: 0008_bounded_maintenance_hours
Create Date: 2026-11-22 13:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import UtcDateTime

revision: str = '0009_maps'
down_revision: str | Sequence[str] | None = '0008_bounded_maintenance_hours'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "robot_maps",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("device_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(128), nullable=False),
        sa.Column("area", sa.Float(), nullable=False),
        sa.Column("width", sa.Integer(), nullable=False),
        sa.Column("height", sa.Integer(), nullable=False),
        sa.Column("resolution", sa.Float(), nullable=False),
        sa.Column("origin_x", sa.Float(), nullable=False),
        sa.Column("origin_y", sa.Float(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("current", sa.Boolean(), nullable=False),
        sa.Column("floor", sa.SmallInteger(), nullable=False),
        sa.Column("building", sa.String(128), nullable=False),
        sa.Column("changed_at", UtcDateTime(), nullable=False),
        sa.Column("refreshed_at", UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["device_id"], ["devices.id"], name="fk_robot_maps_device_id_devices",
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_robot_maps"),
        sa.UniqueConstraint("device_id", "name", name="uq_robot_maps_device_name"),
    )
    op.create_table(
        "map_syncs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("source_device_id", sa.Integer(), nullable=False),
        sa.Column("target_device_id", sa.Integer(), nullable=False),
        sa.Column("map_name", sa.String(128), nullable=False),
        sa.Column("cmd_id", sa.String(64), nullable=False),
        sa.Column("send_state", sa.String(16), nullable=False),
        sa.Column("receive_state", sa.String(16), nullable=False),
        sa.Column("progress", sa.SmallInteger(), nullable=False),
        sa.Column("message", sa.String(255), nullable=False),
        sa.Column("attempts", sa.SmallInteger(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.Column("updated_at", UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["source_device_id"], ["devices.id"], name="fk_map_syncs_source_device_id_devices",
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["target_device_id"], ["devices.id"], name="fk_map_syncs_target_device_id_devices",
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name="fk_map_syncs_user_id_users", ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id", name="pk_map_syncs"),
        sa.UniqueConstraint("cmd_id", name="uq_map_syncs_cmd_id"),
    )
    op.create_index("ix_map_syncs_source_created", "map_syncs", ["source_device_id", "created_at"])
    op.create_index("ix_map_syncs_target", "map_syncs", ["target_device_id"])


def downgrade() -> None:
    op.drop_index("ix_map_syncs_target", table_name="map_syncs")
    op.drop_index("ix_map_syncs_source_created", table_name="map_syncs")
    op.drop_table("map_syncs")
    op.drop_table("robot_maps")
