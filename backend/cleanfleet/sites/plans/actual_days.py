"""Plan against actual per site day, kept (the summary's speed budget: a dealer's 200 sites for a month).

The summary would otherwise match a month of runs (some 60,000 for 1,000 robots) at every call. A site day's counts
by state change only when what they are computed from changes, or when time reaches the end of a window still
pending (its planned run turns missed). So each day's counts are kept (``site_actual_days``) with the moment they
stop being true (``expires_at``: the end of the first window still pending; none once every window closed) and
the summary matches runs only for the days that are not kept or no longer true. What the counts are computed from,
and how a change reaches them:

- **the site's own records** (its time zone, the plan items that apply that day and their terms, the floors' map
  ties, the robots' stays over that day): their fingerprint is the row's ``stamp``, computed again at every read
  from the records the summary loads anyway. Another fingerprint: computed again. Nothing has to remember to
  invalidate (an edited item, an untied map, a record edited by hand all show);
- **the runs** (reports stored, edited, inserted by hand, deleted, purged: every change the reports domain
  recomputes its day roll-ups for, ``reports.service.refresh_days``, which publishes ``REPORT_DAYS_CHANGED`` in
  its transaction): ``runs_changed`` raises the ``version`` of the site days those runs' UTC days touch, at every
  site their robot stayed at then, and empties their ``stamp``; a row that was not there yet is written stale. A
  computation reads the rows (their versions) before the runs and writes its counts with "on conflict update
  where the version is still the one read", so a computation that read the runs before a change never covers
  it, on either database. A run reported late (after the plan watch judged its window) therefore changes the
  summary at once, as the full computation would: the summary never reads the watch's judgements.

``RULES`` is in every fingerprint: a change of how runs are matched or judged (plans/actual.py) changes it, and every
kept day is computed again. A read that computed days writes them and commits (bookkeeping: no operation log).
"""

import hashlib
from collections import defaultdict
from collections.abc import Sequence
from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import or_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.reports.models import TaskReport
from cleanfleet.sites import days
from cleanfleet.sites.models import Site, SiteActualDay, SiteRobot
from cleanfleet.sites.plans import actual

RULES = "actual-1"  # change when actual.match or actual.judge change what a day's counts are
KEPT_STATES = actual.STATES  # done, late, short, missed, failed, pending: the columns and the numbers' order
CHUNK = 500  # ids per IN list


# --- the fingerprint of a site day's own records -------------------------------------------------------------------


class Stamps:
    """The fingerprints of one site's days: equal inputs (most days of a site) are hashed once."""

    def __init__(self, plan: actual.SitePlan) -> None:
        self.plan = plan
        self.head = repr((RULES, plan.site.time_zone, sorted(plan.floor_of.items())))
        self.items = [repr((item.id, item.floor_id, item.task_name, item.window_start, item.window_end,
                            item.runs_per_day, item.min_area, item.min_coverage)) for item, _, _ in plan.items]
        # days.planned_on's terms as plain values (the rows' attributes are slow to read a month of times over)
        self.terms = [(n, item.valid_from, item.valid_until, item.weekdays)
                      for n, (item, _, _) in enumerate(plan.items)]
        self.stays = sorted((device, start, end) for device, spans in plan.stays.items() for start, end in spans)
        first, last = plan.bounds
        # no stay begins or ends inside the period: every day has them all, whole
        self.whole = None if any(first < start < last or (end is not None and first < end < last)
                                 for _, start, end in self.stays) else tuple((d, None, None) for d, _, _ in self.stays)
        self.seen: dict[tuple[Any, ...], str] = {}

    def applying(self, day: date) -> list[int]:
        """The plan items that apply on ``day`` (``days.planned_on``)."""
        weekday = 1 << (day.isoweekday() - 1)
        return [n for n, since, until, mask in self.terms
                if since <= day and (until is None or day <= until) and mask & weekday]

    def _stays(self, day: date) -> tuple[Any, ...]:
        if self.whole is not None:
            return self.whole
        start, end = days.day_start(day, self.plan.zone), days.day_start(day + timedelta(days=1), self.plan.zone)
        return tuple((device, None if begin <= start else begin, None if until is None or until >= end else until)
                     for device, begin, until in self.stays if begin < end and (until is None or until > start))

    def of(self, day: date, applying: list[int]) -> str:
        key = (tuple(applying), self._stays(day))
        found = self.seen.get(key)
        if found is None:
            text = "|".join((self.head, *(self.items[n] for n in applying), repr(key[1])))
            found = self.seen[key] = hashlib.blake2b(text.encode(), digest_size=16).hexdigest()
        return found


# --- the summary's counts per day ----------------------------------------------------------------------------------


