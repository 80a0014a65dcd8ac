"""A period's figures for many sites at once (``period_figures``): the hours of the days that have ended from the
kept days (``kept.py``), the day still running computed now (``compute.py``), the incidents counted in SQL, the
planned runs from plan against actual's kept days."""

from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import and_, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.db import Base, engine_key
from cleanfleet.sites.availability import history, kept, spans
from cleanfleet.sites.availability.compute import (
    SEVERITIES,
    Figures,
    Hours,
    Schedule,
    Severity,
    Shared,
    day_starts,
    hours_of,
    robot_hours,
    up_to,
)
from cleanfleet.sites.availability.compute import schedules as schedules_of
from cleanfleet.sites.models import SiteRobot
from cleanfleet.sites.plans import actual, actual_days

MISSED, SHORT = actual.STATES.index("missed"), actual.STATES.index("short")


async def incidents_of(db: AsyncSession, plans: dict[int, actual.SitePlan]) -> dict[int, list[Severity]]:
    """Site id → its incidents opened in its period by urgency (``SEVERITIES``) and in all: counted in SQL (one
    grouped read, sites of one period together)."""
    found = {site_id: {s: Severity(s) for s in (*SEVERITIES, "all")} for site_id in plans}
    if not plans:
        return {}
    incidents = Base.metadata.tables["incidents"]  # by name: incidents imports sites (history.py says why)
    by_bounds: dict[tuple[datetime, datetime], list[int]] = defaultdict(list)
    for site_id, plan in plans.items():
        by_bounds[plan.bounds].append(site_id)
    within = or_(*(and_(incidents.c.site_id.in_(sorted(ids)), incidents.c.opened_at >= start,
                        incidents.c.opened_at < end) for (start, end), ids in sorted(by_bounds.items())))
    rows = await db.execute(select(incidents.c.site_id, incidents.c.urgency, func.count(),
                                   func.count(incidents.c.ack_seconds), func.sum(incidents.c.ack_seconds),
                                   func.count(incidents.c.resolve_seconds), func.sum(incidents.c.resolve_seconds))
                            .where(within).group_by(incidents.c.site_id, incidents.c.urgency))
    for site_id, urgency, count, acknowledged, ack_sum, resolved, resolve_sum in rows:
        for key in (urgency if urgency in SEVERITIES else "high", "all"):
            tally = found[site_id][key]
            tally.count += count
            tally.acknowledged, tally.ack_sum = tally.acknowledged + acknowledged, tally.ack_sum + int(ack_sum or 0)
            tally.resolved, tally.resolve_sum = tally.resolved + resolved, tally.resolve_sum + int(resolve_sum or 0)
    return {site_id: list(by.values()) for site_id, by in found.items()}


async def _computed(db: AsyncSession, plans: dict[int, actual.SitePlan], now: datetime,
                    by_day: bool) -> dict[int, tuple[Hours, dict[int, Hours], dict[Any, Hours]]]:
    """The plans' periods computed now from their robots' downtime (one read for them all)."""
    if not plans:
        return {}
    start = min(plan.bounds[0] for plan in plans.values())
    end = max(plan.bounds[1] for plan in plans.values())
    # the robots that stayed at the sites in the period (a few more than the plans' robots: their spans go unread)
    robots = select(SiteRobot.device_id).where(SiteRobot.site_id.in_(sorted(plans)), SiteRobot.started_at < end,
                                               or_(SiteRobot.ended_at.is_(None), SiteRobot.ended_at > start))
    downtime = await history.read(db, robots, start, end, now)
    shared = Shared()
    return {site_id: hours_of(plan, downtime, now, by_day, shared) for site_id, plan in plans.items()}


