"""Daily online history: which devices were online on which UTC day (``device_online_days``).

The gateway marks a device present the first time it hears from it on a day (``mark_present``, an
insert that skips rows already there, so several gateways and restarts are harmless) and remembers
in memory whom it marked today (``PresenceMarks``), so a heartbeat every few seconds costs no write.
The online summary counts, per day, the devices of a subtree marked that day (``online_per_day``);
"clear data" removes a subtree's days older than its cut-off.

``device_online_months`` counts each device's online days per calendar month, kept with the days: an insert
adds the days it actually stored (the insert answers them), a purge recounts the months it touched. The same
goes for the online days per owner and day (``task_report_owner_days.online_days``, ``reports.owners``), which
the report charts of a branch of users read: ``reports`` keeps them, hearing DEVICE_ONLINE_ADDED and
DEVICE_ONLINE_PURGED (core/bus.py) in the same transaction.
"""

from collections import Counter
from datetime import date, datetime, timedelta
from functools import lru_cache
from typing import Any

from sqlalchemy import Date, Select, delete, func, insert, literal, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.bus import DEVICE_ONLINE_ADDED, DEVICE_ONLINE_PURGED, IN_TRANSACTION
from cleanfleet.core.retention import register_purge
from cleanfleet.core.scope import path_prefix
from cleanfleet.devices.models import Device, DeviceOnlineDay, DeviceOnlineMonth


class PresenceMarks:
    """The devices already marked present on the current UTC day (one gateway's memory of its writes)."""

    def __init__(self) -> None:
        self.day: date | None = None
        self._marked: set[int] = set()

    def unmarked(self, device_ids: Any, today: date) -> list[int]:
        """Those of ``device_ids`` not marked on ``today`` yet (a new day forgets the previous one)."""
        if today != self.day:
            self.day, self._marked = today, set()
        marked = self._marked
        return [device_id for device_id in device_ids if device_id not in marked]

    def remember(self, device_ids: list[int], today: date) -> None:
        """Called once the marks are stored."""
        if today == self.day:
            self._marked.update(device_ids)


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


async def mark_present(db: AsyncSession, device_ids: list[int], day: date, at: datetime) -> None:
    """``device_ids`` were online on ``day`` (first seen ``at``); days already marked are left as they are."""
    await insert_days(db, [{"device_id": device_id, "day": day, "first_seen": at} for device_id in device_ids])


async def insert_days(db: AsyncSession, rows: list[dict[str, Any]]) -> None:
    """Rows of ``device_online_days`` (device_id, day, first_seen), skipping days already there."""
    if not rows:
        return
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
    """How many devices of the subtree (and type) were online on each day from ``start`` to ``end``."""
    query = (select(DeviceOnlineDay.day, func.count()).join(Device, Device.id == DeviceOnlineDay.device_id)
             .where(path_prefix(Device.owner_path, path), DeviceOnlineDay.day >= start, DeviceOnlineDay.day <= end)
             .group_by(DeviceOnlineDay.day))
    if device_type is not None:
        query = query.where(Device.type_id == device_type)
    return {day: count for day, count in (await db.execute(query)).all()}


async def purge_online_days(db: AsyncSession, subtree_path: str, before: datetime) -> int:
    """Clear data: the subtree's online days before the cut-off's day."""
    devices_below = select(Device.id).where(path_prefix(Device.owner_path, subtree_path))
    result = await db.execute(delete(DeviceOnlineDay).where(DeviceOnlineDay.day < before.date(),
                                                            DeviceOnlineDay.device_id.in_(devices_below)))
    cut_month = month_of(before.date())
    await db.execute(delete(DeviceOnlineMonth).where(DeviceOnlineMonth.month < cut_month,
                                                     DeviceOnlineMonth.device_id.in_(devices_below)))
    await recount_months(db, devices_below, [cut_month])
    await IN_TRANSACTION.publish(db, DEVICE_ONLINE_PURGED, before=before.date(),
                                 owners=select(Device.user_id).where(path_prefix(Device.owner_path, subtree_path)))
    return result.rowcount or 0  # type: ignore[attr-defined]


register_purge("device online days", purge_online_days)
