"""The device side of user management: /user/updateDeviceList and /user/selectUserDeviceList.

A router of its own under /user, so the users package stays its owner's."""

from pydantic import BaseModel, Field

from cleanfleet.core.auth import Caller, require
from cleanfleet.core.bounds import Id
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.routing import ApiRouter
from cleanfleet.devices import listing, service
from cleanfleet.devices.access import get_devices, scope_path
from cleanfleet.devices.models import Device
from cleanfleet.devices.schemas import DeviceBrief, IdList

router = ApiRouter(prefix="/user", tags=["users"])


class UserDevicesIn(BaseModel):
    userId: Id = Field(description="a user below the caller")
    deviceIds: IdList = Field(description="the devices the user shall own (list, JSON list or comma-separated)")


class UserDevicesOut(BaseModel):
    userId: int
    assigned: int
    released: int = Field(description="devices the user owned before and gave back to its parent")


class UserIn(BaseModel):
    userId: Id


@router.call("/updateDeviceList", answer=UserDevicesOut)
async def update_device_list(body: UserDevicesIn, db: DbSession,
                             caller: Caller = require("user/index/devices")) -> JsonResponse:
    """Set the devices a user owns: the listed ones come to it, the others it had go to its parent."""
    devices = await get_devices(db, caller, body.deviceIds)
    counts = await service.set_user_devices(db, caller, body.userId, devices)
    return ok({"userId": body.userId, **counts}, language=caller.language)


@router.call("/selectUserDeviceList", answer=list[DeviceBrief])
async def select_user_device_list(body: UserIn, db: DbSession, caller: Caller = require("user/index")) -> JsonResponse:
    """The devices a user owns itself."""
    await scope_path(db, caller, body.userId)
    return ok(await listing.brief_list(db, Device.user_id == body.userId), language=caller.language)
