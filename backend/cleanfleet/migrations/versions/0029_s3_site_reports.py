"""Site reports (issue 33 item 5): ``site_report_schedules`` (per site: mailed weekly or monthly, to whom, in which
language) and ``site_report_sends`` (the mailer's claim of one site's period, unique). Downgrade drops both.

Revision ID: 0029_s3_site_reports
Revises: 0028_s2_site_coverage
"""

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import UtcDateTime

revision = "0029_s3_site_reports"
down_revision = "0028_s2_site_coverage"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "site_report_schedules",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("site_id", sa.Integer(), nullable=False),
        sa.Column("enabled", sa.Boolean(), nullable=False),
        sa.Column("period", sa.String(length=8), nullable=False),
        sa.Column("recipients", sa.JSON(), nullable=False),
        sa.Column("since", UtcDateTime(timezone=True), nullable=False),
        sa.Column("created_at", UtcDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["site_id"], ["sites.id"], name=op.f("fk_site_report_schedules_site_id_sites"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_site_report_schedules")),
        sa.UniqueConstraint("site_id", name=op.f("uq_site_report_schedules_site_id")),
    )
    op.create_table(
        "site_report_sends",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("site_id", sa.Integer(), nullable=False),
        sa.Column("period", sa.String(length=8), nullable=False),
        sa.Column("start", sa.Date(), nullable=False),
        sa.Column("recipients", sa.Integer(), nullable=False),
        sa.Column("sent_at", UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["site_id"], ["sites.id"], name=op.f("fk_site_report_sends_site_id_sites"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_site_report_sends")),
        sa.UniqueConstraint("site_id", "period", "start", name="uq_site_report_sends_site_id_period_start"),
    )


def downgrade() -> None:
    op.drop_table("site_report_sends")
    op.drop_table("site_report_schedules")