# the running day of a robot with nothing ongoing when it was computed: (database, site, robot, first, last) → its
# stamp and change count then, the moment it was computed to, its hours, its whole schedule of the period. Later, with
# the same stamp and count (no downtime record changed), only scheduled time has passed: the same hours plus the
# schedule since. A memo of a pure function of its key's inputs (each worker its own; none needs another's)
_RUNNING: dict[tuple[int, int, int, Any, Any], tuple[str, int, int, Hours, Schedule]] = {}
RUNNING_KEPT = 50_000


@dataclass(frozen=True)
class Running:
    """A robot's running days as computed: its whole schedule of them, its hours in them up to the moment computed,
    whether a downtime of it was ongoing then (else its hours grow by its schedule alone while nothing changes), and
    the running days' bounds (its downtime is read over them). What ``period_figures`` tells a caller that remembers
    the figures (``month.py``)."""

    schedule: Schedule
    hours: Hours
    ongoing: bool
    bounds: tuple[datetime, datetime]


Schedules = dict[tuple[int, int], Running]  # (site, robot) → its running days


def plus(hours: Hours, seconds: float) -> Hours:
    """``hours`` with ``seconds`` more scheduled and available (a copy)."""
    more = Hours(hours.scheduled + seconds, hours.available + seconds)
    more.lost.update(hours.lost)
    more.excluded.update(hours.excluded)
    return more


def _remembered(engine: int, plans: dict[int, actual.SitePlan], expected: kept.Expected, until: int,
                schedules: Schedules) -> tuple[dict[tuple[int, int], Hours], list[tuple[int, int]]]:
    """The running robots' hours ``_RUNNING`` still holds (their schedules in ``schedules``), and the (site, robot)
    pairs it does not."""
    found: dict[tuple[int, int], Hours] = {}
    missing = []
    since: dict[tuple[int, int], float] = {}  # (schedule, moment) → its time from then to now: robots share both
    for site_id, plan in plans.items():
        for device in plan.robots():
            entry = _RUNNING.get((engine, site_id, device, plan.first, plan.last))
            if entry is not None and entry[:2] == expected.get((site_id, device)) and entry[2] <= until:
                key = (id(entry[4]), entry[2])
                if key not in since:
                    since[key] = spans.length_within(entry[4].spans, entry[4].starts, entry[2], until)
                found[(site_id, device)] = plus(entry[3], since[key])
                schedules[(site_id, device)] = Running(entry[4], plus(found[(site_id, device)], 0), False,
                                                       plan.bounds)
            else:
                missing.append((site_id, device))
    return found, missing


async def _running(db: AsyncSession, plans: dict[int, actual.SitePlan], expected: kept.Expected, now: datetime,
                   schedules: Schedules) -> dict[int, tuple[Hours, dict[int, Hours], dict[Any, Hours]]]:
    """The day still running (and the period's days after it) of many sites' robots: from ``_RUNNING`` where nothing
    changed (no schedule computed for them), else computed from the downtime (one read for those robots only).
    Each robot's running days in ``schedules``."""
    until, engine = round(now.timestamp()), engine_key(db)
    found, missing = _remembered(engine, plans, expected, until, schedules)
    if missing:
        shared, sites = Shared(), {site_id for site_id, _ in missing}
        # each site's whole schedules of the period (kept for later calls), and up to now
        whole = {site_id: schedules_of(plans[site_id], plans[site_id].bounds[1], shared, day_starts(plans[site_id]))
                 for site_id in sites}
        downtime = await history.read(db, sorted({device for _, device in missing}),
                                      min(plans[site_id].bounds[0] for site_id in sites),
                                      max(plans[site_id].bounds[1] for site_id in sites), now)
        if len(_RUNNING) > RUNNING_KEPT:
            _RUNNING.clear()
        clipped: dict[int, Schedule] = {}
        for site_id, device in missing:
            plan, schedule = plans[site_id], whole[site_id][device]
            if id(schedule) not in clipped:  # robots share schedules
                clipped[id(schedule)] = up_to(schedule, until)
            down = downtime.get(device, history.Downtime())
            found[(site_id, device)] = robot_hours(clipped[id(schedule)], down)[0]
            schedules[(site_id, device)] = Running(schedule, plus(found[(site_id, device)], 0), down.ongoing,
                                                   plan.bounds)
            if not down.ongoing and (site_id, device) in expected:
                _RUNNING[(engine, site_id, device, plan.first, plan.last)] = (
                    *expected[(site_id, device)], until, plus(found[(site_id, device)], 0), schedule)
    totals: dict[int, tuple[Hours, dict[int, Hours], dict[Any, Hours]]] = {}
    for (site_id, device), hours in found.items():
        total, robots, _ = totals.setdefault(site_id, (Hours(), {}, {}))
        robots[device] = hours
        total.add(hours)
    return totals


