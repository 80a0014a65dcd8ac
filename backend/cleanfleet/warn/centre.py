"""The alarm centre's queries: the branch's alarms with filters, a summary, the 7-day chart, resolving one alarm
(release or dismiss) and deleting (one, or a device's before a time).

Every query is limited to the devices under a tree path (the caller's subtree, or a user's inside it). The
summary and the list cover ``startTime``..``endTime``, by default the last 30 days; the chart the last 7 days
in the caller's time zone. The summary reads the range's whole ISO weeks and UTC days from the counts
(warn/counts.py) and each partial first and last day from the smaller side of its alarms; the chart reads the
day counts when its days are UTC days, and otherwise counts that week's alarms per day in one statement.
Resolving and deleting keep the counts.
"""

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from functools import lru_cache
from typing import Any

from sqlalchemy import ColumnElement, bindparam, case, func, literal_column, null, select, union_all, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core import ranges
from cleanfleet.core.codes import Code
from cleanfleet.core.db import custom_plans, utcnow
from cleanfleet.core.errors import ApiError, not_found
from cleanfleet.core.paging import ALL, PageIn
from cleanfleet.core.scope import path_bounds, path_prefix
from cleanfleet.devices.models import Device
from cleanfleet.warn import texts
from cleanfleet.warn.counts import DAY_COLUMNS, LEVEL_COLUMNS, STATE_COLUMNS, count_resolved, week_of
from cleanfleet.warn.models import (
    STATE_RESOLVED,
    STATE_UNKNOWN,
    STATE_UNRESOLVED,
    STATES,
    Alarm,
    AlarmDay,
    AlarmNameDay,
    AlarmWeek,
)
from cleanfleet.warn.notify import NotifyPolicy
from cleanfleet.warn.service import alarm_answer, alarm_rows, delete_alarms, tell_resolved

DEFAULT_DAYS = 30
CHART_DAYS = 7
TOP_DEVICES = 50
HALF_DAY = timedelta(hours=12)
STATE_BY_NAME = {"unknown": STATE_UNKNOWN, "unresolved": STATE_UNRESOLVED, "resolved": STATE_RESOLVED}


def time_range(start: datetime | None, end: datetime | None) -> tuple[datetime, datetime | None]:
    """The range a list or summary covers (default: from 30 days before the end, or now; no end: everything
    newer, a robot's clock may run a little ahead); core/ranges.py's rule with the alarm history's span."""
    start = start or min(end or utcnow(), utcnow()) - timedelta(days=DEFAULT_DAYS)
    return ranges.check_times(start, end, ranges.ALARM_HISTORY)


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
    await custom_plans(db)
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


@dataclass
class Tally:
    """A branch's alarms over a range, counted as the summary answers them."""

    states: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    levels: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    names: dict[str, list[Any]] = field(default_factory=dict)  # key -> [the greatest code, alarms]
    devices: dict[int, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))  # [all, unresolved]

    def add_name(self, key: str, code: str | None, n: int) -> None:
        name = self.names.setdefault(key, [None, 0])
        name[0] = code if name[0] is None or (code is not None and code > name[0]) else name[0]
        name[1] += n


async def _tally_alarms(db: AsyncSession, tally: Tally, where: list[ColumnElement[bool]]) -> None:
    """Counts the alarms themselves (over the covering index): per device, name, level and state."""
    for device_id, key, level, state, code, n in await db.execute(
            select(Alarm.device_id, Alarm.key, Alarm.level, Alarm.state, func.max(Alarm.code), func.count())
            .where(*where).group_by(Alarm.device_id, Alarm.key, Alarm.level, Alarm.state)):
        tally.states[state] += n
        tally.levels[level] += n
        tally.add_name(key, code, n)
        tally.devices[device_id][0] += n
        tally.devices[device_id][1] += n if state == STATE_UNRESOLVED else 0


@dataclass
class Counted:
    """How the summary counts a range: its whole UTC days ``first`` to ``last`` (excluded; None: every later day)
    from the counts, plus the alarms ``added``, minus the alarms ``taken`` (time ranges, end excluded)."""

    first: date
    last: date | None
    added: list[tuple[datetime, datetime]] = field(default_factory=list)
    taken: list[tuple[datetime, datetime]] = field(default_factory=list)


