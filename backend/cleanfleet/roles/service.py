"""Roles and permission keys: what a user holds, and keeping the catalogue and presets in the database."""

from collections.abc import Iterable
from typing import Any, NoReturn

from sqlalchemy import delete, func, or_, select, union
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.audit import note
from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.errors import ApiError, bad_parameter, no_permission, not_found
from cleanfleet.core.scope import ids_on_path, path_prefix
from cleanfleet.core.texts import LACKS_KEYS, Text
from cleanfleet.roles import texts
from cleanfleet.roles.catalogue import ALL_KEYS, CATALOGUE, GROUP_NAMES, PRESET_ROLES
from cleanfleet.roles.models import (
    Permission,
    Role,
    RoleGroup,
    RoleGroupRole,
    RolePermission,
    UserRole,
    UserRoleGroup,
)
from cleanfleet.roles.rewrites import assign_roles as assign_roles  # other domains call it through this service
from cleanfleet.roles.rewrites import set_group_roles, set_role_keys
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


async def role_ids_of_user(db: AsyncSession, user_id: int) -> list[int]:
    rows = await db.scalars(select(UserRole.role_id).where(UserRole.user_id == user_id).order_by(UserRole.role_id))
    return list(rows)


# --- who may see, grant and edit roles -------------------------------------------------------------
#
# Visibility: a user sees the presets and the custom roles (and role groups) owned by itself or by
# one of its ancestors. Custom roles are owned by the acting user that created them.
# Granting: a role can be given to a user only if it is visible to that user and the caller holds
# every key of the role (roles the user already holds are not checked again); a shadow user's roles
# must also stay within its owner's keys.
# Editing: presets are read-only (CONFLICT); a custom role or group can be edited or deleted by its
# owner and the owner's ancestors (the owner lies in the caller's subtree), and never gains a key
# that the editor does not hold.


def visible_on(owner_id: int | None, path: str, preset: bool = False) -> bool:
    return preset or (owner_id is not None and owner_id in ids_on_path(path))


async def keys_of_roles(db: AsyncSession, role_ids: Iterable[int]) -> dict[int, set[str]]:
    wanted = sorted(set(role_ids))
    keys: dict[int, set[str]] = {role_id: set() for role_id in wanted}
    if wanted:
        rows = await db.execute(select(RolePermission.role_id, RolePermission.key)
                                .where(RolePermission.role_id.in_(wanted)))
        for role_id, key in rows:
            keys[role_id].add(key)
    return keys


def check_keys_held(caller: Caller, keys: Iterable[str], field: str = "keys") -> None:
    missing = set(keys) - caller.keys
    if missing:
        raise no_permission(LACKS_KEYS, field=field, keys=sorted(missing))


def check_known_keys(keys: Iterable[str]) -> list[str]:
    wanted = sorted(set(keys))
    unknown = [key for key in wanted if key not in ALL_KEYS]
    if unknown:
        raise bad_parameter("keys", texts.UNKNOWN_KEYS, keys=unknown)
    if not wanted:
        raise bad_parameter("keys", texts.NO_KEYS)
    return wanted


async def check_roles_grantable(db: AsyncSession, caller: Caller, role_ids: Iterable[int], target_path: str, *,
                                already: Iterable[int] = (), owner_keys: frozenset[str] | None = None,
                                field: str = "roleIds") -> list[int]:
    """Refuses roles the target may not see, and new roles holding keys the caller (or the shadow's owner) lacks."""
    wanted = sorted(set(role_ids))
    roles = {role.id: role for role in await db.scalars(select(Role).where(Role.id.in_(wanted)))}
    for role_id in wanted:
        role = roles.get(role_id)
        if role is None or not visible_on(role.user_id, target_path, role.is_preset):
            raise not_found(texts.ROLE_NOT_FOUND, field=field, id=role_id)
    new = set(wanted) - set(already)
    for role_id, keys in (await keys_of_roles(db, new)).items():
        missing = keys - caller.keys
        if missing:
            raise no_permission(texts.ROLE_BEYOND_YOU, field=field, id=role_id, keys=sorted(missing))
        if owner_keys is not None and keys - owner_keys:
            raise no_permission(texts.ROLE_BEYOND_OWNER, field=field, id=role_id, keys=sorted(keys - owner_keys))
    return wanted


