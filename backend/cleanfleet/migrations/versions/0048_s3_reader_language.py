"""Issue 48 item 7: a message is kept as what happened, not as a sentence in its writer's language. A message gains
``content_key``: with ``text_key`` (now also a registered text's key, ``sites.MISSED_TITLE``, besides the message
centre's own kinds) it names the texts of its title and content, rendered with ``text_values`` in the reader's
language when read (core/texts.py ``render_stored``). Rows written before keep no key and show their stored title
and content, as they did. Downgrade drops the column (those messages then show their stored English text).

Revision ID: 0048_s3_reader_language
Revises: 0047_s3_site_reports
"""

import sqlalchemy as sa
from alembic import op

revision = "0048_s3_reader_language"
down_revision = "0047_s3_site_reports"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("messages") as batch:
        batch.add_column(sa.Column("content_key", sa.String(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("messages") as batch:
        batch.drop_column("content_key")
