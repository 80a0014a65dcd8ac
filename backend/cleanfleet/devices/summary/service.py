"""Device counts for the summary screens: by type, owner, online state, province and country; charts
(devices added per day, devices online per day)."""

from collections import Counter
from datetime import date, timedelta
from typing import Any

from sqlalchemy import and_, case, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core import ranges
from cleanfleet.core.db import utcnow
from cleanfleet.devices import presence
from cleanfleet.devices.access import owned_under
from cleanfleet.devices.models import Device, DeviceState
from cleanfleet.devices.types.models import DeviceType
from cleanfleet.users.models import User

# The 17 countries the console's country summary lists (ISO 3166 codes); others count as "other".
COUNTRIES = {
    "CN": "China", "US": "United States", "RU": "Russia", "SG": "Singapore", "AU": "Australia", "FR": "France",
    "DE": "Germany", "GB": "United Kingdom", "NL": "Netherlands", "ES": "Spain", "IT": "Italy", "JP": "Japan",
    "KR": "South Korea", "CA": "Canada", "AE": "United Arab Emirates", "SA": "Saudi Arabia", "MY": "Malaysia",
}
ONLINE = func.coalesce(func.sum(case((DeviceState.online.is_(True), 1), else_=0)), 0)


def _counted(*columns: Any) -> Any:
    return (select(*columns, func.count(Device.id).label("total"), ONLINE.label("online"))
            .select_from(Device).outerjoin(DeviceState, DeviceState.device_id == Device.id))


async def totals(db: AsyncSession, path: str) -> dict[str, int]:
    row = (await db.execute(_counted().where(owned_under(path)))).one()
    return {"total": row.total, "online": int(row.online), "offline": row.total - int(row.online)}


async def by_type(db: AsyncSession, path: str) -> list[dict[str, Any]]:
    query = (_counted(DeviceType.id, DeviceType.name).join(DeviceType, DeviceType.id == Device.type_id)
             .where(owned_under(path)).group_by(DeviceType.id, DeviceType.name).order_by(DeviceType.name))
    return [{"typeId": r.id, "typeName": r.name, "total": r.total, "online": int(r.online)}
            for r in await db.execute(query)]


async def by_owner(db: AsyncSession, path: str, limit: int = 100) -> list[dict[str, Any]]:
    query = (_counted(User.id, User.account, User.name).join(User, User.id == Device.user_id)
             .where(owned_under(path)).group_by(User.id, User.account, User.name)
             .order_by(func.count(Device.id).desc(), User.id).limit(limit))
    return [{"userId": r.id, "account": r.account, "userName": r.name, "total": r.total, "online": int(r.online)}
            for r in await db.execute(query)]


async def by_province(db: AsyncSession, path: str) -> list[dict[str, Any]]:
    query = (_counted(Device.country_code, Device.country, Device.province).where(owned_under(path))
             .group_by(Device.country_code, Device.country, Device.province)
             .order_by(func.count(Device.id).desc(), Device.province))
    return [{"countryCode": r.country_code, "country": r.country, "province": r.province, "total": r.total,
             "online": int(r.online)} for r in await db.execute(query)]


async def by_country(db: AsyncSession, path: str) -> list[dict[str, Any]]:
    """Every one of the 17 countries (zero included), then "other" and "unknown" (no coordinates yet)."""
    query = _counted(Device.country_code).where(owned_under(path)).group_by(Device.country_code)
    counts = {r.country_code: (r.total, int(r.online)) for r in await db.execute(query)}
    answer = [{"countryCode": code, "country": name, "total": counts.get(code, (0, 0))[0],
               "online": counts.get(code, (0, 0))[1]} for code, name in COUNTRIES.items()]
    other = [v for k, v in counts.items() if k and k not in COUNTRIES]
    answer.append({"countryCode": "other", "country": "other", "total": sum(t for t, _ in other),
                   "online": sum(o for _, o in other)})
    unknown = counts.get("", (0, 0))
    answer.append({"countryCode": "", "country": "unknown", "total": unknown[0], "online": unknown[1]})
    return answer


