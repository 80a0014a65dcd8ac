"""Leases (/hire/*, page device/hire)."""

from cleanfleet.core import ranges
from cleanfleet.core.auth import Caller, require
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.paging import Page, paginate
from cleanfleet.core.routing import ApiRouter
from cleanfleet.devices.access import get_device, scope_path
from cleanfleet.hires import service
from cleanfleet.hires.schemas import HireId, HireIn, HireOut, HirePageIn

router = ApiRouter(prefix="/hire", tags=["hires"])
PAGE = "device/hire"


@router.call("/list", answer=Page[HireOut])
async def hire_list(body: HirePageIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """Leases of the subtree's devices, newest first, with filters (paged)."""
    if body.startDate is not None:
        ranges.check_times(body.startDate, body.endDate, ranges.RECORDS, field="startDate")
    path = await scope_path(db, caller, body.userId)
    query = service.hires_query(path, device_id=body.deviceId, serial_number=body.deviceSerialNumber,
                                customer=body.customerName, state=body.state, lessee_id=body.lesseeId,
                                start=body.startDate, end=body.endDate)
    page = await paginate(db, query, body, row=lambda r: service.hire_answer(r[0], r[1], r[2]), scalars=False)
    return ok(page)


@router.call("/insertHire", answer=HireOut)
async def insert_hire(body: HireIn, db: DbSession, caller: Caller = require(f"{PAGE}/add")) -> JsonResponse:
    """Start a lease of a device (at most one active lease per device)."""
    device = await get_device(db, caller, body.deviceId)
    hire = await service.insert_hire(db, caller, device, body.model_dump())
    return ok(await service.full_hire(db, hire, device))


@router.call("/stopHire", answer=HireOut)
async def stop_hire(body: HireId, db: DbSession, caller: Caller = require(f"{PAGE}/stop")) -> JsonResponse:
    """End an active lease."""
    hire, device = await service.get_hire(db, caller, body.id)
    hire = await service.stop_hire(db, caller, hire)
    return ok(await service.full_hire(db, hire, device))
