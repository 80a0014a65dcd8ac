"""Many sites' figures for a period (the dealer's month of 200 sites, issue 52 item 2; a site's period before the one
asked, its trend), remembered per site between calls.

A site's figures are a function of its own records (its time zone, floors, the floors' map ties, the robots' stays,
the plan items, the windows cleaned by hand, its incidents, its runs), of its robots' downtime records, and of time.
The database's triggers count the changes of the first two: ``site_figure_changes`` per site (migration 0065; the
runs through the kept plan-against-actual days' ``version``) and ``site_downtime_changes`` per robot (0063). Time
changes the figures in two ways only: a pending window closes (its planned run turns missed; the kept days'
``expires_at`` says when), and the running day's scheduled time grows, by each robot's schedule alone while none of
its downtime is ongoing (``figures._RUNNING`` rests on the same).

So a site's figures are kept here with the sums read before they were computed, the moment they were computed to,
the first expiry and its robots' running days. A later call reads the sums (one grouped read per kind for all the
sites) and, for a site where nothing moved and no window closed, answers the kept figures with each running robot's
hours brought to now: plus its scheduled time since when nothing of its downtime was ongoing, else its running days
computed again from its downtime kept with it (read to the end of its running days: a robot offline for hours
changes no record while its lost time grows). Only the other sites are loaded and computed. A change that commits
while a site is computed shows in the next call's sums (they were read before). Each worker keeps its own: a memo of
a pure function of its key's inputs (the key holds the site's creation: SQLite may hand a deleted site's id again).
``tests/sites/test_availability_month.py`` compares it with figures computed afresh after each kind of change and as
time passes.
"""

from collections import defaultdict
from dataclasses import dataclass, replace
from datetime import date, datetime

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.db import engine_key
from cleanfleet.sites.availability import history, kept, spans
from cleanfleet.sites.availability.compute import Figures, Hours, Schedule, robot_hours, up_to
from cleanfleet.sites.availability.figures import Running, Schedules, period_figures, plus
from cleanfleet.sites.availability.models import SiteDowntimeChange, SiteFigureChange
from cleanfleet.sites.models import Site, SiteActualDay
from cleanfleet.sites.plans import actual, actual_days

KEPT = 20_000  # sites' periods kept per worker (a dealer's 200 sites: 200)
Periods = dict[int, tuple[Site, date, date]]  # site id → the site and its period's first and last day


@dataclass(frozen=True)
class _Kept:
    changes: int  # the site's sum of change weights, read before its figures
    downtime: dict[int, int]  # each of its robots' sum of downtime change weights, read before its figures
    until: int  # the moment (epoch seconds) the figures were computed to
    expires: datetime | None  # when the first pending window closes (then its planned runs change)
    figures: Figures  # as computed, less the ongoing robots' running days
    growing: dict[int, Schedule]  # each running robot with nothing ongoing → its schedule (its hours grow by it)
    ongoing: dict[int, tuple[Schedule, history.Downtime]]  # each running robot with a downtime ongoing → its
    # schedule and its downtime read to the end of its running days (nothing of it changes while its sum holds)


# (database, site, its creation, first, last) → what its figures were computed from, and them
_KEPT: dict[tuple[int, int, datetime, date, date], _Kept] = {}


def _usable(entry: _Kept, changes: int, until: int, now: datetime) -> bool:
    return entry.changes == changes and entry.until <= until and (entry.expires is None or now < entry.expires)


def _minus(hours: Hours, less: Hours) -> Hours:
    """``hours`` less a part of them (a copy; whole seconds: exact)."""
    out = Hours(hours.scheduled - less.scheduled, hours.available - less.available)
    for mine, theirs, into in ((hours.lost, less.lost, out.lost), (hours.excluded, less.excluded, out.excluded)):
        for cause in mine.keys() | theirs.keys():
            if mine.get(cause, 0) - theirs.get(cause, 0):
                into[cause] = mine.get(cause, 0) - theirs.get(cause, 0)
    return out


def _kept(changes: int, downtime: dict[int, int], until: int, expires: datetime | None, found: Figures,
          running: dict[int, Running], ahead: dict[int, history.Downtime]) -> _Kept:
    """What a site's computed figures keep: the ongoing robots' running days taken out (computed at each call from
    their downtime ``ahead``)."""
    ongoing = {device: days for device, days in running.items() if days.ongoing and device in found.robots}
    robots, total = dict(found.robots), plus(found.hours, 0)
    for device, days in ongoing.items():
        robots[device] = _minus(robots[device], days.hours)
        total = _minus(total, days.hours)
    return _Kept(changes, downtime, until, expires, replace(found, hours=total, robots=robots),
                 {device: days.schedule for device, days in running.items() if not days.ongoing},
                 {device: (days.schedule, ahead.get(device, history.Downtime())) for device, days in ongoing.items()})


