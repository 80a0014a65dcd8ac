"""Device calls of api-spec 7.5 (/device/*): the list, details, edits, owners, types, auth codes."""

from typing import Annotated

from fastapi import File, Request, UploadFile
from pydantic import BaseModel, Field, StringConstraints
from sqlalchemy import select

from cleanfleet.core.auth import Caller, CallerDep, require
from cleanfleet.core.bounds import Id
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.errors import bad_parameter, not_found
from cleanfleet.core.paging import paginate
from cleanfleet.core.routing import ApiRouter, Empty, upload_body_bytes
from cleanfleet.devices import images, listing, service, summary, types
from cleanfleet.devices.access import (
    DEVICE_PAGE,
    get_device,
    get_device_by_serial,
    owned_under,
    require_any,
    scope_path,
    visible,
)
from cleanfleet.devices.lbs import places
from cleanfleet.devices.models import Device
from cleanfleet.devices.schemas import (
    AdvertisingOut,
    AuthCodeIn,
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
    Name,
    OwnerIn,
    OwnUser,
    OwnUserIn,
    PasswordOut,
    PasswordViewIn,
    PasswordViewPage,
    SerialIn,
    Text,
    UserFilter,
    WorkInfo,
)
from cleanfleet.devices.sim import sim_info
from cleanfleet.devices.summary_router import CountryCount, ProvinceCount
from cleanfleet.hosts.service import grant_frp_port

router = ApiRouter(prefix="/device", tags=["devices"])


