"""The per-owner report roll-ups (``task_report_owner_days``, ``task_report_owner_months``): kept by differences.

A writer that recomputes a device's day rows hands what it deleted and what it inserted to ``OwnerDeltas``; the
difference goes to the device's owner as one upsert adding it per (owner, day) and per (owner, month, map), in a
fixed order (two transactions meet on a row in the same order: no deadlock) and without reading the owner's other
devices, so two writers of one owner's devices never overwrite each other's share. A row whose runs fall to zero
gets its sums set to exactly zero (no float residue of the additions) and is deleted once it counts no online day
either. The online days are added by ``devices.presence`` (``add_online``) as its insert stores them.

``owners_changed`` moves a device's share (its day rows, month rows and online days) from its old owner to its new
one, ``device_deleted`` takes it away before the device goes; both lock the devices first, as ``warn.counts`` does:
a report or online-day insert checks its device's key (PostgreSQL: FOR KEY SHARE), so none lands between the read
of a device's rows and the owner change, counted for the owner it is leaving.
"""

from collections import defaultdict
from collections.abc import Iterable, Sequence
from datetime import date
from typing import Any

from sqlalchemy import case, delete, func, insert, literal, select, tuple_, union_all, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.ranges import as_date
from cleanfleet.devices.models import Device, DeviceOnlineDay
from cleanfleet.reports.models import (
    SUM_COLUMNS,
    TaskReportDay,
    TaskReportMonth,
    TaskReportOwnerDay,
    TaskReportOwnerMonth,
)

CHUNK = 500
ZERO = dict.fromkeys(SUM_COLUMNS, 0)
DayKey = tuple[int, date]
MonthKey = tuple[int, date, str]


def _chunks(items: Sequence[Any]) -> Iterable[Sequence[Any]]:
    for start in range(0, len(items), CHUNK):
        yield items[start:start + CHUNK]



async def owners_of(db: AsyncSession, device_ids: Iterable[int]) -> dict[int, int]:
    """Each device's owner (user id), the devices key-share locked (PostgreSQL: FOR KEY SHARE) until the caller
    commits: a writer that only deletes (a report deleted, nothing inserted) checks no foreign key, so without
    the lock an owner change could move the device's share between this read and the writer's commit, and the
    writer's difference would land on the owner the device left. Telemetry's updates of a device row do not wait
    for this lock (FOR NO KEY UPDATE); an owner change (FOR UPDATE) does."""
    owners: dict[int, int] = {}
    for chunk in _chunks(sorted(set(device_ids))):
        owners.update((row.id, row.user_id) for row in await db.execute(
            select(Device.id, Device.user_id).where(Device.id.in_(chunk))
            .with_for_update(read=True, key_share=True)))
    return owners


class OwnerDeltas:
    """What a change adds to (and, negative, takes from) the owner rows: sums per (owner, day) and per (owner,
    month, map), online days per (owner, day)."""

    def __init__(self) -> None:
        self.days: dict[DayKey, dict[str, Any]] = defaultdict(lambda: dict(ZERO))
        self.months: dict[MonthKey, dict[str, Any]] = defaultdict(lambda: dict(ZERO))
        self.online: dict[DayKey, int] = defaultdict(int)

    def add_day_row(self, owner_id: int, row: Any, sign: int) -> None:
        """A device's day row (``day``, ``map_name`` and the sums) added (``sign`` 1) or taken away (-1)."""
        day = as_date(row["day"] if isinstance(row, dict) else row.day)
        map_name = row["map_name"] if isinstance(row, dict) else row.map_name
        self.add_sums(self.days[(owner_id, day)], row, sign)
        self.add_sums(self.months[(owner_id, day.replace(day=1), map_name)], row, sign)

    @staticmethod
    def add_sums(sums: dict[str, Any], row: Any, sign: int) -> None:
        for column in SUM_COLUMNS:
            sums[column] += sign * (row[column] if isinstance(row, dict) else getattr(row, column))

    async def apply(self, db: AsyncSession) -> None:
        days = {key: {**self.days.get(key, ZERO), "online_days": self.online.get(key, 0)}
                for key in {*self.days, *self.online}}
        await _add(db, TaskReportOwnerDay, ("owner_id", "day"), days)
        await _add(db, TaskReportOwnerMonth, ("owner_id", "month", "map_name"), dict(self.months))


