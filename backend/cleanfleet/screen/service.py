"""What the wall display and the device map read: counts by state, place and day, the latest alarms, and
every device of a subtree with its live state. Everything is scoped by ``devices.owner_path``.

The counts and states follow the index page's rules, defined once in ``monitor.states`` (online, charging,
working, idle; open alarms are the unresolved ones). ``inAlarm`` counts the online robots with an active alarm
(type alarm, not cleared by the robot, not resolved in the console): the map colours them as alarm whatever
they are doing (offline, alarm, charging, working, idle, in that order). Cleaned area and tasks
count the task runs that ended in a day, as the index page does.
"""

from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from sqlalchemy import and_, case, func, literal, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.db import utcnow
from cleanfleet.devices.access import owned_under
from cleanfleet.devices.models import Device, DeviceState
from cleanfleet.monitor.states import (
    ACTIVE_ALARM,
    ONLINE,
    OPEN_ALARM,
    count_if,
    robot_state,
    state_columns,
    state_counts,
)
from cleanfleet.reports.models import TaskReport
from cleanfleet.users.models import User
from cleanfleet.warn.models import STATES, Alarm

DAYS = 7
MAP_LIMIT = 20_000
# the China map draws these as its provinces (GeoNames gives them country codes of their own)
CHINA_CODES = ("CN", "HK", "MO", "TW")


def _active(path: str) -> Any:
    """Active alarms per device of the subtree (a subquery: device_id, n)."""
    return (select(Alarm.device_id.label("device_id"), func.count(Alarm.id).label("n"))
            .join(Device, Device.id == Alarm.device_id)
            .where(owned_under(path), ACTIVE_ALARM)
            .group_by(Alarm.device_id).subquery())


async def state_counts_of(db: AsyncSession, path: str) -> dict[str, int]:
    """The index page's counts (``monitor.states``) and ``inAlarm``: online robots with an active alarm."""
    active = _active(path)
    row = (await db.execute(
        select(*state_columns(), count_if(and_(ONLINE, func.coalesce(active.c.n, 0) > 0)).label("in_alarm"))
        .select_from(Device).outerjoin(DeviceState, DeviceState.device_id == Device.id)
        .outerjoin(active, active.c.device_id == Device.id).where(owned_under(path)))).one()
    return {**state_counts(row.total, row.online, row.working, row.charging), "inAlarm": int(row.in_alarm)}


