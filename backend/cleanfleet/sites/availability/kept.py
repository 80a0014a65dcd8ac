"""Availability kept per robot and closed site day (issue 53 item 3, issue 52 item 2: the dealer's month of 200
sites, a site's year): ``site_availability_days``.

A robot's hours on a site day that has ended (on the site's clock) change only when what they are computed from
changes. ``compute.period_figures`` reads the closed days of a period here and computes only the day still running
(today) from the downtime records. What a kept day is computed from, and how a change reaches it:

- **the site's records that concern the robot** (the site's time zone, the plan items on the floors it cleans and
  their terms, those floors, all its stays at the site): their fingerprint is the row's ``stamp``, computed again at
  every read from the records the call loads anyway (``Stamps``). Another fingerprint: computed again. Nothing
  has to remember to invalidate; the fingerprint takes no period, so a month's call and a year's share the rows;
- **the robot's downtime records** (offline spans, fault alarms, incidents, updates, repairs: ``history.py``):
  every insert, delete or change of a column availability reads adds a row to ``site_downtime_changes`` (database
  triggers, migration 0063: the gateway, a person resolving an alarm, a repair entered by hand, a late report, a
  purge, a cascade all count). The row keeps the sum of the robot's change weights read *before* its downtime
  (``changes``); a different sum now means a change since, and the robot's days are computed again. A sum, not the
  newest id: two writers' rows may commit in either order, a sum counts both.

A robot's days are valid when every closed day of the period has its row with today's stamp and the robot's
current sum; otherwise all of them are computed (one downtime read for every such robot) and written (upsert,
bookkeeping: no operation log) before the call answers; its change rows are folded into one then (their weights
summed: the sum is unchanged, so nothing goes stale). Rows are whole seconds (``history.py``), so a period's sum of
days is exactly what computing it whole gives (``tests/sites/test_availability_kept.py`` checks both ways agree).
"""

import hashlib
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import and_, delete, func, insert, or_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.db import engine_key
from cleanfleet.sites import days
from cleanfleet.sites.availability import compute, history
from cleanfleet.sites.availability.models import SiteAvailabilityDay, SiteDowntimeChange
from cleanfleet.sites.models import SiteRobot
from cleanfleet.sites.plans import actual

RULES = "availability-1"  # change when compute.py or history.py change what a robot's day is
CHUNK = 500  # ids per IN list, rows per insert
ROBOTS = 5_000  # robot ids per IN list of the change counts (a dealer's 1,000 robots: one statement)
FOLD_AT = 8  # a robot's change rows are folded into one when it has more
VALUES = compute.COLUMNS  # scheduled, available, offline, fault, waiting, update, maintenance
_ROW = [getattr(SiteAvailabilityDay, name) for name in VALUES]


@dataclass
class Kept:
    """A site's closed days: each robot's hours over them, and (when asked) the site's hours per day."""

    robots: dict[int, compute.Hours] = field(default_factory=dict)
    days: dict[date, list[int]] = field(default_factory=dict)  # day → its scheduled and available, all robots


def closed(plan: actual.SitePlan, now: datetime) -> actual.SitePlan | None:
    """The plan over its period's days that have ended on the site's clock (None: none has)."""
    last = min(plan.last, days.today(plan.zone, now) - timedelta(days=1))
    return replace(plan, last=last) if last >= plan.first else None


def _hours(row: Sequence[int]) -> compute.Hours:
    hours = compute.Hours(float(row[0]), float(row[1]))
    for n, cause in enumerate(VALUES[2:], start=2):
        if row[n]:
            (hours.lost if cause in history.CAUSES else hours.excluded)[cause] = float(row[n])
    return hours


class Stamps:
    """The fingerprints of what a site's robots' days are computed from, besides their downtime: the site's time zone,
    the floors each robot cleans, the plan items on them (their terms that the schedule reads), its stays there."""

    def __init__(self, plan: actual.SitePlan) -> None:
        self.head = repr((RULES, plan.site.time_zone))
        terms: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
        for item, _, _ in plan.items:
            terms[item.floor_id].append((item.id, item.valid_from, item.valid_until, item.weekdays,
                                         item.window_start, item.window_end))
        self.terms = {floor: repr(sorted(found)) for floor, found in terms.items()}
        self.floors: dict[int, set[int]] = defaultdict(set)
        for (device, _), floor in plan.floor_of.items():
            self.floors[device].add(floor)

    def of(self, device: int, stays: list[tuple[Any, Any]]) -> str:
        floors = sorted(self.floors.get(device, ()))
        text = "|".join((self.head, repr(floors), *(self.terms.get(floor, "") for floor in floors),
                         repr(sorted(stays))))
        return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