def counted(start: datetime, end: datetime | None) -> Counted | None:
    """The range's whole UTC days, and each partial day at either end counted from its smaller part: the alarms
    inside the range, or (more than half the day inside) the whole day's counts minus the alarms outside it, so
    at most half a day of alarms is read per end. None when the range holds no whole day."""
    days = whole_days(start, end)
    if days is None:
        return None
    plan = Counted(*days)
    if start < (head := _midnight(plan.first)):
        if head - start > HALF_DAY:
            plan.first -= timedelta(days=1)
            plan.taken.append((_midnight(plan.first), start))
        else:
            plan.added.append((start, head))
    if plan.last is not None and end is not None and end > (tail := _midnight(plan.last)):
        if end - tail > HALF_DAY:
            plan.last += timedelta(days=1)
            plan.taken.append((end, _midnight(plan.last)))
        else:
            plan.added.append((tail, end))
    return plan


def periods(first: date, last: date | None) -> list[tuple[type[AlarmDay] | type[AlarmWeek], date, date | None]]:
    """The whole days ``first`` to ``last`` (excluded; None: every later day) as the count rows to read: the whole
    ISO weeks from ``alarm_weeks``, the loose days before and after them from ``alarm_days``."""
    week = week_of(first + timedelta(days=6))  # the first Monday from ``first`` on
    end_week = None if last is None else week_of(last)
    if end_week is not None and end_week <= week:
        return [(AlarmDay, first, last)]
    spans: list[tuple[type[AlarmDay] | type[AlarmWeek], date, date | None]] = \
        [(AlarmDay, first, week)] if first < week else []
    spans.append((AlarmWeek, week, end_week))
    if end_week is not None and last is not None and end_week < last:
        spans.append((AlarmDay, end_week, last))
    return spans


# The summary's statement is built once per shape (which count tables, which partial pieces, an end or none) and
# cached, its values bound at each call: building and keying it cost about 5 ms of CPU per call.
Period = tuple[type[AlarmDay] | type[AlarmWeek], bool]  # a count table, and whether its range has an end
Shape = tuple[tuple[Period, ...], tuple[int, ...], bool]  # the periods, the signs of the pieces, names' end


def _branch() -> Any:
    """The ids of the devices under the bound path (``low``..``high``, from ``path_bounds``)."""
    return select(Device.id).where(Device.owner_path >= bindparam("low"), Device.owner_path < bindparam("high"))


def _count_rows(index: int, table: type[AlarmDay] | type[AlarmWeek], bounded: bool) -> Any:
    period = AlarmDay.day if table is AlarmDay else AlarmWeek.week
    return select(table.device_id, *(getattr(table, c) for c in DAY_COLUMNS)).where(
        table.device_id.in_(_branch()), period >= bindparam(f"first{index}"),
        *([period < bindparam(f"last{index}")] if bounded else []))


def _loose_alarms(signs: tuple[int, ...]) -> Any:
    """The alarms of the plan's partial pieces, each signed (+1 added, -1 taken), read once for both the
    per-device sums and the names (on SQLite each read is a seek per device of the branch); None when none."""
    if not signs:
        return None
    parts: list[Any] = [select(Alarm.device_id, Alarm.key, Alarm.code, Alarm.state, Alarm.level,
                               literal_column(str(sign)).label("n"))
                        .where(Alarm.device_id.in_(_branch()), Alarm.raised_at >= bindparam(f"from{index}"),
                               Alarm.raised_at < bindparam(f"to{index}"))
                        for index, sign in enumerate(signs)]
    loose: Any = parts[0] if len(parts) == 1 else union_all(*parts)
    return loose.cte("loose").prefix_with("MATERIALIZED", dialect="sqlite")


def _loose_counts(loose: Any) -> Any:
    """The signed partial-day alarms as count rows."""
    states = (case((loose.c.state == state, loose.c.n), else_=0).label(c) for state, c in STATE_COLUMNS.items())
    levels = (case((loose.c.level == level, loose.c.n), else_=0).label(c) for level, c in LEVEL_COLUMNS.items())
    return select(loose.c.device_id, *states, *levels)


# what a row of the summary's statement is: a top device, the branch's sums, or a name
TOP_ROW, SUMS_ROW, NAME_ROW = 0, 1, 2


def _summary_shape(path: str, plan: Counted) -> tuple[Shape, dict[str, Any]]:
    """The shape of the plan's statement and the values to bind."""
    low, high = path_bounds(path)
    values: dict[str, Any] = {"low": low, "high": high, "names_first": plan.first, "names_last": plan.last}
    spans: list[Period] = []
    for index, (table, first, last) in enumerate(periods(plan.first, plan.last)):
        spans.append((table, last is not None))
        values.update({f"first{index}": first, f"last{index}": last})
    pieces = [(start, end, 1) for start, end in plan.added] + [(start, end, -1) for start, end in plan.taken]
    for index, (start, end, _) in enumerate(pieces):
        values.update({f"from{index}": start, f"to{index}": end})
    return (tuple(spans), tuple(sign for _, _, sign in pieces), plan.last is not None), values


