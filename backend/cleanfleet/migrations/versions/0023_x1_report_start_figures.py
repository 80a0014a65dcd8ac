"""The runs' start-time index covers their chart figures (issue 30 item 8): the quarter and year charts move the
runs near a reader's midnight between buckets, read from this index alone (reports.charts.shifted_periods).

Revision ID: 0023_x1_report_start_figures
Revises: 0022_oplog_changes
"""

from alembic import op

revision = "0023_x1_report_start_figures"
down_revision = "0022_oplog_changes"
branch_labels = None
depends_on = None

FIGURES = ["start_time", "device_id", "map_name", "duration_s", "work_area", "cleaned_area", "coverage",
           "alarm_count"]


def upgrade() -> None:
    op.create_index("ix_task_reports_start_figures", "task_reports", FIGURES)
    op.drop_index("ix_task_reports_start_time", table_name="task_reports")


def downgrade() -> None:
    op.create_index("ix_task_reports_start_time", "task_reports", ["start_time"])
    op.drop_index("ix_task_reports_start_figures", table_name="task_reports")
