"""Task report charts (``/taskReport/chart``, ``chartSummary``, ``chartMap``): read from the roll-ups.

A range's whole calendar months are read from the month roll-ups and the days around them from
``task_report_days`` (``figure_spans``, ``figure_parts``); the database groups and sums, so Python receives a few
dozen rows:

- a chart by map or filtered on one map reads ``task_report_months`` (per device, month and map); every other
  reads ``task_report_device_months`` (per device and month, every map together: a quarter of the rows with
  four maps per device);
- the points (and the map breakdown) come from one statement grouped by period (and map) (``period_sums``);
- the device, owner and group breakdowns, the map of places and the summary from one statement grouped by
  device (``per_device``), joined to the devices (and owners or groups) over at most one row per device;
- the online rate from the online days and months (``online_days``);
- a chart of a branch of users (no device list, no group: ``Fleet.owners``) reads the per-owner roll-ups instead:
  its daily and weekly points and online rate from ``task_report_owner_days`` unless it needs the maps
  (``owner_days``: one row per owner and day, not per device), and the whole months of a chart by map (and
  chartMap's map list) from ``task_report_owner_months`` (one row per owner, month and map);
- the reader's days (core/ranges.py): a week or month not on UTC days counts the runs themselves
  (``local_parts``); a quarter or year keeps the roll-ups and moves the few runs near a bucket's edge
  (``shifted_part``: the runs between the two midnights of each bucket's first day, from the start-time index).

The roll-ups carry covering indexes (migrations ``0017_reports``, ``0018_report_rollups``): period first and
device first, so every read is index-only and needs no sort. Which one a period read takes depends on the filter
(``Fleet.member``).
"""

import bisect
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import Date, Select, case, func, literal, or_, select, union_all
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core import ranges
from cleanfleet.core.db import custom_plans
from cleanfleet.core.ranges import chart_buckets
from cleanfleet.devices.groups.models import DeviceGroup, DeviceGroupMember
from cleanfleet.devices.models import Device, DeviceOnlineDay, DeviceOnlineMonth
from cleanfleet.devices.presence import month_of, next_month, online_per_reader_day
from cleanfleet.reports.models import (
    CHART_SUMS,
    TaskReport,
    TaskReportDay,
    TaskReportDeviceMonth,
    TaskReportMonth,
    TaskReportOwnerDay,
    TaskReportOwnerMonth,
)
from cleanfleet.reports.service import as_date, coverage_value, efficiency_value
from cleanfleet.users.models import User

BREAKDOWN_ROWS = 100
PLACES = 1000
# a filter holding at least 1/WIDE_SHARE of all devices is "wide" (see Fleet.member)
WIDE_SHARE = 3
FIGURES = CHART_SUMS
_KINDS = (int, int, float, float, float, int)  # PostgreSQL sums integers as numeric (Decimal): plain numbers


# --- ranges ------------------------------------------------------------------------------------------



def whole_months(start: date, end: date) -> tuple[list[date], list[tuple[date, date]]]:
    """The calendar months lying wholly in ``start``..``end`` (read from month rows) and the day ranges left
    around them (read from day rows)."""
    month = month_of(start) if start.day == 1 else next_month(start)
    months = []
    while next_month(month) - timedelta(days=1) <= end:
        months.append(month)
        month = next_month(month)
    if not months:
        return [], [(start, end)]
    ranges = [(start, months[0] - timedelta(days=1))] if start < months[0] else []
    if next_month(months[-1]) <= end:
        ranges.append((next_month(months[-1]), end))
    return months, ranges


