"""The alarm day counts: ``alarm_days`` (per device and UTC day, by state and level), ``alarm_weeks`` (the same per
device and ISO week) and ``alarm_name_days`` (per owner, UTC day, name and code), which the alarm centre's summary
reads for a range's whole days and weeks.

Every writer of alarms changes them in its own transaction, by the alarms it actually wrote: ``count_added``
with the rows an insert returned (a redelivered ``msgId`` inserts nothing, so it counts nothing),
``count_resolved`` with the rows an update moved to resolved, ``uncount`` with the ids a delete is about to remove
(grouped by the database: a purge's batches stay cheap for the server's process);
``owners_changed`` moves a device's name counts when it changes owner, ``device_deleted`` takes them away before
it goes (its ``alarm_days`` and ``alarm_weeks`` go with it: foreign key cascade); both hear devices' events in its
transaction (DEVICE_OWNERS_CHANGED, DEVICE_DELETED: core/bus.py, wired in events.py). A change is one upsert per
(device, day), then per (device, week), then per (owner, day, name, code), each in a fixed order (two transactions
meet on a row in the same order: no deadlock); rows that fall to zero are deleted. ``rebuild`` recomputes the
tables from the alarms (seeding, repair).
"""

from collections import defaultdict
from collections.abc import Iterable, Sequence
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import Date, Integer, Table, bindparam, case, cast, delete, func, insert, select, tuple_
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.devices.models import Device
from cleanfleet.warn.models import (
    COUNT_COLUMNS,
    STATE_RESOLVED,
    STATE_UNKNOWN,
    STATE_UNRESOLVED,
    Alarm,
    AlarmDay,
    AlarmNameDay,
    AlarmWeek,
)

# what a writer returns of each alarm it wrote, for these counts
COUNTED = (Alarm.device_id, Alarm.raised_at, Alarm.state, Alarm.level, Alarm.key, Alarm.code)
STATE_COLUMNS = {STATE_UNKNOWN: "unknown", STATE_UNRESOLVED: "unresolved", STATE_RESOLVED: "resolved"}
# an alarm's level comes from its kind (models.LEVEL_BY_KIND): 1, 2 or 3
LEVEL_COLUMNS = {1: "level1", 2: "level2", 3: "level3"}
DAY_COLUMNS = COUNT_COLUMNS  # STATE_COLUMNS, then LEVEL_COLUMNS
CHUNK = 500

DayKey = tuple[int, date]
NameKey = tuple[int, date, str, str]


def day_of(moment: datetime) -> date:
    """The UTC day an alarm is counted on."""
    return moment.astimezone(UTC).date()


def week_of(day: date) -> date:
    """The Monday of the ISO week a UTC day lies in (``alarm_weeks.week``)."""
    return day - timedelta(days=day.weekday())


def as_date(value: date | str) -> date:
    """A day read back from SQL (SQLite answers ``date()`` as text)."""
    return date.fromisoformat(value) if isinstance(value, str) else value


def utc_day(db: AsyncSession, moment: Any) -> Any:
    """SQL for the UTC day of a stored time (SQLite keeps UTC text; PostgreSQL a timestamp with time zone)."""
    if db.get_bind().dialect.name == "postgresql":
        return cast(func.timezone("UTC", moment), Date)
    return func.date(moment)


def sql_week(db: AsyncSession, day: Any) -> Any:
    """SQL for the Monday of a day's ISO week (SQLite: back 6 days, then on to the next Monday or stay on it)."""
    if db.get_bind().dialect.name == "postgresql":
        return cast(func.date_trunc("week", day), Date)
    return func.date(day, "-6 days", "weekday 1")


def _insert(db: AsyncSession) -> Any:
    return postgresql.insert if db.get_bind().dialect.name == "postgresql" else sqlite.insert


def _chunks(items: Sequence[Any]) -> Iterable[Sequence[Any]]:
    for start in range(0, len(items), CHUNK):
        yield items[start:start + CHUNK]


def _core(model: Any) -> Table:
    """A model's table: the ORM runs no bulk delete with many parameter sets, Core does."""
    return model.__table__  # type: ignore[no-any-return]


