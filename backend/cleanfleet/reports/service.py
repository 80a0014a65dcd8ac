"""Task reports: storing what robots send, the per-device-per-day aggregate, and the report calls' rules.

``store_reports`` takes the parsed ``report`` messages of one gateway batch: each is inserted once (keyed by
``msgId``); for each new one the device's work counters (``device_states``) grow by the run's figures and
the aggregate rows of its (device, day) are recomputed.

Decisions where the spec is silent (also in backend/README.md, "Task reports"):

- A run counts on the reader's day it started (core/ranges.py: the console's ``timezone`` header): the list's
  dates, the summary and the week and month charts are the reader's days. The roll-ups are kept per UTC day and
  serve readers whose days are UTC days; for others the week and month charts count the runs themselves and the
  quarter and year charts move the runs between a UTC and a local midnight (``charts.local_parts``,
  ``charts.shifted_periods``, ``charts.shifted_part``).
- A bucket's coverage is the mean of its runs' coverage; its efficiency is the cleaned area per working
  hour (total cleaned m² / total hours), so a few short runs do not skew it.
- The online rate is device-days online (``device_online_days``, UTC days: core/ranges.py) over device-days in
  the filter.
- Charts count devices under their current owner and groups (a device moved to another owner takes its
  history along).
- A group run: runs started by the same schedule (same device, ``scheduleName``, the reader's day); its ``gid`` is
  the id of its first run, and ``listChildTask`` lists them all. A run without a schedule is its own group.
- Edits: task name, map name, planned and cleaned area (coverage and efficiency follow), remark. The
  robot's times, device and track are what it reported.
"""

import uuid
from collections import defaultdict
from collections.abc import Iterable
from datetime import UTC, date, datetime, time, timedelta
from typing import Any, cast

from sqlalchemy import Select, Table, bindparam, delete, func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core import ranges
from cleanfleet.core.arrivals import ReportMessage
from cleanfleet.core.bus import IN_TRANSACTION, REPORT_DAYS_CHANGED
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError, bad_parameter, not_found
from cleanfleet.core.idempotent import insert_new
from cleanfleet.core.ranges import as_date
from cleanfleet.core.retention import Within, first_ids, register_purge
from cleanfleet.core.scope import path_prefix
from cleanfleet.core.texts import RANGE_TOO_LONG, START_AFTER_END, START_IN_FUTURE
from cleanfleet.devices.groups.models import DeviceGroupMember
from cleanfleet.devices.models import Device, DeviceState
from cleanfleet.devices.presence import month_of, next_month
from cleanfleet.reports import owners, texts
from cleanfleet.reports.models import SUM_COLUMNS, TaskReport, TaskReportDay, TaskReportDeviceMonth, TaskReportMonth
from cleanfleet.reports.owners import OwnerDeltas, owners_of
from cleanfleet.users.models import User

MAX_RUN_SECONDS = 31 * 24 * 3600
GROUP_SOURCES = ("schedule", "elevator_schedule")


# --- units (api-spec 9) ------------------------------------------------------------------------------

def coverage_value(percent: float) -> int:
    """A coverage percent as the API carries it: thousandths (value / 1000 is the share)."""
    return round(percent * 10)


def efficiency_value(square_metres_per_hour: float) -> int:
    """An efficiency as the API carries it: hundredths of m²/h (value / 100 is m²/h)."""
    return round(square_metres_per_hour * 100)



def _day_start(day: date) -> datetime:
    return datetime.combine(day, time.min, tzinfo=UTC)


# --- the aggregate -----------------------------------------------------------------------------------