async def _kept(db: AsyncSession, plans: dict[int, actual.SitePlan]) -> dict[tuple[int, date], Any]:
    first = min(plan.first for plan in plans.values())
    last = max(plan.last for plan in plans.values())
    columns = (SiteActualDay.site_id, SiteActualDay.day, SiteActualDay.version, SiteActualDay.stamp,
               SiteActualDay.expires_at, *(getattr(SiteActualDay, state) for state in KEPT_STATES))
    found = {}
    ids = sorted(plans)
    for n in range(0, len(ids), CHUNK):
        rows = await db.execute(select(*columns).where(SiteActualDay.site_id.in_(ids[n:n + CHUNK]),
                                                       SiteActualDay.day >= first, SiteActualDay.day <= last))
        found.update({(row[0], row[1]): row for row in rows})
    return found


def _spans(dates: list[date]) -> list[tuple[date, date]]:
    """Consecutive days as (first, last) spans."""
    spans: list[tuple[date, date]] = []
    for day in sorted(dates):
        if spans and spans[-1][1] + timedelta(days=1) == day:
            spans[-1] = (spans[-1][0], day)
        else:
            spans.append((day, day))
    return spans


async def _runs(db: AsyncSession, plans: dict[int, actual.SitePlan],
                open_days: dict[int, list[date]]) -> dict[int, list[Any]]:
    """The runs of the days to compute, per site: one range query per distinct span of UTC moments (the sites of
    one time zone share today's), the robots of all its sites together; each site keeps its robots' runs."""
    by_bounds: dict[tuple[datetime, datetime], set[int]] = defaultdict(set)
    robots_of: dict[int, set[int]] = {}
    for site_id, dates in open_days.items():
        plan = plans[site_id]
        robots_of[site_id] = set(plan.robots())
        if not robots_of[site_id]:
            continue
        for first, last in _spans(dates):
            bounds = (days.day_start(first, plan.zone), days.day_start(last + timedelta(days=1), plan.zone))
            by_bounds[bounds].add(site_id)
    found: dict[int, list[Any]] = defaultdict(list)
    for (start, end), site_ids in sorted(by_bounds.items()):
        robots = sorted(set().union(*(robots_of[s] for s in site_ids)))
        maps = sorted({name for s in site_ids for (device, name) in plans[s].floor_of if device in robots_of[s]})
        rows: list[Any] = []
        for n in range(0, len(robots), CHUNK):
            rows += (await db.execute(select(*actual.SUMMARY_COLUMNS).where(
                TaskReport.device_id.in_(robots[n:n + CHUNK]), TaskReport.start_time >= start,
                TaskReport.start_time < end, TaskReport.map_name.in_(maps)))).all()
        rows.sort(key=lambda run: (run.start_time, run.id))
        sites_of: dict[int, list[int]] = defaultdict(list)
        for site_id in sorted(site_ids):
            for device in robots_of[site_id]:
                sites_of[device].append(site_id)
        for run in rows:
            for site_id in sites_of[run.device_id]:
                found[site_id].append(run)
    return found


async def counts_by_day(db: AsyncSession, plans: dict[int, actual.SitePlan],
                        now: datetime) -> dict[int, dict[date, Sequence[int]]]:
    """Site id → each day of its period with planned runs → its planned runs by state: kept days from their rows,
    the others matched now, and kept. Commits when it kept any."""
    if not plans:
        return {}
    kept = await _kept(db, plans)  # the versions first, then the runs (see the module's docstring)
    found: dict[int, dict[date, Sequence[int]]] = {}
    open_days: dict[int, list[date]] = {}
    to_keep: dict[tuple[int, date], tuple[str, int]] = {}
    for site_id, plan in plans.items():
        mine: dict[date, Sequence[int]] = {}
        found[site_id] = mine
        stamps = Stamps(plan)
        for day in days.days_between(plan.first, plan.last):
            applying = stamps.applying(day)
            if not applying:
                continue  # nothing planned: no planned run in any state
            stamp = stamps.of(day, applying)
            row = kept.get((site_id, day))
            if row is not None and row[3] == stamp and (row[4] is None or now < row[4]):
                mine[day] = row[5:]
                continue
            to_keep[(site_id, day)] = (stamp, row[2] if row is not None else 0)
            open_days.setdefault(site_id, []).append(day)
    runs = await _runs(db, plans, open_days)
    expiry: dict[tuple[int, date], datetime] = {}
    for site_id, dates in open_days.items():
        plan = plans[site_id]
        slots = actual.planned_slots(plan, on=dates)
        actual.match(plan, slots, runs.get(site_id, ()), now)
        found[site_id].update(actual.day_numbers(slots))
        for slot in slots:
            if slot.state == "pending":
                key = (site_id, slot.day)
                expiry[key] = min(expiry.get(key, slot.end), slot.end)
    if to_keep:
        await _keep(db, [(site_id, day, stamp, version, found[site_id].get(day, [0] * len(KEPT_STATES)),
                          expiry.get((site_id, day)))
                         for (site_id, day), (stamp, version) in sorted(to_keep.items())], now)
    return found