@dataclass(frozen=True)
class Fleet:
    """The devices a chart counts: ``ids`` (a select of their ids), how many, whether that is a wide share of all
    devices, and ``owners`` (a select of user ids) when they are exactly the devices of those owners (a branch of
    users: the owner roll-ups may be read)."""

    ids: Select[Any]
    count: int
    wide: bool
    owners: Select[Any] | None = None

    def member(self, device_id: Any) -> Any:
        """``device_id`` is one of the fleet's, for a read of a date range in period order.

        A wide filter keeps most of the range's rows: reading the range in period order from the period-first
        index and checking each row's device is then half the work of reading device by device and sorting
        by period (SQLite has no hash grouping, and its planner prefers the device ids). ``+ 0`` keeps the
        device ids from driving the read; a narrow filter (a customer's few robots) reads by device."""
        return (device_id + 0).in_(self.ids) if self.wide else device_id.in_(self.ids)


async def fleet_of(db: AsyncSession, devices: Select[Any], owners: Select[Any] | None = None) -> Fleet:
    counted = select(func.count()).select_from(devices.subquery()).scalar_subquery()
    total = select(func.count()).select_from(Device).scalar_subquery()
    count, everyone = (await db.execute(select(counted, total))).one()
    return Fleet(devices, int(count), int(count) * WIDE_SHARE >= int(everyone), owners)


async def spans(db: AsyncSession, day: Any, device: Any, fleet: Fleet, start: date, end: date,
                by_month: bool) -> tuple[list[date], list[tuple[date, date]]]:
    """``whole_months``, with the range's last month read whole as well when ``day`` (a day column) holds nothing
    of it after ``end`` for the fleet: the usual range ends today, and that month's row then sums exactly the
    same days. Without ``by_month``: the days only (a week may split a month)."""
    if not by_month:
        return [], [(start, end)]
    months, ranges = whole_months(start, end)
    tail = month_of(end)
    if ranges and ranges[-1] == (tail, end):
        later = await db.scalar(select(day).where(day > end, day < next_month(tail), fleet.member(device)).limit(1))
        if later is None:
            return [*months, tail], ranges[:-1]
    return months, ranges


@dataclass(frozen=True)
class Part:
    """One read of the roll-ups: the rows of ``table`` (days or months) whose ``period`` lies in first..last, of
    the fleet's devices (``by_owner``: of its owners)."""

    table: Any
    period: Any
    first: date
    last: date
    by_owner: bool = False

    @property
    def when(self) -> Any:
        return self.period.between(self.first, self.last)

    def member(self, fleet: Fleet) -> Any:
        return self.table.owner_id.in_(fleet.owners) if self.by_owner else fleet.member(self.table.device_id)


async def figure_spans(db: AsyncSession, fleet: Fleet, start: date, end: date,
                       by_month: bool) -> tuple[list[date], list[tuple[date, date]]]:
    """The whole months (``by_month``) and day ranges covering ``start``..``end`` in the report roll-ups."""
    return await spans(db, TaskReportDay.day, TaskReportDay.device_id, fleet, start, end, by_month)


def figure_parts(covering: tuple[list[date], list[tuple[date, date]]], maps: bool,
                 fleet: Fleet | None = None) -> list[Part]:
    """The reads of ``covering`` (``figure_spans``): the whole months' month rows, per map when the chart needs
    the maps (``maps``: by map or filtered on one), else every map together (a quarter of the rows), and each
    day range's day rows; the same sums either way. Given a ``fleet`` of owners and the maps, the whole months
    are read per owner (``task_report_owner_months``: one row per owner, month and map, not one per device)."""
    months, ranges = covering
    table: Any = TaskReportMonth if maps else TaskReportDeviceMonth
    by_owner = maps and fleet is not None and fleet.owners is not None
    if by_owner:
        table = TaskReportOwnerMonth
    parts = [Part(table, table.month, months[0], months[-1], by_owner)] if months else []
    return parts + [Part(TaskReportDay, TaskReportDay.day, first, last) for first, last in ranges]


LOCAL_DAYS_MAX = 31  # the longest range counted on the reader's days from the runs themselves (a month chart)