async def refresh_days(db: AsyncSession, pairs: Iterable[tuple[int, date]]) -> None:
    """Recomputes the aggregate rows of each (device, day) from the raw reports (idempotent)."""
    days_of: dict[int, set[date]] = defaultdict(set)
    for device_id, day in pairs:
        days_of[device_id].add(day)
    await IN_TRANSACTION.publish(db, REPORT_DAYS_CHANGED,
                                 pairs={(device_id, day) for device_id, days in days_of.items() for day in days})
    owner_of = await owners_of(db, days_of)
    deltas = OwnerDeltas()
    for device_id, days in sorted(days_of.items()):
        owner_id = owner_of.get(device_id)
        gone = await db.execute(delete(TaskReportDay).where(TaskReportDay.device_id == device_id,
                                                            TaskReportDay.day.in_(sorted(days)))
                                .returning(TaskReportDay.day, TaskReportDay.map_name,
                                           *(getattr(TaskReportDay, c) for c in SUM_COLUMNS))
                                .execution_options(synchronize_session=False))
        if owner_id is not None:
            for old in gone:
                deltas.add_day_row(owner_id, old, -1)
        rows = await db.execute(
            select(TaskReport.start_time, TaskReport.map_name, TaskReport.duration_s, TaskReport.work_area,
                   TaskReport.cleaned_area, TaskReport.coverage, TaskReport.efficiency, TaskReport.alarm_count)
            .where(TaskReport.device_id == device_id, TaskReport.start_time >= _day_start(min(days)),
                   TaskReport.start_time < _day_start(max(days) + timedelta(days=1))))
        sums: dict[tuple[date, str], dict[str, Any]] = {}
        for row in rows:
            day = row.start_time.astimezone(UTC).date()
            if day not in days:
                continue
            s = sums.setdefault((day, row.map_name), {
                "device_id": device_id, "day": day, "map_name": row.map_name, "runs": 0, "duration_s": 0,
                "work_area": 0.0, "cleaned_area": 0.0, "coverage_sum": 0.0, "efficiency_sum": 0.0, "alarm_count": 0})
            s["runs"] += 1
            s["duration_s"] += row.duration_s
            s["work_area"] += row.work_area
            s["cleaned_area"] += row.cleaned_area
            s["coverage_sum"] += row.coverage
            s["efficiency_sum"] += row.efficiency
            s["alarm_count"] += row.alarm_count
        if sums:
            await db.execute(insert(TaskReportDay), list(sums.values()))
        if owner_id is not None:
            for new in sums.values():
                deltas.add_day_row(owner_id, new, 1)
        await refresh_months(db, device_id, {month_of(day) for day in days})
    await deltas.apply(db)


_ZERO = dict.fromkeys(SUM_COLUMNS, 0)


def _add(sums: dict[str, Any], row: Any) -> None:
    for column in SUM_COLUMNS:
        sums[column] += getattr(row, column)


async def refresh_months(db: AsyncSession, device_id: int, months: Iterable[date]) -> None:
    """Recomputes the device's month rows of ``months`` (per map, and every map together) from its day rows (in
    the caller's transaction)."""
    months = sorted(months)
    for table in (TaskReportMonth, TaskReportDeviceMonth):
        await db.execute(delete(table).where(table.device_id == device_id, table.month.in_(months))
                         .execution_options(synchronize_session=False))
    days = TaskReportDay
    rows = await db.execute(
        select(days.day, days.map_name, *(getattr(days, c) for c in SUM_COLUMNS))
        .where(days.device_id == device_id, days.day >= months[0], days.day < next_month(months[-1]))
        .order_by(days.day, days.map_name))
    per_map: dict[tuple[date, str], dict[str, Any]] = {}
    every_map: dict[date, dict[str, Any]] = {}
    for row in rows:
        month = month_of(as_date(row.day))
        if month not in months:
            continue
        key = {"device_id": device_id, "month": month}
        _add(per_map.setdefault((month, row.map_name), {**key, "map_name": row.map_name, **_ZERO}), row)
        _add(every_map.setdefault(month, {**key, **_ZERO}), row)
    if per_map:
        await db.execute(insert(TaskReportMonth), list(per_map.values()))
        await db.execute(insert(TaskReportDeviceMonth), list(every_map.values()))


def _day_of(moment: datetime) -> date:
    return moment.astimezone(UTC).date()


async def store_reports(db: AsyncSession, messages: list[ReportMessage]) -> list[int]:
    """Stores a batch; answers the ids of the new reports (redeliveries are skipped)."""
    return [r.id for r in await store_new_reports(db, messages)]


