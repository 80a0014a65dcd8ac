"""Broker TLS and password robots (issue 46 item 3): ``users.password_robots``, whether the robots of a user's
subtree may still sign in to the broker by password (on for every existing user: older fleets keep working until
their tenant switches it off), and ``device_states.broker_auth``, how each robot last signed in ("password",
"certificate"; "" not yet known), which the device list shows.

Revision ID: 0044_s3_broker_tls
Revises: 0043_s3_robot_certificates
"""

import sqlalchemy as sa
from alembic import op

revision = "0044_s3_broker_tls"
down_revision = "0043_s3_robot_certificates"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMN (no batch copy): users and device_states keep their rows, keys and triggers as they are
    op.add_column("users", sa.Column("password_robots", sa.Boolean(), nullable=False, server_default=sa.true()))
    op.add_column("device_states", sa.Column("broker_auth", sa.String(length=16), nullable=False, server_default=""))


def downgrade() -> None:
    with op.batch_alter_table("device_states") as batch:
        batch.drop_column("broker_auth")
    with op.batch_alter_table("users") as batch:
        batch.drop_column("password_robots")
