"""Leases (/hire/*, page device/hire)."""

from typing import Annotated

from pydantic import BaseModel, Field, StringConstraints

from cleanfleet.core.auth import Caller, require
from cleanfleet.core.bounds import Id
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.paging import Page, PageIn, paginate
from cleanfleet.core.routing import ApiRouter
from cleanfleet.devices.access import get_device, scope_path
from cleanfleet.devices.schemas import Name, Short, Text, UtcTime
from cleanfleet.hires import service

router = ApiRouter(prefix="/hire", tags=["hires"])
PAGE = "device/hire"
Phone = Annotated[str, StringConstraints(strip_whitespace=True, pattern=r"^(\d{11})?$")]


class HireIn(BaseModel):
    deviceId: Id
    customerName: Name
    contact: Short = ""
    phone: Phone = Field(default="", description="11 digits, or empty")
    startTime: UtcTime | None = Field(default=None, description="default now")
    endTime: UtcTime | None = Field(default=None, description="planned end; after startTime")
    remark: Text = ""
    userId: Id | None = Field(default=None, description="the lessee, when it is a user of the subtree")


class HireId(BaseModel):
    id: Id


class HirePageIn(PageIn):
    deviceId: Id | None = Field(default=None, description="one device's leases")
    deviceSerialNumber: Short | None = None
    customerName: Short | None = None
    state: int | None = Field(default=None, ge=0, le=1, description="0 active, 1 ended")
    lesseeId: Id | None = None
    startDate: UtcTime | None = None
    endDate: UtcTime | None = None
    userId: Id | None = Field(default=None, description="devices of this user's subtree")


class HireOut(BaseModel):
    id: int
    deviceId: int
    deviceSerialNumber: str
    deviceCode: str
    userId: int | None
    account: str
    customerName: str
    contact: str
    phone: str
    startTime: str
    endTime: str | None
    remark: str
    state: int
    stateName: str
    stopTime: str | None
    createTime: str


@router.call("/list", answer=Page[HireOut])
async def hire_list(body: HirePageIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """Leases of the subtree's devices, newest first, with filters (paged)."""
    path = await scope_path(db, caller, body.userId)
    query = service.hires_query(path, device_id=body.deviceId, serial_number=body.deviceSerialNumber,
                                customer=body.customerName, state=body.state, lessee_id=body.lesseeId,
                                start=body.startDate, end=body.endDate)
    page = await paginate(db, query, body, row=lambda r: service.hire_answer(r[0], r[1], r[2]), scalars=False)
    return ok(page, language=caller.language)


@router.call("/insertHire", answer=HireOut)
async def insert_hire(body: HireIn, db: DbSession, caller: Caller = require(f"{PAGE}/add")) -> JsonResponse:
    """Start a lease of a device (at most one active lease per device)."""
    device = await get_device(db, caller, body.deviceId)
    hire = await service.insert_hire(db, caller, device, body.model_dump())
    account = await service.lessee_account(db, hire.lessee_id)
    return ok(service.hire_answer(hire, device, account), language=caller.language)


@router.call("/stopHire", answer=HireOut)
async def stop_hire(body: HireId, db: DbSession, caller: Caller = require(f"{PAGE}/stop")) -> JsonResponse:
    """End an active lease."""
    hire, device = await service.get_hire(db, caller, body.id)
    hire = await service.stop_hire(db, caller, hire)
    account = await service.lessee_account(db, hire.lessee_id)
    return ok(service.hire_answer(hire, device, account), language=caller.language)