async def store_new_reports(db: AsyncSession, messages: list[ReportMessage]) -> list[Any]:
    """Stores a batch; answers the new reports' rows (``id``, ``msg_id``, ``device_id``, ``start_time`` ...):
    a redelivered message (its ``msgId`` stored before) is skipped and not among them."""
    rows = {m.msg_id: {**m.fields, "device_id": m.device_id, "msg_id": m.msg_id} for m in messages}
    new = await insert_new(db, TaskReport, list(rows.values()), key="msg_id",
                           returning=[TaskReport.id, TaskReport.msg_id, TaskReport.device_id, TaskReport.duration_s,
                                      TaskReport.cleaned_area, TaskReport.start_time])
    if new:
        await db.execute(
            update(cast(Table, DeviceState.__table__)).where(DeviceState.device_id == bindparam("d_id")).values(
                work_seconds=DeviceState.work_seconds + bindparam("d_seconds"),
                work_area=DeviceState.work_area + bindparam("d_area"),
                task_count=DeviceState.task_count + 1,
            ),
            [{"d_id": r.device_id, "d_seconds": r.duration_s, "d_area": r.cleaned_area} for r in new],
        )
        await refresh_days(db, {(r.device_id, _day_of(r.start_time)) for r in new})
    return new


async def rebuild_all(db: AsyncSession) -> None:
    """Recomputes every aggregate row (the demo's seeded history; a repair after a manual database edit)."""
    await db.execute(delete(TaskReportDay))
    await db.execute(delete(TaskReportMonth))
    await db.execute(delete(TaskReportDeviceMonth))
    await owners.clear_sums(db)
    pairs = {(r.device_id, _day_of(r.start_time))
             for r in await db.execute(select(TaskReport.device_id, TaskReport.start_time))}
    await refresh_days(db, pairs)
    await owners.drop_empty(db)


async def purge_reports(db: AsyncSession, within: Within, before: datetime, limit: int | None = None) -> int:
    """Clear data and retention: the part's reports ended before the cut-off (at most ``limit``), aggregates too."""
    owners = select(Device.id).where(within.holds(Device.owner_path))
    old = first_ids(TaskReport.id, TaskReport.end_time < before, TaskReport.device_id.in_(owners), limit=limit)
    gone = (await db.execute(delete(TaskReport).where(TaskReport.id.in_(old)).returning(
        TaskReport.device_id, TaskReport.start_time).execution_options(synchronize_session=False))).all()
    await refresh_days(db, {(r.device_id, _day_of(r.start_time)) for r in gone})
    return len(gone)


register_purge("task_reports", purge_reports, kind="reports")


# --- which devices a call covers ---------------------------------------------------------------------

def devices_in(path: str, device_ids: list[int] | None = None, group_id: int | None = None) -> Select[Any]:
    """The ids of the devices under ``path`` (narrowed to ``device_ids`` and to a group's members)."""
    query = select(Device.id).where(path_prefix(Device.owner_path, path))
    if device_ids:
        query = query.where(Device.id.in_(device_ids))
    if group_id is not None:
        query = query.where(Device.id.in_(select(DeviceGroupMember.device_id)
                                          .where(DeviceGroupMember.group_id == group_id)))
    return query


def owners_in(path: str, device_ids: list[int] | None = None, group_id: int | None = None) -> Select[Any] | None:
    """The users under ``path`` when ``devices_in`` answers exactly their devices (no device list, no group): a
    chart may then read the owner roll-ups (a device's ``owner_path`` is its owner's path)."""
    if device_ids or group_id is not None:
        return None
    return select(User.id).where(path_prefix(User.path, path))


# --- the list ----------------------------------------------------------------------------------------

def list_range(start: date | None, end: date | None) -> tuple[date, date]:
    """product-spec 5's date rules (core/ranges.py; fields startDate/endDate); default the last 7 days."""
    today, days = ranges.today(), ranges.TASK_REPORTS.days or 1
    end = end or (today if start is None else min(today, start + timedelta(days=days - 1)))
    start = start or end - timedelta(days=days - 1)
    return ranges.check_days(start, end, ranges.TASK_REPORTS)


def reports_query(devices: Select[Any], start: date, end: date, *, map_name: str | None = None,
                  task_name: str | None = None, result: str | None = None) -> Select[*tuple[Any, ...]]:
    query = (select(TaskReport, Device.name, Device.serial_number).join(Device, Device.id == TaskReport.device_id)
             .where(TaskReport.device_id.in_(devices), TaskReport.start_time >= ranges.day_start(start),
                    TaskReport.start_time < ranges.day_start(end + timedelta(days=1))))
    if map_name is not None:
        query = query.where(TaskReport.map_name == map_name)
    if task_name:
        query = query.where(func.lower(TaskReport.task_name).contains(task_name.lower(), autoescape=True))
    if result is not None:
        query = query.where(TaskReport.result == result)
    return query.order_by(TaskReport.start_time.desc(), TaskReport.id.desc())