def refuse_foreign(caller: Caller, owner_id: int | None, missing: Text, above: Text, record_id: int,
                   field: str = "id") -> NoReturn:
    """Another branch's record answers as a missing one does (``missing``: no existence oracle); an ancestor's,
    which the caller sees, answers NO_PERMISSION (``above``)."""
    if owner_id is not None and owner_id in ids_on_path(caller.acting_path):
        raise no_permission(above, field=field, id=record_id)
    raise not_found(missing, field=field, id=record_id)


async def _owned_by_subtree(db: AsyncSession, caller: Caller, owner_id: int | None) -> bool:
    owner = await db.get(User, owner_id) if owner_id is not None else None
    return owner is not None and caller.owns_path(owner.path)


async def editable_role(db: AsyncSession, caller: Caller, role_id: int) -> Role:
    role = await db.get(Role, role_id)
    if role is None:
        raise not_found(texts.ROLE_NOT_FOUND, field="id", id=role_id)
    if role.is_preset:
        raise ApiError(Code.CONFLICT, texts.ROLE_PRESET, field="id", values={"id": role_id})
    if not await _owned_by_subtree(db, caller, role.user_id):
        refuse_foreign(caller, role.user_id, texts.ROLE_NOT_FOUND, texts.ROLE_ABOVE_YOU, role_id)
    return role


async def _check_unique_name(db: AsyncSession, model: type[Role] | type[RoleGroup], owner_id: int, name: str,
                             exclude_id: int | None = None) -> None:
    query = select(model.id).where(model.user_id == owner_id, func.lower(model.name) == name.lower())
    if exclude_id is not None:
        query = query.where(model.id != exclude_id)
    if await db.scalar(query.limit(1)) is not None:
        raise ApiError(Code.ALREADY_EXISTS, texts.NAME_TAKEN, field="name", values={"name": name})


FIRST_CUSTOM_ROLE_ID = 100


async def custom_role_id(db: AsyncSession) -> int | None:
    """Custom roles are numbered from 100, clear of the presets: PostgreSQL's sequence starts there (migration
    0001); SQLite (one writer at a time) is given the id here."""
    if db.get_bind().dialect.name != "sqlite":
        return None
    highest = await db.scalar(select(func.max(Role.id))) or 0
    return max(FIRST_CUSTOM_ROLE_ID, highest + 1)


async def create_role(db: AsyncSession, caller: Caller, *, name: str, keys: list[str], description: str) -> Role:
    wanted = check_known_keys(keys)
    check_keys_held(caller, wanted)
    await _check_unique_name(db, Role, caller.acting_user_id, name)
    role = Role(id=await custom_role_id(db), name=name, user_id=caller.acting_user_id, is_preset=False,
                description=description)
    db.add(role)
    await db.flush()
    await set_role_keys(db, role.id, wanted)
    await db.commit()
    return role


async def update_role(db: AsyncSession, caller: Caller, role_id: int, *, name: str | None, keys: list[str] | None,
                      description: str | None) -> Role:
    role = await editable_role(db, caller, role_id)
    if name is not None:
        await _check_unique_name(db, Role, role.user_id or 0, name, exclude_id=role.id)
        role.name = name
    if description is not None:
        role.description = description
    if keys is not None:
        wanted = check_known_keys(keys)
        current = (await keys_of_roles(db, [role.id]))[role.id]
        check_keys_held(caller, set(wanted) - current)
        await set_role_keys(db, role.id, wanted)
    await db.commit()
    return role


