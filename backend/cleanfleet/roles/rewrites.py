"""The bulk rewrites of who holds what: a person's roles, a role's keys, a role group's roles (delete, then insert),
each telling the audit trail what was before and after (core/audit.py ``note_rewrite``: a bulk statement's rows are
not seen by the operation log's hook one by one)."""

from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.audit import note_rewrite
from cleanfleet.roles.models import RoleGroupRole, RolePermission, UserRole


async def _rewrite(db: AsyncSession, record: str, what: str, column: Any, owner: Any, owner_id: int,
                   values: Iterable[Any], row: Callable[[Any], Any]) -> None:
    """Replaces the rows of ``owner_id`` (``owner``: their owner column) by one ``row(value)`` per value, telling the
    audit trail the ``column``'s values before and after."""
    wanted = sorted(set(values))
    await note_rewrite(db, record, what, select(column).where(owner == owner_id), wanted)
    await db.execute(delete(owner.class_).where(owner == owner_id))
    db.add_all(row(value) for value in wanted)
    await db.flush()


async def assign_roles(db: AsyncSession, user_id: int, role_ids: Iterable[int]) -> None:
    await _rewrite(db, f"users#{user_id}", "roles", UserRole.role_id, UserRole.user_id, user_id, role_ids,
                   lambda role_id: UserRole(user_id=user_id, role_id=role_id))


async def set_role_keys(db: AsyncSession, role_id: int, keys: Iterable[str]) -> None:
    await _rewrite(db, f"roles#{role_id}", "keys", RolePermission.key, RolePermission.role_id, role_id, keys,
                   lambda key: RolePermission(role_id=role_id, key=key))


async def set_group_roles(db: AsyncSession, group_id: int, role_ids: Iterable[int]) -> None:
    await _rewrite(db, f"role_groups#{group_id}", "roles", RoleGroupRole.role_id, RoleGroupRole.group_id, group_id,
                   role_ids, lambda role_id: RoleGroupRole(group_id=group_id, role_id=role_id))
