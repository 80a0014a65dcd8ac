"""Plan against actual: each planned run (a plan item × a site day it applies × each of its runs a day) matched
to the runs the robots reported (``reports.models.TaskReport``), and its state.

Which runs count for a plan item: a run of a robot that was at the site when the run started (its stays,
``site_robots``), on a map tied to the item's floor, of the item's task when it names one, starting on the same
site day no earlier than the window opens. Each run fulfils one planned run at most. A day's runs on a floor go
first, in start order, to the planned runs whose window they start in (the earliest window first); what is left
then goes to the planned runs still empty whose window they start after (late).

The states, worst first for a matched run:

- **failed**: the run was ended by a fault (result ``aborted``), or did not finish and raised alarms;
- **short**: it did not finish (cancelled, ended by force), or cleaned less than the item's minimum area, or
  covered less than its minimum coverage;
- **late**: it started after the window closed, or ended after it;
- **done**: it started and ended inside the window and met the targets.

Without a run: **missed** once the window has closed, **pending** before. A run reported without a result
(a manual record) counts as finished. A window marked **cleaned by hand** (``site_plan_by_hand``,
``plans/byhand.py``) reads its planned runs that no robot run completed (missed, pending, short, failed) as done,
``by_hand`` set; the runs the robots completed keep their state. The period is the site's day, week (Monday to
Sunday) or month, in its own time zone; the runs are read with one indexed range query per site (its robots' ids
and the period's start times on ``ix_task_reports_device_start``), never one per plan item.
"""

import bisect
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from functools import cached_property
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.reports.models import TaskReport
from cleanfleet.sites import days
from cleanfleet.sites.models import Site, SiteFloor, SiteFloorMap, SitePlanByHand, SitePlanItem, SiteRobot
from cleanfleet.sites.plans import items as plans
from cleanfleet.users.models import User

FINISHED = ("finished", "")
STATES = ("done", "late", "short", "missed", "failed", "pending")
BY_HAND_COVERS = frozenset({"missed", "pending", "short", "failed"})  # what a window cleaned by hand makes done
SUMMARY_COLUMNS = (TaskReport.id, TaskReport.device_id, TaskReport.map_name, TaskReport.task_name,
                    TaskReport.start_time, TaskReport.end_time, TaskReport.result, TaskReport.cleaned_area,
                    TaskReport.coverage, TaskReport.alarm_count)
_DETAIL_COLUMNS = (*SUMMARY_COLUMNS, TaskReport.reason, TaskReport.alarm_counts)


@dataclass
class Slot:
    """One planned run: the item's ``slot``-th run of site day ``day``, its window as UTC moments."""

    item: SitePlanItem
    day: date
    slot: int
    start: datetime
    end: datetime
    run: Any = None  # the TaskReport row (its columns) that fulfils it
    state: str = "pending"
    by_hand: Any = None  # the window's mark (``ByHand``) when it made this planned run done


@dataclass(frozen=True)
class ByHand:
    """A window marked cleaned by hand: the mark's id, who (None once the account is gone), when, the note."""

    id: int
    user_name: str | None
    marked_at: datetime
    note: str


@dataclass
class SitePlan:
    """What one site's plan against actual needs, read for several sites at once (``load``)."""

    site: Site
    zone: ZoneInfo
    first: date
    last: date
    items: list[Any] = field(default_factory=list)  # (item, floor name, building name)
    floor_of: dict[tuple[int, str], int] = field(default_factory=dict)  # (robot, map) → floor
    stays: dict[int, list[tuple[datetime, datetime | None]]] = field(default_factory=dict)  # robot → stays here
    by_hand: dict[tuple[int, date], ByHand] = field(default_factory=dict)  # (item, day) → its window's mark

    @cached_property
    def bounds(self) -> tuple[datetime, datetime]:
        """The period's first moment and the moment after it (UTC). Kept on the plan (read about a thousand times
        by a call over 200 sites); ``first``, ``last`` and ``zone`` are never changed on a plan, only on a copy
        (``dataclasses.replace``), which computes its own."""
        return days.day_start(self.first, self.zone), days.day_start(self.last + timedelta(days=1), self.zone)

    def at_site(self, device_id: int, moment: datetime) -> bool:
        return any(start <= moment and (end is None or moment < end) for start, end in self.stays.get(device_id, ()))

    def robots(self) -> list[int]:
        """The robots that were here in the period and clean a floor of a plan item."""
        floors = {row[0].floor_id for row in self.items}
        return sorted({device for (device, _), floor in self.floor_of.items() if floor in floors} & set(self.stays))