async def change_sums(db: AsyncSession, key: Any, ids: list[int]) -> dict[int, tuple[int, int]]:
    """Each id's sum of change weights and its number of change rows (``key``: ``SiteDowntimeChange.device_id`` or
    ``SiteFigureChange.site_id``)."""
    weight = key.class_.weight
    found: dict[int, tuple[int, int]] = {}
    for n in range(0, len(ids), ROBOTS):
        found.update((one, (int(total), int(rows))) for one, total, rows in await db.execute(
            select(key, func.sum(weight), func.count()).where(key.in_(ids[n:n + ROBOTS])).group_by(key)))
    return found


async def _stays(db: AsyncSession, site_ids: list[int]) -> dict[tuple[int, int], list[tuple[Any, Any]]]:
    """Every stay of the sites' robots (not only the period's: the stamp takes no period)."""
    epoch = lambda column: history.epoch(db, column)  # noqa: E731
    found: dict[tuple[int, int], list[tuple[Any, Any]]] = defaultdict(list)
    for n in range(0, len(site_ids), CHUNK):
        for site_id, device_id, started, ended in await db.execute(
                select(SiteRobot.site_id, SiteRobot.device_id, func.round(epoch(SiteRobot.started_at)),
                       func.round(epoch(SiteRobot.ended_at))).where(SiteRobot.site_id.in_(site_ids[n:n + CHUNK]))):
            found[(site_id, device_id)].append((int(started), None if ended is None else int(ended)))
    return found


def _month_start(day: date) -> date:
    return day.replace(day=1)


def _ends(plan: actual.SitePlan) -> tuple[date, ...]:
    """The rows whose values make the period: each of its months' last day in it, and the day before it when it
    starts within a month (subtracted)."""
    ends, month = [], _month_start(plan.first)
    while month <= plan.last:
        following = (month + timedelta(days=32)).replace(day=1)
        ends.append(min(plan.last, following - timedelta(days=1)))
        month = following
    return tuple(ends) if plan.first.day == 1 else (plan.first - timedelta(days=1), *ends)


def _grouped(plans: dict[int, actual.SitePlan], days_of: Any) -> Any:
    """Rows of the days ``days_of(plan)`` answers (a tuple, or a (first, last) range), sites of the same together."""
    by_days: dict[Any, list[int]] = defaultdict(list)
    for site_id, plan in plans.items():
        by_days[days_of(plan)].append(site_id)
    day = SiteAvailabilityDay.day
    return or_(*(and_(SiteAvailabilityDay.site_id.in_(sorted(ids)),
                      day.in_(wanted[1]) if wanted[0] == "in" else and_(day >= wanted[1], day <= wanted[2]))
                 for wanted, ids in sorted(by_days.items())))


def _from(plan: actual.SitePlan) -> date:
    """The first row a period's days need: the day before it within its month (a day is a difference)."""
    return plan.first if plan.first.day == 1 else plan.first - timedelta(days=1)


def _as_day(value: Any) -> date:
    return date.fromisoformat(value) if isinstance(value, str) else value


def _total(plan: actual.SitePlan, ends: tuple[date, ...], rows: dict[date, list[int]]) -> list[int]:
    """A robot's period from its month-to-date rows at ``ends``: the months' sums less the day before it."""
    if len(ends) == 1:
        return rows[ends[0]]
    total = [0] * len(VALUES)
    for n, day in enumerate(ends):
        sign = -1 if n == 0 and plan.first.day != 1 else 1
        total = [a + sign * b for a, b in zip(total, rows[day], strict=True)]
    return total


# a robot's period as its kept rows answer it: (database, site, robot, the rows' days) → their stamp and change count,
# the hours (rows are only written as computed from their stamp and count: a memo of a pure function of its key's
# inputs; each worker its own). The dealer's table then reads only the robots whose fingerprint moved
_READ: dict[tuple[int, int, int, tuple[date, ...]], tuple[str, int, compute.Hours]] = {}
READ_KEPT = 50_000


