"""The device side of user management: /user/updateDeviceList and /user/selectUserDeviceList.

A router of its own under /user, so the users package stays its owner's."""

from cleanfleet.core.auth import Caller, require
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.routing import ApiRouter
from cleanfleet.devices.bindings import service
from cleanfleet.devices.bindings.schemas import UserDevicesIn, UserDevicesOut, UserIn
from cleanfleet.devices.schemas import DeviceBrief

router = ApiRouter(prefix="/user", tags=["users"])


@router.call("/updateDeviceList", answer=UserDevicesOut)
async def update_device_list(body: UserDevicesIn, db: DbSession,
                             caller: Caller = require("user/index/devices")) -> JsonResponse:
    """Set the devices a user owns: the listed ones come to it, the others it had go to its parent."""
    return ok(await service.set_user_devices(db, caller, body.userId, body.deviceIds))


@router.call("/selectUserDeviceList", answer=list[DeviceBrief])
async def select_user_device_list(body: UserIn, db: DbSession, caller: Caller = require("user/index")) -> JsonResponse:
    """The devices a user owns itself."""
    return ok(await service.user_devices(db, caller, body.userId))
