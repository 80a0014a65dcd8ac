"""Issue 45 item 6: alarm messages folded per robot and problem. A message gains ``fold_key`` (set while a folding
message is open, with a unique index: one open message per user, robot and problem) and ``count`` (how many alarms
it tells of; 1 for every message written before). Downgrade drops both.

Revision ID: 0041_s1_inbox_fold
Revises: 0040_s1_push_owner
"""

import sqlalchemy as sa
from alembic import op

revision = "0041_s1_inbox_fold"
down_revision = "0040_s1_push_owner"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("messages") as batch:
        batch.add_column(sa.Column("fold_key", sa.String(length=160), nullable=True))
        batch.add_column(sa.Column("count", sa.Integer(), nullable=False, server_default="1"))
        batch.create_index("uq_messages_fold_key", ["fold_key"], unique=True)


def downgrade() -> None:
    with op.batch_alter_table("messages") as batch:
        batch.drop_index("uq_messages_fold_key")
        batch.drop_column("count")
        batch.drop_column("fold_key")