async def load(db: AsyncSession, periods: dict[int, tuple[Site, date, date]]) -> dict[int, SitePlan]:
    """The plans of the sites (site id → site and its period's first and last day), in five queries."""
    found = {site_id: SitePlan(site, days.zone_of(site), first, last)
             for site_id, (site, first, last) in periods.items()}
    if not found:
        return found
    ids = list(found)
    for row in await plans.item_rows(db, ids):
        found[row[0].site_id].items.append(row)
    pairs = await db.execute(select(SiteFloor.site_id, SiteFloorMap.device_id, SiteFloorMap.map_name,
                                    SiteFloorMap.floor_id).join(SiteFloor, SiteFloor.id == SiteFloorMap.floor_id)
                             .where(SiteFloor.site_id.in_(ids)))
    for site_id, device_id, map_name, floor_id in pairs:
        found[site_id].floor_of[(device_id, map_name)] = floor_id
    earliest = min(plan.bounds[0] for plan in found.values())
    latest = max(plan.bounds[1] for plan in found.values())
    stays = await db.execute(select(SiteRobot.site_id, SiteRobot.device_id, SiteRobot.started_at, SiteRobot.ended_at)
                             .where(SiteRobot.site_id.in_(ids), SiteRobot.started_at < latest,
                                    or_(SiteRobot.ended_at.is_(None), SiteRobot.ended_at > earliest)))
    for site_id, device_id, started, ended in stays:
        found[site_id].stays.setdefault(device_id, []).append((started, ended))
    first, last = min(plan.first for plan in found.values()), max(plan.last for plan in found.values())
    marks = await db.execute(select(SitePlanByHand.site_id, SitePlanByHand.plan_item_id, SitePlanByHand.day,
                                    SitePlanByHand.id, User.name, SitePlanByHand.marked_at, SitePlanByHand.note)
                             .outerjoin(User, User.id == SitePlanByHand.user_id)
                             .where(SitePlanByHand.site_id.in_(ids), SitePlanByHand.day >= first,
                                    SitePlanByHand.day <= last))
    for site_id, item_id, day, mark_id, name, marked_at, note in marks:
        found[site_id].by_hand[(item_id, day)] = ByHand(mark_id, name, marked_at, note)
    return found


async def read_runs(db: AsyncSession, plan: SitePlan, *, detail: bool = False) -> list[Any]:
    """The runs of the site's robots that started in the period on a map tied to a floor (one range query)."""
    robots = plan.robots()
    if not robots:
        return []
    maps = sorted({name for (device, name) in plan.floor_of if device in robots})
    start, end = plan.bounds
    query = (select(*(_DETAIL_COLUMNS if detail else SUMMARY_COLUMNS))
             .where(TaskReport.device_id.in_(robots), TaskReport.start_time >= start, TaskReport.start_time < end,
                    TaskReport.map_name.in_(maps)).order_by(TaskReport.start_time, TaskReport.id))
    return list((await db.execute(query)).all())


def planned_slots(plan: SitePlan, wanted: set[tuple[int, date]] | None = None,
                  on: Iterable[date] | None = None) -> list[Slot]:
    """Every planned run of the period (or of the (item, day) pairs ``wanted``, or of the days ``on``), by day and
    window."""
    slots = []
    for day in days.days_between(plan.first, plan.last) if on is None else on:
        for item, _, _ in plan.items:
            if days.planned_on(item, day) and (wanted is None or (item.id, day) in wanted):
                start, end = days.moment(day, item.window_start, plan.zone), days.moment(day, item.window_end,
                                                                                         plan.zone)
                slots += [Slot(item, day, n, start, end) for n in range(1, item.runs_per_day + 1)]
    slots.sort(key=lambda s: (s.day, s.start, s.item.id, s.slot))
    return slots


def _fits(item: SitePlanItem, run: Any) -> bool:
    return not item.task_name or run.task_name == item.task_name


def _floor_days(plan: SitePlan, runs: Iterable[Any]) -> dict[tuple[int, date], tuple[list[Any], list[datetime]]]:
    """The runs on a floor's map while at the site, by floor and site day, in start order (with their starts)."""
    by_floor_day: dict[tuple[int, date], list[Any]] = defaultdict(list)
    for run in runs:
        floor = plan.floor_of.get((run.device_id, run.map_name))
        if floor is not None and plan.at_site(run.device_id, run.start_time):
            by_floor_day[(floor, run.start_time.astimezone(plan.zone).date())].append(run)
    found = {}
    for key, theirs in by_floor_day.items():
        theirs.sort(key=lambda run: (run.start_time, run.id))  # as read: a no-op, the order the rules are told in
        found[key] = (theirs, [run.start_time for run in theirs])
    return found


