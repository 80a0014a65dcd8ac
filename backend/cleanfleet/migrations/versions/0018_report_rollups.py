"""report roll-ups: task_report_device_months, the month roll-up per device with every map together (the charts
that neither break down by map nor filter on one read a row per device and month, not one per map too), filled
from task_report_months

Revision ID: 0018_report_rollups
Revises: 0017_alarms
Create Date: 2026-11-23 02:30:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0018_report_rollups'
down_revision: str | Sequence[str] | None = '0017_alarms'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SUMS = ['runs', 'duration_s', 'work_area', 'cleaned_area', 'coverage_sum', 'alarm_count']
FIGURES = ['runs', 'duration_s', 'work_area', 'cleaned_area', 'coverage_sum', 'efficiency_sum', 'alarm_count']


def upgrade() -> None:
    op.create_table(
        'task_report_device_months',
        sa.Column('device_id', sa.Integer(), nullable=False),
        sa.Column('month', sa.Date(), nullable=False),
        sa.Column('runs', sa.Integer(), nullable=False),
        sa.Column('duration_s', sa.BigInteger(), nullable=False),
        sa.Column('work_area', sa.Float(), nullable=False),
        sa.Column('cleaned_area', sa.Float(), nullable=False),
        sa.Column('coverage_sum', sa.Float(), nullable=False),
        sa.Column('efficiency_sum', sa.Float(), nullable=False),
        sa.Column('alarm_count', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['device_id'], ['devices.id'],
                                name=op.f('fk_task_report_device_months_device_id_devices'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('device_id', 'month', name=op.f('pk_task_report_device_months')),
        sqlite_with_rowid=False,
    )
    op.create_index('ix_task_report_device_months_month', 'task_report_device_months', ['month', 'device_id', *SUMS])
    columns = ', '.join(FIGURES)
    sums = ', '.join(f'sum({c})' for c in FIGURES)
    op.execute(f"INSERT INTO task_report_device_months (device_id, month, {columns})"
               f" SELECT device_id, month, {sums} FROM task_report_months GROUP BY device_id, month")


def downgrade() -> None:
    op.drop_index('ix_task_report_device_months_month', table_name='task_report_device_months')
    op.drop_table('task_report_device_months')
