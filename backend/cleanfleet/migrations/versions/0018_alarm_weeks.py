"""alarm weeks: the alarm day counts added up per device and ISO week (the summary's whole weeks), filled from
alarm_days

Revision ID: 0018_alarm_weeks
Revises: 0018_report_rollups
Create Date: 2026-11-23 02:30:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0018_alarm_weeks'
down_revision: str | Sequence[str] | None = '0018_report_rollups'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COUNTS = ['unknown', 'unresolved', 'resolved', 'level1', 'level2', 'level3']


def _week(column: str) -> str:
    """The Monday of the day's ISO week."""
    if op.get_bind().dialect.name == 'postgresql':
        return f"CAST(date_trunc('week', {column}) AS DATE)"
    return f"date({column}, '-6 days', 'weekday 1')"


def upgrade() -> None:
    op.create_table(
        'alarm_weeks',
        sa.Column('device_id', sa.Integer(), nullable=False),
        sa.Column('week', sa.Date(), nullable=False),
        *(sa.Column(name, sa.Integer(), nullable=False) for name in COUNTS),
        sa.ForeignKeyConstraint(['device_id'], ['devices.id'], name=op.f('fk_alarm_weeks_device_id_devices'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('device_id', 'week', name=op.f('pk_alarm_weeks')),
        sqlite_with_rowid=False,
    )
    op.create_index('ix_alarm_weeks_week', 'alarm_weeks', ['week', 'device_id'], postgresql_include=COUNTS)
    week = _week('day')
    op.execute(f"INSERT INTO alarm_weeks (device_id, week, {', '.join(COUNTS)})"
               f" SELECT device_id, {week}, {', '.join(f'sum({c})' for c in COUNTS)} FROM alarm_days"
               f" GROUP BY device_id, {week} ORDER BY {week}, device_id")


def downgrade() -> None:
    op.drop_index('ix_alarm_weeks_week', table_name='alarm_weeks')
    op.drop_table('alarm_weeks')
