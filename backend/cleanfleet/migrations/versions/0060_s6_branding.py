"""Issue 53 item 4: the dealer's own brand.

Revision ID: 0060_s6_branding
Revises: 0059_s5_availability
"""

from typing import Any

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import UtcDateTime

revision = "0060_s6_branding"
down_revision = "0059_s5_availability"
branch_labels = None
depends_on = None


def _image(name: str) -> list[Any]:
    return [sa.Column(name, sa.String(32), nullable=True),
            sa.ForeignKeyConstraint([name], ["stored_files.id"], name=op.f(f"fk_brands_{name}_stored_files"),
                                    ondelete="SET NULL")]


def upgrade() -> None:
    op.create_table(
        "brands",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("product_name", sa.String(40), nullable=False),
        sa.Column("primary_color", sa.String(7), nullable=False),
        sa.Column("header_color", sa.String(7), nullable=False),
        sa.Column("footer_text", sa.String(200), nullable=False),
        sa.Column("mail_sender_name", sa.String(64), nullable=False),
        sa.Column("mail_reply_to", sa.String(254), nullable=False),
        sa.Column("customers_may_brand", sa.Boolean(), nullable=False),
        *_image("logo_file_id"), *_image("icon_file_id"), *_image("icon_small_file_id"), *_image("favicon_file_id"),
        sa.Column("updated_at", UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_brands_user_id_users"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_brands")),
    )
    op.create_table(
        "brand_hosts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("host", sa.String(253), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["brands.user_id"], name=op.f("fk_brand_hosts_user_id_brands"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_brand_hosts")),
        sa.UniqueConstraint("host", name=op.f("uq_brand_hosts_host")),
    )
    op.create_index("ix_brand_hosts_user_id", "brand_hosts", ["user_id"])


def downgrade() -> None:
    op.drop_index("ix_brand_hosts_user_id", table_name="brand_hosts")
    op.drop_table("brand_hosts")
    op.drop_table("brands")
