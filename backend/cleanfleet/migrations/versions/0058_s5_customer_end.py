"""Issue 51 item 8: a customer's end.

Revision ID: 0058_s5_customer_end
Revises: 0057_s5_privacy
"""

import sqlalchemy as sa  # noqa: F401
from alembic import op  # noqa: F401

revision = "0058_s5_customer_end"
down_revision = "0057_s5_privacy"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