async def _read(db: AsyncSession, plans: dict[int, actual.SitePlan], expected: dict[tuple[int, int], tuple[str, int]],
                by_day: bool) -> tuple[dict[int, Kept], set[tuple[int, int]]]:
    """The valid robots' kept hours per site (and per day), and the (site, robot) pairs whose days must be computed.
    A robot's period is a few rows (a month's table: one; remembered in ``_READ``); its days (``by_day``) each
    day's row."""
    found: dict[int, Kept] = {site_id: Kept() for site_id in plans}
    key = (SiteAvailabilityDay.site_id, SiteAvailabilityDay.device_id, SiteAvailabilityDay.stamp,
           SiteAvailabilityDay.changes, SiteAvailabilityDay.day)
    wanted = {site_id: _ends(plan) for site_id, plan in plans.items()}
    engine, valid = engine_key(db), set()
    if not by_day:
        for (site_id, device_id), fingerprint in expected.items():
            entry = _READ.get((engine, site_id, device_id, wanted[site_id]))
            if entry is not None and entry[:2] == fingerprint:
                found[site_id].robots[device_id] = entry[2]
                valid.add((site_id, device_id))
    unread = {site_id: plans[site_id] for site_id, _ in set(expected) - valid}
    ends: dict[tuple[int, int], dict[date, list[int]]] = defaultdict(dict)
    for site_id, device_id, stamp, changes, day, *values in await db.execute(
            select(*key, *_ROW).where(_grouped(unread, lambda plan: ("in", wanted[plan.site.id])))) if unread else ():
        if expected.get((site_id, device_id)) == (stamp, changes):
            ends[(site_id, device_id)][_as_day(day)] = values
    read = {pair for pair, rows in ends.items() if len(rows) == len(wanted[pair[0]])}
    daily: dict[tuple[int, int], list[tuple[date, list[int]]]] = defaultdict(list)
    if by_day:
        for site_id, device_id, stamp, changes, day, scheduled, available in await db.execute(
                select(*key, SiteAvailabilityDay.scheduled, SiteAvailabilityDay.available)
                .where(_grouped(plans, lambda plan: ("range", _from(plan), plan.last)))
                .order_by(SiteAvailabilityDay.site_id, SiteAvailabilityDay.device_id, SiteAvailabilityDay.day)):
            if (site_id, device_id) in read and expected[(site_id, device_id)] == (stamp, changes):
                daily[(site_id, device_id)].append((_as_day(day), [int(scheduled), int(available)]))
        read = {pair for pair in read if len(daily[pair]) == (plans[pair[0]].last - _from(plans[pair[0]])).days + 1}
    if len(_READ) > READ_KEPT:
        _READ.clear()
    for site_id, device_id in read:
        plan = plans[site_id]
        hours = found[site_id].robots[device_id] = _hours(_total(plan, wanted[site_id], ends[(site_id, device_id)]))
        _READ[(engine, site_id, device_id, wanted[site_id])] = (*expected[(site_id, device_id)], hours)
        _add_days(found[site_id], plan, _days_of(daily[(site_id, device_id)]))
    return found, set(expected) - valid - read


def _days_of(cumulative: list[tuple[date, list[int]]]) -> list[tuple[date, list[int]]]:
    """Each day's own hours from the month-to-date rows (consecutive days)."""
    out, before = [], None
    for day, values in cumulative:
        out.append((day, values if day.day == 1 or before is None else [a - b for a, b in zip(values, before,
                                                                                                strict=True)]))
        before = values
    return out


def _add_days(kept: Kept, plan: actual.SitePlan, daily: list[tuple[date, list[int]]]) -> None:
    """A robot's days of the plan's period (scheduled, available) added to the site's."""
    for day, values in daily:
        if plan.first <= day <= plan.last:
            sums = kept.days.setdefault(day, [0, 0])
            sums[0] += values[0]
            sums[1] += values[1]


def _insert(db: AsyncSession) -> Any:
    return postgresql.insert if db.get_bind().dialect.name == "postgresql" else sqlite.insert