async def _add_days(db: AsyncSession, deltas: dict[DayKey, dict[str, int]]) -> None:
    """Adds ``deltas`` (negative to take away) to the (device, day) rows and to their (device, week) rows."""
    weeks: dict[DayKey, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for (device_id, day), delta in deltas.items():
        week = weeks[(device_id, week_of(day))]
        for column, n in delta.items():
            week[column] += n
    await _add_counts(db, AlarmDay, deltas)
    await _add_counts(db, AlarmWeek, weeks)


async def _add_counts(db: AsyncSession, table: type[AlarmDay] | type[AlarmWeek],
                      deltas: dict[DayKey, dict[str, int]]) -> None:
    """Adds ``deltas`` to the (device, day or week) rows of ``table``; deletes those left with no alarm."""
    period = "day" if table is AlarmDay else "week"
    rows: list[dict[str, Any]] = [{"device_id": device_id, period: when, **{c: delta.get(c, 0) for c in DAY_COLUMNS}}
                                  for (device_id, when), delta in sorted(deltas.items()) if any(delta.values())]
    if not rows:
        return
    statement = _insert(db)(table)
    statement = statement.on_conflict_do_update(
        index_elements=["device_id", period],
        set_={c: getattr(table, c) + statement.excluded[c] for c in DAY_COLUMNS})
    for chunk in _chunks(rows):
        await db.execute(statement, list(chunk))
    emptied = [{"device": row["device_id"], "when": row[period]} for row in rows
               if sum(row[c] for c in STATE_COLUMNS.values()) < 0]
    if emptied:  # one keyed delete each (SQLite scans the whole table for a row value IN a list of values)
        columns = _core(table).c
        await db.execute(delete(_core(table)).where(
            columns.device_id == bindparam("device"), columns[period] == bindparam("when"),
            columns.unknown + columns.unresolved + columns.resolved <= 0), emptied)


async def _add_names(db: AsyncSession, deltas: dict[NameKey, int]) -> None:
    """Adds ``deltas`` to the (owner, day, name, code) rows; deletes those left at zero."""
    rows: list[dict[str, Any]] = [{"owner_id": owner_id, "day": day, "key": key, "code": code, "alarms": n}
            for (owner_id, day, key, code), n in sorted(deltas.items()) if n]
    if not rows:
        return
    statement = _insert(db)(AlarmNameDay)
    statement = statement.on_conflict_do_update(
        index_elements=["owner_id", "day", "key", "code"],
        set_={"alarms": AlarmNameDay.alarms + statement.excluded["alarms"]})
    for chunk in _chunks(rows):
        await db.execute(statement, list(chunk))
    taken = [{"owner": r["owner_id"], "when": r["day"], "name": r["key"], "number": r["code"]} for r in rows
             if r["alarms"] < 0]
    if taken:
        columns = _core(AlarmNameDay).c
        await db.execute(delete(_core(AlarmNameDay)).where(
            columns.owner_id == bindparam("owner"), columns.day == bindparam("when"), columns.key == bindparam("name"),
            columns.code == bindparam("number"), columns.alarms <= 0), taken)


async def owners_of(db: AsyncSession, device_ids: Iterable[int]) -> dict[int, int]:
    """Each device's owner (user id)."""
    ids = sorted(set(device_ids))
    owners: dict[int, int] = {}
    for chunk in _chunks(ids):
        owners.update((row.id, row.user_id) for row in await db.execute(
            select(Device.id, Device.user_id).where(Device.id.in_(chunk))))
    return owners


async def _count(db: AsyncSession, rows: Sequence[Any], sign: int) -> None:
    days: dict[DayKey, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    names: dict[NameKey, int] = defaultdict(int)
    owners = await owners_of(db, (row.device_id for row in rows))
    for row in rows:
        day = day_of(row.raised_at)
        counts = days[(row.device_id, day)]
        counts[STATE_COLUMNS[row.state]] += sign
        counts[LEVEL_COLUMNS[row.level]] += sign
        if row.device_id in owners:
            names[(owners[row.device_id], day, row.key, row.code)] += sign
    await _add_days(db, days)
    await _add_names(db, names)


async def count_added(db: AsyncSession, rows: Sequence[Any]) -> None:
    """Counts alarms just inserted (rows with the ``COUNTED`` columns: what the insert returned)."""
    if rows:
        await _count(db, rows, 1)


def _tally(column: Any, value: int, sign: int = 1) -> Any:
    return func.sum(case((column == value, sign), else_=0)).cast(Integer)


async def uncount(db: AsyncSession, ids: Sequence[int]) -> None:
    """Takes the alarms ``ids`` out of the counts before they are deleted (the caller holds them: PostgreSQL FOR
    UPDATE). SQLite (in the server's process) reads them once and groups them by device, day, state, level, name and
    code: a purge's batch, one robot's alarms after another (its plan walks ix_alarms_device_raised), comes back as a
    few dozen groups, not 1,000 rows; PostgreSQL does it all itself (bench/history/api.md "Retention")."""
    if not ids:
        return
    if db.get_bind().dialect.name == "postgresql":  # its own process sums them: the server's stays free
        await _uncount_in_sql(db, Alarm.id.in_(ids))
        return
    day = utc_day(db, Alarm.raised_at)
    key = (Alarm.device_id, day, Alarm.state, Alarm.level, Alarm.key, Alarm.code)
    groups = (await db.execute(select(*key, func.count()).where(Alarm.id.in_(ids)).group_by(*key))).all()
    days: dict[DayKey, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    names: dict[NameKey, int] = defaultdict(int)
    owners = await owners_of(db, (group[0] for group in groups))
    for device_id, when, state, level, name, code, n in groups:
        counts = days[(device_id, as_date(when))]
        counts[STATE_COLUMNS[state]] -= n
        counts[LEVEL_COLUMNS[level]] -= n
        if device_id in owners:
            names[(owners[device_id], as_date(when), name, code)] -= n
    await _add_days(db, days)
    await _add_names(db, names)


async def _uncount_in_sql(db: AsyncSession, chosen: Any) -> None:
    """PostgreSQL: ``uncount`` as one INSERT ... SELECT ... GROUP BY ... ON CONFLICT per table over the alarms, in
    the fixed order of the writers, then a delete of the rows left empty. A batch's oldest alarms are of as many
    robots as it holds alarms (the heap's order), so its groups would be as many as its rows."""
    day = utc_day(db, Alarm.raised_at)
    for table, period, when in ((AlarmDay, "day", day), (AlarmWeek, "week", sql_week(db, day))):
        counted = (select(Alarm.device_id, when, *(_tally(Alarm.state, s, -1) for s in STATE_COLUMNS),
                          *(_tally(Alarm.level, level, -1) for level in LEVEL_COLUMNS))
                   .where(chosen).group_by(Alarm.device_id, when).order_by(Alarm.device_id, when))
        rows = _insert(db)(table).from_select(["device_id", period, *DAY_COLUMNS], counted)
        await db.execute(rows.on_conflict_do_update(
            index_elements=["device_id", period], set_={c: getattr(table, c) + rows.excluded[c] for c in DAY_COLUMNS}))
        await db.execute(delete(table).where(
            tuple_(table.device_id, getattr(table, period)).in_(select(Alarm.device_id, when).where(chosen)),
            table.unknown + table.unresolved + table.resolved <= 0).execution_options(synchronize_session=False))
    key = (Device.user_id, day, Alarm.key, Alarm.code)
    named = (select(*key, (-func.count()).cast(Integer)).join(Device, Device.id == Alarm.device_id).where(chosen)
             .group_by(*key).order_by(*key))
    rows = _insert(db)(AlarmNameDay).from_select(["owner_id", "day", "key", "code", "alarms"], named)
    await db.execute(rows.on_conflict_do_update(index_elements=["owner_id", "day", "key", "code"],
                                                set_={"alarms": AlarmNameDay.alarms + rows.excluded["alarms"]}))
    await db.execute(delete(AlarmNameDay).where(
        tuple_(AlarmNameDay.owner_id, AlarmNameDay.day, AlarmNameDay.key, AlarmNameDay.code).in_(
            select(*key).join(Device, Device.id == Alarm.device_id).where(chosen)),
        AlarmNameDay.alarms <= 0).execution_options(synchronize_session=False))


async def count_resolved(db: AsyncSession, rows: Sequence[Any], from_state: int | None = None) -> None:
    """Moves alarms just resolved from their earlier state (rows with ``device_id``, ``raised_at`` and, unless
    ``from_state`` says it for all, ``state`` as it was) to resolved; names and levels do not change."""
    days: dict[DayKey, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for row in rows:
        counts = days[(row.device_id, day_of(row.raised_at))]
        counts[STATE_COLUMNS[row.state if from_state is None else from_state]] -= 1
        counts["resolved"] += 1
    await _add_days(db, days)


async def _name_counts(db: AsyncSession, device_ids: Sequence[int]) -> list[Any]:
    """The devices' alarms counted per device, UTC day, name and code (from the alarms), the devices locked first:
    an alarm insert checks its device's key (PostgreSQL: FOR KEY SHARE), so none of theirs lands between this
    count and the owner change or deletion, counted for the owner it is leaving."""
    day = utc_day(db, Alarm.raised_at)
    rows: list[Any] = []
    for chunk in _chunks(sorted(device_ids)):
        await db.execute(select(Device.id).where(Device.id.in_(chunk)).with_for_update())
        rows += (await db.execute(
            select(Alarm.device_id, day.label("day"), Alarm.key, Alarm.code, func.count().label("n"))
            .where(Alarm.device_id.in_(chunk)).group_by(Alarm.device_id, day, Alarm.key, Alarm.code))).all()
    return rows


async def owners_changed(db: AsyncSession, moves: Iterable[tuple[int, int, int]]) -> None:
    """Moves the name counts of devices that change owner: (device id, from user id, to user id) each."""
    moving = {device_id: (old, new) for device_id, old, new in moves if old != new}
    if not moving:
        return
    names: dict[NameKey, int] = defaultdict(int)
    for row in await _name_counts(db, list(moving)):
        old, new = moving[row.device_id]
        names[(old, as_date(row.day), row.key, row.code)] -= row.n
        names[(new, as_date(row.day), row.key, row.code)] += row.n
    await _add_names(db, names)


async def device_deleted(db: AsyncSession, device_id: int, owner_id: int) -> None:
    """Takes a device's alarms out of its owner's name counts (call before deleting it; its alarms and day rows
    go with it by cascade)."""
    names: dict[NameKey, int] = defaultdict(int)
    for row in await _name_counts(db, [device_id]):
        names[(owner_id, as_date(row.day), row.key, row.code)] -= row.n
    await _add_names(db, names)


async def rebuild(db: AsyncSession) -> None:
    """Recomputes the tables from the alarms (a bulk seed, a repair after a manual database edit); the caller
    commits."""
    await db.execute(delete(AlarmDay))
    await db.execute(delete(AlarmWeek))
    await db.execute(delete(AlarmNameDay))
    day = utc_day(db, Alarm.raised_at)
    await db.execute(insert(AlarmDay).from_select(
        ["device_id", "day", *DAY_COLUMNS],
        select(Alarm.device_id, day, *(_tally(Alarm.state, s) for s in STATE_COLUMNS),
               *(_tally(Alarm.level, level) for level in LEVEL_COLUMNS))
        # day by day, as live writes add them: PostgreSQL's table then lies as it would after months of traffic
        .group_by(Alarm.device_id, day).order_by(day, Alarm.device_id)))
    week = sql_week(db, AlarmDay.day)
    await db.execute(insert(AlarmWeek).from_select(
        ["device_id", "week", *DAY_COLUMNS],
        select(AlarmDay.device_id, week, *(func.sum(getattr(AlarmDay, c)) for c in DAY_COLUMNS))
        .group_by(AlarmDay.device_id, week).order_by(week, AlarmDay.device_id)))
    await db.execute(insert(AlarmNameDay).from_select(
        ["owner_id", "day", "key", "code", "alarms"],
        select(Device.user_id, day, Alarm.key, Alarm.code, func.count())
        .join(Device, Device.id == Alarm.device_id).group_by(Device.user_id, day, Alarm.key, Alarm.code)))
