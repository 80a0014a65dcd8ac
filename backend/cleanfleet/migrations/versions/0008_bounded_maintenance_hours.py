"""maintenance_reminders, consumables: stored hours brought within the bounds every write now enforces (data only)

Before the request schemas were bounded, a period of 1e15 hours could be stored, and every later read of that
device's reminders failed. Periods are clamped to 1..100,000 hours, consumable lives likewise, used hours to
0..1,000,000 (core.bounds).

Revision ID: 0008_bounded_maintenance_hours
Revises: 0007_assigned_relay_ports
Create Date: 2026-11-22 11:00:00.000000
"""

from collections.abc import Sequence

from alembic import op

revision: str = '0008_bounded_maintenance_hours'
down_revision: str | Sequence[str] | None = '0007_assigned_relay_ports'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute("UPDATE maintenance_reminders SET period_hours = 100000 WHERE period_hours > 100000")
    op.execute("UPDATE maintenance_reminders SET period_hours = 1 WHERE period_hours < 1")
    op.execute("UPDATE consumables SET life_hours = 100000 WHERE life_hours > 100000")
    op.execute("UPDATE consumables SET life_hours = 1 WHERE life_hours < 1")
    op.execute("UPDATE consumables SET used_hours = 1000000 WHERE used_hours > 1000000")
    op.execute("UPDATE consumables SET used_hours = 0 WHERE used_hours < 0")


def downgrade() -> None:
    pass  # the clamped values are valid under the old rules too