async def holders_of_role(db: AsyncSession, role_id: int) -> int:
    return await db.scalar(select(func.count()).select_from(UserRole).where(UserRole.role_id == role_id)) or 0


async def delete_role(db: AsyncSession, caller: Caller, role_id: int) -> int:
    """Deletes a custom role; its holders lose it (answers how many held it)."""
    role = await editable_role(db, caller, role_id)
    holders = await holders_of_role(db, role.id)
    await db.delete(role)
    await db.commit()
    return holders


async def roles_visible_to(db: AsyncSession, path: str) -> list[Role]:
    owners = ids_on_path(path)
    query = select(Role).where(or_(Role.is_preset.is_(True), Role.user_id.in_(owners))).order_by(Role.id)
    return list(await db.scalars(query))


async def editable_owner_ids(db: AsyncSession, caller: Caller, owner_ids: Iterable[int | None]) -> set[int]:
    wanted = {owner_id for owner_id in owner_ids if owner_id is not None}
    if not wanted:
        return set()
    rows = await db.execute(select(User.id).where(User.id.in_(wanted), path_prefix(User.path, caller.acting_path)))
    return set(rows.scalars())


# --- role groups ------------------------------------------------------------------------------------


async def roles_of_groups(db: AsyncSession, group_ids: Iterable[int]) -> dict[int, list[int]]:
    wanted = sorted(set(group_ids))
    roles: dict[int, list[int]] = {group_id: [] for group_id in wanted}
    if wanted:
        rows = await db.execute(select(RoleGroupRole.group_id, RoleGroupRole.role_id)
                                .where(RoleGroupRole.group_id.in_(wanted)).order_by(RoleGroupRole.role_id))
        for group_id, role_id in rows:
            roles[group_id].append(role_id)
    return roles


async def editable_group(db: AsyncSession, caller: Caller, group_id: int) -> RoleGroup:
    group = await db.get(RoleGroup, group_id)
    if group is None:
        raise not_found(texts.GROUP_NOT_FOUND, field="id", id=group_id)
    if not await _owned_by_subtree(db, caller, group.user_id):
        refuse_foreign(caller, group.user_id, texts.GROUP_NOT_FOUND, texts.GROUP_ABOVE_YOU, group_id)
    return group


async def create_group(db: AsyncSession, caller: Caller, *, name: str, role_ids: list[int],
                       description: str) -> RoleGroup:
    wanted = await check_roles_grantable(db, caller, role_ids, caller.acting_path)
    await _check_unique_name(db, RoleGroup, caller.acting_user_id, name)
    group = RoleGroup(name=name, user_id=caller.acting_user_id, description=description)
    db.add(group)
    await db.flush()
    await set_group_roles(db, group.id, wanted)
    await db.commit()
    return group


async def update_group(db: AsyncSession, caller: Caller, group_id: int, *, name: str | None,
                       role_ids: list[int] | None, description: str | None) -> RoleGroup:
    group = await editable_group(db, caller, group_id)
    owner = await db.get(User, group.user_id)
    assert owner is not None
    if name is not None:
        await _check_unique_name(db, RoleGroup, owner.id, name, exclude_id=group.id)
        group.name = name
    if description is not None:
        group.description = description
    if role_ids is not None:
        current = (await roles_of_groups(db, [group.id]))[group.id]
        wanted = await check_roles_grantable(db, caller, role_ids, owner.path, already=current)
        await set_group_roles(db, group.id, wanted)
    await db.commit()
    return group


async def delete_group(db: AsyncSession, caller: Caller, group_id: int) -> int:
    """Deletes a role group; its users lose it (answers how many had it)."""
    group = await editable_group(db, caller, group_id)
    users = await db.scalar(select(func.count()).select_from(UserRoleGroup)
                            .where(UserRoleGroup.group_id == group.id)) or 0
    await db.delete(group)
    await db.commit()
    return users


async def groups_visible_to(db: AsyncSession, path: str) -> list[RoleGroup]:
    query = select(RoleGroup).where(RoleGroup.user_id.in_(ids_on_path(path))).order_by(RoleGroup.id)
    return list(await db.scalars(query))