def match(plan: SitePlan, slots: list[Slot], runs: Iterable[Any], now: datetime) -> None:
    """Gives each planned run its run (if any) and its state (see the module's docstring). A slot's candidates are
    found by bisection on their starts (a year's detail matches some 1,500 planned runs with 1,200 runs)."""
    by_floor_day = _floor_days(plan, runs)
    used: set[int] = set()
    for late in (False, True):
        for slot in slots:
            if slot.run is not None:
                continue
            theirs, starts = by_floor_day.get((slot.item.floor_id, slot.day), ((), []))
            # within the window: the first unused fitting run started in it; late: after it
            for n in range(bisect.bisect_left(starts, slot.end if late else slot.start), len(starts)):
                run = theirs[n]
                if not late and starts[n] >= slot.end:
                    break
                if run.id not in used and _fits(slot.item, run):
                    slot.run = run
                    used.add(run.id)
                    break
    for slot in slots:
        slot.state = judge(slot, now)
        mark = plan.by_hand.get((slot.item.id, slot.day))
        if mark is not None and slot.state in BY_HAND_COVERS:
            slot.state, slot.by_hand = "done", mark


def under_targets(item: SitePlanItem, run: Any) -> tuple[bool, bool]:
    area = item.min_area is not None and run.cleaned_area < item.min_area
    coverage = item.min_coverage is not None and run.coverage < item.min_coverage
    return area, coverage


def judge(slot: Slot, now: datetime) -> str:
    run = slot.run
    if run is None:
        return "missed" if now >= slot.end else "pending"
    if run.result == "aborted" or (run.result not in FINISHED and run.alarm_count > 0):
        return "failed"
    if run.result not in FINISHED or any(under_targets(slot.item, run)):
        return "short"
    if run.start_time >= slot.end or run.end_time > slot.end:
        return "late"
    return "done"


def counts(slots: Iterable[Slot]) -> dict[str, int]:
    tally = Counter(slot.state for slot in slots)
    return counts_of(tally)


def counts_of(tally: Counter[str]) -> dict[str, int]:
    planned = sum(tally[state] for state in STATES)
    closed = planned - tally["pending"]
    return {"planned": planned, **{state: tally[state] for state in STATES}, "closed": closed,
            "doneShare": round(1000 * (tally["done"] + tally["late"]) / closed) if closed else 0,
            "onTimeShare": round(1000 * tally["done"] / closed) if closed else 0}


async def evaluate(db: AsyncSession, plan: SitePlan, now: datetime, *, detail: bool = False,
                   wanted: set[tuple[int, date]] | None = None) -> list[Slot]:
    """The site's planned runs in its period, matched and judged."""
    slots = planned_slots(plan, wanted)
    if not slots:
        return []
    match(plan, slots, await read_runs(db, plan, detail=detail), now)
    return slots


# --- the calls ------------------------------------------------------------------------------------------------------


def period_of(site: Site, period: str, day: date | None) -> tuple[Site, date, date]:
    first, last = days.period_days(period, day or days.today(days.zone_of(site)))
    return site, first, last


def summary_answer(period: str, plans: list[SitePlan],
                   by_day: Mapping[int, Mapping[date, Sequence[int]]]) -> dict[str, Any]:
    """The summary's answer from each site's planned runs per day (their numbers in ``STATES`` order): per site,
    for them all, and for them all per day (every day of the sites' periods: the console's chart of all sites)."""
    total = [0] * len(STATES)
    per_day: dict[date, list[int]] = {}
    out = []
    for plan in plans:
        tally = [0] * len(STATES)
        mine = by_day.get(plan.site.id, {})
        for day in days.days_between(plan.first, plan.last):
            on_day = per_day.setdefault(day, [0] * len(STATES))
            found = mine.get(day)
            if found is not None:
                for n, count in enumerate(found):
                    tally[n] += count
                    on_day[n] += count
        for n, count in enumerate(tally):
            total[n] += count
        out.append({"siteId": plan.site.id, "siteName": plan.site.name, "timeZone": plan.site.time_zone,
                    "start": plan.first.isoformat(), "end": plan.last.isoformat(), "counts": _counts_in(tally)})
    return {"period": period, "sites": out, "total": _counts_in(total),
            "days": [{"day": day.isoformat(), "counts": _counts_in(per_day[day])} for day in sorted(per_day)]}


def _counts_in(numbers: Sequence[int]) -> dict[str, int]:
    return counts_of(Counter(dict(zip(STATES, numbers, strict=True))))


def day_numbers(slots: Iterable[Slot]) -> dict[date, list[int]]:
    """The planned runs per day, their numbers in ``STATES`` order."""
    index = {state: n for n, state in enumerate(STATES)}
    found: dict[date, list[int]] = {}
    for slot in slots:
        found.setdefault(slot.day, [0] * len(STATES))[index[slot.state]] += 1
    return found


async def summary(db: AsyncSession, sites: list[Site], period: str, day: date | None,
                  now: datetime) -> dict[str, Any]:
    """Per site, the counts of its planned runs by state in its period; and the counts of them all. Every run of
    the period matched now: the reference the call's kept days (``actual_days.summary``) must equal."""
    loaded = await load(db, {site.id: period_of(site, period, day) for site in sites})
    by_day = {site.id: day_numbers(await evaluate(db, loaded[site.id], now)) for site in sites}
    return summary_answer(period, [loaded[site.id] for site in sites], by_day)
