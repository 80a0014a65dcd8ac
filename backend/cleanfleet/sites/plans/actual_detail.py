"""Plan against actual in detail: why each planned run reads as it does (how its run ended, the robot's own
words, its alarms, the targets it fell short of, lateness; for a missed one, no robot at the site, none heard from,
another task ran, the floor's alarms) and ``/site/actual/detail``, the one computation the site report shares
(``Judged``). The matching and the states are ``actual.py``'s."""

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.alarm_texts import alarm_text
from cleanfleet.core.texts import Text
from cleanfleet.devices.models import Device, DeviceOnlineDay
from cleanfleet.sites import texts
from cleanfleet.sites.models import Site
from cleanfleet.sites.plans import items as plans
from cleanfleet.sites.plans import texts as plan_texts
from cleanfleet.sites.plans.actual import (
    FINISHED,
    SitePlan,
    Slot,
    counts,
    load,
    match,
    period_of,
    planned_slots,
    read_runs,
    under_targets,
)
from cleanfleet.sites.plans.byhand import mark_answer
from cleanfleet.warn.models import Alarm

RESULT_TEXTS = {"cancelled": texts.RESULT_CANCELLED, "forced_end": texts.RESULT_FORCED,
                "aborted": texts.RESULT_ABORTED}
MAX_ALARMS = 5000  # alarms read for one site's detail


def _reason(kind: str, text: Text | str, language: str, key: str = "", count: int | None = None,
            **values: object) -> dict[str, Any]:
    shown = text.render(language, values) if isinstance(text, Text) else text
    return {"kind": kind, "key": key, "text": shown, "count": count}


def run_reasons(slot: Slot, zone: ZoneInfo, language: str) -> list[dict[str, Any]]:
    """What the matched run says about its state: how it ended, the robot's words, its alarms, targets, lateness."""
    run, item = slot.run, slot.item
    found = []
    if run.result not in FINISHED:
        found.append(_reason("result", RESULT_TEXTS.get(run.result, texts.RESULT_OTHER), language, run.result,
                             result=run.result))
    words = (run.reason or "").strip()
    if words:  # the robot's words, as it sent them (no language of ours): quoted as its own, after our reason
        found.append({**_reason("reason", texts.ROBOT_SAID, language, words=words), "words": words})
    for key, count in sorted((run.alarm_counts or {}).items()):
        found.append(_reason("alarm", alarm_text(str(key), "", "", language), language, str(key), int(count)))
    under_area, under_coverage = under_targets(item, run)
    if under_area:
        found.append(_reason("area", texts.UNDER_AREA, language, cleaned=round(run.cleaned_area, 1),
                             target=item.min_area))
    if under_coverage:
        found.append(_reason("coverage", texts.UNDER_COVERAGE, language, coverage=round(run.coverage, 1),
                             target=item.min_coverage))
    if run.start_time >= slot.end:
        found.append(_reason("late", texts.STARTED_LATE, language, time=f"{run.start_time.astimezone(zone):%H:%M}"))
    elif run.end_time > slot.end:
        found.append(_reason("late", texts.ENDED_LATE, language, time=f"{run.end_time.astimezone(zone):%H:%M}"))
    return found


async def floor_alarms(db: AsyncSession, plan: SitePlan) -> dict[int, list[Any]]:
    """The alarms the site's robots raised in the period, by robot, in time order (the detail's reasons)."""
    robots = plan.robots()
    if not robots:
        return {}
    start, end = plan.bounds
    rows = await db.execute(select(Alarm.device_id, Alarm.key, Alarm.code, Alarm.content, Alarm.raised_at)
                            .where(Alarm.device_id.in_(robots), Alarm.raised_at >= start, Alarm.raised_at < end)
                            .order_by(Alarm.raised_at).limit(MAX_ALARMS))
    found: dict[int, list[Any]] = defaultdict(list)
    for row in rows:
        found[row.device_id].append(row)
    return found


