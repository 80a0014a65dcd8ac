"""Plan against actual per closed site day (issue 33, the summary's speed budget): ``site_actual_days``, per site
and day, the planned runs by state with the fingerprint of what they were computed from and a version that a
change of the day's runs raises. Downgrade drops it (it is recomputed on demand).

Revision ID: 0030_s4_site_day_counts
Revises: 0029_s3_site_reports
"""

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import UtcDateTime

revision = "0030_s4_site_day_counts"
down_revision = "0029_s3_site_reports"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "site_actual_days",
        sa.Column("site_id", sa.Integer(), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("stamp", sa.String(length=32), nullable=False),
        sa.Column("planned", sa.Integer(), nullable=False),
        sa.Column("done", sa.Integer(), nullable=False),
        sa.Column("late", sa.Integer(), nullable=False),
        sa.Column("short", sa.Integer(), nullable=False),
        sa.Column("missed", sa.Integer(), nullable=False),
        sa.Column("failed", sa.Integer(), nullable=False),
        sa.Column("pending", sa.Integer(), nullable=False),
        sa.Column("expires_at", UtcDateTime(timezone=True), nullable=True),
        sa.Column("computed_at", UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["site_id"], ["sites.id"], name=op.f("fk_site_actual_days_site_id_sites"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("site_id", "day", name=op.f("pk_site_actual_days")),
    )


def downgrade() -> None:
    op.drop_table("site_actual_days")
