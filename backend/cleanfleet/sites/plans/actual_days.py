"""Plan against actual per site day, kept (the summary's speed budget: a dealer's 200 sites for a month).

The summary would otherwise match a month of runs (some 60,000 for 1,000 robots) at every call. A site day's counts
by state change only when what they are computed from changes, or when time reaches the end of a window still
pending (its planned run turns missed). So each day's counts are kept (``site_actual_days``) with the moment they
stop being true (``expires_at``: the end of the first window still pending; none once every window closed) and
the summary matches runs only for the days that are not kept or no longer true. What the counts are computed from,
and how a change reaches them:

- **the site's own records** (its time zone, the plan items that apply that day and their terms, the floors' map
  ties, the robots' stays over that day, the windows marked cleaned by hand that day): their fingerprint is the
  row's ``stamp``, computed again at every read from the records the summary loads anyway. Another fingerprint:
  computed again. Nothing has to remember to invalidate (an edited item, an untied map, a record edited by hand, a
  window marked or unmarked all show);
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

import bisect
import hashlib
from collections import Counter, defaultdict
from collections.abc import Sequence
from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import and_, func, or_, select, tuple_
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.reports.models import TaskReport
from cleanfleet.sites import days
from cleanfleet.sites.models import Site, SiteActualDay, SiteRobot
from cleanfleet.sites.plans import actual

RULES = "actual-2"  # change when actual.match or actual.judge change what a day's counts are (2: by hand)
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
        # between two of these days no item starts or stops applying: the items that apply follow the weekday
        self.edges = sorted({since for _, since, _, _ in self.terms}
                            | {until + timedelta(days=1) for _, _, until, _ in self.terms if until is not None})
        self.by_weekday: dict[tuple[int, int], tuple[int, ...]] = {}
        self.stays = sorted((device, start, end) for device, spans in plan.stays.items() for start, end in spans)
        first, last = plan.bounds
        # no stay begins or ends inside the period: every day has them all, whole
        self.whole = None if any(first < start < last or (end is not None and first < end < last)
                                 for _, start, end in self.stays) else tuple((d, None, None) for d, _, _ in self.stays)
        self.marks: dict[date, list[tuple[int, int]]] = defaultdict(list)  # day → (item, mark) cleaned by hand
        for (item_id, day), mark in plan.by_hand.items():
            self.marks[day].append((item_id, mark.id))
        self.seen: dict[tuple[Any, ...], str] = {}

    def applying(self, day: date) -> tuple[int, ...]:
        """The plan items that apply on ``day`` (``days.planned_on``), found once per weekday between two edges."""
        key = (bisect.bisect_right(self.edges, day), day.isoweekday())
        found = self.by_weekday.get(key)
        if found is None:
            weekday = 1 << (day.isoweekday() - 1)
            found = self.by_weekday[key] = tuple(n for n, since, until, mask in self.terms
                                                 if since <= day and (until is None or day <= until) and mask & weekday)
        return found

    def _stays(self, day: date) -> tuple[Any, ...]:
        if self.whole is not None:
            return self.whole
        start, end = days.day_start(day, self.plan.zone), days.day_start(day + timedelta(days=1), self.plan.zone)
        return tuple((device, None if begin <= start else begin, None if until is None or until >= end else until)
                     for device, begin, until in self.stays if begin < end and (until is None or until > start))

    def of(self, day: date, applying: tuple[int, ...]) -> str:
        key = (applying, self._stays(day), tuple(sorted(self.marks.get(day, ()))))
        found = self.seen.get(key)
        if found is None:
            text = "|".join((self.head, *(self.items[n] for n in applying), repr(key[1]), repr(key[2])))
            found = self.seen[key] = hashlib.blake2b(text.encode(), digest_size=16).hexdigest()
        return found


# --- the summary's counts per day ----------------------------------------------------------------------------------


async def _kept(db: AsyncSession, plans: dict[int, actual.SitePlan], now: datetime) -> dict[tuple[int, date], Any]:
    """The kept rows: (site, day, version, stamp, still true at ``now``, the counts...); the moment compared in SQL (a
    month of 200 sites' times parsed here cost more than the rest of the read)."""
    first = min(plan.first for plan in plans.values())
    last = max(plan.last for plan in plans.values())
    fresh = or_(SiteActualDay.expires_at.is_(None), SiteActualDay.expires_at > now)
    columns = (SiteActualDay.site_id, SiteActualDay.day, SiteActualDay.version, SiteActualDay.stamp,
               fresh, *(getattr(SiteActualDay, state) for state in KEPT_STATES))
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
    kept = await _kept(db, plans, now)  # the versions first, then the runs (see the module's docstring)
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
            if row is not None and row[3] == stamp and row[4]:
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


def _expected(plans: dict[int, actual.SitePlan]) -> dict[int, Counter[str]]:
    """Per site, how many of its period's planned days have each fingerprint."""
    found: dict[int, Counter[str]] = {}
    for site_id, plan in plans.items():
        stamps, wanted = Stamps(plan), Counter[str]()
        length = (plan.last - plan.first).days + 1
        if stamps.whole is not None and not stamps.marks and not any(plan.first < edge <= plan.last
                                                                     for edge in stamps.edges):
            # the same stays and items every day: the weekday decides; each weekday's days counted, not walked
            for n in range(min(7, length)):
                applying = stamps.applying(plan.first + timedelta(days=n))
                if applying:
                    wanted[stamps.of(plan.first, applying)] += length // 7 + (1 if n < length % 7 else 0)
        else:
            for day in days.days_between(plan.first, plan.last):
                applying = stamps.applying(day)
                if applying:
                    wanted[stamps.of(day, applying)] += 1
        found[site_id] = wanted
    return found


def within(plans: dict[int, actual.SitePlan]) -> Any:
    """Kept rows of each site's period (sites of one period together)."""
    by_period: dict[tuple[date, date], list[int]] = defaultdict(list)
    for site_id, plan in plans.items():
        by_period[(plan.first, plan.last)].append(site_id)
    return or_(*(and_(SiteActualDay.site_id.in_(sorted(ids)), SiteActualDay.day >= first, SiteActualDay.day <= last)
                 for (first, last), ids in sorted(by_period.items())))


def _fresh(now: datetime) -> Any:
    return or_(SiteActualDay.expires_at.is_(None), SiteActualDay.expires_at > now)


async def _kept_sums(db: AsyncSession, plans: dict[int, actual.SitePlan], now: datetime,
                     wanted: dict[int, Counter[str]]) -> dict[int, list[int]]:
    """The sites whose planned days are all kept and still true (one grouped read: per site and fingerprint, the
    days and their sums): site id → its period's planned runs by state."""
    if not plans:
        return {}
    kept: dict[int, dict[str, tuple[int, list[int]]]] = defaultdict(dict)
    for site_id, stamp, count, *numbers in await db.execute(
            select(SiteActualDay.site_id, SiteActualDay.stamp, func.count(),
                   *(func.sum(getattr(SiteActualDay, state)) for state in KEPT_STATES))
            .where(within(plans), _fresh(now)).group_by(SiteActualDay.site_id, SiteActualDay.stamp)):
        kept[site_id][stamp] = (count, [int(n) for n in numbers])
    found: dict[int, list[int]] = {}
    for site_id, stamps in wanted.items():
        if all(kept[site_id].get(stamp, (0,))[0] == count for stamp, count in stamps.items()):
            found[site_id] = [sum(kept[site_id][stamp][1][n] for stamp in stamps) for n in range(len(KEPT_STATES))]
    return found


async def site_totals(db: AsyncSession, plans: dict[int, actual.SitePlan], now: datetime) -> dict[int, list[int]]:
    """Site id → its period's planned runs by state (``KEPT_STATES`` order), for many sites (the dealer's
    availability table): one grouped read of the kept days per fingerprint; a site whose planned days are not all kept
    and still true is counted by ``counts_by_day``."""
    if not plans:
        return {}
    found = await _kept_sums(db, plans, now, _expected(plans))
    missing = {site_id: plan for site_id, plan in plans.items() if site_id not in found}
    for site_id, by_day in (await counts_by_day(db, missing, now)).items():
        found[site_id] = [sum(numbers[n] for numbers in by_day.values()) for n in range(len(KEPT_STATES))]
    return found


async def _kept_days(db: AsyncSession, plans: dict[int, actual.SitePlan], now: datetime,
                     wanted: dict[int, Counter[str]]) -> dict[date, list[int]]:
    """The planned runs by state per day of the sites (their days all kept and true), summed in SQL."""
    pairs = sorted((site_id, stamp) for site_id in plans for stamp in wanted[site_id])
    if not pairs:
        return {}
    rows = await db.execute(select(SiteActualDay.day, *(func.sum(getattr(SiteActualDay, state))
                                                         for state in KEPT_STATES))
                            .where(within(plans), _fresh(now),
                                   tuple_(SiteActualDay.site_id, SiteActualDay.stamp).in_(pairs))
                            .group_by(SiteActualDay.day))
    return {on: [int(n) for n in numbers] for on, *numbers in rows}


async def summary(db: AsyncSession, sites: list[Site], period: str, day: date | None,
                  now: datetime) -> dict[str, Any]:
    """``/site/actual/summary``: what ``actual.summary`` answers. The sites whose planned days are all kept and true
    are summed in SQL (per site, and per day for the chart); the others come from ``counts_by_day``."""
    loaded = await actual.load(db, {site.id: actual.period_of(site, period, day) for site in sites})
    wanted = _expected(loaded)
    totals = await _kept_sums(db, loaded, now, wanted)
    per_day = await _kept_days(db, {site_id: loaded[site_id] for site_id in totals}, now, wanted)
    rest = await counts_by_day(db, {site_id: plan for site_id, plan in loaded.items() if site_id not in totals}, now)
    for site_id, by_day in rest.items():
        totals[site_id] = [sum(numbers[n] for numbers in by_day.values()) for n in range(len(KEPT_STATES))]
        for on, numbers in by_day.items():
            per_day[on] = [a + b for a, b in zip(per_day.get(on, [0] * len(KEPT_STATES)), numbers, strict=True)]
    for plan in loaded.values():
        for on in days.days_between(plan.first, plan.last):
            per_day.setdefault(on, [0] * len(KEPT_STATES))
    total = [sum(found[n] for found in totals.values()) for n in range(len(KEPT_STATES))]

    def shown(numbers: Sequence[int]) -> dict[str, int]:
        return actual.counts_of(Counter(dict(zip(KEPT_STATES, numbers, strict=True))))

    return {"period": period, "sites": [{"siteId": site.id, "siteName": site.name, "timeZone": site.time_zone,
                                         "start": loaded[site.id].first.isoformat(),
                                         "end": loaded[site.id].last.isoformat(), "counts": shown(totals[site.id])}
                                        for site in sites],
            "total": shown(total), "days": [{"day": on.isoformat(), "counts": shown(per_day[on])}
                                            for on in sorted(per_day)]}


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
