"""Online days in the reader's time zone (issue 30 item 8): each day a robot was heard keeps the first and the last
quarter hour of that UTC day it was heard in, so a reader east or west of UTC counts it on the right day
(core/ranges.py). Rows from before count as heard all day (0-95), their old meaning; downgrade drops the columns.

Revision ID: 0025_t1_online_quarters
Revises: 0024_c1_alarm_channel_rows
"""

import sqlalchemy as sa
from alembic import op

revision = "0025_t1_online_quarters"
down_revision = "0024_c1_alarm_channel_rows"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("device_online_days") as batch:
        batch.add_column(sa.Column("first_quarter", sa.SmallInteger(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("last_quarter", sa.SmallInteger(), nullable=False, server_default="95"))


def downgrade() -> None:
    with op.batch_alter_table("device_online_days") as batch:
        batch.drop_column("last_quarter")
        batch.drop_column("first_quarter")
