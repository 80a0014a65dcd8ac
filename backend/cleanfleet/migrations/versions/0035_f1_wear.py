"""Wear forecast (issue 36 item 2): the stored forecasts, the branches' lead times and the notices told.
Downgrade drops them.

Revision ID: 0035_f1_wear
Revises: 0034_u1_update_windows
"""

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import UtcDateTime

revision = "0035_f1_wear"
down_revision = "0034_u1_update_windows"
branch_labels = None
depends_on = None


def _fk(table: str, column: str, target: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], [f"{target}.id"], name=op.f(f"fk_{table}_{column}_{target}"),
                                   ondelete="CASCADE")


def upgrade() -> None:
    op.create_table(
        "wear_forecasts",
        sa.Column("device_id", sa.Integer(), nullable=False),
        sa.Column("part", sa.String(length=40), nullable=False),
        sa.Column("owner_path", sa.String(length=255).with_variant(sa.String(length=255, collation="C"), "postgresql"),
                  nullable=False),
        sa.Column("site_id", sa.Integer(), nullable=True),
        sa.Column("part_type", sa.String(length=12), nullable=False),
        sa.Column("kind", sa.String(length=24), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("life", sa.String(length=40), nullable=False),
        sa.Column("state", sa.String(length=12), nullable=False),
        sa.Column("due_on", sa.Date(), nullable=True),
        sa.Column("sort_on", sa.Date(), nullable=False),
        sa.Column("earliest", sa.Date(), nullable=True),
        sa.Column("latest", sa.Date(), nullable=True),
        sa.Column("sureness", sa.String(length=8), nullable=False),
        sa.Column("rate", sa.Float(), nullable=False),
        sa.Column("history_days", sa.SmallInteger(), nullable=False),
        sa.Column("remaining", sa.Float(), nullable=False),
        _fk("wear_forecasts", "device_id", "devices"),
        sa.PrimaryKeyConstraint("device_id", "part", name=op.f("pk_wear_forecasts")),
    )
    op.create_index("ix_wear_forecasts_sort", "wear_forecasts", ["sort_on", "device_id", "part", "owner_path"])
    op.create_index("ix_wear_forecasts_owner", "wear_forecasts", ["owner_path", "sort_on", "site_id", "kind", "name"])
    op.create_table(
        "wear_versions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_wear_versions")),
    )
    op.create_table(
        "wear_settings",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("lead_days", sa.Integer(), nullable=False),
        sa.Column("updated_at", UtcDateTime(timezone=True), nullable=False),
        _fk("wear_settings", "user_id", "users"),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_wear_settings")),
    )
    op.create_table(
        "wear_notices",
        sa.Column("device_id", sa.Integer(), nullable=False),
        sa.Column("part", sa.String(length=40), nullable=False),
        sa.Column("life", sa.String(length=40), nullable=False),
        sa.Column("due_on", sa.Date(), nullable=True),
        sa.Column("created_at", UtcDateTime(timezone=True), nullable=False),
        _fk("wear_notices", "device_id", "devices"),
        sa.PrimaryKeyConstraint("device_id", "part", "life", name=op.f("pk_wear_notices")),
    )


def downgrade() -> None:
    op.drop_table("wear_notices")
    op.drop_table("wear_settings")
    op.drop_table("wear_versions")
    op.drop_index("ix_wear_forecasts_owner", table_name="wear_forecasts")
    op.drop_index("ix_wear_forecasts_sort", table_name="wear_forecasts")
    op.drop_table("wear_forecasts")