def local_parts(start: date, end: date) -> list[Part] | None:
    """The runs of ``start``..``end`` counted on the reader's days (core/ranges.py), read from the runs themselves
    as one part whose period is each run's local day; None when the roll-ups answer (the reader's days are UTC
    days) or the range is longer than ``LOCAL_DAYS_MAX`` (quarter and year: the roll-ups, ``shifted_periods``)."""
    if ranges.utc_days(start, end) or (end - start).days >= LOCAL_DAYS_MAX:
        return None
    days = [start + timedelta(days=n) for n in range((end - start).days + 1)]
    ends = [ranges.day_start(day + timedelta(days=1)) for day in days]
    period = case(*((TaskReport.start_time < until, literal(day, Date)) for day, until in zip(days, ends, strict=True)))
    runs = (select(TaskReport.device_id, TaskReport.map_name, literal(1).label("runs"), TaskReport.duration_s,
                   TaskReport.work_area, TaskReport.cleaned_area, TaskReport.coverage.label("coverage_sum"),
                   TaskReport.alarm_count, period.label("period"))
            .where(TaskReport.start_time >= ranges.day_start(start), TaskReport.start_time < ends[-1])
            .subquery("local_runs"))
    return [Part(runs.c, runs.c.period, start, end)]


@dataclass(frozen=True)
class Window:
    """The instants between the UTC midnight and the reader's midnight of one day: a run in it is on ``utc_day``
    in the roll-ups and on ``local_day`` for the reader."""

    since: datetime
    until: datetime
    utc_day: date
    local_day: date


def windows(days: list[date]) -> list[Window]:
    """The windows of ``days`` (in order) where the reader's midnight is not the UTC one."""
    found = []
    for day in days:
        local, utc = ranges.day_start(day), ranges.day_start(day, UTC)
        if local < utc:  # east of UTC
            found.append(Window(local, utc, day - timedelta(days=1), day))
        elif utc < local:
            found.append(Window(utc, local, day, day - timedelta(days=1)))
    return found


def _in_windows(found: list[Window]) -> Any:
    return or_(*((TaskReport.start_time >= w.since) & (TaskReport.start_time < w.until) for w in found))


def _window_day(found: list[Window], which: str) -> Any:
    """A run's ``which`` day (its window's): the windows are in time order and days apart."""
    return case(*((TaskReport.start_time < w.until, literal(getattr(w, which), Date)) for w in found))


def _run_columns(sign: int, period: Any) -> tuple[Any, ...]:
    """A run's figures as a roll-up row's columns, negated when ``sign`` is -1, on the day ``period``."""
    t = TaskReport
    columns = (literal(1), t.duration_s, t.work_area, t.cleaned_area, t.coverage, t.alarm_count)
    return (t.device_id, t.map_name,
            *((column if sign > 0 else -column).label(name) for column, name in zip(columns, FIGURES, strict=True)),
            period.label("period"))


def shifted_part(start: date, end: date) -> Part | None:
    """The correction that makes the UTC-day roll-ups of ``start``..``end`` a figure of the reader's days, per
    device: the runs between the two midnights of ``start`` and of the day after ``end`` (a run there is in the
    range for one and not the other) read twice, negated on their UTC day and as they are on the reader's;
    ``Part.when`` then drops the halves outside the range. None when those midnights are UTC midnights."""
    found = windows([start, end + timedelta(days=1)])
    if not found:
        return None
    inside = _in_windows(found)
    moved = union_all(select(*_run_columns(-1, _window_day(found, "utc_day"))).where(inside),
                      select(*_run_columns(1, _window_day(found, "local_day"))).where(inside)).subquery("shifted")
    return Part(moved.c, moved.c.period, start, end)


@dataclass(frozen=True)
class Moved:
    """A period row (``period_sums``'s shape) of runs moved between days."""

    period: date
    map_name: str | None
    runs: int
    duration_s: int
    work_area: float
    cleaned_area: float
    coverage_sum: float
    alarm_count: int


