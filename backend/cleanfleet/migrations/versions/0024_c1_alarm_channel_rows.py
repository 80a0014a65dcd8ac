"""Alarm channels as data (issue 31 item 3): an alarm setting's channels become rows of alarm_setting_channels (one
per channel turned on) instead of a Boolean column per channel, so a new channel (an adapter in warn/channels/)
needs no migration. Upgrade copies each true column into a row; downgrade copies the rows of the seven spec
channels back into their columns (a channel registered later has no column to go back to: its rows are dropped).

Revision ID: 0024_c1_alarm_channel_rows
Revises: 0023_x1_report_start_figures
"""

import sqlalchemy as sa
from alembic import op

revision = "0024_c1_alarm_channel_rows"
down_revision = "0023_x1_report_start_figures"
branch_labels = None
depends_on = None

SPEC_CHANNELS = ("app", "cloud", "email", "official", "sms", "terminal", "offsite")


def upgrade() -> None:
    op.create_table(
        "alarm_setting_channels",
        sa.Column("setting_id", sa.Integer(), nullable=False),
        sa.Column("channel", sa.String(length=16), nullable=False),
        sa.ForeignKeyConstraint(["setting_id"], ["alarm_settings.id"],
                                name=op.f("fk_alarm_setting_channels_setting_id_alarm_settings"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("setting_id", "channel", name=op.f("pk_alarm_setting_channels")),
    )
    for channel in SPEC_CHANNELS:
        op.execute(f"INSERT INTO alarm_setting_channels (setting_id, channel) "  # noqa: S608 (constant names)
                   f"SELECT id, '{channel}' FROM alarm_settings WHERE {channel}")
    with op.batch_alter_table("alarm_settings") as batch:
        for channel in SPEC_CHANNELS:
            batch.drop_column(channel)


def downgrade() -> None:
    with op.batch_alter_table("alarm_settings") as batch:
        for channel in SPEC_CHANNELS:
            batch.add_column(sa.Column(channel, sa.Boolean(), nullable=False, server_default=sa.false()))
    for channel in SPEC_CHANNELS:
        op.execute(f"UPDATE alarm_settings SET {channel} = true WHERE id IN "  # noqa: S608 (constant names)
                   f"(SELECT setting_id FROM alarm_setting_channels WHERE channel = '{channel}')")
    with op.batch_alter_table("alarm_settings") as batch:
        for channel in SPEC_CHANNELS:
            batch.alter_column(channel, server_default=None)
    op.drop_table("alarm_setting_channels")