async def _hours(db: AsyncSession, plans: dict[int, actual.SitePlan], now: datetime, by_day: bool,
                 live: bool, schedules: Schedules) -> dict[int, tuple[Hours, dict[int, Hours], dict[Any, Hours]]]:
    """Each site's hours, per robot and (``by_day``) per day: the closed days kept, the others computed now (for
    many sites, the running day from ``_RUNNING`` where it can, the running robots' running days in ``schedules``)."""
    if live:
        return await _computed(db, plans, now, by_day)
    expected, folded = await kept.fingerprints(db, plans)  # before any downtime is read
    closed = {site_id: part for site_id, plan in plans.items() if (part := kept.closed(plan, now)) is not None}
    running = {site_id: replace(plan, first=closed[site_id].last + timedelta(days=1)) if site_id in closed else plan
               for site_id, plan in plans.items() if site_id not in closed or closed[site_id].last < plan.last}
    done = await kept.hours(db, closed, now, expected, folded, by_day=by_day)
    computed = await (_computed(db, running, now, by_day) if by_day
                      else _running(db, running, expected, now, schedules))
    found = {}
    for site_id in plans:
        total, robots, daily = computed.get(site_id, (Hours(), {}, {}))
        kept_days = done.get(site_id)
        if kept_days is not None:
            for device, hours in kept_days.robots.items():
                robots.setdefault(device, Hours()).add(hours)
                total.add(hours)
            daily.update({day: Hours(float(numbers[0]), float(numbers[1])) for day, numbers in kept_days.days.items()})
        found[site_id] = (total, robots, dict(sorted(daily.items())) if by_day else {})
    return found


async def period_figures(db: AsyncSession, plans: dict[int, actual.SitePlan], now: datetime, *,
                         by_day: bool = False, live: bool = False,
                         schedules: Schedules | None = None) -> dict[int, Figures]:
    """Each site's figures over its plan's period (several sites at once: the dealer's table). ``live``: every day
    computed now from the downtime records, the definition the kept days are checked against (tests).
    ``schedules`` (not ``by_day``, not ``live``): filled with the robots' running days."""
    if not plans:
        return {}
    incidents = await incidents_of(db, plans)
    # per day (the missed and short runs' days) for one site; for many, each site's sums in one grouped read
    runs = await actual_days.counts_by_day(db, plans, now) if by_day else {}
    totals = {} if by_day else await actual_days.site_totals(db, plans, now)
    hours = await _hours(db, plans, now, by_day, live, {} if schedules is None else schedules)
    found: dict[int, Figures] = {}
    for site_id, plan in plans.items():
        total, per_robot, daily = hours[site_id]
        sums, problem_days = totals.get(site_id, [0] * len(actual.STATES)), {}
        for day, numbers in runs.get(site_id, {}).items():
            sums = [a + b for a, b in zip(sums, numbers, strict=True)]
            problem_days[day] = numbers[MISSED] + numbers[SHORT]
        found[site_id] = Figures(plan.first, plan.last, total, per_robot, daily, incidents[site_id],
                                 actual.counts_of(Counter(dict(zip(actual.STATES, sums, strict=True)))), problem_days)
    return found