@lru_cache(maxsize=64)
def _summary_statement(shape: Shape) -> Any:
    """The branch's summary in one statement (one round trip, the partial days' alarms read once): the top
    devices with their names, the branch's sums by state and level, and the counts per name and code. Each row
    is (part, device id, device name or key, serial number or code, the six counts; a name's count first).

    The days' and weeks' count rows and the signed alarms are added up per device in the database: 51 rows
    instead of one per device (a thousand rows cost 4 ms in Python alone); names: the owners' name days plus or
    minus the same alarms."""
    spans, signs, names_bounded = shape
    loose = _loose_alarms(signs)
    parts = [_count_rows(index, table, bounded) for index, (table, bounded) in enumerate(spans)]
    if loose is not None:
        parts.append(_loose_counts(loose))
    rows = union_all(*parts).subquery()
    # counted once, read twice (PostgreSQL materialises a CTE read twice by itself; SQLite is told)
    per_device = (select(rows.c.device_id, *(func.sum(rows.c[c]).label(c) for c in DAY_COLUMNS))
                  .group_by(rows.c.device_id).cte("per_device").prefix_with("MATERIALIZED", dialect="sqlite"))
    total = per_device.c.unknown + per_device.c.unresolved + per_device.c.resolved
    top = (select(per_device).where(total > 0).order_by(total.desc(), per_device.c.device_id)
           .limit(TOP_DEVICES).subquery())
    top_rows = (select(literal_column(str(TOP_ROW)).label("part"), top.c.device_id, Device.name.label("label"),
                       Device.serial_number.label("detail"), *(top.c[c] for c in DAY_COLUMNS))
                .select_from(top.outerjoin(Device, Device.id == top.c.device_id)))
    sums: Any = select(literal_column(str(SUMS_ROW)), null(), null(), null(),
                       *(func.sum(per_device.c[c]) for c in DAY_COLUMNS))
    owners = select(Device.user_id).where(Device.owner_path >= bindparam("low"),
                                          Device.owner_path < bindparam("high"))
    days = [AlarmNameDay.day >= bindparam("names_first")]
    if names_bounded:
        days.append(AlarmNameDay.day < bindparam("names_last"))
    named = [select(AlarmNameDay.key, AlarmNameDay.code, AlarmNameDay.alarms.label("n"))
             .where(AlarmNameDay.owner_id.in_(owners), *days)]
    if loose is not None:
        named.append(select(loose.c.key, loose.c.code, loose.c.n))
    names = union_all(*named).subquery()
    name_rows = (select(literal_column(str(NAME_ROW)), null(), names.c.key, names.c.code, func.sum(names.c.n),
                        *(null() for _ in DAY_COLUMNS[1:]))
                 .group_by(names.c.key, names.c.code))
    return union_all(select(top_rows.subquery()), sums, name_rows)


async def _tally_counts(db: AsyncSession, tally: Tally, path: str, plan: Counted) -> dict[int, tuple[str, str]]:
    """Runs ``_summary_statement`` into ``tally``; answers the top devices' names and serial numbers."""
    devices: dict[int, tuple[str, str]] = {}
    shape, values = _summary_shape(path, plan)
    answer: Any = await db.execute(_summary_statement(shape), values)
    for part, device_id, label, detail, *values in answer:
        # PostgreSQL sums the per-device bigints as numeric (Decimal)
        by_column = dict(zip(DAY_COLUMNS, (int(n or 0) for n in values), strict=True))
        if part == NAME_ROW:
            if by_column["unknown"] > 0:  # a name's count is in the first column
                tally.add_name(label, detail, by_column["unknown"])
        elif part == TOP_ROW:
            tally.devices[device_id] = [by_column["unknown"] + by_column["unresolved"] + by_column["resolved"],
                                        by_column["unresolved"]]
            if label is not None:
                devices[device_id] = (label, detail)
        else:
            for state, column in STATE_COLUMNS.items():
                tally.states[state] += by_column[column]
            for level, column in LEVEL_COLUMNS.items():
                tally.levels[level] += by_column[column]
    return devices


def whole_days(start: datetime, end: datetime | None) -> tuple[date, date | None] | None:
    """The whole UTC days inside ``start``..``end`` (first, and last excluded or None for every later day);
    None when there is none."""
    start = start.astimezone(UTC)
    first = start.date() if start == _midnight(start.date()) else start.date() + timedelta(days=1)
    last = None if end is None else end.astimezone(UTC).date()
    return None if last is not None and last <= first else (first, last)


def _midnight(day: date) -> datetime:
    return datetime.combine(day, time.min, tzinfo=UTC)


