"""Device groups (/deviceGroup/*, page device/group)."""

from cleanfleet.core.auth import Caller, require
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.routing import ApiRouter
from cleanfleet.devices.access import scope_path
from cleanfleet.devices.groups import service
from cleanfleet.devices.groups.schemas import GroupId, GroupIn, GroupOut, GroupUpdate
from cleanfleet.devices.schemas import UserFilter

router = ApiRouter(prefix="/deviceGroup", tags=["devices"])


@router.call("/selectAll", answer=list[GroupOut])
async def select_all(body: UserFilter, db: DbSession, caller: Caller = require("device/group")) -> JsonResponse:
    """The groups of the subtree (or of a user's subtree) with their devices."""
    path = await scope_path(db, caller, body.userId)
    return ok(await service.list_groups(db, path))


@router.call("/insert", answer=GroupOut)
async def insert(body: GroupIn, db: DbSession, caller: Caller = require("device/group/add")) -> JsonResponse:
    """Add a group of the owner's devices (the name is unique per owner)."""
    group = await service.insert_group(db, caller, body.name, body.kind, body.deviceIds, body.userId)
    return ok(await service.group_answer(db, caller, group.id))


@router.call("/update", answer=GroupOut)
async def update(body: GroupUpdate, db: DbSession, caller: Caller = require("device/group/edit")) -> JsonResponse:
    """Rename a group, change its kind or set its devices."""
    group = await service.update_group(db, caller, body.id, body.name, body.kind, body.deviceIds)
    return ok(await service.group_answer(db, caller, group.id))


@router.call("/delete", answer=GroupId)
async def delete(body: GroupId, db: DbSession, caller: Caller = require("device/group/delete")) -> JsonResponse:
    """Delete a group (its devices stay)."""
    await service.delete_group(db, caller, body.id)
    return ok({"id": body.id})
