"""Parts catalogue (/deviceHardSupport/*, page device/hardSupportIndex) and a device's parts (/deviceHard/*)."""

from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, Field, StringConstraints
from sqlalchemy import Select, select

from cleanfleet.batches import service as batches
from cleanfleet.core.auth import Caller, CallerDep, require
from cleanfleet.core.bounds import Id
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.errors import bad_parameter
from cleanfleet.core.paging import PageIn, paginate
from cleanfleet.core.routing import ApiRouter, Empty
from cleanfleet.devices.access import DEVICE_PAGE, get_device, owned_under, require_any, scope_path
from cleanfleet.devices.models import Device
from cleanfleet.devices.schemas import Name, Short, Text, as_list
from cleanfleet.hardware import service

supports = ApiRouter(prefix="/deviceHardSupport", tags=["hardware"])
device_hard = ApiRouter(prefix="/deviceHard", tags=["hardware"])
PAGE = "device/hardSupportIndex"
FIT_KEY = "device/index/hardware"


class PartOut(BaseModel):
    id: int
    hardSupportId: int
    name: str
    version: str
    hardSupportText: str
    cateId: int
    cateName: str


class CategoryOut(BaseModel):
    cateId: int
    cateName: str


class CategoryGroup(CategoryOut):
    list: list[PartOut]


class PartFilter(BaseModel):
    type: Id | None = Field(default=None, description="a category id")


class PartIn(BaseModel):
    name: Name
    cateId: Id
    version: Short = ""
    hardSupportText: Text = ""


class PartUpdate(BaseModel):
    id: Id
    name: Name | None = None
    cateId: Id | None = None
    version: Short | None = None
    hardSupportText: Text | None = None


class PartId(BaseModel):
    id: Id


class CategoryIn(BaseModel):
    cateName: Name


class CategoryUpdate(BaseModel):
    cateId: Id
    cateName: Name


class CategoryId(BaseModel):
    cateId: Id


@supports.call("/list", answer=list[PartOut])
async def part_list(body: PartFilter, db: DbSession, caller: CallerDep) -> JsonResponse:
    """Parts, optionally of one category (type)."""
    return ok(await service.list_parts(db, body.type), language=caller.language)


@supports.call("/listCateGroup", answer=list[CategoryGroup])
async def part_groups(_body: Empty, db: DbSession, caller: CallerDep) -> JsonResponse:
    """Every category with its parts."""
    return ok(await service.parts_by_category(db), language=caller.language)


@supports.call("/insert", answer=PartOut)
async def part_insert(body: PartIn, db: DbSession, caller: Caller = require(f"{PAGE}/add")) -> JsonResponse:
    """Add a part (name and version unique within its category)."""
    part = await service.insert_part(db, body.name, body.cateId, body.version, body.hardSupportText)
    return ok(service.part_answer(part, await service.get_category(db, part.cate_id)), language=caller.language)


