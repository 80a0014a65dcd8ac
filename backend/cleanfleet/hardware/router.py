"""Parts catalogue (/deviceHardSupport/*, page device/hardSupportIndex) and a device's parts (/deviceHard/*)."""

from cleanfleet.batches import service as batches
from cleanfleet.core.auth import Caller, CallerDep, require, require_any
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.paging import paginate
from cleanfleet.core.routing import ApiRouter, Empty
from cleanfleet.devices.access import DEVICE_PAGE, get_device, scope_path
from cleanfleet.hardware import service
from cleanfleet.hardware.schemas import (
    AddHardIn,
    BatchApplyIn,
    CategoryGroup,
    CategoryId,
    CategoryIn,
    CategoryOut,
    CategoryUpdate,
    ChangedOut,
    DeviceHardIn,
    DeviceHardOut,
    HardByUserIn,
    HistoryIn,
    PartFilter,
    PartId,
    PartIn,
    PartOut,
    PartUpdate,
    UpdateHardIn,
)

supports = ApiRouter(prefix="/deviceHardSupport", tags=["hardware"])
device_hard = ApiRouter(prefix="/deviceHard", tags=["hardware"])
PAGE = "device/hardSupportIndex"
FIT_KEY = "device/index/hardware"


@supports.call("/list", answer=list[PartOut])
async def part_list(body: PartFilter, db: DbSession, caller: CallerDep) -> JsonResponse:
    """Parts, optionally of one category (type)."""
    return ok(await service.list_parts(db, body.type))


@supports.call("/listCateGroup", answer=list[CategoryGroup])
async def part_groups(_body: Empty, db: DbSession, caller: CallerDep) -> JsonResponse:
    """Every category with its parts."""
    return ok(await service.parts_by_category(db))


@supports.call("/insert", answer=PartOut)
async def part_insert(body: PartIn, db: DbSession, caller: Caller = require(f"{PAGE}/add")) -> JsonResponse:
    """Add a part (name and version unique within its category)."""
    part = await service.insert_part(db, body.name, body.cateId, body.version, body.hardSupportText)
    return ok(await service.full_part(db, part))


@supports.call("/update", answer=PartOut)
async def part_update(body: PartUpdate, db: DbSession, caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Edit a part: only the fields sent change."""
    part = await service.get_part(db, body.id)
    part = await service.update_part(db, part, body.model_dump(exclude_unset=True, exclude={"id"}))
    return ok(await service.full_part(db, part))


@supports.call("/delete", answer=PartId)
async def part_delete(body: PartId, db: DbSession, caller: Caller = require(f"{PAGE}/delete")) -> JsonResponse:
    """Delete a part no device has and no batch lists."""
    await service.delete_part(db, await service.get_part(db, body.id))
    return ok({"id": body.id})


@supports.call("/listCate", answer=list[CategoryOut])
async def category_list(_body: Empty, db: DbSession, caller: CallerDep) -> JsonResponse:
    """Every part category."""
    return ok([service.category_answer(c) for c in await service.list_categories(db)])


@supports.call("/insertCate", answer=CategoryOut)
async def category_insert(body: CategoryIn, db: DbSession, caller: Caller = require(f"{PAGE}/add")) -> JsonResponse:
    """Add a category (the name must be new)."""
    return ok(service.category_answer(await service.insert_category(db, body.cateName)))


@supports.call("/updateCate", answer=CategoryOut)
async def category_update(body: CategoryUpdate, db: DbSession,
                          caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Rename a category."""
    category = await service.update_category(db, body.cateId, body.cateName)
    return ok(service.category_answer(category))


@supports.call("/deleteCate", answer=CategoryId)
async def category_delete(body: CategoryId, db: DbSession, caller: Caller = require(f"{PAGE}/delete")) -> JsonResponse:
    """Delete a category that has no parts."""
    await service.delete_category(db, body.cateId)
    return ok({"cateId": body.cateId})


@device_hard.call("/getDeviceHardByDeviceId", answer=DeviceHardOut)
async def device_parts(body: DeviceHardIn, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """The parts a device has, one per category."""
    device = await get_device(db, caller, body.deviceId)
    return ok(await service.device_parts(db, device, body.showCateList))


@device_hard.call("/getDeviceHardHistoryListBean", answer=dict[str, object])
async def device_part_history(body: HistoryIn, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """A device's part changes, newest first (paged)."""
    device = await get_device(db, caller, body.deviceId)
    page = await paginate(db, service.history_query(device.id), body, row=service.change_answer)
    return ok(page)


@device_hard.call("/addDeviceHard", answer=ChangedOut)
async def add_device_hard(body: AddHardIn, db: DbSession, caller: Caller = require(FIT_KEY)) -> JsonResponse:
    """Fit parts to a device (one per category; each change is recorded)."""
    device = await get_device(db, caller, body.deviceId)
    parts = await service.get_parts(db, [bean.hardSupportId for bean in body.hardBeansJson], "hardBeansJson")
    service.one_per_category(parts, "hardBeansJson")
    changed = await service.fit_parts(db, caller, device, parts)
    return ok({"deviceId": device.id, "changed": changed})


@device_hard.call("/updateDeviceHard", answer=ChangedOut)
async def update_device_hard(body: UpdateHardIn, db: DbSession, caller: Caller = require(FIT_KEY)) -> JsonResponse:
    """Change (or remove) the part a device has in one category."""
    device = await get_device(db, caller, body.deviceId)
    if body.hardSupportId is None:
        changed = await service.remove_part(db, caller, device, body.cateId)
    else:
        changed = await service.change_part(db, caller, device, body.cateId, body.hardSupportId)
    return ok({"deviceId": device.id, "changed": changed})


@device_hard.call("/updateDeviceHardByBatchId", answer=ChangedOut)
async def apply_batch(body: BatchApplyIn, db: DbSession,
                      caller: Caller = require_any(FIT_KEY, "device/index/product/batch/index/apply")) -> JsonResponse:
    """Fit a production batch's parts to a device of the batch's model."""
    device = await get_device(db, caller, body.deviceId)
    batch = await batches.get_batch(db, body.batchId)
    changed = await batches.apply_to_device(db, caller, device, batch)
    return ok({"deviceId": device.id, "changed": changed})


@device_hard.call("/getDeviceHardByUserId", answer=dict[str, object])
async def parts_by_user(body: HardByUserIn, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """The devices of a user's subtree with their parts (paged)."""
    path = await scope_path(db, caller, body.userId)
    return ok(await service.devices_with_parts(db, path, body.deviceSerialNumber, body))
