"""Daily online history: which devices were online on which UTC day (``device_online_days``), and in which
quarter hours of it (the first and the last: core/ranges.py says why that is enough for any reader's day).

The gateway marks a device present the first time it hears from it in a quarter hour (``robots_heard``, its
batch's ``core.bus.ROBOT_MESSAGES_ARRIVED``, calls ``mark_present``: an insert that skips days already there, so
several gateways and restarts are harmless, and a move of the day's last quarter) and remembers in memory whom it
marked this quarter (``gateway.marks.PresenceMarks``), so a heartbeat every few seconds costs no write. The online
summary counts, per reader's day, the devices of a subtree heard that day (``online_per_day``,
``online_per_reader_day``); "clear data" removes a subtree's days older than its cut-off.

``device_online_months`` counts each device's online days per calendar month, kept with the days: an insert
adds the days it actually stored (the insert answers them), a purge recounts the months it touched. The same
goes for the online days per owner and day (``task_report_owner_days.online_days``, ``reports.owners``), which
the report charts of a branch of users read: ``reports`` keeps them, hearing DEVICE_ONLINE_ADDED and
DEVICE_ONLINE_PURGED (core/bus.py) in the same transaction.
"""

from collections import Counter
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from functools import lru_cache
from typing import Any

from sqlalchemy import Date, Select, delete, func, insert, literal, literal_column, select, tuple_, union, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core import ranges
from cleanfleet.core.arrivals import Arrived
from cleanfleet.core.bus import DEVICE_ONLINE_ADDED, DEVICE_ONLINE_PURGED, IN_TRANSACTION
from cleanfleet.core.ranges import QUARTERS, quarter_of
from cleanfleet.core.retention import Within, register_purge
from cleanfleet.core.scope import path_prefix
from cleanfleet.devices.models import Device, DeviceOnlineDay, DeviceOnlineMonth


@lru_cache(maxsize=2)
def _insert_statement(dialect: str) -> Any:
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    return (insert(DeviceOnlineDay).on_conflict_do_nothing(index_elements=["device_id", "day"])
            .returning(DeviceOnlineDay.device_id, DeviceOnlineDay.day))


@lru_cache(maxsize=2)
def _add_months_statement(dialect: str) -> Any:
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement = insert(DeviceOnlineMonth)
    return statement.on_conflict_do_update(index_elements=["device_id", "month"],
                                           set_={"days": DeviceOnlineMonth.days + statement.excluded.days})


def month_of(day: date) -> date:
    """The first day of ``day``'s calendar month."""
    return day.replace(day=1)


def next_month(month: date) -> date:
    return (month + timedelta(days=32)).replace(day=1)


async def robots_heard(db: AsyncSession, arrived: Arrived) -> None:
    """The devices of a gateway batch not marked present in this quarter hour yet (``ROBOT_MESSAGES_ARRIVED``)."""
    await mark_present(db, arrived.present, arrived.at)


async def mark_present(db: AsyncSession, device_ids: list[int], at: datetime) -> None:
    """``device_ids`` were heard ``at``: a new day is stored with that quarter as its first and last, a day
    already there has its last quarter moved on to ``at``'s."""
    if not device_ids:
        return
    day, quarter = at.astimezone(UTC).date(), quarter_of(at)
    await insert_days(db, [{"device_id": device_id, "day": day, "first_seen": at, "first_quarter": quarter,
                            "last_quarter": quarter} for device_id in device_ids])
    await db.execute(update(DeviceOnlineDay)
                     .where(DeviceOnlineDay.device_id.in_(device_ids), DeviceOnlineDay.day == day,
                            DeviceOnlineDay.last_quarter < quarter)
                     .values(last_quarter=quarter).execution_options(synchronize_session=False))


async def insert_days(db: AsyncSession, rows: list[dict[str, Any]]) -> None:
    """Rows of ``device_online_days`` (device_id, day, first_seen; a row without its quarters was heard from its
    first sighting to the end of the day), skipping days already there."""
    if not rows:
        return
    rows = [{"first_quarter": quarter_of(row["first_seen"]), "last_quarter": QUARTERS - 1, **row} for row in rows]
    dialect = db.get_bind().dialect.name
    stored = (await db.execute(_insert_statement(dialect), rows)).all()
    added = Counter((row.device_id, month_of(row.day)) for row in stored)
    if added:
        await db.execute(_add_months_statement(dialect), [{"device_id": device_id, "month": month, "days": days}
                                                          for (device_id, month), days in added.items()])
        await IN_TRANSACTION.publish(db, DEVICE_ONLINE_ADDED, stored=stored)


