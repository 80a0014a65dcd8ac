"""Repair records (/repair/*, page device/repair)."""

from cleanfleet.core import ranges
from cleanfleet.core.auth import Caller, require
from cleanfleet.core.codes import Code
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.errors import ApiError, bad_parameter
from cleanfleet.core.paging import Page, paginate
from cleanfleet.core.routing import ApiRouter
from cleanfleet.devices.access import get_device, get_device_by_serial, scope_path
from cleanfleet.repairs import service, texts
from cleanfleet.repairs.schemas import BeforeIn, RepairId, RepairIn, RepairOut, RepairPageIn, RepairUpdate

router = ApiRouter(prefix="/repair", tags=["repairs"])
PAGE = "device/repair"


@router.call("/list", answer=Page[RepairOut])
async def repair_list(body: RepairPageIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """Repair records of the subtree's devices, newest first, with filters (paged)."""
    if body.startDate is not None:
        ranges.check_times(body.startDate, body.endDate, ranges.RECORDS, field="startDate")
    path = await scope_path(db, caller, body.userId)
    query = service.repairs_query(path, device_id=body.deviceId, serial_number=body.deviceSerialNumber,
                                  state=body.state, repair_type=body.type, start=body.startDate, end=body.endDate)
    page = await paginate(db, query, body, row=lambda r: service.repair_answer(r[0], r[1]), scalars=False)
    return ok(page)


@router.call("/insertRepair", answer=RepairOut)
async def insert_repair(body: RepairIn, db: DbSession, caller: Caller = require(f"{PAGE}/add")) -> JsonResponse:
    """Record a repair (pending); type and date are required."""
    if body.deviceId is not None:
        device = await get_device(db, caller, body.deviceId)
    elif body.deviceSerialNumber:
        device = await get_device_by_serial(db, caller, body.deviceSerialNumber)
    else:
        raise bad_parameter("deviceId", texts.CHOOSE_DEVICE)
    repair = await service.insert_repair(db, caller, device, body.model_dump(exclude={"deviceId",
                                                                                       "deviceSerialNumber"}))
    return ok(service.repair_answer(repair, device))


@router.call("/updateRepair", answer=RepairOut)
async def update_repair(body: RepairUpdate, db: DbSession, caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Edit a repair; moving its state (one step forward) also needs the key device/repair/process."""
    repair, device = await service.get_repair(db, caller, body.id)
    if body.state is not None and body.state != repair.state and not caller.holds(f"{PAGE}/process"):
        raise ApiError(Code.NO_PERMISSION, texts.NO_PROCESS, field="state")
    repair = await service.update_repair(db, repair, body.model_dump(exclude_unset=True, exclude={"id"}))
    return ok(service.repair_answer(repair, device))


@router.call("/deleteRepair", answer=RepairId)
async def delete_repair(body: RepairId, db: DbSession, caller: Caller = require(f"{PAGE}/delete")) -> JsonResponse:
    """Delete a repair record."""
    repair, _device = await service.get_repair(db, caller, body.id)
    await service.delete_repair(db, repair)
    return ok({"id": body.id})


@router.call("/deleteRepairBeforeDate", answer=dict[str, int])
async def delete_repair_before(body: BeforeIn, db: DbSession,
                               caller: Caller = require(f"{PAGE}/delete")) -> JsonResponse:
    """Delete the subtree's repair records dated before a time."""
    return ok({"deleted": await service.delete_before(db, caller, body.time)})
