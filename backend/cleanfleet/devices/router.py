"""Device calls of api-spec 7.5 (/device/*): the list, details, edits, owners, the password, addresses, work
counters, FRP ports. Types, counts, SIM cards and auth codes have their routers in the sub-packages."""

from cleanfleet.core.auth import Caller, require
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.paging import paginate
from cleanfleet.core.routing import ApiRouter
from cleanfleet.devices import listing, service
from cleanfleet.devices.access import DEVICE_PAGE, owned_under, scope_path, visible
from cleanfleet.devices.models import Device
from cleanfleet.devices.schemas import (
    BindIn,
    DeviceBrief,
    DeviceCreated,
    DeviceId,
    DeviceInsert,
    DeviceListIn,
    DeviceOut,
    DevicePage,
    DeviceUpdate,
    ElevatorIn,
    LbsIn,
    LbsOut,
    OwnerIn,
    OwnUser,
    OwnUserIn,
    PasswordOut,
    PasswordViewIn,
    PasswordViewPage,
    UserFilter,
    WorkInfo,
)

router = ApiRouter(prefix="/device", tags=["devices"])


@router.call("/selectDevicePc", answer=DevicePage)
async def select_device_pc(body: DeviceListIn, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """The device list (30 a page, newest first): type, free text on name or serial, SIM text, owner subtree."""
    path = await scope_path(db, caller, body.userId)
    filters = listing.ListFilter(path, body.deviceType, body.deviceCode, body.deviceCodeForSim)
    return ok(await listing.device_page(db, filters, body.pageSize, body.currentPage))


@router.call("/selectDevice", answer=DevicePage)
async def select_device(body: DeviceListIn, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """The same list as selectDevicePc (the app's name for it)."""
    return await select_device_pc(body, db, caller)


@router.call("/selectDeviceByDeviceId", answer=DeviceOut)
async def select_device_by_id(body: DeviceId, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """One device with its live state."""
    return ok(await service.detail(db, caller, body.deviceId))


@router.call("/selectAllDevice", answer=list[DeviceBrief])
async def select_all_device(body: UserFilter, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """Every device of the subtree (or of a user's subtree), briefly: for pickers."""
    path = await scope_path(db, caller, body.userId)
    return ok(await listing.brief_list(db, owned_under(path)))


@router.call("/selectAllOnLineDevice", answer=list[DeviceBrief])
async def select_all_online_device(body: UserFilter, db: DbSession,
                                   caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """The subtree's devices that are online now."""
    path = await scope_path(db, caller, body.userId)
    return ok(await listing.brief_list(db, owned_under(path), online_only=True))


@router.call("/selectDeviceList", answer=list[DeviceBrief])
async def select_device_list(body: UserFilter, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """The devices a user owns itself (default the caller)."""
    user_id = body.userId or caller.acting_user_id
    await scope_path(db, caller, user_id)
    return ok(await listing.brief_list(db, Device.user_id == user_id))


@router.call("/selectDeviceByElevatorId", answer=list[DeviceBrief])
async def select_device_by_elevator(body: ElevatorIn, db: DbSession,
                                    caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """The caller's devices that ride an elevator."""
    return ok(await listing.brief_list(db, visible(caller), Device.elevator_id == body.elevatorId))


@router.call("/insertDevice", answer=DeviceCreated)
async def insert_device(body: DeviceInsert, db: DbSession,
                        caller: Caller = require("device/index/add")) -> JsonResponse:
    """Add a device (owner default the caller); the answer carries its secret, shown this once."""
    return ok(await service.insert_device(db, caller, body))


@router.call("/updateDeviceInfo", answer=DeviceOut)
async def update_device_info(body: DeviceUpdate, db: DbSession,
                             caller: Caller = require("device/index/edit")) -> JsonResponse:
    """Edit a device: only the fields sent change."""
    return ok(await service.update_device(db, caller, body))


@router.call("/deleteDevice", answer=DeviceId)
async def delete_device(body: DeviceId, db: DbSession, caller: Caller = require("device/index/delete")) -> JsonResponse:
    """Delete a device with its records (state, hardware, consumables, leases, repairs, group memberships)."""
    await service.delete_device(db, caller, body.deviceId)
    return ok({"deviceId": body.deviceId})


@router.call("/updateDeviceUserInfo", answer=DeviceOut)
async def update_device_user_info(body: OwnerIn, db: DbSession,
                                  caller: Caller = require("device/index/edit_owner")) -> JsonResponse:
    """Edit owner or elevator: give the device to a user of the caller's subtree."""
    return ok(await service.change_owner(db, caller, body.deviceId, body.userId, body.elevatorId))


@router.call("/updateUserDeviceStatus", answer=DeviceOut)
async def update_user_device_status(body: BindIn, db: DbSession,
                                    caller: Caller = require("device/index/bind_user")) -> JsonResponse:
    """Bind a device to a user of the subtree (status 1), or take it back to the caller (status 0)."""
    return ok(await service.bind_user(db, caller, body.deviceId, body.userId, body.status))


@router.call("/selectOwnUser", answer=list[OwnUser])
async def select_own_user(body: OwnUserIn, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """The caller's subtree as a tree (the owner filter's cascader); lazily: one user's children (parentId),
    or the line down to a chosen owner (userId)."""
    return ok(await service.owner_tree(db, caller, body.parentId, body.userId))


@router.call("/selectPasswordByDeviceId", answer=PasswordOut)
async def select_password(body: DeviceId, db: DbSession,
                          caller: Caller = require("device/index/view_password")) -> JsonResponse:
    """The device's maintenance password; who looked and when is recorded."""
    return ok(await service.read_password(db, caller, body.deviceId))


@router.call("/selectViewPwdPageList", answer=PasswordViewPage)
async def select_view_pwd_page_list(body: PasswordViewIn, db: DbSession,
                                    caller: Caller = require("device/index/device/selectViewPwdPageList")
                                    ) -> JsonResponse:
    """Who looked at which device's password, newest first."""
    path = await scope_path(db, caller, body.userId)
    query = service.password_views_query(path, body.deviceSerialNumber)
    return ok(await paginate(db, query, body, row=lambda r: dict(r._mapping), scalars=False))


@router.call("/updateDevicesAddressByLbs", answer=LbsOut)
async def update_devices_address_by_lbs(body: LbsIn, db: DbSession,
                                        caller: Caller = require("device/index/edit")) -> JsonResponse:
    """Fill address, city, province and country from each device's coordinates (offline geocoder)."""
    return ok(await service.locate(db, caller, body.serials))


@router.call("/selectWorkInfoById", answer=WorkInfo)
async def select_work_info(body: DeviceId, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """The device's work counters (time, area, tasks) since they were last reset."""
    return ok(await service.device_work_info(db, caller, body.deviceId))


@router.call("/workInfoResetById", answer=WorkInfo)
async def work_info_reset(body: DeviceId, db: DbSession, caller: Caller = require("device/index/edit")) -> JsonResponse:
    """Reset the device's work counters to zero from now."""
    return ok(await service.reset_work_info(db, caller, body.deviceId))