def report_answer(row: Any, gids: dict[int, int] | None = None, *, with_path: bool = False) -> dict[str, Any]:
    report: TaskReport = row[0]
    used = (None if report.battery_start is None or report.battery_end is None
            else round(report.battery_start - report.battery_end, 1))
    answer = {
        "taskReportId": report.id, "gid": (gids or {}).get(report.id, report.id), "deviceId": report.device_id,
        "deviceName": row[1], "deviceSerialNumber": row[2], "runId": report.run_id, "taskName": report.task_name,
        "mapName": report.map_name, "source": report.source, "scheduleName": report.schedule_name,
        "result": report.result, "reason": report.reason, "startTime": report.start_time.isoformat(),
        "endTime": report.end_time.isoformat(), "durationS": report.duration_s, "workArea": report.work_area,
        "cleanedArea": report.cleaned_area, "coverage": coverage_value(report.coverage),
        "efficiency": efficiency_value(report.efficiency), "distanceM": report.distance_m,
        "batteryStart": report.battery_start, "batteryEnd": report.battery_end, "batteryUsed": used,
        "cleanMode": report.clean_mode, "pathType": report.path_type, "alarmCount": report.alarm_count,
        "alarmCounts": {str(k): int(v) for k, v in (report.alarm_counts or {}).items()}, "manual": report.manual,
        "remark": report.remark, "hasPath": bool(report.path),
    }
    if with_path:
        answer["path"] = [[float(p[0]), float(p[1])] for p in report.path or []]
    return answer


def _in_group(report: TaskReport) -> bool:
    return bool(report.schedule_name) and report.source in GROUP_SOURCES


def _group_of(report: TaskReport) -> Select[Any]:
    """The runs of ``report``'s group: its schedule's on its device on the reader's day it started (a night
    schedule at 23:00 and 01:00 in Shanghai is two groups there, as the list shows them on two days)."""
    day = ranges.day_of(report.start_time)
    return (select(TaskReport.id).where(
        TaskReport.device_id == report.device_id, TaskReport.schedule_name == report.schedule_name,
        TaskReport.source.in_(GROUP_SOURCES), TaskReport.start_time >= ranges.day_start(day),
        TaskReport.start_time < ranges.day_start(day + timedelta(days=1))))


async def group_ids(db: AsyncSession, reports: list[TaskReport]) -> dict[int, int]:
    """Each scheduled report's ``gid`` (the first run of its group)."""
    gids: dict[int, int] = {}
    for report in reports:
        if _in_group(report):
            gids[report.id] = await db.scalar(_group_of(report).order_by(TaskReport.start_time, TaskReport.id)
                                              .limit(1)) or report.id
    return gids


async def answer_rows(db: AsyncSession, rows: list[Any]) -> list[dict[str, Any]]:
    gids = await group_ids(db, [row[0] for row in rows])
    return [report_answer(row, gids) for row in rows]


async def get_report(db: AsyncSession, path: str, report_id: int, field: str = "taskReportId") -> Any:
    """The report (with its device's name and serial) if its device lies under ``path``; NOT_FOUND otherwise."""
    row = (await db.execute(select(TaskReport, Device.name, Device.serial_number, Device.owner_path)
                            .join(Device, Device.id == TaskReport.device_id).where(TaskReport.id == report_id))).first()
    if row is None or not row.owner_path.startswith(path):
        raise not_found(texts.REPORT_NOT_FOUND, field=field, id=report_id)
    return row


async def detail(db: AsyncSession, path: str, report_id: int) -> dict[str, Any]:
    row = await get_report(db, path, report_id)
    gids = await group_ids(db, [row[0]])
    return report_answer(row, gids, with_path=True)