async def recount_months(db: AsyncSession, devices: Select[Any], months: list[date]) -> None:
    """Recounts the online-month rows of ``devices`` (a select of ids) for ``months`` from their days."""
    for month in months:
        await db.execute(delete(DeviceOnlineMonth).where(DeviceOnlineMonth.month == month,
                                                         DeviceOnlineMonth.device_id.in_(devices)))
        counted = (select(DeviceOnlineDay.device_id, literal(month, Date), func.count())
                   .where(DeviceOnlineDay.day >= month, DeviceOnlineDay.day < next_month(month),
                          DeviceOnlineDay.device_id.in_(devices))
                   .group_by(DeviceOnlineDay.device_id))
        await db.execute(insert(DeviceOnlineMonth).from_select(["device_id", "month", "days"], counted))


async def online_per_day(db: AsyncSession, path: str, device_type: int | None, start: date,
                         end: date) -> dict[date, int]:
    """How many devices of the subtree (and type) were online on each of the reader's days ``start``..``end``."""
    devices = select(Device.id).where(path_prefix(Device.owner_path, path))
    if device_type is not None:
        devices = devices.where(Device.type_id == device_type)
    if not ranges.utc_days(start, end):
        return dict(await online_per_reader_day(db, lambda column: column.in_(devices), start, end))
    query = (select(DeviceOnlineDay.day, func.count())
             .where(DeviceOnlineDay.device_id.in_(devices), DeviceOnlineDay.day >= start,
                    DeviceOnlineDay.day <= end)
             .group_by(DeviceOnlineDay.day))
    return {ranges.as_date(day): count for day, count in (await db.execute(query)).all()}


def _shifted(day: Any, back: int, dialect: str) -> Any:
    """``day`` + ``back`` days in SQL (the reader's day a UTC day's part belongs to)."""
    if back == 0:
        return day
    if dialect == "postgresql":
        return day + literal_column(str(back))
    return func.date(day, f"{back:+d} days")


def _runs(start: date, end: date) -> list[tuple[date, date, tuple[ranges.DayPart, ...]]]:
    """The reader's days ``start``..``end`` in runs with the same parts (a daylight-saving change starts a run)."""
    runs: list[tuple[date, date, tuple[ranges.DayPart, ...]]] = []
    for n in range((end - start).days + 1):
        day = start + timedelta(days=n)
        parts = ranges.day_parts(day)
        if runs and runs[-1][2] == parts:
            runs[-1] = (runs[-1][0], day, parts)
        else:
            runs.append((day, day, parts))
    return runs


async def online_per_reader_day(db: AsyncSession, member: Callable[[Any], Any], start: date,
                                end: date) -> list[tuple[date, int]]:
    """How many devices (``member`` filters the device id column) were heard on each of the reader's days: a
    device counts on a day when its heard span on a UTC day reaches into the part that day covers."""
    days, dialect = DeviceOnlineDay, db.get_bind().dialect.name
    parts = [select(_shifted(days.day, part.back, dialect).label("reader_day"), days.device_id)
             .where(days.day.between(first - timedelta(days=part.back), last - timedelta(days=part.back)),
                    days.first_quarter < part.end, days.last_quarter >= part.first, member(days.device_id))
             for first, last, day_parts in _runs(start, end) for part in day_parts]
    heard = union(*parts).subquery("heard")  # union: a device heard in two parts of one day counts once
    query = select(heard.c.reader_day, func.count()).group_by(heard.c.reader_day)
    counted = [(ranges.as_date(day), int(n)) for day, n in await db.execute(query)]
    return [(day, n) for day, n in counted if start <= day <= end]


async def purge_online_days(db: AsyncSession, within: Within, before: datetime, limit: int | None = None) -> int:
    """Clear data and retention: the part's online days before the cut-off's day (at most ``limit``); the months
    and the owners' online days they counted in are recounted."""
    devices_below = select(Device.id).where(within.holds(Device.owner_path))
    old = select(DeviceOnlineDay.device_id, DeviceOnlineDay.day).where(DeviceOnlineDay.day < before.date(),
                                                                         DeviceOnlineDay.device_id.in_(devices_below))
    gone = (await db.execute(delete(DeviceOnlineDay).where(tuple_(DeviceOnlineDay.device_id, DeviceOnlineDay.day).in_(
        old.limit(limit) if limit is not None else old)).returning(DeviceOnlineDay.device_id, DeviceOnlineDay.day)
        .execution_options(synchronize_session=False))).all()
    if not gone:
        return 0
    touched = select(Device.id).where(Device.id.in_({row.device_id for row in gone}))
    await recount_months(db, touched, sorted({month_of(ranges.as_date(row.day)) for row in gone}))
    await IN_TRANSACTION.publish(db, DEVICE_ONLINE_PURGED, before=before.date(),
                                 owners=select(Device.user_id).where(Device.id.in_({row.device_id for row in gone})))
    return len(gone)


register_purge("device online days", purge_online_days, kind="telemetry")
