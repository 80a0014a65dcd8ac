"""Site coverage (issue 33 item 4): ``site_coverage_days``, per robot, map and day, how many times each coverage cell
was cleaned and the cells the runs' plans targeted (compressed), for the heat maps. Downgrade drops it.

Revision ID: 0028_s2_site_coverage
Revises: 0027_s1_sites
"""

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import UtcDateTime

revision = "0028_s2_site_coverage"
down_revision = "0027_s1_sites"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "site_coverage_days",
        sa.Column("device_id", sa.Integer(), nullable=False),
        sa.Column("map_name", sa.String(length=128), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("cell", sa.Float(), nullable=False),
        sa.Column("origin_x", sa.Float(), nullable=False),
        sa.Column("origin_y", sa.Float(), nullable=False),
        sa.Column("width", sa.Integer(), nullable=False),
        sa.Column("height", sa.Integer(), nullable=False),
        sa.Column("runs", sa.Integer(), nullable=False),
        sa.Column("counts", sa.LargeBinary(), nullable=False),
        sa.Column("targeted", sa.LargeBinary(), nullable=False),
        sa.Column("updated_at", UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["device_id"], ["devices.id"], name=op.f("fk_site_coverage_days_device_id_devices"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("device_id", "map_name", "day", name=op.f("pk_site_coverage_days")),
    )


def downgrade() -> None:
    op.drop_table("site_coverage_days")
