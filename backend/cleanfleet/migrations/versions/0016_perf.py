"""perf: monthly roll-ups of the task report days and of the online days, and a covering index for the alarm
centre's counts

Revision ID: 0016_perf
Revises: 0016_vwhole
Create Date: 2026-11-22 19:30:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0016_perf'
down_revision: str | Sequence[str] | None = '0016_vwhole'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SUMS = ('runs', 'duration_s', 'work_area', 'cleaned_area', 'coverage_sum', 'efficiency_sum', 'alarm_count')


def _month(column: str) -> str:
    if op.get_bind().dialect.name == 'postgresql':
        return f"CAST(date_trunc('month', {column}) AS DATE)"
    return f"substr({column}, 1, 7) || '-01'"


def upgrade() -> None:
    op.create_table(
        'task_report_months',
        sa.Column('device_id', sa.Integer(), nullable=False),
        sa.Column('month', sa.Date(), nullable=False),
        sa.Column('map_name', sa.String(length=128), nullable=False),
        sa.Column('runs', sa.Integer(), nullable=False),
        sa.Column('duration_s', sa.BigInteger(), nullable=False),
        sa.Column('work_area', sa.Float(), nullable=False),
        sa.Column('cleaned_area', sa.Float(), nullable=False),
        sa.Column('coverage_sum', sa.Float(), nullable=False),
        sa.Column('efficiency_sum', sa.Float(), nullable=False),
        sa.Column('alarm_count', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['device_id'], ['devices.id'], name=op.f('fk_task_report_months_device_id_devices'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('device_id', 'month', 'map_name', name=op.f('pk_task_report_months')),
    )
    op.create_index('ix_task_report_months_month', 'task_report_months', ['month', 'device_id'])
    op.create_table(
        'device_online_months',
        sa.Column('device_id', sa.Integer(), nullable=False),
        sa.Column('month', sa.Date(), nullable=False),
        sa.Column('days', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['device_id'], ['devices.id'], name=op.f('fk_device_online_months_device_id_devices'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('device_id', 'month', name=op.f('pk_device_online_months')),
    )
    op.create_index('ix_device_online_months_month', 'device_online_months', ['month', 'device_id'])
    sums = ', '.join(SUMS)
    op.execute(f"INSERT INTO task_report_months (device_id, month, map_name, {sums})"
               f" SELECT device_id, {_month('day')}, map_name, {', '.join(f'sum({c})' for c in SUMS)}"
               f" FROM task_report_days GROUP BY device_id, {_month('day')}, map_name")
    op.execute(f"INSERT INTO device_online_months (device_id, month, days)"
               f" SELECT device_id, {_month('day')}, count(*) FROM device_online_days"
               f" GROUP BY device_id, {_month('day')}")
    op.create_index('ix_alarms_device_counts', 'alarms', ['device_id', 'raised_at', 'state', 'level', 'key', 'code'])


def downgrade() -> None:
    op.drop_index('ix_alarms_device_counts', table_name='alarms')
    op.drop_index('ix_device_online_months_month', table_name='device_online_months')
    op.drop_table('device_online_months')
    op.drop_index('ix_task_report_months_month', table_name='task_report_months')
    op.drop_table('task_report_months')
