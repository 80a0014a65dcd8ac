"""The alarm centre's queries: the branch's alarms with filters, a summary, the 7-day chart, resolving one alarm
(release or dismiss) and deleting (one, or a device's before a time).

Every query is limited to the devices under a tree path (the caller's subtree, or a user's inside it). The
summary and the list cover ``startTime``..``endTime``, by default the last 30 days; the chart the last 7 days
in the caller's time zone (one scan of that week's rows, counted per day in one statement).
"""

from collections import defaultdict
from datetime import datetime, timedelta, tzinfo
from typing import Any

from sqlalchemy import ColumnElement, case, delete, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError, bad_parameter, not_found
from cleanfleet.core.paging import ALL, PageIn
from cleanfleet.core.scope import path_prefix
from cleanfleet.devices.models import Device
from cleanfleet.warn import texts
from cleanfleet.warn.models import STATE_RESOLVED, STATE_UNKNOWN, STATE_UNRESOLVED, STATES, Alarm
from cleanfleet.warn.notify import NotifyPolicy
from cleanfleet.warn.service import alarm_answer, alarm_rows, tell_resolved

DEFAULT_DAYS = 30
CHART_DAYS = 7
TOP_DEVICES = 50
STATE_BY_NAME = {"unknown": STATE_UNKNOWN, "unresolved": STATE_UNRESOLVED, "resolved": STATE_RESOLVED}


def time_range(start: datetime | None, end: datetime | None) -> tuple[datetime, datetime | None]:
    """The range a list or summary covers (default: from 30 days before the end, or now; no end: everything
    newer, a robot's clock may run a little ahead); refuses a start after the end."""
    start = start or (end or utcnow()) - timedelta(days=DEFAULT_DAYS)
    if end is not None and start > end:
        raise bad_parameter("startTime", texts.RANGE_ORDER)
    return start, end


def _conditions(*, device_id: int | None, start: datetime | None, end: datetime | None, key: str | None,
                code: str | None, kind_type: str | None, level: int | None,
                state: str | None) -> list[ColumnElement[bool]]:
    conditions: list[ColumnElement[bool]] = []
    if device_id is not None:
        conditions.append(Alarm.device_id == device_id)
    if start is not None:
        conditions.append(Alarm.raised_at >= start)
    if end is not None:
        conditions.append(Alarm.raised_at < end)
    if key:
        conditions.append(Alarm.key == key)
    if code:
        conditions.append(Alarm.code == code.lower())
    if kind_type:
        conditions.append(Alarm.type == kind_type)
    if level is not None:
        conditions.append(Alarm.level == level)
    if state is not None:
        conditions.append(Alarm.state == STATE_BY_NAME[state])
    return conditions


def devices_under(path: str, serial_number: str | None = None) -> Any:
    """The ids of the devices under ``path`` (one serial number's, when given)."""
    query = select(Device.id).where(path_prefix(Device.owner_path, path))
    return query if serial_number is None else query.where(Device.serial_number == serial_number)


async def list_page(db: AsyncSession, path: str, page: PageIn, *, serial_number: str | None = None,
                    **filters: Any) -> dict[str, Any]:
    """One page of the alarm centre's list, newest first, and its total. Two small statements instead of one
    that joins and sorts every match: the total counts ``ix_alarms_device_counts`` alone (the devices, the time
    range and the filters are its columns); the page walks the alarms newest first (``device_id + 0`` keeps the
    planner off the per-device index, which would gather and sort every match; one device's alarms take that
    index) and stops after the page."""
    conditions = _conditions(**filters)
    branch = devices_under(path, serial_number)
    total = await db.scalar(select(func.count()).select_from(Alarm).where(
        *conditions, Alarm.device_id.in_(branch))) or 0
    one_device = serial_number is not None or filters.get("device_id") is not None
    scope = Alarm.device_id.in_(branch) if one_device else (Alarm.device_id + 0).in_(branch)
    query = (alarm_rows().where(*conditions, scope)
             .order_by(Alarm.raised_at.desc(), Alarm.id.desc()))
    if page.pageSize < ALL:
        query = query.limit(page.pageSize).offset((page.currentPage - 1) * page.pageSize)
    rows = (await db.execute(query)).all() if total else []
    return {"list": [alarm_answer(row) for row in rows], "total": total, "pageNum": page.currentPage,
            "pageSize": page.pageSize}


def _scoped(path: str, device_id: int | None, start: datetime, end: datetime | None) -> list[ColumnElement[bool]]:
    conditions = [Alarm.raised_at >= start]
    if end is not None:
        conditions.append(Alarm.raised_at < end)
    if device_id is not None:
        conditions.append(Alarm.device_id == device_id)
    else:
        conditions.append(Alarm.device_id.in_(devices_under(path)))
    return conditions


