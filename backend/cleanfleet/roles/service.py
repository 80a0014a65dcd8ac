"""Roles and permission keys: what a user holds, and keeping the catalogue and presets in the database."""

from collections.abc import Iterable

from sqlalchemy import delete, select, union
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.roles.catalogue import ALL_KEYS, CATALOGUE, PRESET_ROLES
from cleanfleet.roles.models import Permission, Role, RoleGroupRole, RolePermission, UserRole, UserRoleGroup
from cleanfleet.users.models import LEVEL_ADMIN, User


async def keys_of_user(db: AsyncSession, user_id: int) -> frozenset[str]:
    """The keys of the user's own roles and of the roles in its role group."""
    own = select(UserRole.role_id).where(UserRole.user_id == user_id)
    grouped = (
        select(RoleGroupRole.role_id)
        .join(UserRoleGroup, UserRoleGroup.group_id == RoleGroupRole.group_id)
        .where(UserRoleGroup.user_id == user_id)
    )
    role_ids = union(own, grouped).subquery()
    rows = await db.scalars(select(RolePermission.key).where(RolePermission.role_id.in_(select(role_ids))).distinct())
    return frozenset(rows)


async def effective_keys(db: AsyncSession, user: User, owner: User | None = None) -> frozenset[str]:
    """Admin holds every key; a shadow user never holds more than the user it shadows."""
    if user.level_depth == LEVEL_ADMIN and owner is None:
        return ALL_KEYS
    keys = await keys_of_user(db, user.id)
    if owner is not None:
        keys &= await effective_keys(db, owner)
    return keys


async def permission_beans(db: AsyncSession, keys: Iterable[str]) -> list[dict[str, str]]:
    wanted = set(keys)
    rows = await db.execute(select(Permission.key, Permission.name).order_by(Permission.sort))
    return [{"key": key, "name": name} for key, name in rows if key in wanted]


async def sync_catalogue(db: AsyncSession) -> None:
    """Make the permissions table and the preset roles equal to the code's catalogue."""
    existing = {p.key: p for p in await db.scalars(select(Permission))}
    for item in CATALOGUE:
        row = existing.pop(item.key, None) or Permission(key=item.key)
        row.name, row.kind, row.group, row.page, row.sort = item.name, item.kind, item.group, item.page, item.sort
        db.add(row)
    for stale in existing.values():
        await db.delete(stale)
    await db.flush()
    for role_id, (name, keys) in PRESET_ROLES.items():
        role = await db.get(Role, role_id) or Role(id=role_id)
        role.name, role.is_preset, role.user_id = name, True, None
        db.add(role)
        await db.flush()
        await db.execute(delete(RolePermission).where(RolePermission.role_id == role_id))
        db.add_all(RolePermission(role_id=role_id, key=key) for key in sorted(keys))
    await db.commit()


async def assign_roles(db: AsyncSession, user_id: int, role_ids: Iterable[int]) -> None:
    await db.execute(delete(UserRole).where(UserRole.user_id == user_id))
    db.add_all(UserRole(user_id=user_id, role_id=role_id) for role_id in sorted(set(role_ids)))
    await db.flush()


async def role_ids_of_user(db: AsyncSession, user_id: int) -> list[int]:
    rows = await db.scalars(select(UserRole.role_id).where(UserRole.user_id == user_id).order_by(UserRole.role_id))
    return list(rows)
