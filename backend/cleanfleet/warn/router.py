"""The alarm calls (/warn/*): the open alarms, the alarms after a reconnect, resolving (one alarm, or a device's
open alarms), and the alarm centre: the list with filters, the summary, the 7-day chart, deleting.

Reading needs one of the alarm pages' keys (live alarms, alarm centre, device alarms, and for the summary and
chart the alarm summary page too); resolving one of their ``resolve`` buttons, deleting a ``delete`` button.
Everything stays inside the caller's subtree (``userId`` narrows it further).
"""

from fastapi import Request

from cleanfleet.core.auth import Caller, require_any
from cleanfleet.core.bus import LIVE_ALARMS
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.errors import bad_parameter
from cleanfleet.core.language import caller_zone
from cleanfleet.core.paging import Page, paginate
from cleanfleet.core.routing import ApiRouter
from cleanfleet.devices.access import get_device, get_device_by_serial, scope_path
from cleanfleet.warn import centre, service, texts
from cleanfleet.warn.notify import NotifyPolicy
from cleanfleet.warn.schemas import (
    NOW_LIMIT,
    AlarmOut,
    ChartDay,
    ChartIn,
    DeleteIn,
    DeleteOut,
    ListIn,
    NowIn,
    RangeIn,
    ResumeIn,
    ResumeOut,
    SummaryOut,
    UnProcessIn,
)

router = ApiRouter(prefix="/warn", tags=["alarms"])
ALARM_PAGES = ("index/realWarn", "warn/index/warn", "device/warn")
RESOLVE_KEYS = tuple(f"{page}/resolve" for page in ALARM_PAGES)
SUMMARY_PAGES = ("warn/index/warn", "device/warn", "device/warnSummary")
DELETE_KEYS = ("warn/index/warn/delete", "device/warn/delete")


@router.call("/listUnProcess", answer=Page[AlarmOut])
async def list_unprocessed(body: UnProcessIn, db: DbSession,
                           caller: Caller = require_any(*ALARM_PAGES)) -> JsonResponse:
    """Unresolved alarms of the subtree's devices, newest first (paged); ``total`` is the header badge's count."""
    path = await scope_path(db, caller, body.userId)
    query = service.alarms_query(path, unresolved=True, serial_number=body.deviceSerialNumber)
    page = await paginate(db, query, body, row=service.alarm_answer, scalars=False)
    return ok(page)


@router.call("/now", answer=list[AlarmOut])
async def now(body: NowIn, db: DbSession, caller: Caller = require_any(*ALARM_PAGES)) -> JsonResponse:
    """Alarms stored after ``warnId`` and raised after ``time`` (the newest 50, newest first): what the pop-ups
    show after a reconnect."""
    path = await scope_path(db, caller, body.userID, field="userID")
    return ok(await service.newer_alarms(db, path, body.warnId, body.time, NOW_LIMIT))


@router.call("/resumeWarn", answer=ResumeOut)
async def resume_warn(body: ResumeIn, request: Request, db: DbSession,
                      caller: Caller = require_any(*RESOLVE_KEYS)) -> JsonResponse:
    """Marks one alarm (``warnId``) or the device's open alarms resolved (by the caller, now, release or dismiss);
    consoles hear of it live."""
    by = caller.name or caller.account
    policy = NotifyPolicy.of(request.app.state.settings)
    if body.warnId is not None:
        path = await scope_path(db, caller, None)
        alarm, device, at = await centre.resolve_one(db, path, body.warnId, caller.user_id, body.resolution, by,
                                                     policy)
        count = 1
    elif body.deviceSerialNumber is not None:
        device = await get_device_by_serial(db, caller, body.deviceSerialNumber)
        count, at = await service.resolve_device(db, device, caller.user_id, by, body.resolution, policy)
    else:
        raise bad_parameter("deviceSerialNumber", texts.TARGET_MISSING, name="deviceSerialNumber / warnId")
    if count:
        event = service.resolve_event(device, count, at, by, body.warnId)
        await request.app.state.bus.publish(LIVE_ALARMS, {"alarms": [event]})
    answer = {"deviceId": device.id, "deviceSerialNumber": device.serial_number, "resolved": count,
              "resolvedAt": at.isoformat()}
    return ok(answer)


@router.call("/list", answer=Page[AlarmOut])
async def list_alarms(body: ListIn, db: DbSession, caller: Caller = require_any(*ALARM_PAGES)) -> JsonResponse:
    """The branch's alarms, newest first (paged), with filters: device, name, code, type, level, state and a
    time range (default the last 30 days)."""
    path = await scope_path(db, caller, body.userId)
    if body.deviceId is not None:
        await get_device(db, caller, body.deviceId)
    start, end = centre.time_range(body.startTime, body.endTime)
    return ok(await centre.list_page(db, path, body, serial_number=body.deviceSerialNumber, device_id=body.deviceId,
                                     start=start, end=end, key=body.key, code=body.code, kind_type=body.type,
                                     level=body.level, state=body.state))


@router.call("/warnSummary", answer=SummaryOut)
async def warn_summary(body: RangeIn, db: DbSession, caller: Caller = require_any(*SUMMARY_PAGES)) -> JsonResponse:
    """Counts of the branch's alarms in a time range (default the last 30 days): by state, by device (the top
    50), by alarm name and by level."""
    path = await scope_path(db, caller, body.userId)
    if body.deviceId is not None:
        await get_device(db, caller, body.deviceId)
    start, end = centre.time_range(body.startTime, body.endTime)
    return ok(await centre.summary(db, path, body.deviceId, start, end))


@router.call("/chart", answer=list[ChartDay])
async def chart(body: ChartIn, db: DbSession, caller: Caller = require_any(*SUMMARY_PAGES)) -> JsonResponse:
    """The branch's alarms per day of the last 7 days (days in the caller's time zone), by state."""
    path = await scope_path(db, caller, body.userId)
    if body.deviceId is not None:
        await get_device(db, caller, body.deviceId)
    return ok(await centre.chart(db, path, body.deviceId, caller_zone()))


@router.call("/deleteWarn", answer=DeleteOut)
async def delete_warn(body: DeleteIn, db: DbSession, caller: Caller = require_any(*DELETE_KEYS)) -> JsonResponse:
    """Deletes one alarm (``warnId``), or a device's alarms raised before ``time`` (``deviceId`` and ``time``)."""
    if body.warnId is not None:
        return ok({"deleted": await centre.delete_one(db, await scope_path(db, caller, None), body.warnId)})
    if body.deviceId is None:
        raise bad_parameter("deviceId", texts.TARGET_MISSING, name="deviceId / warnId")
    if body.time is None:
        raise bad_parameter("time", texts.TARGET_MISSING, name="time")
    device = await get_device(db, caller, body.deviceId)
    return ok({"deleted": await centre.delete_before(db, device, body.time)})