async def _compute(db: AsyncSession, plans: dict[int, actual.SitePlan], stale: set[tuple[int, int]],
                   expected: dict[tuple[int, int], tuple[str, int]], now: datetime,
                   found: dict[int, Kept]) -> None:
    """The stale robots' days from the first of their period's month computed from their downtime, written (key
    order: no deadlock) and added."""
    sites = sorted({site_id for site_id, _ in stale})
    whole = await actual.load(db, {site_id: (plans[site_id].site, _month_start(plans[site_id].first),
                                             plans[site_id].last) for site_id in sites})
    devices = sorted({device for _, device in stale})
    downtime = await history.read(db, devices, min(plan.bounds[0] for plan in whole.values()),
                                  max(plan.bounds[1] for plan in whole.values()), now)
    shared, rows = compute.Shared(), []
    for site_id in sites:
        plan = whole[site_id]
        starts = compute.day_starts(plan)
        period = days.days_between(plan.first, plan.last)
        for device, schedule in compute.schedules(plan, now, shared, starts).items():
            if (site_id, device) not in stale:
                continue
            _, pieces = compute.robot_hours(schedule, downtime.get(device, history.Downtime()))
            daily = list(zip(period, ([round(value) for value in row]
                                      for row in compute.robot_days(schedule, pieces, starts)), strict=True))
            stamp, changes = expected[(site_id, device)]
            cumulative: list[int] = []
            for day, values in daily:
                cumulative = values if day.day == 1 or not cumulative else [a + b for a, b in zip(
                    cumulative, values, strict=True)]
                rows.append({"site_id": site_id, "device_id": device, "day": day, "stamp": stamp,
                             "changes": changes, **dict(zip(VALUES, cumulative, strict=True))})
            found[site_id].robots[device] = _hours([sum(values[n] for day, values in daily
                                                        if plans[site_id].first <= day <= plans[site_id].last)
                                                    for n in range(len(VALUES))])
            _add_days(found[site_id], plans[site_id], daily)
    statement = _insert(db)(SiteAvailabilityDay)
    statement = statement.on_conflict_do_update(
        index_elements=["site_id", "day", "device_id"],
        set_={name: statement.excluded[name] for name in ("stamp", "changes", *VALUES)})
    rows.sort(key=lambda row: (row["site_id"], row["day"], row["device_id"]))  # two writers meet in one order
    for n in range(0, len(rows), CHUNK):
        await db.execute(statement, rows[n:n + CHUNK])


async def fold(db: AsyncSession, key: Any, ids: list[int]) -> None:
    """Each id's change rows (``key``: ``SiteDowntimeChange.device_id`` or ``SiteFigureChange.site_id``) as one, their
    weights summed (rows another transaction adds meanwhile stay apart)."""
    model = key.class_
    for n in range(0, len(ids), CHUNK):
        taken = (await db.execute(delete(model).where(key.in_(ids[n:n + CHUNK])).returning(key, model.weight))).all()
        sums: dict[int, int] = defaultdict(int)
        for found, weight in taken:
            sums[found] += weight
        if sums:
            await db.execute(insert(model), [{key.key: found, "weight": weight}
                                             for found, weight in sorted(sums.items())])


Expected = dict[tuple[int, int], tuple[str, int]]  # (site, robot) → the stamp and the change count its days need


async def fingerprints(db: AsyncSession, plans: dict[int, actual.SitePlan]) -> tuple[Expected, list[int]]:
    """Each site's robots' stamp and change count now (read before any downtime: see the module's docstring), and
    the robots whose change rows are to be folded."""
    robots = {site_id: plan.robots() for site_id, plan in plans.items()}
    changes = await change_sums(db, SiteDowntimeChange.device_id,
                                sorted({device for found in robots.values() for device in found}))
    stays = await _stays(db, sorted(plans)) if plans else {}
    expected = {}
    for site_id, theirs in robots.items():
        stamps = Stamps(plans[site_id])
        for device in theirs:
            expected[(site_id, device)] = (stamps.of(device, stays.get((site_id, device), [])),
                                           changes.get(device, (0, 0))[0])
    return expected, sorted({device for device, (_, rows) in changes.items() if rows > FOLD_AT})


async def hours(db: AsyncSession, plans: dict[int, actual.SitePlan], now: datetime, expected: Expected,
                folded: list[int], *, by_day: bool = False) -> dict[int, Kept]:
    """Each site's robots' hours over its plan's period, whose days have all ended (``closed``): kept rows where they
    are valid (``expected``: from ``fingerprints``), the others computed and kept; the ``folded`` robots' change rows
    folded (commits when it wrote)."""
    found: dict[int, Kept] = {}
    stale: set[tuple[int, int]] = set()
    if plans:
        ends = {site_id: plan.bounds[1] for site_id, plan in plans.items()}
        # a robot that came after the closed days (today) has none: else it would read as stale at every call
        there = {(site_id, device): stamp for (site_id, device), stamp in expected.items() if site_id in plans
                 and any(start < ends[site_id] for start, _ in plans[site_id].stays.get(device, ()))}
        found, stale = await _read(db, plans, there, by_day)
    if stale:
        await _compute(db, plans, stale, expected, now, found)
    if folded:
        await fold(db, SiteDowntimeChange.device_id, folded)
    if stale or folded:
        await db.commit()
    return found
