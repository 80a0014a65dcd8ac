"""Consumables (/deviceConsumable/*) and maintenance reminders (/maintain/*) of a device."""

from typing import Annotated, Literal

from pydantic import AliasChoices, BaseModel, BeforeValidator, Field

from cleanfleet.consumables import service
from cleanfleet.consumables.models import CONSUMABLE_KINDS
from cleanfleet.core.auth import Caller, require
from cleanfleet.core.bounds import Hours, Id, PeriodHours
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.routing import ApiRouter
from cleanfleet.devices.access import DEVICE_PAGE, get_device_by_serial
from cleanfleet.devices.models import Device
from cleanfleet.devices.schemas import Name, SerialIn, SerialNumber, UtcTime, as_list

consumables = ApiRouter(prefix="/deviceConsumable", tags=["consumables"])
maintain = ApiRouter(prefix="/maintain", tags=["consumables"])
Kind = Literal["dust_bag", "edge_brush", "filter", "roller_brush", "thin_edge_brush", "thin_roller_brush",
               "wheel_rubber"]
assert set(Kind.__args__) == set(CONSUMABLE_KINDS)  # type: ignore[attr-defined]


class ConsumableItem(BaseModel):
    kind: Kind
    name: Name | None = None
    replaceDate: UtcTime | None = None
    usedHours: Hours | None = None
    lifeHours: PeriodHours = Field(description="hours of use before it is due")


class ConsumableEditIn(BaseModel):
    deviceSerialNumber: SerialNumber
    consumables: Annotated[list[ConsumableItem], BeforeValidator(as_list)] = Field(
        description="list or JSON text")


class ConsumableUpdateIn(BaseModel):
    deviceSerialNumber: SerialNumber
    kind: Kind


class ConsumableOut(BaseModel):
    kind: str
    name: str
    configured: bool
    replaceDate: str | None
    usedHours: float
    lifeHours: float | None
    remainingHours: float | None
    due: bool


class ConsumablesOut(BaseModel):
    deviceId: int
    deviceSerialNumber: str
    list: list[ConsumableOut]


class ReminderItem(BaseModel):
    id: Id | None = None
    name: Name
    maintainDate: UtcTime | None = Field(default=None, description="last maintained; default now")
    periodHours: PeriodHours = Field(description="hours between maintenances")


class MaintainIn(BaseModel):
    deviceSerialNumber: SerialNumber = Field(validation_alias=AliasChoices("deviceSerialNumber",
                                                                           "device_serial_number"))
    maintains: Annotated[list[ReminderItem], BeforeValidator(as_list)] = Field(
        description="the device's reminders (list or JSON text)")


class ReminderOut(BaseModel):
    id: int
    name: str
    maintainDate: str
    periodHours: float
    due: bool
    nextDue: str


class RemindersOut(BaseModel):
    deviceId: int
    deviceSerialNumber: str
    list: list[ReminderOut]


async def _consumables(db: DbSession, device: Device) -> dict[str, object]:
    return {"deviceId": device.id, "deviceSerialNumber": device.serial_number,
            "list": await service.consumables_of(db, device)}


async def _reminders(db: DbSession, device: Device) -> dict[str, object]:
    return {"deviceId": device.id, "deviceSerialNumber": device.serial_number,
            "list": await service.reminders_of(db, device)}


@consumables.call("/consumableInfo", answer=ConsumablesOut)
async def consumable_info(body: SerialIn, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """The device's seven consumables: replace date, used and life hours, and whether each is due."""
    device = await get_device_by_serial(db, caller, body.deviceSerialNumber)
    return ok(await _consumables(db, device), language=caller.language)


@consumables.call("/consumableEdit", answer=ConsumablesOut)
async def consumable_edit(body: ConsumableEditIn, db: DbSession,
                          caller: Caller = require("device/index/consumable")) -> JsonResponse:
    """Set up or change consumables (life hours above 0)."""
    device = await get_device_by_serial(db, caller, body.deviceSerialNumber)
    await service.edit_consumables(db, device, [item.model_dump() for item in body.consumables])
    return ok(await _consumables(db, device), language=caller.language)


@consumables.call("/consumableUpdate", answer=ConsumablesOut)
async def consumable_update(body: ConsumableUpdateIn, db: DbSession,
                            caller: Caller = require("device/index/consumable")) -> JsonResponse:
    """A consumable was replaced now: used hours back to 0, replace date today."""
    device = await get_device_by_serial(db, caller, body.deviceSerialNumber)
    await service.replace_consumable(db, device, body.kind)
    return ok(await _consumables(db, device), language=caller.language)


@maintain.call("/findMaintainBySn", answer=RemindersOut)
async def find_maintain(body: SerialIn, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """The device's maintenance reminders with their next due time."""
    device = await get_device_by_serial(db, caller, body.deviceSerialNumber)
    return ok(await _reminders(db, device), language=caller.language)


@maintain.call("/updateMaintainBySn", answer=RemindersOut)
async def update_maintain(body: MaintainIn, db: DbSession,
                          caller: Caller = require("device/index/maintain")) -> JsonResponse:
    """Set the device's reminders (name, last maintained, period in hours above 0)."""
    device = await get_device_by_serial(db, caller, body.deviceSerialNumber)
    await service.set_reminders(db, device, [item.model_dump() for item in body.maintains])
    return ok(await _reminders(db, device), language=caller.language)
