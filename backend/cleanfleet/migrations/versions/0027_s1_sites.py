"""Sites (issue 33 items 1-3): sites, their buildings and floors, the maps and elevators tied to each floor, the
robots' stays at sites, the plan items, and the plan watch's record of the windows told. Downgrade drops them all.

Revision ID: 0027_s1_sites
Revises: 0026_p1_push_subscriptions
"""

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import UtcDateTime

revision = "0027_s1_sites"
down_revision = "0026_p1_push_subscriptions"
branch_labels = None
depends_on = None


def _id() -> sa.Column:  # type: ignore[type-arg]
    return sa.Column("id", sa.Integer(), nullable=False)


def upgrade() -> None:
    op.create_table(
        "sites",
        _id(),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("address", sa.String(length=255), nullable=False),
        sa.Column("time_zone", sa.String(length=64), nullable=False),
        sa.Column("created_at", UtcDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_sites_user_id_users")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sites")),
        sa.UniqueConstraint("user_id", "name", name="uq_sites_user_id_name"),
    )
    op.create_index(op.f("ix_sites_user_id"), "sites", ["user_id"])
    op.create_table(
        "site_buildings",
        _id(),
        sa.Column("site_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("created_at", UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["site_id"], ["sites.id"], name=op.f("fk_site_buildings_site_id_sites"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_site_buildings")),
        sa.UniqueConstraint("site_id", "name", name="uq_site_buildings_site_id_name"),
    )
    op.create_table(
        "site_floors",
        _id(),
        sa.Column("building_id", sa.Integer(), nullable=False),
        sa.Column("site_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("level", sa.SmallInteger(), nullable=False),
        sa.Column("created_at", UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["building_id"], ["site_buildings.id"],
                                name=op.f("fk_site_floors_building_id_site_buildings"), ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["site_id"], ["sites.id"], name=op.f("fk_site_floors_site_id_sites"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_site_floors")),
        sa.UniqueConstraint("building_id", "name", name="uq_site_floors_building_id_name"),
    )
    op.create_index(op.f("ix_site_floors_site_id"), "site_floors", ["site_id"])
    op.create_table(
        "site_floor_maps",
        _id(),
        sa.Column("floor_id", sa.Integer(), nullable=False),
        sa.Column("device_id", sa.Integer(), nullable=False),
        sa.Column("map_name", sa.String(length=128), nullable=False),
        sa.ForeignKeyConstraint(["floor_id"], ["site_floors.id"], name=op.f("fk_site_floor_maps_floor_id_site_floors"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["device_id"], ["devices.id"], name=op.f("fk_site_floor_maps_device_id_devices"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_site_floor_maps")),
        sa.UniqueConstraint("device_id", "map_name", name="uq_site_floor_maps_device_id_map_name"),
    )
    op.create_index(op.f("ix_site_floor_maps_floor_id"), "site_floor_maps", ["floor_id"])
    op.create_table(
        "site_floor_elevators",
        _id(),
        sa.Column("floor_id", sa.Integer(), nullable=False),
        sa.Column("elevator_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["floor_id"], ["site_floors.id"],
                                name=op.f("fk_site_floor_elevators_floor_id_site_floors"), ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["elevator_id"], ["elevators.id"],
                                name=op.f("fk_site_floor_elevators_elevator_id_elevators"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_site_floor_elevators")),
        sa.UniqueConstraint("floor_id", "elevator_id", name="uq_site_floor_elevators_floor_id_elevator_id"),
    )
    op.create_index(op.f("ix_site_floor_elevators_elevator_id"), "site_floor_elevators", ["elevator_id"])
    op.create_table(
        "site_robots",
        _id(),
        sa.Column("site_id", sa.Integer(), nullable=False),
        sa.Column("device_id", sa.Integer(), nullable=False),
        sa.Column("started_at", UtcDateTime(timezone=True), nullable=False),
        sa.Column("ended_at", UtcDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["site_id"], ["sites.id"], name=op.f("fk_site_robots_site_id_sites"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["device_id"], ["devices.id"], name=op.f("fk_site_robots_device_id_devices"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_site_robots")),
    )
    op.create_index("ix_site_robots_site_started", "site_robots", ["site_id", "started_at"])
    op.create_index("ix_site_robots_device_started", "site_robots", ["device_id", "started_at"])
    op.create_index("uq_site_robots_open_device", "site_robots", ["device_id"], unique=True,
                    sqlite_where=sa.text("ended_at IS NULL"), postgresql_where=sa.text("ended_at IS NULL"))
    op.create_table(
        "site_plan_items",
        _id(),
        sa.Column("site_id", sa.Integer(), nullable=False),
        sa.Column("floor_id", sa.Integer(), nullable=False),
        sa.Column("area_name", sa.String(length=64), nullable=False),
        sa.Column("task_name", sa.String(length=128), nullable=False),
        sa.Column("weekdays", sa.SmallInteger(), nullable=False),
        sa.Column("window_start", sa.SmallInteger(), nullable=False),
        sa.Column("window_end", sa.SmallInteger(), nullable=False),
        sa.Column("runs_per_day", sa.SmallInteger(), nullable=False),
        sa.Column("min_area", sa.Float(), nullable=True),
        sa.Column("min_coverage", sa.Float(), nullable=True),
        sa.Column("valid_from", sa.Date(), nullable=False),
        sa.Column("valid_until", sa.Date(), nullable=True),
        sa.Column("created_at", UtcDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["site_id"], ["sites.id"], name=op.f("fk_site_plan_items_site_id_sites"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["floor_id"], ["site_floors.id"], name=op.f("fk_site_plan_items_floor_id_site_floors"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_site_plan_items")),
    )
    op.create_index(op.f("ix_site_plan_items_site_id"), "site_plan_items", ["site_id"])
    op.create_index(op.f("ix_site_plan_items_floor_id"), "site_plan_items", ["floor_id"])
    op.create_table(
        "site_plan_alerts",
        _id(),
        sa.Column("plan_item_id", sa.Integer(), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("created_at", UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["plan_item_id"], ["site_plan_items.id"],
                                name=op.f("fk_site_plan_alerts_plan_item_id_site_plan_items"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_site_plan_alerts")),
        sa.UniqueConstraint("plan_item_id", "day", name="uq_site_plan_alerts_plan_item_id_day"),
    )


def downgrade() -> None:
    op.drop_table("site_plan_alerts")
    op.drop_index(op.f("ix_site_plan_items_floor_id"), table_name="site_plan_items")
    op.drop_index(op.f("ix_site_plan_items_site_id"), table_name="site_plan_items")
    op.drop_table("site_plan_items")
    op.drop_index("uq_site_robots_open_device", table_name="site_robots")
    op.drop_index("ix_site_robots_device_started", table_name="site_robots")
    op.drop_index("ix_site_robots_site_started", table_name="site_robots")
    op.drop_table("site_robots")
    op.drop_index(op.f("ix_site_floor_elevators_elevator_id"), table_name="site_floor_elevators")
    op.drop_table("site_floor_elevators")
    op.drop_index(op.f("ix_site_floor_maps_floor_id"), table_name="site_floor_maps")
    op.drop_table("site_floor_maps")
    op.drop_index(op.f("ix_site_floors_site_id"), table_name="site_floors")
    op.drop_table("site_floors")
    op.drop_table("site_buildings")
    op.drop_index(op.f("ix_sites_user_id"), table_name="sites")
    op.drop_table("sites")
