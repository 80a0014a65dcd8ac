"""The health scan: every robot's indicators read set-based from the day roll-ups, graded in a thread, written as one
``robot_health`` row per robot. Run by the leader (``start_health_scan``: every ``health_scan_every`` seconds).

Reads (each one GROUP BY over the whole fleet, never a query per robot):
- ``task_report_days`` (reports/): run hours, cleaned m², coverage and runs of the window and of the 30 days before;
- ``alarm_days`` (warn/counts.py): alarms of the window and of the 30 days before;
- ``alarms`` with the key ``low_battery`` in the window (index ``ix_alarms_raised_at``): the charging indicator;
- ``device_online_days`` (devices/presence.py): the days each robot was heard from in the window;
- ``devices`` with their largest map (``robot_maps.area``): type and map-size bucket, the day it was registered.
"""

import asyncio
import logging
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import case, delete, func, insert, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.db import Database, utcnow
from cleanfleet.core.leader import start_scanning, stop_task
from cleanfleet.devices.models import Device, DeviceOnlineDay
from cleanfleet.health import stats
from cleanfleet.health.models import RobotHealth
from cleanfleet.maps.models import RobotMap
from cleanfleet.reports.models import TaskReportDay
from cleanfleet.settings import Settings
from cleanfleet.warn.models import Alarm, AlarmDay

log = logging.getLogger("cleanfleet.health")
WINDOW_DAYS = 30
LOW_BATTERY = "low_battery"
CHUNK = 1000


def window(now: datetime) -> tuple[date, date, date]:
    """The window's first and last UTC day (30 days ending today) and the first day of the 30 before."""
    end = now.astimezone(UTC).date()
    start = end - timedelta(days=WINDOW_DAYS - 1)
    return start, end, start - timedelta(days=WINDOW_DAYS)


REPORT_LIST_DAYS = 7  # the task report list reads at most a week (product-spec 5's date rule)


def evidence(start: date, end: date) -> Any:
    """The console page showing an indicator's evidence for one robot, filtered to the window: the alarms of its
    30 days; the runs of its last week (the report list's longest range)."""
    days = f"startDate={start.isoformat()}&endDate={end.isoformat()}"
    week = f"startDate={max(start, end - timedelta(days=REPORT_LIST_DAYS - 1)).isoformat()}&endDate={end.isoformat()}"

    def link(device_id: int, indicator: str) -> str:
        if indicator in ("alarms", "charging"):
            return f"/device/warn?deviceId={device_id}&{days}"
        if indicator == "online":
            return f"/device/info?deviceId={device_id}"
        return f"/device/report?deviceId={device_id}&{week}"
    return link


async def _reports(db: AsyncSession, start: date, end: date, before: date) -> dict[int, Any]:
    now = TaskReportDay.day >= start

    def current(column: Any) -> Any:
        return func.sum(case((now, column), else_=0))
    query = (select(TaskReportDay.device_id, current(TaskReportDay.duration_s).label("hours"),
                    current(TaskReportDay.cleaned_area).label("cleaned"),
                    current(TaskReportDay.coverage_sum).label("coverage"), current(TaskReportDay.runs).label("runs"),
                    func.sum(case((now, 0), else_=TaskReportDay.duration_s)).label("before"))
             .where(TaskReportDay.day >= before, TaskReportDay.day <= end).group_by(TaskReportDay.device_id))
    return {row.device_id: row for row in await db.execute(query)}


async def _alarms(db: AsyncSession, start: date, end: date, before: date) -> dict[int, tuple[int, int]]:
    total = AlarmDay.unknown + AlarmDay.unresolved + AlarmDay.resolved
    now = AlarmDay.day >= start
    query = (select(AlarmDay.device_id, func.sum(case((now, total), else_=0)),
                    func.sum(case((now, 0), else_=total)))
             .where(AlarmDay.day >= before, AlarmDay.day <= end).group_by(AlarmDay.device_id))
    return {device_id: (int(now_ or 0), int(then or 0)) for device_id, now_, then in await db.execute(query)}