async def summary(db: AsyncSession, path: str, device_id: int | None, start: datetime,
                  end: datetime | None) -> dict[str, Any]:
    """Counts by state, by device (the top 50), by alarm name and by level: two statements over the covering
    index, one per name, level and state (a few dozen rows, added up here), one per device."""
    where = _scoped(path, device_id, start, end)
    groups = (await db.execute(select(Alarm.key, Alarm.level, Alarm.state, func.max(Alarm.code), func.count())
                               .where(*where).group_by(Alarm.key, Alarm.level, Alarm.state))).all()
    states: dict[int, int] = defaultdict(int)
    levels: dict[int, int] = defaultdict(int)
    names: dict[str, list[Any]] = {}
    for key, level, state, code, n in groups:
        states[state] += n
        levels[level] += n
        name = names.setdefault(key, [None, 0])
        name[0] = code if name[0] is None or (code is not None and code > name[0]) else name[0]
        name[1] += n
    unresolved_count = func.coalesce(func.sum(case((Alarm.state == STATE_UNRESOLVED, 1), else_=0)), 0)
    per_device = (select(Alarm.device_id, func.count().label("total"), unresolved_count.label("open"))
                  .where(*where).group_by(Alarm.device_id).order_by(func.count().desc(), Alarm.device_id)
                  .limit(TOP_DEVICES).subquery())
    devices = await db.execute(
        select(per_device.c.device_id, Device.name, Device.serial_number, per_device.c.total, per_device.c.open)
        .join(Device, Device.id == per_device.c.device_id).order_by(per_device.c.total.desc(), Device.id))
    return {
        "total": sum(states.values()), "unresolved": states[STATE_UNRESOLVED], "resolved": states[STATE_RESOLVED],
        "unknown": states[STATE_UNKNOWN],
        "byDevice": [{"deviceId": d, "deviceName": name, "deviceSerialNumber": sn, "total": n, "unresolved": int(o)}
                     for d, name, sn, n, o in devices],
        "byCode": [{"key": key, "code": code or "", "total": n}
                   for key, (code, n) in sorted(names.items(), key=lambda item: (-item[1][1], item[0]))],
        "byLevel": [{"level": level, "total": n} for level, n in sorted(levels.items(), reverse=True)],
    }


def chart_days(now: datetime, zone: tzinfo | None) -> list[tuple[str, datetime, datetime]]:
    """The last 7 days (today included) in ``zone``: (YYYY-MM-DD, start, end) in UTC."""
    local = now.astimezone(zone) if zone else now
    midnight = local.replace(hour=0, minute=0, second=0, microsecond=0)
    days = []
    for back in range(CHART_DAYS - 1, -1, -1):
        start = midnight - timedelta(days=back)
        days.append((start.strftime("%Y-%m-%d"), start.astimezone(now.tzinfo), (start + timedelta(days=1))
                     .astimezone(now.tzinfo)))
    return days


async def chart(db: AsyncSession, path: str, device_id: int | None, zone: tzinfo | None) -> list[dict[str, Any]]:
    """Alarms per day of the last 7 days, by state and the coded faults among them: one statement that numbers
    each alarm's day (one CASE) and counts per day, state and level (at most 63 groups, added up here)."""
    days = chart_days(utcnow(), zone)
    day = case(*((Alarm.raised_at < end, index) for index, (_, _, end) in enumerate(days)), else_=len(days))
    rows = (select(day.label("day"), Alarm.state.label("state"), Alarm.level.label("level"))
            .where(*_scoped(path, device_id, days[0][1], days[-1][2])).subquery())
    counts = [{"day": label, "total": 0, "unresolved": 0, "resolved": 0, "unknown": 0, "faults": 0}
              for label, _, _ in days]
    for index, state, level, n in await db.execute(select(rows.c.day, rows.c.state, rows.c.level, func.count())
                                                   .group_by(rows.c.day, rows.c.state, rows.c.level)):
        if index >= len(days):
            continue
        counts[index]["total"] += n
        if state in STATES:
            counts[index][STATES[state]] += n
        if level == 3:
            counts[index]["faults"] += n
    return counts


async def alarm_in(db: AsyncSession, path: str, warn_id: int) -> tuple[Alarm, Device]:
    """The alarm if its device lies under ``path``; NOT_FOUND otherwise (missing or someone else's)."""
    row = (await db.execute(select(Alarm, Device).join(Device, Device.id == Alarm.device_id)
                            .where(Alarm.id == warn_id, path_prefix(Device.owner_path, path)))).first()
    if row is None:
        raise not_found(texts.ALARM_NOT_FOUND, field="warnId", warnId=warn_id)
    return row[0], row[1]


async def resolve_one(db: AsyncSession, path: str, warn_id: int, user_id: int, resolution: str, by: str,
                      policy: NotifyPolicy) -> tuple[Alarm, Device, datetime]:
    """Confirms one unresolved (or unknown) alarm: resolved now by ``user_id`` (release or dismiss); the owner's
    message centre and channels are told."""
    alarm, device = await alarm_in(db, path, warn_id)
    if alarm.state == STATE_RESOLVED:
        raise ApiError(Code.BAD_PARAMETER, texts.ALREADY_RESOLVED, field="warnId", values={"warnId": warn_id})
    now = utcnow()
    await db.execute(update(Alarm).where(Alarm.id == warn_id).values(
        state=STATE_RESOLVED, resolved_at=now, resolved_by=user_id, resolution=resolution))
    await tell_resolved(db, device, alarm, 1, now, by, policy)
    await db.commit()
    return alarm, device, now


async def delete_one(db: AsyncSession, path: str, warn_id: int) -> int:
    await alarm_in(db, path, warn_id)
    await db.execute(delete(Alarm).where(Alarm.id == warn_id))
    await db.commit()
    return 1


async def delete_before(db: AsyncSession, device: Device, before: datetime) -> int:
    """Deletes the device's alarms raised before ``before``; answers how many."""
    result = await db.execute(delete(Alarm).where(Alarm.device_id == device.id, Alarm.raised_at < before)
                              .execution_options(synchronize_session=False))
    await db.commit()
    return result.rowcount or 0  # type: ignore[attr-defined]