def check_range(start: date, end: date) -> None:
    """A chart covers ``start`` to ``end``: core/ranges.py's rule with the fleet charts' span."""
    ranges.check_days(start, end, ranges.FLEET_CHARTS)


async def online_summary(db: AsyncSession, path: str, device_type: int | None, start: date,
                         end: date) -> dict[str, Any]:
    """Online now, by type, how many reported in the last day, week and month, and the devices online on
    each day from ``start`` to ``end`` (of ``device_type`` when given) against the fleet's size that day."""
    check_range(start, end)
    now = utcnow()
    seen = {}
    for label, span in (("activeLastDay", timedelta(days=1)), ("activeLastWeek", timedelta(days=7)),
                        ("activeLastMonth", timedelta(days=30))):
        query = (select(func.count()).select_from(Device).join(DeviceState, DeviceState.device_id == Device.id)
                 .where(owned_under(path), DeviceState.heartbeat_at >= now - span))
        seen[label] = await db.scalar(query) or 0
    counts = await totals(db, path)
    rate = round(counts["online"] / counts["total"], 4) if counts["total"] else 0.0
    return {**counts, "onlineRate": rate, "byType": await by_type(db, path), **seen,
            **await online_per_day(db, path, device_type, start, end)}


async def online_per_day(db: AsyncSession, path: str, device_type: int | None, start: date,
                         end: date) -> dict[str, Any]:
    """Per reader's day: devices online that day (heard from at least once), the fleet's size at the end of the
    day, and their ratio; devices count under their current owner."""
    online = await presence.online_per_day(db, path, device_type, start, end)
    fleet = await added_per_day(db, path, device_type, start, end)
    days = []
    for row in fleet["days"]:
        count = online.get(date.fromisoformat(row["date"]), 0)
        days.append({"date": row["date"], "online": count, "total": row["total"],
                     "rate": round(count / row["total"], 4) if row["total"] else 0.0})
    return {"start": fleet["start"], "end": fleet["end"], "days": days}


async def added_chart(db: AsyncSession, path: str, device_type: int | None, start: date, end: date) -> dict[str, Any]:
    """The devices-added chart of a range the caller asked for (checked)."""
    check_range(start, end)
    return await added_per_day(db, path, device_type, start, end)


async def added_per_day(db: AsyncSession, path: str, device_type: int | None, start: date, end: date) -> dict[str, Any]:
    """Devices added each of the reader's days from ``start`` to ``end`` (inclusive) and the running total."""
    since, until = ranges.day_start(start), ranges.day_start(end + timedelta(days=1))
    where = [owned_under(path)]
    if device_type is not None:
        where.append(Device.type_id == device_type)
    before = await db.scalar(select(func.count()).select_from(Device).where(*where, Device.created_at < since)) or 0
    created = await db.scalars(select(Device.created_at).where(and_(*where), Device.created_at >= since,
                                                                Device.created_at < until))
    per_day = Counter(ranges.day_of(moment) for moment in created)
    days, running = [], before
    for offset in range((end - start).days + 1):
        day = start + timedelta(days=offset)
        running += per_day.get(day, 0)
        days.append({"date": day.isoformat(), "added": per_day.get(day, 0), "total": running})
    return {"start": start.isoformat(), "end": end.isoformat(), "days": days}


async def counts(db: AsyncSession, path: str) -> dict[str, Any]:
    """In all, online, offline, by type and by owner (selectDeviceCount)."""
    return {**await totals(db, path), "byType": await by_type(db, path), "byOwner": await by_owner(db, path)}


async def everything(db: AsyncSession, path: str) -> dict[str, Any]:
    return {**await totals(db, path), "byType": await by_type(db, path), "byOwner": await by_owner(db, path, 20),
            "byCountry": await by_country(db, path)}