async def _low_battery(db: AsyncSession, start: date, end: date) -> dict[int, int]:
    since = datetime.combine(start, datetime.min.time(), UTC)
    until = datetime.combine(end + timedelta(days=1), datetime.min.time(), UTC)
    query = (select(Alarm.device_id, func.count())
             .where(Alarm.raised_at >= since, Alarm.raised_at < until, Alarm.key == LOW_BATTERY)
             .group_by(Alarm.device_id))
    return {device_id: int(n) for device_id, n in await db.execute(query)}


async def _online(db: AsyncSession, start: date, end: date) -> dict[int, int]:
    query = (select(DeviceOnlineDay.device_id, func.count())
             .where(DeviceOnlineDay.day >= start, DeviceOnlineDay.day <= end).group_by(DeviceOnlineDay.device_id))
    return {device_id: int(n) for device_id, n in await db.execute(query)}


async def _devices(db: AsyncSession) -> list[Any]:
    largest = (select(RobotMap.device_id, func.max(RobotMap.area).label("area"))
               .group_by(RobotMap.device_id).subquery())
    query = (select(Device.id, Device.type_id, Device.created_at, largest.c.area)
             .outerjoin(largest, largest.c.device_id == Device.id).order_by(Device.id))
    return list(await db.execute(query))


def figures(devices: list[Any], reports: dict[int, Any], alarms: dict[int, tuple[int, int]],
            low: dict[int, int], online: dict[int, int], start: date, end: date) -> list[stats.Figures]:
    """Each robot's indicator values from the grouped rows (None where the window holds no run)."""
    out = []
    for device_id, type_id, created_at, area in devices:
        report = reports.get(device_id)
        hours = float(report.hours or 0) / 3600 if report is not None else 0.0
        before = float(report.before or 0) / 3600 if report is not None else 0.0
        alarms_now, alarms_before = alarms.get(device_id, (0, 0))
        registered = created_at.astimezone(UTC).date() if created_at else start
        days = max(1, (end - max(start, registered)).days + 1)
        cleaned, coverage, runs = (float(report.cleaned or 0), float(report.coverage or 0), int(report.runs or 0)) \
            if report is not None else (0.0, 0.0, 0)
        values: dict[str, float | None] = {
            "alarms": alarms_now / hours if hours else None,
            "efficiency": cleaned / hours if hours else None,
            "coverage": coverage / runs if hours and runs else None,
            "charging": low.get(device_id, 0) / hours if hours else None,
            "online": min(100.0, 100.0 * online.get(device_id, 0) / days),
        }
        out.append(stats.Figures(device_id, type_id, stats.area_bucket(float(area or 0)), values,
                                 alarms_before / before if before else None, alarms_now))
    return out


async def compute(db: AsyncSession, now: datetime) -> int:
    """Recomputes every robot's health row for the window ending on ``now``'s UTC day; answers the robots graded."""
    start, end, before = window(now)
    devices = await _devices(db)
    reports = await _reports(db, start, end, before)
    alarms = await _alarms(db, start, end, before)
    low = await _low_battery(db, start, end)
    online = await _online(db, start, end)
    rows = figures(devices, reports, alarms, low, online, start, end)
    graded = await asyncio.to_thread(stats.assess, rows, evidence(start, end), start, end)
    await db.execute(delete(RobotHealth))
    values = [{"device_id": h.device_id, "grade": h.grade, "severity": h.severity, "drifts": h.drifts,
               "watches": h.watches, "peer_basis": h.basis, "peers": h.peers, "area_bucket": h.bucket,
               "indicators": h.indicators, "reasons": h.reasons, "window_start": start, "window_end": end,
               "computed_at": now} for h in graded]
    for at in range(0, len(values), CHUNK):
        await db.execute(insert(RobotHealth), values[at:at + CHUNK])
    await db.commit()
    return len(values)


async def scan(database: Database) -> int:
    async with database.sessions() as db:
        return await compute(db, utcnow())


def start_health_scan(database: Database, settings: Settings) -> asyncio.Task[None]:
    return start_scanning(database, "health-scan", scan, settings.health_scan_every,
                          first_after=settings.health_scan_first)


async def stop_health_scan(task: asyncio.Task[None]) -> None:
    await stop_task(task)