def _insert(db: AsyncSession) -> Any:
    return postgresql.insert if db.get_bind().dialect.name == "postgresql" else sqlite.insert


async def _add(db: AsyncSession, table: Any, keys: tuple[str, ...], deltas: dict[Any, dict[str, Any]]) -> None:
    """Adds ``deltas`` (per key tuple) to the rows of ``table``; deletes the rows left with nothing."""
    counted = (*SUM_COLUMNS, "online_days") if table is TaskReportOwnerDay else SUM_COLUMNS
    rows = [{**dict(zip(keys, key, strict=True)), **delta} for key, delta in sorted(deltas.items())
            if any(delta.values())]
    if not rows:
        return
    statement = _insert(db)(table)
    runs = table.runs + statement.excluded.runs
    # runs falling to zero leave no run to sum: exactly zero, not the floats' residue of adding and taking away
    statement = statement.on_conflict_do_update(index_elements=list(keys), set_={
        c: case((runs == 0, 0), else_=getattr(table, c) + statement.excluded[c]) if c in SUM_COLUMNS
        else getattr(table, c) + statement.excluded[c] for c in counted})
    for chunk in _chunks(rows):
        await db.execute(statement, list(chunk))
    emptied = [tuple(row[k] for k in keys) for row in rows if row["runs"] < 0 or row.get("online_days", 0) < 0]
    left = table.runs <= 0
    if table is TaskReportOwnerDay:
        left = left & (table.online_days <= 0)
    for chunk in _chunks(emptied):
        await db.execute(delete(table).where(tuple_(*(getattr(table, k) for k in keys)).in_(list(chunk)), left)
                         .execution_options(synchronize_session=False))


async def _device_shares(db: AsyncSession, device_ids: Sequence[int]) -> tuple[list[Any], list[Any], list[Any]]:
    """The devices' day rows summed per device and day, their month rows, and their online days, the devices
    locked first (see the module's docstring)."""
    days: list[Any] = []
    months: list[Any] = []
    online: list[Any] = []
    sums = [func.sum(getattr(TaskReportDay, c)).label(c) for c in SUM_COLUMNS]
    for chunk in _chunks(sorted(device_ids)):
        await db.execute(select(Device.id).where(Device.id.in_(chunk)).with_for_update())
        days += (await db.execute(select(TaskReportDay.device_id, TaskReportDay.day, *sums)
                                  .where(TaskReportDay.device_id.in_(chunk))
                                  .group_by(TaskReportDay.device_id, TaskReportDay.day))).all()
        months += (await db.execute(select(TaskReportMonth).where(TaskReportMonth.device_id.in_(chunk)))).scalars()
        online += (await db.execute(select(DeviceOnlineDay.device_id, DeviceOnlineDay.day)
                                    .where(DeviceOnlineDay.device_id.in_(chunk)))).all()
    return days, months, online


async def _move(db: AsyncSession, moving: dict[int, tuple[int | None, int | None]]) -> None:
    """Takes the devices' shares from their first owner and gives them to their second (None: nobody)."""
    deltas = OwnerDeltas()
    days, months, online = await _device_shares(db, list(moving))
    for owner, sign in ((0, -1), (1, 1)):
        for row in days:
            if (owner_id := moving[row.device_id][owner]) is not None:
                deltas.add_sums(deltas.days[(owner_id, as_date(row.day))], row, sign)
        for month in months:
            if (owner_id := moving[month.device_id][owner]) is not None:
                deltas.add_sums(deltas.months[(owner_id, as_date(month.month), month.map_name)], month, sign)
        for row in online:
            if (owner_id := moving[row.device_id][owner]) is not None:
                deltas.online[(owner_id, as_date(row.day))] += sign
    await deltas.apply(db)


