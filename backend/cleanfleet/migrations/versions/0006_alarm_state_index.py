"""alarms: an index for the unresolved ones (state, device, raised)

The open-alarm counts of the index page, the wall and the header badge, the per-device open counts of the robot
cards, the resolve call and the wall's and device map's active alarms all filter ``alarms.state`` (unresolved),
then group or join by device; without it each read every alarm ever stored.

Revision ID: 0006_alarm_state_index
Revises: 0005_online_history
Create Date: 2026-11-21 13:00:00.000000
"""

from collections.abc import Sequence

from alembic import op

revision: str = '0006_alarm_state_index'
down_revision: str | Sequence[str] | None = '0005_online_history'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('alarms', schema=None) as batch_op:
        batch_op.create_index('ix_alarms_state_device', ['state', 'device_id', 'raised_at'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('alarms', schema=None) as batch_op:
        batch_op.drop_index('ix_alarms_state_device')
