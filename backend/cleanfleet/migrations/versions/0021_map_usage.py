"""map usage: robot_maps.used_by, what works on each map (the robot's tasks, scheduled tasks and elevator
scheduled tasks naming it) as last read from the robot, so the list tells it while the robot is offline

Revision ID: 0021_map_usage
Revises: 0020_transfer_receiver
Create Date: 2026-11-24 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0021_map_usage'
down_revision: str | Sequence[str] | None = '0020_transfer_receiver'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('robot_maps', schema=None) as batch_op:
        batch_op.add_column(sa.Column('used_by', sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('robot_maps', schema=None) as batch_op:
        batch_op.drop_column('used_by')