def _grown(entry: _Kept, until: int) -> Figures:
    """The kept figures now: each robot with nothing ongoing plus its scheduled time since (all available: nothing
    changed), each robot with a downtime ongoing plus its running days computed to now from its kept downtime."""
    if until == entry.until and not entry.ongoing:
        return entry.figures
    since: dict[int, float] = {}  # robots share schedules
    robots, total = dict(entry.figures.robots), plus(entry.figures.hours, 0)
    for device, schedule in entry.growing.items():
        if id(schedule) not in since:
            since[id(schedule)] = spans.length_within(schedule.spans, schedule.starts, entry.until, until)
        if since[id(schedule)] and device in robots:
            robots[device] = plus(robots[device], since[id(schedule)])
            total.scheduled += since[id(schedule)]
            total.available += since[id(schedule)]
    for device, (schedule, down) in entry.ongoing.items():
        hours = robot_hours(up_to(schedule, until), down)[0]
        robots[device] = plus(robots[device], 0)
        robots[device].add(hours)
        total.add(hours)
    return replace(entry.figures, hours=total, robots=robots)


async def _ahead(db: AsyncSession, schedules: Schedules) -> dict[int, history.Downtime]:
    """The downtime of the robots with one ongoing over their running days, read as of those days' end: an open span
    reaches it, a span that begins later is there whole. Cut by the schedule up to a moment, it is what a read at that
    moment gives (``history.read`` depends on its moment only through that cap), while the records do not change."""
    ongoing = [days for days in schedules.values() if days.ongoing]
    if not ongoing:
        return {}
    end = max(days.bounds[1] for days in ongoing)
    return await history.read(db, sorted({device for (_, device), days in schedules.items() if days.ongoing}),
                              min(days.bounds[0] for days in ongoing), end, end)


async def _expiry(db: AsyncSession, plans: dict[int, actual.SitePlan]) -> dict[int, datetime]:
    """Each site's first moment a kept day of its period stops being true (a pending window closes)."""
    rows = await db.execute(select(SiteActualDay.site_id, func.min(SiteActualDay.expires_at))
                            .where(actual_days.within(plans), SiteActualDay.expires_at.is_not(None))
                            .group_by(SiteActualDay.site_id))
    return {site_id: expires for site_id, expires in rows if expires is not None}


async def _computed(db: AsyncSession, periods: Periods, changes: dict[int, tuple[int, int]],
                    now: datetime) -> dict[int, Figures]:
    """The sites' figures computed (``period_figures``) and kept."""
    plans = await actual.load(db, periods)
    robots = {site_id: plan.robots() for site_id, plan in plans.items()}
    downtime = await kept.change_sums(db, SiteDowntimeChange.device_id,  # before any downtime is read
                                      sorted({device for theirs in robots.values() for device in theirs}))
    schedules: Schedules = {}
    computed = await period_figures(db, plans, now, schedules=schedules)
    expiry = await _expiry(db, plans)
    ahead = await _ahead(db, schedules)
    running: dict[int, dict[int, Running]] = defaultdict(dict)
    for (site_id, device), days in schedules.items():
        running[site_id][device] = days
    if len(_KEPT) > KEPT:
        _KEPT.clear()
    engine, until = engine_key(db), round(now.timestamp())
    for site_id, plan in plans.items():
        _KEPT[(engine, site_id, plan.site.created_at, plan.first, plan.last)] = _kept(
            changes.get(site_id, (0, 0))[0], {device: downtime.get(device, (0, 0))[0] for device in robots[site_id]},
            until, expiry.get(site_id), computed[site_id], running.get(site_id, {}), ahead)
    return computed


async def figures(db: AsyncSession, periods: Periods, now: datetime) -> dict[int, Figures]:
    """Each site's figures over its period: kept ones where nothing changed, the others computed (and kept). Folds a
    site's change rows when it has many (commits then)."""
    if not periods:
        return {}
    engine, until = engine_key(db), round(now.timestamp())
    changes = await kept.change_sums(db, SiteFigureChange.site_id, sorted(periods))  # before anything else is read
    entries = {}
    for site_id, (site, first, last) in periods.items():
        entry = _KEPT.get((engine, site_id, site.created_at, first, last))
        if entry is not None and _usable(entry, changes.get(site_id, (0, 0))[0], until, now):
            entries[site_id] = entry
    downtime = await kept.change_sums(db, SiteDowntimeChange.device_id,
                                      sorted({device for entry in entries.values() for device in entry.downtime}))
    unchanged = {site_id: entry for site_id, entry in entries.items()
                 if all(downtime.get(device, (0, 0))[0] == weight for device, weight in entry.downtime.items())}
    found = {site_id: _grown(entry, until) for site_id, entry in unchanged.items()}
    stale = {site_id: period for site_id, period in periods.items() if site_id not in found}
    if stale:
        found.update(await _computed(db, stale, changes, now))
    folded = sorted(site_id for site_id, (_, rows) in changes.items() if rows > kept.FOLD_AT)
    if folded:
        await kept.fold(db, SiteFigureChange.site_id, folded)
        await db.commit()
    return found