async def child_tasks(db: AsyncSession, path: str, gid: int) -> list[dict[str, Any]]:
    """The runs of the group run whose first run is ``gid`` (the run alone when it has no schedule)."""
    row = await get_report(db, path, gid, field="gid")
    report = row[0]
    if not _in_group(report):
        return [report_answer(row)]
    ids = _group_of(report)
    rows = (await db.execute(select(TaskReport, Device.name, Device.serial_number)
                             .join(Device, Device.id == TaskReport.device_id).where(TaskReport.id.in_(ids))
                             .order_by(TaskReport.start_time, TaskReport.id))).all()
    first = rows[0][0].id if rows else report.id
    return [report_answer(r, {r[0].id: first}) for r in rows]


# --- changes -----------------------------------------------------------------------------------------

def _derived(cleaned: float, planned: float, seconds: int) -> dict[str, float]:
    return {"coverage": round(min(cleaned / planned * 100, 100.0), 1) if planned > 0 else 0.0,
            "efficiency": round(cleaned / seconds * 3600, 1) if seconds > 0 else 0.0}


def _check_areas(cleaned: float, planned: float) -> None:
    if planned > 0 and cleaned > planned:
        raise ApiError(Code.BAD_PARAMETER, texts.CLEANED_OVER_PLANNED, field="cleanedArea")


async def edit(db: AsyncSession, path: str, report_id: int, changes: dict[str, Any]) -> dict[str, Any]:
    row = await get_report(db, path, report_id)
    report: TaskReport = row[0]
    old_day = _day_of(report.start_time)
    columns = {"taskName": "task_name", "mapName": "map_name", "workArea": "work_area",
               "cleanedArea": "cleaned_area", "remark": "remark"}
    values = {columns[k]: v for k, v in changes.items() if k in columns and v is not None}
    cleaned = values.get("cleaned_area", report.cleaned_area)
    planned = values.get("work_area", report.work_area)
    if "cleaned_area" in values or "work_area" in values:
        _check_areas(cleaned, planned)
        values.update(_derived(cleaned, planned, report.duration_s))
    for key, value in values.items():
        setattr(report, key, value)
    await db.flush()
    await refresh_days(db, {(report.device_id, old_day)})
    await db.commit()
    return await detail(db, path, report_id)


async def insert_manual(db: AsyncSession, device: Device, body: Any) -> int:
    start, end = body.startTime, body.endTime
    if start > end:
        raise bad_parameter("startTime", START_AFTER_END)
    if start > utcnow():
        raise bad_parameter("startTime", START_IN_FUTURE)
    seconds = int((end - start).total_seconds())
    if seconds > MAX_RUN_SECONDS:
        raise bad_parameter("endTime", RANGE_TOO_LONG, days=31)
    _check_areas(body.cleanedArea, body.workArea)
    report = TaskReport(
        device_id=device.id, msg_id=f"manual-{uuid.uuid4().hex}", run_id="", task_name=body.taskName,
        map_name=body.mapName, source="manual", result="finished", start_time=start, end_time=end,
        duration_s=seconds, work_area=body.workArea, cleaned_area=body.cleanedArea,
        **_derived(body.cleanedArea, body.workArea, seconds), distance_m=0.0, battery_start=body.batteryStart,
        battery_end=body.batteryEnd, alarm_count=0, alarm_counts={}, manual=True, mailed=True, remark=body.remark,
        received_at=utcnow())
    db.add(report)
    await db.flush()
    await refresh_days(db, {(device.id, _day_of(start))})
    await db.commit()
    return report.id


async def delete_one(db: AsyncSession, path: str, report_id: int) -> int:
    report: TaskReport = (await get_report(db, path, report_id))[0]
    pair = (report.device_id, _day_of(report.start_time))
    await db.delete(report)
    await db.flush()
    await refresh_days(db, {pair})
    await db.commit()
    return 1


async def delete_before(db: AsyncSession, device_ids: list[int], before: datetime) -> int:
    """Every report of the devices (already checked) that started before ``before``."""
    gone = (await db.execute(delete(TaskReport).where(TaskReport.device_id.in_(device_ids),
                                                      TaskReport.start_time < before)
                             .returning(TaskReport.device_id, TaskReport.start_time)
                             .execution_options(synchronize_session=False))).all()
    await refresh_days(db, {(r.device_id, _day_of(r.start_time)) for r in gone})
    await db.commit()
    return len(gone)