async def heard_quarters(db: AsyncSession, plan: SitePlan) -> dict[tuple[int, date], tuple[int, int]]:
    """(robot, UTC day) → the first and last quarter hour it was heard in that day (``device_online_days``)."""
    robots = plan.robots()
    if not robots:
        return {}
    start, end = plan.bounds
    rows = await db.execute(select(DeviceOnlineDay.device_id, DeviceOnlineDay.day, DeviceOnlineDay.first_quarter,
                                   DeviceOnlineDay.last_quarter)
                            .where(DeviceOnlineDay.device_id.in_(robots), DeviceOnlineDay.day >= start.date(),
                                   DeviceOnlineDay.day <= end.date()))
    return {(device, day): (first, last) for device, day, first, last in rows}


def _stayed(plan: SitePlan, device_id: int, start: datetime, end: datetime) -> bool:
    return any(begin < end and (until is None or until > start) for begin, until in plan.stays.get(device_id, ()))


def _heard(heard: dict[tuple[int, date], tuple[int, int]], device_id: int, start: datetime, end: datetime) -> bool:
    """Whether the robot may have been heard from in [start, end): a day's first to last quarter heard overlaps it
    (in between it may have been silent: only a window wholly outside those spans counts as offline)."""
    day, last = start.astimezone(UTC).date(), (end - timedelta(microseconds=1)).astimezone(UTC).date()
    while day <= last:
        quarters = heard.get((device_id, day))
        if quarters is not None:
            midnight = datetime.combine(day, time(0), tzinfo=UTC)
            if (midnight + timedelta(minutes=15 * quarters[0]) < end
                    and midnight + timedelta(minutes=15 * (quarters[1] + 1)) > start):
                return True
        day += timedelta(days=1)
    return False


def missed_reasons(slot: Slot, plan: SitePlan, alarms: dict[int, list[Any]], language: str,
                   heard: dict[tuple[int, date], tuple[int, int]] | None = None,
                   runs: Iterable[Any] = ()) -> list[dict[str, Any]]:
    """Why a planned run nobody ran may have been missed: no robot of the floor at the site in the window, or
    none heard from then (their online quarters, when ``heard`` is given; a robot without any online day in the
    period, its history cleared, is not called offline), runs of another task than the item's started in the
    window, and the alarms the floor's robots raised in the window."""
    item = slot.item
    robots = {device for (device, _), floor in plan.floor_of.items() if floor == item.floor_id}
    found = []
    here = [device for device in sorted(robots) if _stayed(plan, device, slot.start, slot.end)]
    if not here:
        found.append(_reason("robot", texts.NO_ROBOT_THERE, language))
    elif heard and all(any(key[0] == device for key in heard) and not _heard(heard, device, slot.start, slot.end)
                       for device in here):  # a robot with no online day in the period at all: unknown, not offline
        found.append(_reason("offline", texts.ROBOTS_OFFLINE, language))
    if item.task_name:
        other = sum(1 for run in runs if slot.start <= run.start_time < slot.end and run.task_name != item.task_name
                    and plan.floor_of.get((run.device_id, run.map_name)) == item.floor_id
                    and plan.at_site(run.device_id, run.start_time))
        if other:
            found.append(_reason("task", texts.OTHER_TASK_RAN, language, "", other, runs=other,
                                 task=item.task_name))
    tally: Counter[tuple[str, str]] = Counter()
    for device in robots:
        for alarm in alarms.get(device, ()):
            if slot.start <= alarm.raised_at < slot.end:
                tally[(alarm.key or alarm.code, alarm_text(alarm.key, alarm.code, alarm.content, language))] += 1
    return found + [_reason("alarm", text, language, key, count) for (key, text), count in sorted(tally.items())]


def run_answer(run: Any, names: dict[int, str]) -> dict[str, Any]:
    return {"taskReportId": run.id, "deviceId": run.device_id, "deviceCode": names.get(run.device_id, ""),
            "mapName": run.map_name, "taskName": run.task_name, "startTime": run.start_time.isoformat(),
            "endTime": run.end_time.isoformat(), "result": run.result, "cleanedArea": float(run.cleaned_area),
            "coverage": float(run.coverage)}