async def shifted_periods(db: AsyncSession, fleet: Fleet, buckets: list[tuple[date, date]], map_name: str | None,
                          by_map: bool) -> list[Moved]:
    """The UTC-day roll-ups' period rows for buckets of weeks or months made the reader's buckets.

    Inside a bucket a run's UTC day and the reader's are the same bucket; only near a bucket's first midnight
    (and the range's end) can they differ. So only the runs of those windows are read (a year: 13 windows of at
    most 14 hours, from the start-time index), summed per window (and map) by the database: each sum is taken
    off its UTC day's period and added to the reader's (those outside the range are left out)."""
    start, end = buckets[0][0], buckets[-1][1]
    found = windows([first for first, _last in buckets] + [end + timedelta(days=1)])
    if not found:
        return []
    sums = (func.count().label("runs"), *(func.coalesce(func.sum(getattr(TaskReport, column)), 0) for column in
                                          ("duration_s", "work_area", "cleaned_area", "coverage", "alarm_count")))
    queries = []
    for n, w in enumerate(found):  # one range of the start-time index per window
        keys = (literal(n).label("window"), TaskReport.map_name) if by_map else (literal(n).label("window"),)
        query = (select(*keys, *sums).where(TaskReport.start_time >= w.since, TaskReport.start_time < w.until,
                                            fleet.member(TaskReport.device_id)))
        queries.append(_on_map(query.group_by(*keys[1:]) if by_map else query, TaskReport, map_name))
    rows = []
    for row in await db.execute(_one_statement(queries)):
        window, sums = found[row[0]], row[2:] if by_map else row[1:]
        named = row[1] if by_map else None
        for day, sign in ((window.utc_day, -1), (window.local_day, 1)):
            if start <= day <= end:
                rows.append(Moved(day, named, *(sign * kind(value) for kind, value in zip(_KINDS, sums, strict=True))))
    return rows


def _edges_shifted(parts: list[Part], start: date, end: date) -> list[Part]:
    """``parts`` (UTC days) with the runs moved across the range's two edges to the reader's days: a figure of
    the whole range needs no other boundary."""
    shifted = shifted_part(start, end)
    return parts if shifted is None else [*parts, shifted]


# --- sums --------------------------------------------------------------------------------------------

def figures(runs: int, seconds: int, planned: float, cleaned: float, coverage_sum: float,
            alarms: int) -> dict[str, Any]:
    runs, seconds, alarms = int(runs), int(seconds), int(alarms)
    planned, cleaned, coverage_sum = float(planned), float(cleaned), float(coverage_sum)
    return {"runs": runs, "durationS": seconds, "workArea": round(planned, 2), "cleanedArea": round(cleaned, 2),
            "coverage": coverage_value(coverage_sum / runs) if runs else 0,
            "efficiency": efficiency_value(cleaned / seconds * 3600) if seconds else 0, "alarmCount": alarms}


def _row_figures(row: Any) -> dict[str, Any]:
    return figures(*(getattr(row, c) for c in FIGURES))


class Totals:
    """Figures summed in Python over a few grouped rows (a bucket's, a map's, a range's)."""

    def __init__(self) -> None:
        self.values: list[Any] = [kind() for kind in _KINDS]

    def add(self, row: Any) -> None:
        for i, (column, kind) in enumerate(zip(FIGURES, _KINDS, strict=True)):
            self.values[i] += kind(getattr(row, column))

    @property
    def cleaned_area(self) -> float:
        return float(self.values[3])

    def figures(self) -> dict[str, Any]:
        return figures(*self.values)


def _sums(source: Any) -> tuple[Any, ...]:
    """The sums of the figure columns of ``source`` (a roll-up table or a subquery's ``c``), 0 over no rows."""
    return tuple(func.coalesce(func.sum(getattr(source, c)), kind()).label(c) for c, kind in zip(FIGURES, _KINDS,
                                                                                               strict=True))


def _one_statement(queries: list[Select[Any]]) -> Any:
    return union_all(*queries) if len(queries) > 1 else queries[0]


