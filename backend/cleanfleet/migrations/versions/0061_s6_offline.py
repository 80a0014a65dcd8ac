"""Issue 53 items 5-6: a phone that works without signal (windows cleaned by hand, notes on incidents, the queued
actions applied once).

Revision ID: 0061_s6_offline
Revises: 0060_s6_branding
"""

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import UtcDateTime

revision = "0061_s6_offline"
down_revision = "0060_s6_branding"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "site_plan_by_hand",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("site_id", sa.Integer(), nullable=False),
        sa.Column("plan_item_id", sa.Integer(), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("marked_at", UtcDateTime(timezone=True), nullable=False),
        sa.Column("note", sa.String(500), nullable=False),
        sa.ForeignKeyConstraint(["site_id"], ["sites.id"], name=op.f("fk_site_plan_by_hand_site_id_sites"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["plan_item_id"], ["site_plan_items.id"],
                                name=op.f("fk_site_plan_by_hand_plan_item_id_site_plan_items"), ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_site_plan_by_hand_user_id_users"),
                                ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_site_plan_by_hand")),
        sa.UniqueConstraint("plan_item_id", "day", name="uq_site_plan_by_hand_plan_item_id_day"),
    )
    op.create_index("ix_site_plan_by_hand_site_day", "site_plan_by_hand", ["site_id", "day"])
    op.create_index(op.f("ix_site_plan_by_hand_user_id"), "site_plan_by_hand", ["user_id"])
    op.create_table(
        "incident_notes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("incident_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("created_at", UtcDateTime(timezone=True), nullable=False),
        sa.Column("text", sa.String(1000), nullable=False),
        sa.ForeignKeyConstraint(["incident_id"], ["incidents.id"], name=op.f("fk_incident_notes_incident_id_incidents"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_incident_notes_user_id_users"),
                                ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_incident_notes")),
    )
    op.create_index(op.f("ix_incident_notes_incident_id"), "incident_notes", ["incident_id"])
    op.create_index(op.f("ix_incident_notes_user_id"), "incident_notes", ["user_id"])
    op.create_table(
        "field_actions",
        sa.Column("action_id", sa.String(36), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("answer", sa.JSON(), nullable=False),
        sa.Column("applied_at", UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_field_actions_user_id_users"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("action_id", name=op.f("pk_field_actions")),
    )
    op.create_index("ix_field_actions_user_applied", "field_actions", ["user_id", "applied_at"])


def downgrade() -> None:
    op.drop_index("ix_field_actions_user_applied", table_name="field_actions")
    op.drop_table("field_actions")
    op.drop_index(op.f("ix_incident_notes_user_id"), table_name="incident_notes")
    op.drop_index(op.f("ix_incident_notes_incident_id"), table_name="incident_notes")
    op.drop_table("incident_notes")
    op.drop_index(op.f("ix_site_plan_by_hand_user_id"), table_name="site_plan_by_hand")
    op.drop_index("ix_site_plan_by_hand_site_day", table_name="site_plan_by_hand")
    op.drop_table("site_plan_by_hand")
