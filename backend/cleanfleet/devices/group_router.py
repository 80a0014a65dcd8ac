"""Device groups (/deviceGroup/*, page device/group)."""

from pydantic import BaseModel, Field

from cleanfleet.core.auth import Caller, require
from cleanfleet.core.bounds import Id
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.routing import ApiRouter
from cleanfleet.devices import groups
from cleanfleet.devices.access import scope_path
from cleanfleet.devices.schemas import IdList, Name, UserFilter

router = ApiRouter(prefix="/deviceGroup", tags=["devices"])


class GroupIn(BaseModel):
    name: Name
    kind: int = Field(default=0, ge=0, le=3, description="0 ordinary, 1 same project, 2 same map, 3 same building")
    deviceIds: IdList = []
    userId: Id | None = Field(default=None, description="the group's owner; default the caller")


class GroupUpdate(BaseModel):
    id: Id
    name: Name | None = None
    kind: int | None = Field(default=None, ge=0, le=3)
    deviceIds: IdList | None = None


class GroupId(BaseModel):
    id: Id


class GroupDevice(BaseModel):
    deviceId: int
    deviceSerialNumber: str
    deviceCode: str


class GroupOut(BaseModel):
    id: int
    name: str
    kind: int
    userId: int
    userName: str
    createTime: str
    devices: list[GroupDevice]


async def _one(db: DbSession, caller: Caller, group_id: int) -> dict[str, object]:
    _group, owner = await groups.get_group(db, caller, group_id)
    return next(g for g in await groups.list_groups(db, owner.path) if g["id"] == group_id)


@router.call("/selectAll", answer=list[GroupOut])
async def select_all(body: UserFilter, db: DbSession, caller: Caller = require("device/group")) -> JsonResponse:
    """The groups of the subtree (or of a user's subtree) with their devices."""
    path = await scope_path(db, caller, body.userId)
    return ok(await groups.list_groups(db, path), language=caller.language)


@router.call("/insert", answer=GroupOut)
async def insert(body: GroupIn, db: DbSession, caller: Caller = require("device/group/add")) -> JsonResponse:
    """Add a group of the owner's devices (the name is unique per owner)."""
    group = await groups.insert_group(db, caller, body.name, body.kind, body.deviceIds, body.userId)
    return ok(await _one(db, caller, group.id), language=caller.language)


@router.call("/update", answer=GroupOut)
async def update(body: GroupUpdate, db: DbSession, caller: Caller = require("device/group/edit")) -> JsonResponse:
    """Rename a group, change its kind or set its devices."""
    group = await groups.update_group(db, caller, body.id, body.name, body.kind, body.deviceIds)
    return ok(await _one(db, caller, group.id), language=caller.language)


@router.call("/delete", answer=GroupId)
async def delete(body: GroupId, db: DbSession, caller: Caller = require("device/group/delete")) -> JsonResponse:
    """Delete a group (its devices stay)."""
    await groups.delete_group(db, caller, body.id)
    return ok({"id": body.id}, language=caller.language)
