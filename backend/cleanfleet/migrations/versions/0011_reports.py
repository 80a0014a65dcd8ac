"""reports: the run's recorded path, manual records and remarks, and the per-device-per-day aggregate

Revision ID: 0011_reports
Revises: 0012_alarms
Create Date: 2026-11-22 16:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import UtcDateTime

revision: str = '0011_reports'
down_revision: str | Sequence[str] | None = '0012_alarms'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('task_reports') as batch:
        batch.add_column(sa.Column('path', sa.JSON(), nullable=True))
        batch.add_column(sa.Column('manual', sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column('remark', sa.String(length=255), nullable=False, server_default=''))
        # reports stored before this revision are not mailed any more
        batch.add_column(sa.Column('mailed', sa.Boolean(), nullable=False, server_default=sa.true()))
        batch.create_index('ix_task_reports_unmailed', ['mailed', 'id'], unique=False)
    op.create_table(
        'task_report_days',
        sa.Column('device_id', sa.Integer(), nullable=False),
        sa.Column('day', sa.Date(), nullable=False),
        sa.Column('map_name', sa.String(length=128), nullable=False),
        sa.Column('runs', sa.Integer(), nullable=False),
        sa.Column('duration_s', sa.BigInteger(), nullable=False),
        sa.Column('work_area', sa.Float(), nullable=False),
        sa.Column('cleaned_area', sa.Float(), nullable=False),
        sa.Column('coverage_sum', sa.Float(), nullable=False),
        sa.Column('efficiency_sum', sa.Float(), nullable=False),
        sa.Column('alarm_count', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['device_id'], ['devices.id'], name=op.f('fk_task_report_days_device_id_devices'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('device_id', 'day', 'map_name', name=op.f('pk_task_report_days')),
    )
    op.create_index('ix_task_report_days_day', 'task_report_days', ['day', 'device_id'])
    op.create_table(
        'report_digests',
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('week', sa.Date(), nullable=False),
        sa.Column('sent_at', UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_report_digests_user_id_users'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('user_id', 'week', name=op.f('pk_report_digests')),
    )
    # reports stored before this revision get their aggregates
    op.execute(
        "INSERT INTO task_report_days (device_id, day, map_name, runs, duration_s, work_area, cleaned_area,"
        " coverage_sum, efficiency_sum, alarm_count)"
        " SELECT device_id, CAST(start_time AT TIME ZONE 'UTC' AS DATE), map_name, count(*), sum(duration_s), sum(work_area),"
        " sum(cleaned_area), sum(coverage), sum(efficiency), sum(alarm_count) FROM task_reports"
        " GROUP BY device_id, CAST(start_time AT TIME ZONE 'UTC' AS DATE), map_name"
        if op.get_bind().dialect.name == 'postgresql' else
        "INSERT INTO task_report_days (device_id, day, map_name, runs, duration_s, work_area, cleaned_area,"
        " coverage_sum, efficiency_sum, alarm_count)"
        " SELECT device_id, substr(start_time, 1, 10), map_name, count(*), sum(duration_s), sum(work_area),"
        " sum(cleaned_area), sum(coverage), sum(efficiency), sum(alarm_count) FROM task_reports"
        " GROUP BY device_id, substr(start_time, 1, 10), map_name"
    )


def downgrade() -> None:
    op.drop_table('report_digests')
    op.drop_index('ix_task_report_days_day', table_name='task_report_days')
    op.drop_table('task_report_days')
    with op.batch_alter_table('task_reports') as batch:
        batch.drop_index('ix_task_reports_unmailed')
        batch.drop_column('mailed')
        batch.drop_column('remark')
        batch.drop_column('manual')
        batch.drop_column('path')