def _on_map(query: Select[Any], table: Any, map_name: str | None) -> Select[Any]:
    return query if map_name is None else query.where(table.map_name == map_name)


async def period_sums(db: AsyncSession, fleet: Fleet, parts: list[Part], map_name: str | None,
                      by_map: bool) -> list[Any]:
    """The sums per period (a day or a month) of the fleet, and per map too (``by_map``): rows (period[, map_name],
    figures)."""
    queries = []
    for p in parts:
        keys = {"period": p.period, "map_name": p.table.map_name} if by_map else {"period": p.period}
        query = (select(*(column.label(name) for name, column in keys.items()), *_sums(p.table))
                 .where(p.when, p.member(fleet)).group_by(*keys.values()))
        queries.append(_on_map(query, p.table, map_name))
    return list(await db.execute(_one_statement(queries)))


def per_device(fleet: Fleet, parts: list[Part], map_name: str | None) -> Any:
    """A subquery of the sums per device (device_id, figures): one row per device and part, read device by
    device from the device-first index (grouped without a sort)."""
    queries = [_on_map(select(p.table.device_id.label("device_id"), *_sums(p.table))
                       .where(p.when, p.table.device_id.in_(fleet.ids)), p.table, map_name)
               .group_by(p.table.device_id) for p in parts]
    return _one_statement(queries).subquery("per_device")


def _bucket_index(buckets: list[tuple[date, date]]) -> Any:
    """A function answering the index of the bucket holding a period (None: in none)."""
    starts = [first for first, _last in buckets]

    def index(period: date) -> int | None:
        at = bisect.bisect_right(starts, period) - 1
        return at if at >= 0 and period <= buckets[at][1] else None
    return index


def bucket_totals(rows: Iterable[Any], buckets: list[tuple[date, date]]) -> list[Totals]:
    """The rows' figures summed per bucket (a row's period lies in one bucket: a month row only in a month's)."""
    index = _bucket_index(buckets)
    totals = [Totals() for _ in buckets]
    for row in rows:
        at = index(as_date(row.period))
        if at is not None:
            totals[at].add(row)
    return totals


def bucket_online(online: Iterable[tuple[date, int]], buckets: list[tuple[date, date]]) -> list[int]:
    index = _bucket_index(buckets)
    counts = [0] * len(buckets)
    for period, n in online:
        at = index(period)
        if at is not None:
            counts[at] += n
    return counts


def map_breakdown(rows: Iterable[Any]) -> list[dict[str, Any]]:
    per_map: dict[str, Totals] = {}
    for row in rows:
        per_map.setdefault(row.map_name, Totals()).add(row)
    counted = [item for item in per_map.items() if item[1].values[0] > 0]  # not a map whose runs all moved away
    ranked = sorted(counted, key=lambda item: (-item[1].cleaned_area, item[0]))[:BREAKDOWN_ROWS]
    return [{"id": name, "name": name, **totals.figures()} for name, totals in ranked]


async def owner_days(db: AsyncSession, fleet: Fleet, start: date, end: date) -> list[Any]:
    """The sums and online device-days per day of the fleet's owners (``task_report_owner_days``): rows (period,
    figures, online)."""
    days = TaskReportOwnerDay
    assert fleet.owners is not None
    return list(await db.execute(
        select(days.day.label("period"), *_sums(days), func.sum(days.online_days).label("online"))
        .where(days.day.between(start, end), days.owner_id.in_(fleet.owners)).group_by(days.day)))


