"""The live alarm calls (/warn/*): the open alarms, the alarms after a reconnect, resolving a device's alarms.

Reading needs one of the alarm pages' keys (live alarms, alarm list, device alarms); resolving one of their
``resolve`` buttons. Everything stays inside the caller's subtree (``userId`` narrows it further).
"""

from fastapi import Request

from cleanfleet.core.auth import Caller, require_any
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.paging import Page, paginate
from cleanfleet.core.routing import ApiRouter
from cleanfleet.devices.access import get_device_by_serial, scope_path
from cleanfleet.gateway.ingest import ALARMS_CHANNEL
from cleanfleet.warn import service
from cleanfleet.warn.schemas import NOW_LIMIT, AlarmOut, NowIn, ResumeIn, ResumeOut, UnProcessIn

router = ApiRouter(prefix="/warn", tags=["alarms"])
ALARM_PAGES = ("index/realWarn", "warn/index/warn", "device/warn")
RESOLVE_KEYS = tuple(f"{page}/resolve" for page in ALARM_PAGES)


@router.call("/listUnProcess", answer=Page[AlarmOut])
async def list_unprocessed(body: UnProcessIn, db: DbSession,
                           caller: Caller = require_any(*ALARM_PAGES)) -> JsonResponse:
    """Unresolved alarms of the subtree's devices, newest first (paged); ``total`` is the header badge's count."""
    path = await scope_path(db, caller, body.userId)
    query = service.alarms_query(path, unresolved=True, serial_number=body.deviceSerialNumber)
    page = await paginate(db, query, body, row=service.alarm_answer, scalars=False)
    return ok(page, language=caller.language)


@router.call("/now", answer=list[AlarmOut])
async def now(body: NowIn, db: DbSession, caller: Caller = require_any(*ALARM_PAGES)) -> JsonResponse:
    """Alarms stored after ``warnId`` and raised after ``time`` (the newest 50, newest first): what the pop-ups
    show after a reconnect."""
    path = await scope_path(db, caller, body.userID, field="userID")
    return ok(await service.newer_alarms(db, path, body.warnId, body.time, NOW_LIMIT), language=caller.language)


@router.call("/resumeWarn", answer=ResumeOut)
async def resume_warn(body: ResumeIn, request: Request, db: DbSession,
                      caller: Caller = require_any(*RESOLVE_KEYS)) -> JsonResponse:
    """Marks the device's open alarms resolved (by the caller, now); consoles hear of it live."""
    device = await get_device_by_serial(db, caller, body.deviceSerialNumber)
    count, at = await service.resolve_device(db, device, caller.user_id)
    if count:
        event = service.resolve_event(device, count, at, caller.name or caller.account)
        await request.app.state.bus.publish(ALARMS_CHANNEL, {"alarms": [event]})
    answer = {"deviceId": device.id, "deviceSerialNumber": device.serial_number, "resolved": count,
              "resolvedAt": at.isoformat()}
    return ok(answer, language=caller.language)
