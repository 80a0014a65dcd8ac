"""alarms: day counts for the alarm centre's summary (per device and UTC day by state and level; per owner, UTC
day, name and code), filled from the alarms stored

Revision ID: 0017_alarms
Revises: 0017_reports
Create Date: 2026-11-22 23:10:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0017_alarms'
down_revision: str | Sequence[str] | None = '0017_reports'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _utc_day(column: str) -> str:
    if op.get_bind().dialect.name == 'postgresql':
        return f"CAST(timezone('UTC', {column}) AS DATE)"
    return f"date({column})"


def upgrade() -> None:
    op.create_table(
        'alarm_days',
        sa.Column('device_id', sa.Integer(), nullable=False),
        sa.Column('day', sa.Date(), nullable=False),
        sa.Column('unknown', sa.Integer(), nullable=False),
        sa.Column('unresolved', sa.Integer(), nullable=False),
        sa.Column('resolved', sa.Integer(), nullable=False),
        sa.Column('level1', sa.Integer(), nullable=False),
        sa.Column('level2', sa.Integer(), nullable=False),
        sa.Column('level3', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['device_id'], ['devices.id'], name=op.f('fk_alarm_days_device_id_devices'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('device_id', 'day', name=op.f('pk_alarm_days')),
        sqlite_with_rowid=False,
    )
    op.create_index('ix_alarm_days_day', 'alarm_days', ['day', 'device_id'],
                    postgresql_include=['unknown', 'unresolved', 'resolved', 'level1', 'level2', 'level3'])
    op.create_table(
        'alarm_name_days',
        sa.Column('owner_id', sa.Integer(), nullable=False),
        sa.Column('day', sa.Date(), nullable=False),
        sa.Column('key', sa.String(length=64), nullable=False),
        sa.Column('code', sa.String(length=16), nullable=False),
        sa.Column('alarms', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['owner_id'], ['users.id'], name=op.f('fk_alarm_name_days_owner_id_users'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('owner_id', 'day', 'key', 'code', name=op.f('pk_alarm_name_days')),
        sqlite_with_rowid=False,
    )
    day = _utc_day('alarms.raised_at')
    op.execute(f"INSERT INTO alarm_days (device_id, day, unknown, unresolved, resolved, level1, level2, level3)"
               f" SELECT device_id, {day}, sum(CASE WHEN state = 0 THEN 1 ELSE 0 END),"
               f" sum(CASE WHEN state = 1 THEN 1 ELSE 0 END), sum(CASE WHEN state = 2 THEN 1 ELSE 0 END),"
               f" sum(CASE WHEN level = 1 THEN 1 ELSE 0 END), sum(CASE WHEN level = 2 THEN 1 ELSE 0 END),"
               f" sum(CASE WHEN level = 3 THEN 1 ELSE 0 END) FROM alarms GROUP BY device_id, {day}")
    op.execute(f"INSERT INTO alarm_name_days (owner_id, day, key, code, alarms)"
               f" SELECT devices.user_id, {day}, alarms.key, alarms.code, count(*) FROM alarms"
               f" JOIN devices ON devices.id = alarms.device_id GROUP BY devices.user_id, {day}, alarms.key, alarms.code")


def downgrade() -> None:
    op.drop_table('alarm_name_days')
    op.drop_index('ix_alarm_days_day', table_name='alarm_days')
    op.drop_table('alarm_days')
