"""one line: the users' and the devices' branches meet (both grew from 0001); every later revision follows

Revision ID: 0011_one_line
Revises: 0002_users_roles, 0010_tasks_elevators
Create Date: 2026-11-22
"""

from collections.abc import Sequence

revision: str = '0011_one_line'
down_revision: str | Sequence[str] | None = ('0002_users_roles', '0010_tasks_elevators')
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Nothing to change: a database at both heads is now at this one."""


def downgrade() -> None:
    """Back to the two branch heads."""
