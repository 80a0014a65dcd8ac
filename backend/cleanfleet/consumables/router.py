"""Consumables (/deviceConsumable/*) and maintenance reminders (/maintain/*) of a device."""

from cleanfleet.consumables import service
from cleanfleet.consumables.schemas import (
    ConsumableEditIn,
    ConsumablesOut,
    ConsumableUpdateIn,
    MaintainIn,
    RemindersOut,
)
from cleanfleet.core.auth import Caller, require
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.routing import ApiRouter
from cleanfleet.devices.access import DEVICE_PAGE, get_device_by_serial
from cleanfleet.devices.schemas import SerialIn

consumables = ApiRouter(prefix="/deviceConsumable", tags=["consumables"])
maintain = ApiRouter(prefix="/maintain", tags=["consumables"])


@consumables.call("/consumableInfo", answer=ConsumablesOut)
async def consumable_info(body: SerialIn, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """The device's seven consumables: replace date, used and life hours, and whether each is due."""
    device = await get_device_by_serial(db, caller, body.deviceSerialNumber)
    return ok(await service.device_consumables(db, device))


@consumables.call("/consumableEdit", answer=ConsumablesOut)
async def consumable_edit(body: ConsumableEditIn, db: DbSession,
                          caller: Caller = require("device/index/consumable")) -> JsonResponse:
    """Set up or change consumables (life hours above 0)."""
    device = await get_device_by_serial(db, caller, body.deviceSerialNumber)
    await service.edit_consumables(db, device, [item.model_dump() for item in body.consumables])
    return ok(await service.device_consumables(db, device))


@consumables.call("/consumableUpdate", answer=ConsumablesOut)
async def consumable_update(body: ConsumableUpdateIn, db: DbSession,
                            caller: Caller = require("device/index/consumable")) -> JsonResponse:
    """A consumable was replaced now: used hours back to 0, replace date today."""
    device = await get_device_by_serial(db, caller, body.deviceSerialNumber)
    await service.replace_consumable(db, device, body.kind)
    return ok(await service.device_consumables(db, device))


@maintain.call("/findMaintainBySn", answer=RemindersOut)
async def find_maintain(body: SerialIn, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """The device's maintenance reminders with their next due time."""
    device = await get_device_by_serial(db, caller, body.deviceSerialNumber)
    return ok(await service.device_reminders(db, device))


@maintain.call("/updateMaintainBySn", answer=RemindersOut)
async def update_maintain(body: MaintainIn, db: DbSession,
                          caller: Caller = require("device/index/maintain")) -> JsonResponse:
    """Set the device's reminders (name, last maintained, period in hours above 0)."""
    device = await get_device_by_serial(db, caller, body.deviceSerialNumber)
    await service.set_reminders(db, device, [item.model_dump() for item in body.maintains])
    return ok(await service.device_reminders(db, device))
