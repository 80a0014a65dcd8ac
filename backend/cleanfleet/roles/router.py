"""Role and role group calls of api-spec 7.4, plus the permission tree of the role editor.

Visibility and granting rules are in roles/service.py: a user sees the presets and the roles and
groups of itself and its ancestors; nobody grants a key it does not hold; presets are read-only.
A change to a role's keys or a group's roles applies to the server's checks at once (the holders'
cached sessions are evicted); the console's menu follows at the next sign-in. Creating, changing and deleting
roles and groups is a console session's call only: an API token never changes what keys anyone holds (issue 45).
"""

from fastapi import Request

from cleanfleet.core.auth import Caller, CallerDep, person_only, require_any
from cleanfleet.core.bus import ROLES_CHANGED
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.routing import ApiRouter, Empty
from cleanfleet.roles import service
from cleanfleet.roles.models import Role, RoleGroup
from cleanfleet.roles.schemas import (
    GroupDeletedOut,
    GroupInsertIn,
    GroupOut,
    GroupUpdateIn,
    IdIn,
    PermissionNode,
    RoleDeletedOut,
    RoleInsertIn,
    RoleListIn,
    RoleOut,
    RoleUpdateIn,
    UserGroupOut,
)
from cleanfleet.users import service as users

router = ApiRouter(prefix="/user", tags=["roles"])

# Pages whose dialogs pick roles or groups may list them.
ROLE_READERS = ("user/role", "user/index/add", "user/index/assign_role", "user/index/role_group",
                "user/userShadow/add", "user/userShadow/edit")
GROUP_READERS = ("user/index/role_group", "user/index/add", "user/index/assign_role", "user/index/role_group/assign")


async def roles_changed(request: Request) -> None:
    await request.app.state.bus.publish(ROLES_CHANGED, {})


async def _one_role(db: DbSession, caller: Caller, role: Role) -> dict:
    return (await service.role_answers(db, caller, [role]))[0]


async def _one_group(db: DbSession, caller: Caller, group: RoleGroup) -> dict:
    return (await service.group_answers(db, caller, [group]))[0]


@router.call("/role/list", answer=list[RoleOut])
async def list_roles(body: RoleListIn, db: DbSession, caller: Caller = require_any(*ROLE_READERS)) -> JsonResponse:
    """The roles a user (default the caller) can hold: the presets and those of itself and its ancestors,
    each saying whether the caller may edit it and may assign it."""
    user = await users.readable_user(db, caller, body.userId, None)
    roles = await service.roles_visible_to(db, user.path)
    return ok(await service.role_answers(db, caller, roles))


@router.call("/role/insert", answer=RoleOut)
async def insert_role(body: RoleInsertIn, db: DbSession, caller: Caller = person_only("user/role/add")) -> JsonResponse:
    """Create a custom role owned by the caller, with keys the caller holds."""
    role = await service.create_role(db, caller, name=body.name, keys=body.keys, description=body.description)
    return ok(await _one_role(db, caller, role))


@router.call("/role/update", answer=RoleOut)
async def update_role(body: RoleUpdateIn, request: Request, db: DbSession,
                      caller: Caller = person_only("user/role/edit")) -> JsonResponse:
    """Rename a custom role and/or replace its keys (never adding one the caller lacks); presets are read-only.
    Holders' server-side permissions change at once."""
    role = await service.update_role(db, caller, body.id, name=body.name, keys=body.keys,
                                     description=body.description)
    await roles_changed(request)
    return ok(await _one_role(db, caller, role))


@router.call("/role/delete", answer=RoleDeletedOut)
async def delete_role(body: IdIn, request: Request, db: DbSession,
                      caller: Caller = person_only("user/role/delete")) -> JsonResponse:
    """Delete a custom role; its holders lose it at once. Presets are read-only."""
    holders = await service.delete_role(db, caller, body.id)
    await roles_changed(request)
    return ok(RoleDeletedOut(id=body.id, holders=holders))


@router.call("/role/permissionTree", answer=list[PermissionNode])
async def permission_tree(body: Empty,
                          caller: Caller = require_any("user/role", "user/index/role_group")) -> JsonResponse:
    """The permission catalogue as the role editor's tree: menu group → page → button keys, each marked
    grantable when the caller holds it."""
    return ok(service.permission_tree(caller.keys))


@router.call("/role/group/list", answer=list[GroupOut])
async def list_groups(body: RoleListIn, db: DbSession, caller: Caller = require_any(*GROUP_READERS)) -> JsonResponse:
    """The role groups a user (default the caller) can have: those of itself and its ancestors."""
    user = await users.readable_user(db, caller, body.userId, None)
    groups = await service.groups_visible_to(db, user.path)
    return ok(await service.group_answers(db, caller, groups))


@router.call("/role/group/insert", answer=GroupOut)
async def insert_group(body: GroupInsertIn, db: DbSession,
                       caller: Caller = person_only("user/index/role_group/add")) -> JsonResponse:
    """Create a role group owned by the caller from roles it may grant."""
    group = await service.create_group(db, caller, name=body.name, role_ids=body.roleIds or [],
                                       description=body.description)
    return ok(await _one_group(db, caller, group))


@router.call("/role/group/update", answer=GroupOut)
async def update_group(body: GroupUpdateIn, request: Request, db: DbSession,
                       caller: Caller = person_only("user/index/role_group/edit")) -> JsonResponse:
    """Rename a role group and/or replace its roles; its users' permissions change at once."""
    group = await service.update_group(db, caller, body.id, name=body.name, role_ids=body.roleIds,
                                       description=body.description)
    await roles_changed(request)
    return ok(await _one_group(db, caller, group))


@router.call("/role/group/delete", answer=GroupDeletedOut)
async def delete_group(body: IdIn, request: Request, db: DbSession,
                       caller: Caller = person_only("user/index/role_group/delete")) -> JsonResponse:
    """Delete a role group; its users lose it at once."""
    count = await service.delete_group(db, caller, body.id)
    await roles_changed(request)
    return ok(GroupDeletedOut(id=body.id, users=count))


@router.call("/role_group", answer=UserGroupOut)
async def role_group_of_user(body: RoleListIn, db: DbSession, caller: CallerDep) -> JsonResponse:
    """The role group of a user (default the caller; another user of the subtree needs user/index)."""
    user = await users.readable_user(db, caller, body.userId, users.KEY_USERS_PAGE)
    group_id = await service.group_of_user(db, user.id)
    group = await db.get(RoleGroup, group_id) if group_id is not None else None
    answer = {"userId": user.id, "roleGroupId": group_id,
              "group": await _one_group(db, caller, group) if group is not None else None}
    return ok(answer)