async def owners_changed(db: AsyncSession, moves: Iterable[tuple[int, int, int]]) -> None:
    """Moves the owner roll-ups' share of devices that change owner: (device id, from user id, to user id) each."""
    moving: dict[int, tuple[int | None, int | None]] = {
        device_id: (old, new) for device_id, old, new in moves if old != new}
    if moving:
        await _move(db, moving)


async def device_deleted(db: AsyncSession, device_id: int, owner_id: int) -> None:
    """Takes a device's share out of its owner's roll-ups (call before deleting it)."""
    await _move(db, {device_id: (owner_id, None)})


async def add_online(db: AsyncSession, stored: Sequence[Any]) -> None:
    """Counts online days just stored (rows with ``device_id`` and ``day``: what the insert returned)."""
    owners = await owners_of(db, (row.device_id for row in stored))
    deltas = OwnerDeltas()
    for row in stored:
        if row.device_id in owners:
            deltas.online[(owners[row.device_id], as_date(row.day))] += 1
    await deltas.apply(db)


async def recount_online(db: AsyncSession, owners: Any, before: date) -> None:
    """Recounts the online days of ``owners`` (a select of user ids) before ``before`` from the devices' days
    (clear data removed some), and deletes the rows left with nothing."""
    t = TaskReportOwnerDay
    counted = (select(func.count()).select_from(DeviceOnlineDay).join(Device, Device.id == DeviceOnlineDay.device_id)
               .where(Device.user_id == t.owner_id, DeviceOnlineDay.day == t.day).scalar_subquery())
    where = (t.owner_id.in_(owners), t.day < before)
    await db.execute(update(t).where(*where).values(online_days=counted).execution_options(synchronize_session=False))
    await db.execute(delete(t).where(*where, t.runs <= 0, t.online_days <= 0)
                     .execution_options(synchronize_session=False))


async def clear_sums(db: AsyncSession) -> None:
    """Every owner row's report sums to zero, the online days kept (``rebuild_all`` then adds the day rows)."""
    await db.execute(update(TaskReportOwnerDay).values(ZERO).execution_options(synchronize_session=False))
    await db.execute(delete(TaskReportOwnerMonth))


async def drop_empty(db: AsyncSession) -> None:
    t = TaskReportOwnerDay
    await db.execute(delete(t).where(t.runs <= 0, t.online_days <= 0))


async def rebuild(db: AsyncSession) -> None:
    """Recomputes both owner roll-ups from the device rows (``task_report_days``, ``device_online_days``,
    ``task_report_months``) under the devices' current owners: a bulk seed, a repair; the caller commits."""
    await db.execute(delete(TaskReportOwnerDay))
    await db.execute(delete(TaskReportOwnerMonth))
    days, online = TaskReportDay, DeviceOnlineDay
    shares = union_all(
        select(Device.user_id.label("owner_id"), days.day.label("day"), literal(0).label("online_days"),
               *(getattr(days, c).label(c) for c in SUM_COLUMNS)).join(Device, Device.id == days.device_id),
        select(Device.user_id, online.day, literal(1), *(literal(0) for _ in SUM_COLUMNS))
        .join(Device, Device.id == online.device_id)).subquery("shares")
    await db.execute(insert(TaskReportOwnerDay).from_select(
        ["owner_id", "day", "online_days", *SUM_COLUMNS],
        select(shares.c.owner_id, shares.c.day, *(func.sum(shares.c[c]) for c in ("online_days", *SUM_COLUMNS)))
        .group_by(shares.c.owner_id, shares.c.day)))
    months = TaskReportMonth
    await db.execute(insert(TaskReportOwnerMonth).from_select(
        ["owner_id", "month", "map_name", *SUM_COLUMNS],
        select(Device.user_id, months.month, months.map_name, *(func.sum(getattr(months, c)) for c in SUM_COLUMNS))
        .join(Device, Device.id == months.device_id).group_by(Device.user_id, months.month, months.map_name)))