@dataclass
class Judged:
    """A site's period matched and judged with everything its reasons need: the one computation behind
    ``/site/actual/detail`` and the site report (``reports/content.py``, ``gather``), each showing it in its own
    form."""

    plan: SitePlan
    slots: list[Slot]
    runs: list[Any]  # the period's runs (their detail columns): a missed run's "another task ran"
    alarms: dict[int, list[Any]]  # the floor robots' alarms, by robot (read when a run was missed)
    heard: dict[tuple[int, date], tuple[int, int]]  # their online quarters (read when a run was missed)


async def judge_period(db: AsyncSession, plan: SitePlan, now: datetime) -> Judged:
    """Every planned run of the plan's period, matched and judged, with the runs, alarms and online quarters the
    reasons are told from."""
    slots = planned_slots(plan)
    runs = await read_runs(db, plan, detail=True) if slots else []
    match(plan, slots, runs, now)
    missed = any(s.state == "missed" for s in slots)
    alarms = await floor_alarms(db, plan) if missed else {}
    heard = await heard_quarters(db, plan) if missed else {}
    return Judged(plan, slots, runs, alarms, heard)


def by_hand_reason(slot: Slot, zone: ZoneInfo, language: str) -> dict[str, Any]:
    """"Cleaned by hand by … at …" (with the person's note quoted as theirs): why a planned run reads done by hand."""
    mark = slot.by_hand
    local = mark.marked_at.astimezone(zone)
    time_text = f"{local:%H:%M}" if local.date() == slot.day else f"{local:%Y-%m-%d %H:%M}"
    by: Text | str = mark.user_name or plan_texts.SOMEONE
    if mark.note:
        return {**_reason("byHand", plan_texts.BY_HAND_DONE_NOTE, language, by=by, time=time_text, note=mark.note),
                "words": mark.note}
    return _reason("byHand", plan_texts.BY_HAND_DONE, language, by=by, time=time_text)


def slot_reasons(judged: Judged, slot: Slot, language: str) -> list[dict[str, Any]]:
    """Why a planned run reads as it does (cleaned by hand first; its run's reasons, or why it was missed), in
    ``language``."""
    found = [by_hand_reason(slot, judged.plan.zone, language)] if slot.by_hand is not None else []
    if slot.run is not None:
        return found + run_reasons(slot, judged.plan.zone, language)
    if slot.state == "missed":
        return found + missed_reasons(slot, judged.plan, judged.alarms, language, judged.heard, judged.runs)
    return found


async def detail_items(db: AsyncSession, judged: Judged, language: str) -> list[dict[str, Any]]:
    """Each plan item of the period with its counts and its planned runs (their runs and reasons)."""
    plan = judged.plan
    names = dict((await db.execute(select(Device.id, Device.name).where(Device.id.in_(plan.robots())))).all())
    by_item: dict[int, list[Slot]] = defaultdict(list)
    for slot in judged.slots:
        by_item[slot.item.id].append(slot)
    out = []
    for item, floor_name, building_name in plan.items:
        mine = by_item.get(item.id, [])
        out.append({"planItem": plans.item_answer(item, floor_name, building_name), "counts": counts(mine),
                    "runs": [{"day": s.day.isoformat(), "slot": s.slot, "windowStart": s.start.isoformat(),
                              "windowEnd": s.end.isoformat(), "state": s.state,
                              "run": run_answer(s.run, names) if s.run is not None else None,
                              "reasons": slot_reasons(judged, s, language),
                              "byHand": mark_answer(s.by_hand)}
                             for s in mine]})
    return out


# --- the call ------------------------------------------------------------------------------------------------------


def _site_answer(plan: SitePlan, slots: list[Slot]) -> dict[str, Any]:
    return {"siteId": plan.site.id, "siteName": plan.site.name, "timeZone": plan.site.time_zone,
            "start": plan.first.isoformat(), "end": plan.last.isoformat(), "counts": counts(slots)}


async def detail(db: AsyncSession, site: Site, period: str, day: date | None, now: datetime,
                 language: str) -> dict[str, Any]:
    """One site's period: its counts, and each plan item with its planned runs, their runs and reasons."""
    plan = (await load(db, {site.id: period_of(site, period, day)}))[site.id]
    judged = await judge_period(db, plan, now)
    return {**_site_answer(plan, judged.slots), "period": period, "items": await detail_items(db, judged, language)}
