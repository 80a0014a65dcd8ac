"""reports: covering indexes on the task report roll-ups, period first and device first, so a chart's reads are
index-only and grouped without a sort

Revision ID: 0017_reports
Revises: 0016_vsoft
Create Date: 2026-11-22 23:00:00.000000
"""

from collections.abc import Sequence

from alembic import op

revision: str = '0017_reports'
down_revision: str | Sequence[str] | None = '0016_vsoft'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SUMS = ['runs', 'duration_s', 'work_area', 'cleaned_area', 'coverage_sum', 'alarm_count']
TABLES = (('task_report_days', 'day'), ('task_report_months', 'month'))


def upgrade() -> None:
    for table, period in TABLES:
        op.drop_index(f'ix_{table}_{period}', table_name=table)
        op.create_index(f'ix_{table}_{period}', table, [period, 'map_name', 'device_id', *SUMS])
        op.create_index(f'ix_{table}_device', table, ['device_id', period, 'map_name', *SUMS])


def downgrade() -> None:
    for table, period in TABLES:
        op.drop_index(f'ix_{table}_device', table_name=table)
        op.drop_index(f'ix_{table}_{period}', table_name=table)
        op.create_index(f'ix_{table}_{period}', table, [period, 'device_id'])