async def group_of_user(db: AsyncSession, user_id: int) -> int | None:
    return await db.scalar(select(UserRoleGroup.group_id).where(UserRoleGroup.user_id == user_id))


async def set_user_group(db: AsyncSession, caller: Caller, user: User, group_id: int | None, *,
                         owner_keys: frozenset[str] | None = None) -> bool:
    """Gives the user this role group (None: none); answers whether anything changed."""
    current = await group_of_user(db, user.id)
    if group_id == current:
        return False
    if group_id is not None:
        group = await db.get(RoleGroup, group_id)
        if group is None or not visible_on(group.user_id, user.path):
            raise not_found(texts.GROUP_NOT_FOUND, field="roleGroupId", id=group_id)
        role_ids = (await roles_of_groups(db, [group_id]))[group_id]
        await check_roles_grantable(db, caller, role_ids, user.path, owner_keys=owner_keys, field="roleGroupId")
    note(db, record=f"users#{user.id}", before={"roleGroup": current}, after={"roleGroup": group_id})
    await db.execute(delete(UserRoleGroup).where(UserRoleGroup.user_id == user.id))
    if group_id is not None:
        db.add(UserRoleGroup(user_id=user.id, group_id=group_id))
    await db.flush()
    return True


# --- the role editor's tree ---------------------------------------------------------------------------


def permission_tree(grantable: frozenset[str]) -> list[dict[str, Any]]:
    """The catalogue grouped like the menu: group → page → button, each with ``grantable``."""
    groups: dict[str, dict[str, Any]] = {  # a group's sort is its place in the menu
        group: {"key": f"group:{group}", "name": name, "kind": "group", "sort": place, "grantable": False,
                "children": []}
        for place, (group, name) in enumerate(GROUP_NAMES.items(), start=1)
    }
    pages: dict[str, dict[str, Any]] = {}
    for item in sorted(CATALOGUE, key=lambda p: p.sort):
        node = {"key": item.key, "name": item.name, "kind": item.kind, "sort": item.sort,
                "grantable": item.key in grantable, "children": []}
        if item.kind == "page":
            pages[item.key] = node
            groups[item.group]["children"].append(node)
        else:
            pages[item.page]["children"].append(node)
    for group in groups.values():
        group["grantable"] = any(page["grantable"] or any(b["grantable"] for b in page["children"])
                                 for page in group["children"])
    return [group for group in groups.values() if group["children"]]


# --- answers ------------------------------------------------------------------------------------------


async def role_answers(db: AsyncSession, caller: Caller, role_list: list[Role]) -> list[dict[str, Any]]:
    keys = await keys_of_roles(db, [role.id for role in role_list])
    editable = await editable_owner_ids(db, caller, [role.user_id for role in role_list])
    return [{
        "id": role.id, "name": role.name, "userId": role.user_id, "preset": role.is_preset,
        "description": role.description, "keys": sorted(keys[role.id]), "createTime": role.created_at.isoformat(),
        "editable": not role.is_preset and role.user_id in editable, "assignable": keys[role.id] <= caller.keys,
    } for role in role_list]


async def group_answers(db: AsyncSession, caller: Caller, group_list: list[RoleGroup]) -> list[dict[str, Any]]:
    role_ids = await roles_of_groups(db, [group.id for group in group_list])
    keys = await keys_of_roles(db, {role_id for ids in role_ids.values() for role_id in ids})
    editable = await editable_owner_ids(db, caller, [group.user_id for group in group_list])
    return [{
        "id": group.id, "name": group.name, "userId": group.user_id, "description": group.description,
        "roleIds": role_ids[group.id], "createTime": group.created_at.isoformat(),
        "editable": group.user_id in editable,
        "assignable": all(keys[role_id] <= caller.keys for role_id in role_ids[group.id]),
    } for group in group_list]