@router.call("/selectDevicePc", answer=DevicePage)
async def select_device_pc(body: DeviceListIn, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """The device list (30 a page, newest first): type, free text on name or serial, SIM text, owner subtree."""
    path = await scope_path(db, caller, body.userId)
    filters = listing.ListFilter(path, body.deviceType, body.deviceCode, body.deviceCodeForSim)
    return ok(await listing.device_page(db, filters, body.pageSize, body.currentPage), language=caller.language)


@router.call("/selectDevice", answer=DevicePage)
async def select_device(body: DeviceListIn, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """The same list as selectDevicePc (the app's name for it)."""
    return await select_device_pc(body, db, caller)


@router.call("/selectDeviceByDeviceId", answer=DeviceOut)
async def select_device_by_id(body: DeviceId, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """One device with its live state."""
    device = await get_device(db, caller, body.deviceId)
    return ok(await listing.device_detail(db, device.id), language=caller.language)


@router.call("/selectAllDevice", answer=list[DeviceBrief])
async def select_all_device(body: UserFilter, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """Every device of the subtree (or of a user's subtree), briefly: for pickers."""
    path = await scope_path(db, caller, body.userId)
    return ok(await listing.brief_list(db, owned_under(path)), language=caller.language)


@router.call("/selectAllOnLineDevice", answer=list[DeviceBrief])
async def select_all_online_device(body: UserFilter, db: DbSession,
                                   caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """The subtree's devices that are online now."""
    path = await scope_path(db, caller, body.userId)
    return ok(await listing.brief_list(db, owned_under(path), online_only=True), language=caller.language)


@router.call("/selectDeviceList", answer=list[DeviceBrief])
async def select_device_list(body: UserFilter, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """The devices a user owns itself (default the caller)."""
    user_id = body.userId or caller.acting_user_id
    await scope_path(db, caller, user_id)
    return ok(await listing.brief_list(db, Device.user_id == user_id), language=caller.language)


@router.call("/selectDeviceByElevatorId", answer=list[DeviceBrief])
async def select_device_by_elevator(body: ElevatorIn, db: DbSession,
                                    caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """The caller's devices that ride an elevator."""
    devices = await listing.brief_list(db, visible(caller), Device.elevator_id == body.elevatorId)
    return ok(devices, language=caller.language)


@router.call("/insertDevice", answer=DeviceCreated)
async def insert_device(body: DeviceInsert, db: DbSession,
                        caller: Caller = require("device/index/add")) -> JsonResponse:
    """Add a device (owner default the caller); the answer carries its secret, shown this once."""
    device, secret = await service.insert_device(db, caller, body)
    answer = {**await listing.device_detail(db, device.id), "deviceSecret": secret}
    return ok(answer, language=caller.language)


@router.call("/updateDeviceInfo", answer=DeviceOut)
async def update_device_info(body: DeviceUpdate, db: DbSession,
                             caller: Caller = require("device/index/edit")) -> JsonResponse:
    """Edit a device: only the fields sent change."""
    device = await get_device(db, caller, body.deviceId)
    await service.update_device(db, caller, device, body)
    return ok(await listing.device_detail(db, device.id), language=caller.language)


@router.call("/deleteDevice", answer=DeviceId)
async def delete_device(body: DeviceId, db: DbSession, caller: Caller = require("device/index/delete")) -> JsonResponse:
    """Delete a device with its records (state, hardware, consumables, leases, repairs, group memberships)."""
    device = await get_device(db, caller, body.deviceId)
    await service.delete_device(db, device)
    return ok({"deviceId": body.deviceId}, language=caller.language)


@router.call("/updateDeviceUserInfo", answer=DeviceOut)
async def update_device_user_info(body: OwnerIn, db: DbSession,
                                  caller: Caller = require("device/index/edit_owner")) -> JsonResponse:
    """Edit owner or elevator: give the device to a user of the caller's subtree."""
    device = await get_device(db, caller, body.deviceId)
    await service.change_owner(db, caller, device, body.userId, body.elevatorId)
    return ok(await listing.device_detail(db, device.id), language=caller.language)


@router.call("/updateUserDeviceStatus", answer=DeviceOut)
async def update_user_device_status(body: BindIn, db: DbSession,
                                    caller: Caller = require("device/index/bind_user")) -> JsonResponse:
    """Bind a device to a user of the subtree (status 1), or take it back to the caller (status 0)."""
    device = await get_device(db, caller, body.deviceId)
    owner_id = body.userId if body.status == 1 else caller.acting_user_id
    if owner_id is None:
        raise bad_parameter("userId", "required to bind")
    await service.change_owner(db, caller, device, owner_id)
    return ok(await listing.device_detail(db, device.id), language=caller.language)


@router.call("/selectOwnUser", answer=list[OwnUser])
async def select_own_user(body: OwnUserIn, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """The caller's subtree as a tree (the owner filter's cascader); lazily: one user's children (parentId),
    or the line down to a chosen owner (userId)."""
    if body.parentId is not None and body.userId is not None:
        raise bad_parameter("userId", "give parentId or userId, not both")
    if body.parentId is not None:
        return ok(await service.own_user_children(db, caller, body.parentId), language=caller.language)
    if body.userId is not None:
        return ok(await service.own_user_line(db, caller, body.userId), language=caller.language)
    return ok(await service.own_user_tree(db, caller), language=caller.language)


@router.call("/deviceGenerateAuthCode", answer=str)
async def device_generate_auth_code(body: AuthCodeIn, db: DbSession,
                                    caller: Caller = require("device/index/authCode")) -> JsonResponse:
    """A one-time code, valid 2 minutes, that a new robot presents to register to the caller (or userId)."""
    code = await service.generate_auth_code(db, caller, body.userId)
    return ok(code.code, language=caller.language)


@router.call("/selectPasswordByDeviceId", answer=PasswordOut)
async def select_password(body: DeviceId, db: DbSession,
                          caller: Caller = require("device/index/view_password")) -> JsonResponse:
    """The device's maintenance password; who looked and when is recorded."""
    device = await get_device(db, caller, body.deviceId)
    password = await service.read_password(db, caller, device)
    return ok({"deviceId": device.id, "deviceSerialNumber": device.serial_number, "password": password},
              language=caller.language)


@router.call("/selectViewPwdPageList", answer=PasswordViewPage)
async def select_view_pwd_page_list(body: PasswordViewIn, db: DbSession,
                                    caller: Caller = require("device/index/device/selectViewPwdPageList")
                                    ) -> JsonResponse:
    """Who looked at which device's password, newest first."""
    path = await scope_path(db, caller, body.userId)
    query = service.password_views_query(path, body.deviceSerialNumber)
    return ok(await paginate(db, query, body, row=lambda r: dict(r._mapping), scalars=False), language=caller.language)


class TypeIn(BaseModel):
    typeName: Name
    typeUrl: Annotated[str, StringConstraints(strip_whitespace=True, max_length=512)] = ""
    description: Text = ""


class TypeUpdate(BaseModel):
    typeId: Id
    typeName: Name | None = None
    typeUrl: Annotated[str, StringConstraints(strip_whitespace=True, max_length=512)] | None = None
    description: Text | None = None


class TypeId(BaseModel):
    typeId: Id


class TypeOut(BaseModel):
    typeId: int
    typeName: str
    typeUrl: str
    description: str
    createTime: str


class ImageOut(BaseModel):
    typeUrl: str


@router.call("/selectDeviceType", answer=list[TypeOut])
async def select_device_type(_body: Empty, db: DbSession, caller: CallerDep) -> JsonResponse:
    """Every device type (model)."""
    return ok([types.type_answer(t) for t in await types.list_types(db)], language=caller.language)


@router.call("/uploadTypeImage", answer=ImageOut, upload_bytes=upload_body_bytes(images.MAX_IMAGE_BYTES))
async def upload_type_image(request: Request, db: DbSession, file: Annotated[UploadFile, File()],
                            caller: Caller = require("device/index/type_admin")) -> JsonResponse:
    """Upload a type's image (one PNG, JPEG, GIF or WebP of at most 2 MB); use the answer's typeUrl."""
    content = await file.read(images.MAX_IMAGE_BYTES + 1)
    url = await images.save_image(db, request.app.state.store, content)
    await db.commit()
    return ok({"typeUrl": url}, language=caller.language)


@router.call("/insertDeviceType", answer=TypeOut)
async def insert_device_type(body: TypeIn, db: DbSession,
                             caller: Caller = require("device/index/type_admin")) -> JsonResponse:
    """Add a device type (the name must be new)."""
    row = await types.insert_type(db, body.typeName, body.typeUrl, body.description)
    return ok(types.type_answer(row), language=caller.language)


@router.call("/updateDeviceType", answer=TypeOut)
async def update_device_type(body: TypeUpdate, request: Request, db: DbSession,
                             caller: Caller = require("device/index/type_admin")) -> JsonResponse:
    """Edit a device type; a replaced uploaded image is removed."""
    row = await types.get_type(db, body.typeId)
    row = await types.update_type(db, request.app.state.store, row, body.typeName, body.typeUrl,
                                  body.description)
    return ok(types.type_answer(row), language=caller.language)


@router.call("/deleteDeviceType", answer=TypeId)
async def delete_device_type(body: TypeId, request: Request, db: DbSession,
                             caller: Caller = require("device/index/type_admin")) -> JsonResponse:
    """Delete a device type no device or batch uses."""
    row = await types.get_type(db, body.typeId)
    await types.delete_type(db, request.app.state.store, row)
    return ok({"typeId": body.typeId}, language=caller.language)


class CountOut(BaseModel):
    total: int
    online: int
    offline: int
    byType: list[dict[str, object]]
    byOwner: list[dict[str, object]]


@router.call("/selectDeviceCount", answer=CountOut)
async def select_device_count(body: UserFilter, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """How many devices the subtree has: in all, online, offline, by type and by owner."""
    path = await scope_path(db, caller, body.userId)
    answer = {**await summary.totals(db, path), "byType": await summary.by_type(db, path),
              "byOwner": await summary.by_owner(db, path)}
    return ok(answer, language=caller.language)


@router.call("/selectDeviceCountByProvince", answer=list[ProvinceCount])
async def select_device_count_by_province(body: UserFilter, db: DbSession,
                                          caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """Devices by country and province (from updateDevicesAddressByLbs)."""
    path = await scope_path(db, caller, body.userId)
    return ok(await summary.by_province(db, path), language=caller.language)


@router.call("/selectDeviceCountByCountry", answer=list[CountryCount])
async def select_device_count_by_country(body: UserFilter, db: DbSession,
                                         caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """Devices in each of the 17 listed countries, then other and unknown."""
    path = await scope_path(db, caller, body.userId)
    return ok(await summary.by_country(db, path), language=caller.language)


class LbsIn(BaseModel):
    deviceSerialNumber: Annotated[str, StringConstraints(strip_whitespace=True, max_length=2000)] = Field(
        default="", description="one serial number or several, comma-separated; empty: every device with coordinates")


class LbsOut(BaseModel):
    updated: list[dict[str, object]]
    skipped: list[str] = Field(description="serial numbers without coordinates")


@router.call("/updateDevicesAddressByLbs", answer=LbsOut)
async def update_devices_address_by_lbs(body: LbsIn, db: DbSession,
                                        caller: Caller = require("device/index/edit")) -> JsonResponse:
    """Fill address, city, province and country from each device's coordinates (offline geocoder)."""
    serials = [s.strip() for s in body.deviceSerialNumber.split(",") if s.strip()]
    if serials:
        devices = [await get_device_by_serial(db, caller, s) for s in serials]
    else:
        devices = list(await db.scalars(select(Device).where(visible(caller), Device.latitude.is_not(None),
                                                             Device.longitude.is_not(None))))
    located = [d for d in devices if d.latitude is not None and d.longitude is not None]
    if serials and not located:
        raise bad_parameter("deviceSerialNumber", "the device has no coordinates")
    found = await places([(d.latitude, d.longitude) for d in located])  # type: ignore[misc]
    for device, place in zip(located, found, strict=True):
        device.address, device.city, device.province = place.address, place.city, place.province
        device.country, device.country_code = place.country, place.country_code
    await db.commit()
    updated = [{"deviceSerialNumber": d.serial_number, "address": d.address, "city": d.city, "province": d.province,
                "country": d.country, "countryCode": d.country_code} for d in located]
    skipped = [d.serial_number for d in devices if d not in located]
    return ok({"updated": updated, "skipped": skipped}, language=caller.language)


class SimIn(BaseModel):
    cNo: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=32)]


@router.call("/getSimInfo", answer=dict[str, object])
async def get_sim_info(body: SimIn, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """A SIM card's data from its provider; with no provider configured, the stored data (fromProvider false)."""
    device = await db.scalar(select(Device).where(Device.sim_no == body.cNo, visible(caller)).limit(1))
    if device is None:
        raise not_found(f"cNo={body.cNo}")
    return ok(await sim_info(device), language=caller.language)


@router.call("/selectWorkInfoById", answer=WorkInfo)
async def select_work_info(body: DeviceId, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """The device's work counters (time, area, tasks) since they were last reset."""
    device = await get_device(db, caller, body.deviceId)
    return ok(await service.work_info(db, device), language=caller.language)


@router.call("/workInfoResetById", answer=WorkInfo)
async def work_info_reset(body: DeviceId, db: DbSession, caller: Caller = require("device/index/edit")) -> JsonResponse:
    """Reset the device's work counters to zero from now."""
    device = await get_device(db, caller, body.deviceId)
    return ok(await service.reset_work_info(db, device), language=caller.language)


@router.call("/selectDeviceAdvertising", answer=AdvertisingOut)
async def select_device_advertising(body: SerialIn, db: DbSession,
                                    caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """The advertising a device shows: none until the advertising page (device/ad) sets some up."""
    device = await get_device_by_serial(db, caller, body.deviceSerialNumber)
    return ok({"deviceSerialNumber": device.serial_number, "list": []}, language=caller.language)


class FrpIn(BaseModel):
    frpHost: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=255)]


class FrpOut(BaseModel):
    frpHost: str
    frpPort: int


@router.call("/generateFrpPort", answer=FrpOut)
async def generate_frp_port(
    body: FrpIn, db: DbSession, caller: Caller = require_any("device/index/add", "device/index/hostManage"),
) -> JsonResponse:
    """A port in 20000-30000 on a transfer node that no device uses and that was never handed out before."""
    port = await grant_frp_port(db, body.frpHost, caller.user_id)
    return ok({"frpHost": body.frpHost, "frpPort": port}, language=caller.language)

