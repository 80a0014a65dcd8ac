"""frp_port_grants: every device's current FRP port counts as assigned (data only)

The relay now answers only for a port the server assigned on the device's node (a row of frp_port_grants).
Ports written before then (the console's device form, the simulated fleet) had no such row; they are
recorded here once, so robots that worked keep working. From now on only generateFrpPort, a transfer-node
administrator's edit and a device's creation by the server add rows.

Revision ID: 0007_assigned_relay_ports
Revises: 0006_alarm_state_index
Create Date: 2026-12-02 10:00:00.000000
"""

from collections.abc import Sequence

from alembic import op

revision: str = '0007_assigned_relay_ports'
down_revision: str | Sequence[str] | None = '0006_alarm_state_index'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute("""
        INSERT INTO frp_port_grants (frp_host, frp_port, granted_at)
        SELECT DISTINCT d.frp_host, d.frp_port, CURRENT_TIMESTAMP FROM devices d
        WHERE d.frp_port IS NOT NULL AND d.frp_host <> ''
          AND NOT EXISTS (SELECT 1 FROM frp_port_grants g WHERE g.frp_host = d.frp_host AND g.frp_port = d.frp_port)
    """)


def downgrade() -> None:
    pass  # the rows are true either way: these ports were in use