@supports.call("/update", answer=PartOut)
async def part_update(body: PartUpdate, db: DbSession, caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Edit a part: only the fields sent change."""
    part = await service.get_part(db, body.id)
    part = await service.update_part(db, part, body.model_dump(exclude_unset=True, exclude={"id"}))
    return ok(service.part_answer(part, await service.get_category(db, part.cate_id)), language=caller.language)


@supports.call("/delete", answer=PartId)
async def part_delete(body: PartId, db: DbSession, caller: Caller = require(f"{PAGE}/delete")) -> JsonResponse:
    """Delete a part no device has and no batch lists."""
    await service.delete_part(db, await service.get_part(db, body.id))
    return ok({"id": body.id}, language=caller.language)


@supports.call("/listCate", answer=list[CategoryOut])
async def category_list(_body: Empty, db: DbSession, caller: CallerDep) -> JsonResponse:
    """Every part category."""
    return ok([service.category_answer(c) for c in await service.list_categories(db)], language=caller.language)


@supports.call("/insertCate", answer=CategoryOut)
async def category_insert(body: CategoryIn, db: DbSession, caller: Caller = require(f"{PAGE}/add")) -> JsonResponse:
    """Add a category (the name must be new)."""
    return ok(service.category_answer(await service.insert_category(db, body.cateName)), language=caller.language)


@supports.call("/updateCate", answer=CategoryOut)
async def category_update(body: CategoryUpdate, db: DbSession,
                          caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Rename a category."""
    category = await service.update_category(db, body.cateId, body.cateName)
    return ok(service.category_answer(category), language=caller.language)


@supports.call("/deleteCate", answer=CategoryId)
async def category_delete(body: CategoryId, db: DbSession, caller: Caller = require(f"{PAGE}/delete")) -> JsonResponse:
    """Delete a category that has no parts."""
    await service.delete_category(db, body.cateId)
    return ok({"cateId": body.cateId}, language=caller.language)


class DeviceHardIn(BaseModel):
    deviceId: Id
    showCateList: bool = Field(default=False, description="also answer every category with its parts")


class FittedPart(PartOut):
    updateTime: str


class DeviceHardOut(BaseModel):
    deviceId: int
    cateList: list[CategoryGroup] | None = None
    list: list[FittedPart]


class HardBean(BaseModel):
    hardSupportId: Id
    cateId: Id | None = None


class AddHardIn(BaseModel):
    deviceId: Id
    hardBeansJson: Annotated[list[HardBean], BeforeValidator(as_list)] = Field(
        description='[{"hardSupportId": 3}, ...] (list or JSON text)')


class UpdateHardIn(BaseModel):
    deviceId: Id
    cateId: Id
    hardSupportId: Id | None = Field(default=None, description="the new part; none removes the category's part")


class BatchApplyIn(BaseModel):
    deviceId: Id
    batchId: Id


class ChangedOut(BaseModel):
    deviceId: int
    changed: int


class HistoryIn(PageIn):
    deviceId: Id


class HardByUserIn(PageIn):
    userId: Id | None = None
    deviceSerialNumber: Annotated[str, StringConstraints(strip_whitespace=True, max_length=64)] | None = None


@device_hard.call("/getDeviceHardByDeviceId", answer=DeviceHardOut)
async def device_parts(body: DeviceHardIn, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """The parts a device has, one per category."""
    device = await get_device(db, caller, body.deviceId)
    fitted = await service.parts_of_devices(db, [device.id])
    answer: dict[str, object] = {"deviceId": device.id, "list": fitted[device.id]}
    if body.showCateList:
        answer["cateList"] = await service.parts_by_category(db)
    return ok(answer, language=caller.language)


@device_hard.call("/getDeviceHardHistoryListBean", answer=dict[str, object])
async def device_part_history(body: HistoryIn, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """A device's part changes, newest first (paged)."""
    device = await get_device(db, caller, body.deviceId)
    page = await paginate(db, service.history_query(device.id), body, row=service.change_answer)
    return ok(page, language=caller.language)


@device_hard.call("/addDeviceHard", answer=ChangedOut)
async def add_device_hard(body: AddHardIn, db: DbSession, caller: Caller = require(FIT_KEY)) -> JsonResponse:
    """Fit parts to a device (one per category; each change is recorded)."""
    device = await get_device(db, caller, body.deviceId)
    parts = await service.get_parts(db, [bean.hardSupportId for bean in body.hardBeansJson], "hardBeansJson")
    service.one_per_category(parts, "hardBeansJson")
    changed = await service.fit_parts(db, caller, device, parts)
    return ok({"deviceId": device.id, "changed": changed}, language=caller.language)


@device_hard.call("/updateDeviceHard", answer=ChangedOut)
async def update_device_hard(body: UpdateHardIn, db: DbSession, caller: Caller = require(FIT_KEY)) -> JsonResponse:
    """Change (or remove) the part a device has in one category."""
    device = await get_device(db, caller, body.deviceId)
    if body.hardSupportId is None:
        changed = await service.remove_part(db, caller, device, body.cateId)
    else:
        part = await service.get_part(db, body.hardSupportId, "hardSupportId")
        if part.cate_id != body.cateId:
            raise bad_parameter("hardSupportId", "the part is of another category")
        changed = await service.fit_parts(db, caller, device, [part])
    return ok({"deviceId": device.id, "changed": changed}, language=caller.language)


@device_hard.call("/updateDeviceHardByBatchId", answer=ChangedOut)
async def apply_batch(body: BatchApplyIn, db: DbSession,
                      caller: Caller = require_any(FIT_KEY, "device/index/product/batch/index/apply")) -> JsonResponse:
    """Fit a production batch's parts to a device of the batch's model."""
    device = await get_device(db, caller, body.deviceId)
    batch = await batches.get_batch(db, body.batchId)
    changed = await batches.apply_to_device(db, caller, device, batch)
    return ok({"deviceId": device.id, "changed": changed}, language=caller.language)


@device_hard.call("/getDeviceHardByUserId", answer=dict[str, object])
async def parts_by_user(body: HardByUserIn, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """The devices of a user's subtree with their parts (paged)."""
    path = await scope_path(db, caller, body.userId)
    query: Select[*tuple[Any, ...]] = (select(Device.id, Device.serial_number, Device.name)
                                       .where(owned_under(path)).order_by(Device.id))
    if body.deviceSerialNumber:
        query = query.where(Device.serial_number.icontains(body.deviceSerialNumber, autoescape=True))
    page = await paginate(db, query, body,
                          row=lambda r: {"deviceId": r.id, "deviceSerialNumber": r.serial_number,
                                         "deviceCode": r.name}, scalars=False)
    fitted = await service.parts_of_devices(db, [item["deviceId"] for item in page["list"]])
    for item in page["list"]:
        item["list"] = fitted[item["deviceId"]]
    return ok(page, language=caller.language)
