"""Repair records (/repair/*, page device/repair)."""

from typing import Annotated

from pydantic import BaseModel, Field, StringConstraints

from cleanfleet.core.auth import Caller, require
from cleanfleet.core.bounds import Id
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.errors import bad_parameter, no_permission
from cleanfleet.core.paging import Page, PageIn, paginate
from cleanfleet.core.routing import ApiRouter
from cleanfleet.devices.access import get_device, get_device_by_serial, scope_path
from cleanfleet.devices.schemas import Short, UtcTime
from cleanfleet.repairs import service

router = ApiRouter(prefix="/repair", tags=["repairs"])
PAGE = "device/repair"
LongText = Annotated[str, StringConstraints(strip_whitespace=True, max_length=1024)]
RepairType = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]


class RepairFields(BaseModel):
    type: RepairType | None = None
    detail: LongText | None = None
    repairDate: UtcTime | None = None
    operator: Short | None = None
    processor: Short | None = None
    processTime: UtcTime | None = None
    plan: LongText | None = None


class RepairIn(RepairFields):
    deviceId: Id | None = None
    deviceSerialNumber: Short | None = Field(default=None, description="instead of deviceId")
    type: RepairType
    repairDate: UtcTime


class RepairUpdate(RepairFields):
    id: Id
    state: int | None = Field(default=None, ge=0, le=2, description="0 pending, 1 processing, 2 handled; "
                                                                     "one step forward at a time")


class RepairId(BaseModel):
    id: Id


class BeforeIn(BaseModel):
    time: UtcTime = Field(description="records dated before this are deleted")


class RepairPageIn(PageIn):
    deviceId: Id | None = Field(default=None, description="one device's records")
    deviceSerialNumber: Short | None = None
    state: int | None = Field(default=None, ge=0, le=2)
    type: Short | None = None
    startDate: UtcTime | None = None
    endDate: UtcTime | None = None
    userId: Id | None = None


class RepairOut(BaseModel):
    id: int
    deviceId: int
    deviceSerialNumber: str
    deviceCode: str
    type: str
    detail: str
    repairDate: str
    operator: str
    processor: str
    processTime: str | None
    plan: str
    state: int
    stateName: str
    createTime: str
    updateTime: str


@router.call("/list", answer=Page[RepairOut])
async def repair_list(body: RepairPageIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """Repair records of the subtree's devices, newest first, with filters (paged)."""
    path = await scope_path(db, caller, body.userId)
    query = service.repairs_query(path, device_id=body.deviceId, serial_number=body.deviceSerialNumber,
                                  state=body.state, repair_type=body.type, start=body.startDate, end=body.endDate)
    page = await paginate(db, query, body, row=lambda r: service.repair_answer(r[0], r[1]), scalars=False)
    return ok(page, language=caller.language)


@router.call("/insertRepair", answer=RepairOut)
async def insert_repair(body: RepairIn, db: DbSession, caller: Caller = require(f"{PAGE}/add")) -> JsonResponse:
    """Record a repair (pending); type and date are required."""
    if body.deviceId is not None:
        device = await get_device(db, caller, body.deviceId)
    elif body.deviceSerialNumber:
        device = await get_device_by_serial(db, caller, body.deviceSerialNumber)
    else:
        raise bad_parameter("deviceId", "give deviceId or deviceSerialNumber")
    repair = await service.insert_repair(db, caller, device, body.model_dump(exclude={"deviceId",
                                                                                       "deviceSerialNumber"}))
    return ok(service.repair_answer(repair, device), language=caller.language)


@router.call("/updateRepair", answer=RepairOut)
async def update_repair(body: RepairUpdate, db: DbSession, caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Edit a repair; moving its state (one step forward) also needs the key device/repair/process."""
    repair, device = await service.get_repair(db, caller, body.id)
    if body.state is not None and body.state != repair.state and not caller.holds(f"{PAGE}/process"):
        raise no_permission(f"{PAGE}/process")
    repair = await service.update_repair(db, repair, body.model_dump(exclude_unset=True, exclude={"id"}))
    return ok(service.repair_answer(repair, device), language=caller.language)


@router.call("/deleteRepair", answer=RepairId)
async def delete_repair(body: RepairId, db: DbSession, caller: Caller = require(f"{PAGE}/delete")) -> JsonResponse:
    """Delete a repair record."""
    repair, _device = await service.get_repair(db, caller, body.id)
    await service.delete_repair(db, repair)
    return ok({"id": body.id}, language=caller.language)


@router.call("/deleteRepairBeforeDate", answer=dict[str, int])
async def delete_repair_before(body: BeforeIn, db: DbSession,
                               caller: Caller = require(f"{PAGE}/delete")) -> JsonResponse:
    """Delete the subtree's repair records dated before a time."""
    return ok({"deleted": await service.delete_before(db, caller, body.time)}, language=caller.language)