async def summary(db: AsyncSession, path: str, device_id: int | None, start: datetime,
                  end: datetime | None) -> dict[str, Any]:
    """Counts by state, by device (the top 50), by alarm name and by level. A branch's whole UTC days and weeks
    come from the counts (warn/counts.py), its partial first and last days from the alarms (``counted``); one
    device's from its alarms."""
    await custom_plans(db)
    tally = Tally()
    plan = None if device_id is not None else counted(start, end)
    if plan is None:
        await _tally_alarms(db, tally, _scoped(path, device_id, start, end))
        return await _summary_answer(db, tally)
    return await _summary_answer(db, tally, await _tally_counts(db, tally, path, plan))


async def _summary_answer(db: AsyncSession, tally: Tally,
                          names: dict[int, tuple[str, str]] | None = None) -> dict[str, Any]:
    """The summary's answer from its tally; the top devices' ``names`` (and serial numbers) are read unless
    given."""
    top = sorted(((-counts[0], d) for d, counts in tally.devices.items() if counts[0]))[:TOP_DEVICES]
    if names is None:
        names = {row.id: (row.name, row.serial_number) for row in await db.execute(
            select(Device.id, Device.name, Device.serial_number).where(Device.id.in_([d for _, d in top])))}
    states = tally.states
    return {
        "total": sum(states.values()), "unresolved": states[STATE_UNRESOLVED], "resolved": states[STATE_RESOLVED],
        "unknown": states[STATE_UNKNOWN],
        "byDevice": [{"deviceId": d, "deviceName": names[d][0], "deviceSerialNumber": names[d][1],
                      "total": tally.devices[d][0], "unresolved": tally.devices[d][1]} for _, d in top if d in names],
        "byCode": [{"key": key, "code": code or "", "total": n}
                   for key, (code, n) in sorted(tally.names.items(), key=lambda item: (-item[1][1], item[0]))
                   if n],
        "byLevel": [{"level": level, "total": n} for level, n in sorted(tally.levels.items(), reverse=True) if n],
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
    """Alarms per day of the last 7 days, by state and the coded faults among them. Days that are UTC days (a
    caller in UTC) are read from the day counts; others from the alarms, with one statement that numbers each
    alarm's day (one CASE) and counts per day, state and level (at most 63 groups, added up here)."""
    await custom_plans(db)
    days = chart_days(utcnow(), zone)
    if all(start == _midnight(start.astimezone(UTC).date()) for _, start, _ in days):
        return await _chart_from_counts(db, path, device_id, days)
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


async def _chart_from_counts(db: AsyncSession, path: str, device_id: int | None,
                             days: list[tuple[str, datetime, datetime]]) -> list[dict[str, Any]]:
    scope = AlarmDay.device_id == device_id if device_id is not None else AlarmDay.device_id.in_(devices_under(path))
    first, last = days[0][1].astimezone(UTC).date(), days[-1][1].astimezone(UTC).date()
    counts = {label: {"day": label, "total": 0, "unresolved": 0, "resolved": 0, "unknown": 0, "faults": 0}
              for label, _, _ in days}
    for day, unknown, unresolved, resolved, faults in await db.execute(
            select(AlarmDay.day, func.sum(AlarmDay.unknown), func.sum(AlarmDay.unresolved),
                   func.sum(AlarmDay.resolved), func.sum(AlarmDay.level3))
            .where(scope, AlarmDay.day >= first, AlarmDay.day <= last).group_by(AlarmDay.day)):
        counts[day.strftime("%Y-%m-%d")].update(total=unknown + unresolved + resolved, unknown=unknown,
                                                unresolved=unresolved, resolved=resolved, faults=faults)
    return list(counts.values())


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
    was = alarm.state
    moved = (await db.execute(update(Alarm).where(Alarm.id == warn_id, Alarm.state == was).values(
        state=STATE_RESOLVED, resolved_at=now, resolved_by=user_id, resolution=resolution)
        .returning(Alarm.device_id, Alarm.raised_at))).all()
    if not moved:  # someone resolved it in the meantime
        raise ApiError(Code.BAD_PARAMETER, texts.ALREADY_RESOLVED, field="warnId", values={"warnId": warn_id})
    await count_resolved(db, moved, from_state=was)
    await tell_resolved(db, device, alarm, 1, now, by, policy)
    await db.commit()
    return alarm, device, now


async def delete_one(db: AsyncSession, path: str, warn_id: int) -> int:
    await alarm_in(db, path, warn_id)
    deleted = await delete_alarms(db, Alarm.id == warn_id)
    await db.commit()
    return deleted


async def delete_before(db: AsyncSession, device: Device, before: datetime) -> int:
    """Deletes the device's alarms raised before ``before``; answers how many."""
    deleted = await delete_alarms(db, Alarm.device_id == device.id, Alarm.raised_at < before)
    await db.commit()
    return deleted