async def by_place(db: AsyncSession, path: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Devices per country (every country with devices) and per province of China, most first."""
    query = (select(Device.country_code, Device.country, Device.province, func.count(Device.id).label("total"),
                    count_if(ONLINE).label("online"))
             .select_from(Device).outerjoin(DeviceState, DeviceState.device_id == Device.id)
             .where(owned_under(path)).group_by(Device.country_code, Device.country, Device.province))
    countries: dict[str, dict[str, Any]] = {}
    provinces = []
    for row in await db.execute(query):
        country = countries.setdefault(row.country_code, {"countryCode": row.country_code, "country": row.country,
                                                          "total": 0, "online": 0})
        country["total"] += row.total
        country["online"] += int(row.online)
        country["country"] = country["country"] or row.country
        if row.country_code in CHINA_CODES:
            provinces.append({"countryCode": row.country_code, "country": row.country, "province": row.province,
                              "total": row.total, "online": int(row.online)})

    def most_first(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return sorted(rows, key=lambda r: (-r["total"], r["countryCode"], r.get("province", "")))

    return most_first(list(countries.values())), most_first(provinces)


def local_midnight(now: datetime, offset_minutes: int) -> tuple[date, datetime]:
    """The wall's local date now and the UTC moment its local midnight was."""
    offset = timedelta(minutes=offset_minutes)
    today = (now + offset).date()
    return today, datetime.combine(today, time.min, tzinfo=UTC) - offset


async def area_per_day(db: AsyncSession, path: str, today: date, midnight: datetime) -> list[dict[str, Any]]:
    """Cleaned area and task runs of the last seven local days (by the run's end), in one scan."""
    bounds = [midnight - timedelta(days=DAYS - 1 - i) for i in range(DAYS + 1)]
    columns = []
    for i in range(DAYS):
        within = and_(TaskReport.end_time >= bounds[i], TaskReport.end_time < bounds[i + 1])
        columns.append(func.coalesce(func.sum(case((within, TaskReport.cleaned_area), else_=0.0)), 0.0))
        columns.append(count_if(within))
    row = (await db.execute(select(*columns).select_from(TaskReport).join(Device, Device.id == TaskReport.device_id)
                            .where(owned_under(path), TaskReport.end_time >= bounds[0],
                                   TaskReport.end_time < bounds[-1]))).one()
    return [{"date": (today - timedelta(days=DAYS - 1 - i)).isoformat(), "area": round(float(row[2 * i]), 2),
             "tasks": int(row[2 * i + 1])} for i in range(DAYS)]


async def alarm_figures(db: AsyncSession, path: str, midnight: datetime) -> tuple[int, int]:
    """(open alarms, alarms raised since local midnight) of the subtree."""
    row = (await db.execute(
        select(count_if(OPEN_ALARM), count_if(Alarm.raised_at >= midnight))
        .select_from(Alarm).join(Device, Device.id == Alarm.device_id)
        .where(owned_under(path), (Alarm.raised_at >= midnight) | OPEN_ALARM))).one()
    return int(row[0]), int(row[1])


async def latest_alarms(db: AsyncSession, path: str, limit: int) -> list[dict[str, Any]]:
    query = (select(Alarm.id, Alarm.device_id, Device.serial_number, Device.name, Alarm.key, Alarm.code, Alarm.type,
                    Alarm.level, Alarm.content, Alarm.raised_at, Alarm.cleared_at, Alarm.state)
             .join(Device, Device.id == Alarm.device_id).where(owned_under(path))
             .order_by(Alarm.raised_at.desc(), Alarm.id.desc()).limit(limit))
    return [{"warnId": r.id, "deviceId": r.device_id, "deviceSerialNumber": r.serial_number, "deviceCode": r.name,
             "key": r.key, "code": r.code, "type": r.type, "level": r.level, "content": r.content, "time": r.raised_at,
             "cleared": r.cleared_at is not None, "state": STATES.get(r.state, "unknown")}
            for r in await db.execute(query)]


async def screen(db: AsyncSession, path: str, offset_minutes: int, alarms: int) -> dict[str, Any]:
    """Everything the wall display shows, in one answer."""
    now = utcnow()
    today, midnight = local_midnight(now, offset_minutes)
    counts = await state_counts_of(db, path)
    countries, provinces = await by_place(db, path)
    days = await area_per_day(db, path, today, midnight)
    open_alarms, raised_today = await alarm_figures(db, path, midnight)
    return {
        "counts": counts,
        "onlineRate": round(counts["online"] / counts["total"], 4) if counts["total"] else 0.0,
        "openAlarms": open_alarms, "alarmsToday": raised_today,
        "areaToday": days[-1]["area"], "areaWeek": round(sum(d["area"] for d in days), 2),
        "tasksToday": days[-1]["tasks"], "days": days,
        "byCountry": countries, "byProvince": provinces,
        "latestAlarms": await latest_alarms(db, path, alarms),
        "generatedAt": now,
    }


async def device_map(db: AsyncSession, path: str) -> dict[str, Any]:
    """Every device of the subtree (up to MAP_LIMIT) with its place, owner and live state."""
    active = _active(path)
    alarms = func.coalesce(active.c.n, 0)
    query = (select(
        Device.id, Device.serial_number, Device.name, Device.user_id, User.name.label("user_name"), User.account,
        Device.latitude, Device.longitude, Device.address, Device.city, Device.province, Device.country,
        Device.country_code, robot_state(alarms > 0).label("state"), alarms.label("alarms"),
        func.coalesce(DeviceState.online, literal(False)).label("online"), DeviceState.battery,
        func.coalesce(DeviceState.charging, literal(False)).label("charging"), DeviceState.task_name,
        DeviceState.progress, DeviceState.map_name, DeviceState.heartbeat_at)
        .select_from(Device).join(User, User.id == Device.user_id)
        .outerjoin(DeviceState, DeviceState.device_id == Device.id)
        .outerjoin(active, active.c.device_id == Device.id)
        .where(owned_under(path)).order_by(Device.id).limit(MAP_LIMIT + 1))
    rows = (await db.execute(query)).all()
    devices = [{
        "deviceId": r.id, "deviceSerialNumber": r.serial_number, "deviceCode": r.name, "userId": r.user_id,
        "userName": r.user_name, "account": r.account, "latitude": r.latitude, "longitude": r.longitude,
        "address": r.address, "city": r.city, "province": r.province, "country": r.country,
        "countryCode": r.country_code, "state": r.state, "online": 1 if r.online else 0, "battery": r.battery,
        "charging": bool(r.charging), "task": r.task_name or "", "progress": r.progress, "map": r.map_name or "",
        "heartbeatTime": r.heartbeat_at, "activeAlarms": int(r.alarms),
    } for r in rows[:MAP_LIMIT]]
    return {"devices": devices, "truncated": len(rows) > MAP_LIMIT}