async def online_days(db: AsyncSession, fleet: Fleet, start: date, end: date,
                      by_month: bool) -> list[tuple[date, int]]:
    """The fleet's online device-days per period: per day, and per month for whole months (``by_month``); for a
    reader whose days are not UTC days, per reader's day from the day rows (``online_per_reader_day``)."""
    if not ranges.utc_days(start, end):
        return await online_per_reader_day(db, fleet.member, start, end)
    months, day_ranges = await spans(db, DeviceOnlineDay.day, DeviceOnlineDay.device_id, fleet, start, end, by_month)
    days, month_rows = DeviceOnlineDay, DeviceOnlineMonth
    queries: list[Any] = [
        select(days.day.label("period"), func.count().label("n"))
        .where(days.day.between(first, last), fleet.member(days.device_id)).group_by(days.day)
        for first, last in day_ranges]
    if months:
        queries.append(select(month_rows.month.label("period"), func.sum(month_rows.days).label("n"))
                       .where(month_rows.month.between(months[0], months[-1]), fleet.member(month_rows.device_id))
                       .group_by(month_rows.month))
    return [(as_date(period), int(n)) for period, n in await db.execute(_one_statement(queries))]


def _rate(online: int, device_days: int) -> int:
    return round(online / device_days * 1000) if device_days else 0


# --- the calls ---------------------------------------------------------------------------------------

def _range_of(kind: str, end: date) -> tuple[str, list[tuple[date, date]], date]:
    bucket, buckets = chart_buckets(kind, end)
    return bucket, buckets, buckets[0][0]


async def chart(db: AsyncSession, devices: Select[Any], kind: str, end: date, by: str,
                map_name: str | None, owners: Select[Any] | None = None) -> dict[str, Any]:
    """``owners``: the users whose devices ``devices`` are, when they are a branch of users (``service.owners_in``);
    the chart then reads the owner roll-ups where it can."""
    await custom_plans(db)
    bucket, buckets, start = _range_of(kind, end)
    fleet = await fleet_of(db, devices, owners)
    by_month = bucket == "month"  # a month row never straddles a bucket of months; a week may split a month
    maps = by == "map" or map_name is not None
    covering = await figure_spans(db, fleet, start, end, by_month)
    local = local_parts(start, end)
    moved = [] if local is not None else await shifted_periods(db, fleet, buckets, map_name, by_map=by == "map")
    if local is not None:
        periods = await period_sums(db, fleet, local, map_name, by_map=by == "map")
        online_rows = await online_days(db, fleet, start, end, by_month)
    elif fleet.owners is not None and not by_month and not maps:
        periods = await owner_days(db, fleet, start, end)
        online_rows = ([(as_date(row.period), int(row.online)) for row in periods] if ranges.utc_days(start, end)
                       else await online_days(db, fleet, start, end, by_month))
    else:
        periods = await period_sums(db, fleet, figure_parts(covering, maps, fleet), map_name, by_map=by == "map")
        online_rows = await online_days(db, fleet, start, end, by_month)
    periods = [*periods, *moved]
    online = bucket_online(online_rows, buckets)
    points = [{"start": first.isoformat(), "end": last.isoformat(), **totals.figures(),
               "onlineRate": _rate(online_n, fleet.count * ((last - first).days + 1))}
              for (first, last), totals, online_n in zip(buckets, bucket_totals(periods, buckets), online, strict=True)]
    if by == "map":
        rows = map_breakdown(periods)
    elif local is not None:
        rows = await breakdown(db, per_device(fleet, local, map_name), by)
    else:
        whole = covering if by_month else await figure_spans(db, fleet, start, end, by_month=True)
        rows = await breakdown(db, per_device(fleet, _edges_shifted(figure_parts(whole, maps), start, end), map_name),
                               by)
    return {"range": kind, "bucket": bucket, "start": start.isoformat(), "end": end.isoformat(), "points": points,
            "by": by, "breakdown": rows}