async def summary(db: AsyncSession, sites: list[Site], period: str, day: date | None,
                  now: datetime) -> dict[str, Any]:
    """``/site/actual/summary``: what ``actual.summary`` answers, from the kept days and the others matched now."""
    loaded = await actual.load(db, {site.id: actual.period_of(site, period, day) for site in sites})
    by_day = await counts_by_day(db, loaded, now)
    return actual.summary_answer(period, [loaded[site.id] for site in sites], by_day)


def _insert(db: AsyncSession) -> Any:
    return postgresql.insert if db.get_bind().dialect.name == "postgresql" else sqlite.insert


async def _keep(db: AsyncSession, rows: list[tuple[int, date, str, int, Sequence[int], datetime | None]],
                now: datetime) -> None:
    """Writes the days' counts where the row's version is still the one read (in key order: no deadlock)."""
    values = [{"site_id": site_id, "day": day, "version": version, "stamp": stamp, "computed_at": now,
               "expires_at": expires, "planned": sum(numbers), **dict(zip(KEPT_STATES, numbers, strict=True))}
              for site_id, day, stamp, version, numbers, expires in rows]
    statement = _insert(db)(SiteActualDay)
    statement = statement.on_conflict_do_update(
        index_elements=["site_id", "day"], where=SiteActualDay.version == statement.excluded.version,
        set_={name: statement.excluded[name] for name in ("stamp", "computed_at", "expires_at", "planned",
                                                          *KEPT_STATES)})
    for n in range(0, len(values), CHUNK):
        await db.execute(statement, values[n:n + CHUNK])
    await db.commit()


# --- a change of runs ----------------------------------------------------------------------------------------------


def _site_days(zone: ZoneInfo, utc_day: date) -> list[date]:
    """The site days (on ``zone``'s clock) that the UTC day overlaps."""
    start = datetime.combine(utc_day, time(0), tzinfo=UTC)
    first = start.astimezone(zone).date()
    last = (start + timedelta(days=1) - timedelta(microseconds=1)).astimezone(zone).date()
    return days.days_between(first, last)


async def runs_changed(db: AsyncSession, pairs: set[tuple[int, date]]) -> None:
    """``REPORT_DAYS_CHANGED``: the site days the changed runs' UTC days touch, at every site their robot stayed
    at then, are made stale (version raised, stamp emptied; written stale when not kept yet), in the writer's
    transaction."""
    if not pairs:
        return
    by_device: dict[int, set[date]] = defaultdict(set)
    for device_id, day in pairs:
        by_device[device_id].add(day)
    lo = datetime.combine(min(day for _, day in pairs), time(0), tzinfo=UTC)
    hi = datetime.combine(max(day for _, day in pairs) + timedelta(days=1), time(0), tzinfo=UTC)
    devices = sorted(by_device)
    stale: set[tuple[int, date]] = set()
    for n in range(0, len(devices), CHUNK):
        stays = await db.execute(select(SiteRobot.site_id, SiteRobot.device_id, SiteRobot.started_at,
                                        SiteRobot.ended_at, Site.time_zone)
                                 .join(Site, Site.id == SiteRobot.site_id)
                                 .where(SiteRobot.device_id.in_(devices[n:n + CHUNK]), SiteRobot.started_at < hi,
                                        or_(SiteRobot.ended_at.is_(None), SiteRobot.ended_at > lo)))
        for site_id, device_id, started, ended, zone in stays:
            for day in by_device[device_id]:
                start = datetime.combine(day, time(0), tzinfo=UTC)
                if started < start + timedelta(days=1) and (ended is None or ended > start):
                    stale.update((site_id, site_day) for site_day in _site_days(ZoneInfo(zone), day))
    if not stale:
        return
    statement = _insert(db)(SiteActualDay)
    statement = statement.on_conflict_do_update(
        index_elements=["site_id", "day"], set_={"version": SiteActualDay.version + 1, "stamp": ""})
    rows = [{"site_id": site_id, "day": day, "version": 1, "stamp": "", "planned": 0, "computed_at": datetime.now(UTC),
             **dict.fromkeys(KEPT_STATES, 0)} for site_id, day in sorted(stale)]
    for n in range(0, len(rows), CHUNK):
        await db.execute(statement, rows[n:n + CHUNK])
