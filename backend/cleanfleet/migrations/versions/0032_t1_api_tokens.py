"""API tokens (issue 35 item 1): integrations' named, expiring, key-limited tokens (only their hashes), and the
operation log's column naming the token a change was made with. Downgrade drops both.

Revision ID: 0032_t1_api_tokens
Revises: 0031_i1_incidents
"""

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import UtcDateTime

revision = "0032_t1_api_tokens"
down_revision = "0031_i1_incidents"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "api_tokens",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("public_id", sa.String(length=16), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("keys", sa.JSON(), nullable=False),
        sa.Column("created_at", UtcDateTime(timezone=True), nullable=False),
        sa.Column("expires_at", UtcDateTime(timezone=True), nullable=False),
        sa.Column("last_used_at", UtcDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_api_tokens_user_id_users"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_api_tokens")),
        sa.UniqueConstraint("public_id", name=op.f("uq_api_tokens_public_id")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_api_tokens_token_hash")),
        sa.UniqueConstraint("user_id", "name", name="uq_api_tokens_user_name"),
    )
    op.create_index("ix_api_tokens_user_id", "api_tokens", ["user_id"])
    with op.batch_alter_table("operation_logs") as batch:
        batch.add_column(sa.Column("token_name", sa.String(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("operation_logs") as batch:
        batch.drop_column("token_name")
    op.drop_index("ix_api_tokens_user_id", table_name="api_tokens")
    op.drop_table("api_tokens")
