"""Issue 45 item 1: what an API token did stays attributable to it. The operation log's rows carry the token's id
beside its name (names are reused after a revocation, ids never); no foreign key, a row outlives the revoked token.
Rows written before keep a null id. Downgrade drops the column.

Revision ID: 0039_s1_token_attribution
Revises: 0038_h1_device_search_mirror
"""

import sqlalchemy as sa
from alembic import op

revision = "0039_s1_token_attribution"
down_revision = "0038_h1_device_search_mirror"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("operation_logs") as batch:
        batch.add_column(sa.Column("token_id", sa.Integer(), nullable=True))
        batch.create_index("ix_operation_logs_token_id", ["token_id"])


def downgrade() -> None:
    with op.batch_alter_table("operation_logs") as batch:
        batch.drop_index("ix_operation_logs_token_id")
        batch.drop_column("token_id")