async def breakdown(db: AsyncSession, rows: Any, by: str) -> list[dict[str, Any]]:
    """The per-device sums ``rows`` summed per device, owner or group (the first hundred by cleaned area)."""
    sums = _sums(rows.c)
    key: Any
    name: Any
    if by == "device":
        key, name = Device.id, Device.name
        query = (select(key.label("key"), name.label("name"), *sums).join(Device, Device.id == rows.c.device_id)
                 .group_by(key, name))
    elif by == "owner":
        key, name = User.id, func.coalesce(func.nullif(User.name, ""), User.account)
        query = (select(key.label("key"), name.label("name"), *sums).join(Device, Device.id == rows.c.device_id)
                 .join(User, User.id == Device.user_id).group_by(key, User.name, User.account))
    else:
        key, name = DeviceGroup.id, DeviceGroup.name
        query = (select(key.label("key"), name.label("name"), *sums)
                 .join(DeviceGroupMember, DeviceGroupMember.device_id == rows.c.device_id)
                 .join(DeviceGroup, DeviceGroup.id == DeviceGroupMember.group_id).group_by(key, name))
    query = (query.having(func.sum(rows.c.runs) > 0)  # not a device whose runs all moved out (shifted_part)
             .order_by(func.sum(rows.c.cleaned_area).desc(), key).limit(BREAKDOWN_ROWS))
    return [{"id": str(row.key), "name": str(row.name or ""), **_row_figures(row)} for row in await db.execute(query)]


async def summary(db: AsyncSession, devices: Select[Any], kind: str, end: date, map_name: str | None) -> dict[str, Any]:
    await custom_plans(db)
    _bucket, _buckets, start = _range_of(kind, end)
    fleet = await fleet_of(db, devices)
    parts = local_parts(start, end) or _edges_shifted(
        figure_parts(await figure_spans(db, fleet, start, end, by_month=True), maps=map_name is not None), start, end)
    rows = per_device(fleet, parts, map_name)
    per = select(rows.c.device_id, *_sums(rows.c)).group_by(rows.c.device_id).subquery("device_sums")
    totals = (await db.execute(select(*_sums(per.c), func.count(case((per.c.runs > 0, 1))).label("working")))).one()
    online = await online_days(db, fleet, start, end, by_month=True)
    return {"range": kind, "start": start.isoformat(), "end": end.isoformat(), **_row_figures(totals),
            "devices": fleet.count, "workingDevices": int(totals.working),
            "onlineRate": _rate(sum(n for _period, n in online), fleet.count * ((end - start).days + 1))}


async def chart_map(db: AsyncSession, devices: Select[Any], kind: str, end: date,
                    map_name: str | None, owners: Select[Any] | None = None) -> dict[str, Any]:
    """``owners`` as for ``chart``: the map list then reads the owner month roll-up for the whole months."""
    await custom_plans(db)
    _bucket, _buckets, start = _range_of(kind, end)
    fleet = await fleet_of(db, devices, owners)
    covering = await figure_spans(db, fleet, start, end, by_month=True)
    local = local_parts(start, end)
    rows = per_device(fleet, local or _edges_shifted(figure_parts(covering, maps=map_name is not None), start, end),
                      map_name)
    place = (Device.id, Device.name, Device.serial_number, Device.latitude, Device.longitude, Device.city,
             Device.country, Device.country_code)
    query = (select(*place, *_sums(rows.c)).join(Device, Device.id == rows.c.device_id).group_by(*place)
             .having(func.sum(rows.c.runs) > 0).order_by(func.sum(rows.c.cleaned_area).desc(), Device.id).limit(PLACES))
    places = [{"deviceId": r.id, "deviceName": r.name, "deviceSerialNumber": r.serial_number, "latitude": r.latitude,
               "longitude": r.longitude, "city": r.city, "country": r.country, "countryCode": r.country_code,
               "runs": int(r.runs), "cleanedArea": round(float(r.cleaned_area), 2), "durationS": int(r.duration_s)}
              for r in await db.execute(query)]
    map_parts = local or _edges_shifted(figure_parts(covering, maps=True, fleet=fleet), start, end)
    maps = await period_sums(db, fleet, map_parts, map_name, by_map=True)
    return {"range": kind, "start": start.isoformat(), "end": end.isoformat(), "places": places,
            "maps": map_breakdown(maps)}
