"""Reports stored as the gateway stores them, and the aggregate recomputed from the raw rows for comparison."""

import itertools
import uuid
from collections import Counter, defaultdict
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import select

from cleanfleet.devices.models import Device, DeviceOnlineDay
from cleanfleet.devices.service import set_owner
from cleanfleet.reports.models import (
    TaskReport,
    TaskReportDay,
    TaskReportDeviceMonth,
    TaskReportMonth,
    TaskReportOwnerDay,
    TaskReportOwnerMonth,
)
from cleanfleet.reports.service import ReportMessage, store_reports
from cleanfleet.users.models import User

_runs = itertools.count(1)


def message(device_id: int, start: datetime, *, minutes: int = 60, planned: float = 1000.0, cleaned: float = 900.0,
            map_name: str = "Level 1", schedule: str = "", msg_id: str | None = None, alarms: int = 0,
            **fields: Any) -> ReportMessage:
    seconds = minutes * 60
    n = next(_runs)
    return ReportMessage(device_id=device_id, msg_id=msg_id or f"test-{uuid.uuid4().hex}", fields={
        "run_id": f"run-{n}", "task_name": fields.pop("task_name", f"Sweep {n}"), "map_name": map_name,
        "source": "schedule" if schedule else "manual", "schedule_name": schedule, "result": "finished",
        "reason": "", "start_time": start, "end_time": start + timedelta(seconds=seconds), "duration_s": seconds,
        "work_area": planned, "cleaned_area": cleaned, "coverage": round(cleaned / planned * 100, 1) if planned else 0,
        "efficiency": round(cleaned / seconds * 3600, 1), "distance_m": 100.0, "battery_start": 90.0,
        "battery_end": 70.0, "clean_mode": "clean", "path_type": "bow", "alarm_count": alarms,
        "alarm_counts": {"replan_failed": alarms} if alarms else {}, "received_at": start, **fields})


async def store(db: Any, *messages: ReportMessage) -> list[int]:
    ids = await store_reports(db, list(messages))
    await db.commit()
    return ids


def day_start(days_ago: int, hour: int = 9) -> datetime:
    now = datetime.now(UTC)
    return datetime(now.year, now.month, now.day, hour, tzinfo=UTC) - timedelta(days=days_ago)


def _stored(r: Any) -> tuple:
    return (r.runs, r.duration_s, round(r.work_area, 6), round(r.cleaned_area, 6), round(r.coverage_sum, 6),
            r.alarm_count)


async def aggregates(db: Any, device_ids: list[int]) -> dict[tuple, tuple]:
    db.expire_all()
    rows = await db.execute(select(TaskReportDay).where(TaskReportDay.device_id.in_(device_ids)))
    return {(r.device_id, r.day, r.map_name): _stored(r) for (r,) in rows}


def _month(report: TaskReport) -> Any:
    return report.start_time.astimezone(UTC).date().replace(day=1)


async def _raw_sums_by(db: Any, device_ids: list[int], key: Any) -> dict[tuple, tuple]:
    sums: dict[tuple, list] = defaultdict(lambda: [0, 0, 0.0, 0.0, 0.0, 0])
    for (r,) in await db.execute(select(TaskReport).where(TaskReport.device_id.in_(device_ids))):
        s = sums[key(r)]
        for i, v in enumerate((1, r.duration_s, r.work_area, r.cleaned_area, r.coverage, r.alarm_count)):
            s[i] += v
    return {k: (v[0], v[1], round(v[2], 6), round(v[3], 6), round(v[4], 6), v[5]) for k, v in sums.items()}


async def raw_sums(db: Any, device_ids: list[int]) -> dict[tuple, tuple]:
    return await _raw_sums_by(db, device_ids, lambda r: (r.device_id, r.start_time.astimezone(UTC).date(), r.map_name))


async def month_aggregates(db: Any, device_ids: list[int]) -> dict[tuple, tuple]:
    """The month roll-up rows as stored."""
    db.expire_all()
    rows = await db.execute(select(TaskReportMonth).where(TaskReportMonth.device_id.in_(device_ids)))
    return {(r.device_id, r.month, r.map_name): _stored(r) for (r,) in rows}


async def raw_month_sums(db: Any, device_ids: list[int]) -> dict[tuple, tuple]:
    """The raw reports summed per device, calendar month of their UTC start day, and map."""
    return await _raw_sums_by(db, device_ids, lambda r: (r.device_id, _month(r), r.map_name))


async def device_month_aggregates(db: Any, device_ids: list[int]) -> dict[tuple, tuple]:
    """The month roll-up rows of every map together (``task_report_device_months``) as stored."""
    db.expire_all()
    rows = await db.execute(select(TaskReportDeviceMonth).where(TaskReportDeviceMonth.device_id.in_(device_ids)))
    return {(r.device_id, r.month): _stored(r) for (r,) in rows}


async def raw_device_month_sums(db: Any, device_ids: list[int]) -> dict[tuple, tuple]:
    """The raw reports summed per device and calendar month of their UTC start day, every map together."""
    return await _raw_sums_by(db, device_ids, lambda r: (r.device_id, _month(r)))


async def rollups_and_raw(db: Any, device_ids: list[int]) -> tuple[tuple[dict, dict], tuple[dict, dict]]:
    """Both month roll-ups as stored, and the same recomputed from the raw reports."""
    return ((await month_aggregates(db, device_ids), await device_month_aggregates(db, device_ids)),
            (await raw_month_sums(db, device_ids), await raw_device_month_sums(db, device_ids)))


async def owner_rollups_and_raw(db: Any, owner_ids: list[int]) -> tuple[tuple[dict, dict], tuple[dict, dict]]:
    """The owner roll-ups of ``owner_ids`` as stored (per owner and day: the sums and online days; per owner, month
    and map), and the same recomputed from the raw reports and online days of the devices they own now."""
    db.expire_all()
    days = {(r.owner_id, r.day): (*_stored(r), r.online_days) for (r,) in await db.execute(
        select(TaskReportOwnerDay).where(TaskReportOwnerDay.owner_id.in_(owner_ids)))}
    months = {(r.owner_id, r.month, r.map_name): _stored(r) for (r,) in await db.execute(
        select(TaskReportOwnerMonth).where(TaskReportOwnerMonth.owner_id.in_(owner_ids)))}
    owner_of = dict((await db.execute(select(Device.id, Device.user_id).where(Device.user_id.in_(owner_ids)))).all())
    raw_days = await _raw_sums_by(db, list(owner_of),
                                  lambda r: (owner_of[r.device_id], r.start_time.astimezone(UTC).date()))
    online = Counter((owner_of[d], day) for d, day in (await db.execute(
        select(DeviceOnlineDay.device_id, DeviceOnlineDay.day).where(DeviceOnlineDay.device_id.in_(owner_of)))).all())
    nothing = (0, 0, 0.0, 0.0, 0.0, 0)
    raw_owner_days = {key: (*raw_days.get(key, nothing), online.get(key, 0)) for key in {*raw_days, *online}}
    raw_months = await _raw_sums_by(db, list(owner_of), lambda r: (owner_of[r.device_id], _month(r), r.map_name))
    return (days, months), (raw_owner_days, raw_months)


async def give(db: Any, device_id: int, owner_id: int) -> None:
    """The device goes to another owner, as the console's bind does it (``devices.service.set_owner``)."""
    device = await db.get(Device, device_id)
    await set_owner(db, device, await db.get(User, owner_id))
    await db.commit()
