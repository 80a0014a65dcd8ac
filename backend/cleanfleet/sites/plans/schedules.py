"""How the robots' own schedules fulfil a site's plan: the coverage of a day's plan items and the calendar.

The robots keep their schedules themselves (the tasks domain reads them through the relay: ``timetask_list``).
Every robot at the site is asked at once (a few at a time), each with a database session of its own; a robot
that is offline, unreachable, slow or answers something unreadable is reported as ``unknown`` with the reason,
never as an error of the whole call. A schedule's times are the robot's clock, taken as the site's (a robot at a
site runs on its local time).

A schedule serves a plan item on a day when it is on, runs that weekday, belongs to a robot at the site whose map
it cleans is tied to the item's floor, lists the item's task (when the item names one) and starts inside the
item's window. Elevator-linked schedules are not read here.
"""

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any

import httpx
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.errors import ApiError
from cleanfleet.core.language import caller_language
from cleanfleet.devices.models import Device
from cleanfleet.sites import days, texts
from cleanfleet.sites.models import SiteFloor, SiteFloorMap, SiteRobot
from cleanfleet.sites.plans import items as plans
from cleanfleet.sites.service import Owned
from cleanfleet.tasks import service as tasks
from cleanfleet.tasks.robot import RobotLink

log = logging.getLogger("cleanfleet.sites")
ROBOTS_AT_ONCE = 8


@dataclass(frozen=True)
class RobotAccess:
    """What asking the robots takes (the router hands it over from the app's state)."""

    sessions: Callable[[], AsyncSession]
    client: httpx.AsyncClient
    timeout: float


@dataclass
class Fleet:
    """The site's robots now, their schedules (None: unknown) and where each map lies."""

    robots: list[Device]
    schedules: dict[int, list[dict[str, Any]] | None]
    reasons: dict[int, str]
    floor_of: dict[tuple[int, str], int]

    def states(self) -> list[dict[str, Any]]:
        return [{"deviceId": d.id, "deviceCode": d.name, "deviceSerialNumber": d.serial_number,
                 "state": "unknown" if self.schedules.get(d.id) is None else "ok", "reason": self.reasons.get(d.id)}
                for d in self.robots]

    def runs_on(self, day: date) -> list[dict[str, Any]]:
        """The known schedules that run that weekday, by start time."""
        names = {d.id: d.name for d in self.robots}
        found = []
        for device_id, schedules in self.schedules.items():
            for s in schedules or []:
                if s.get("isActive") and day.isoweekday() in s.get("repeat", []) \
                        and days.robot_clock(s.get("startTime")) is not None:
                    found.append(_schedule_out(device_id, names[device_id], s,
                                               self.floor_of.get((device_id, s.get("mapName", "")))))
        return sorted(found, key=lambda s: (s["startTime"], s["deviceCode"], s["scheduleName"]))


def _schedule_out(device_id: int, name: str, schedule: dict[str, Any], floor_id: int | None) -> dict[str, Any]:
    return {"deviceId": device_id, "deviceCode": name, "scheduleName": str(schedule.get("name", "")),
            "mapName": str(schedule.get("mapName", "")), "taskList": [str(t) for t in schedule.get("taskList", [])],
            "startTime": str(schedule.get("startTime", "")), "endTime": str(schedule.get("endTime", "")),
            "isActive": bool(schedule.get("isActive")), "floorId": floor_id}


async def _ask(access: RobotAccess, caller: Caller, device: Device, gate: asyncio.Semaphore,
               language: str) -> tuple[list[dict[str, Any]] | None, str | None]:
    async with gate:
        try:
            async with access.sessions() as db:
                link = RobotLink(db, caller, device, access.client, access.timeout)
                return await asyncio.wait_for(tasks.schedules(link), access.timeout + 5), None
        except ApiError as refusal:
            return None, refusal.text(language)
        except Exception:  # a robot's answer is never trusted: one robot cannot fail the whole call
            log.warning("robot schedules unreadable", extra={"fields": {"sn": device.serial_number}}, exc_info=True)
            return None, texts.ROBOT_UNREADABLE.render(language)


async def fleet(db: AsyncSession, access: RobotAccess, caller: Caller, owned: Owned) -> Fleet:
    """Asks every robot at the site for its schedules (the database session is not held while they answer)."""
    robots = list(await db.scalars(select(Device).join(SiteRobot, SiteRobot.device_id == Device.id)
                                   .where(SiteRobot.site_id == owned.site.id, SiteRobot.ended_at.is_(None))
                                   .order_by(Device.name, Device.id)))
    floor_of = {(row[0], row[1]): row[2] for row in await db.execute(
        select(SiteFloorMap.device_id, SiteFloorMap.map_name, SiteFloorMap.floor_id)
        .join(SiteFloor, SiteFloor.id == SiteFloorMap.floor_id).where(SiteFloor.site_id == owned.site.id))}
    await db.commit()  # ends the read transaction: the robots may take seconds
    gate, language = asyncio.Semaphore(ROBOTS_AT_ONCE), caller_language()
    answers = await asyncio.gather(*(_ask(access, caller, device, gate, language) for device in robots))
    return Fleet(robots, {d.id: a[0] for d, a in zip(robots, answers, strict=True)},
                 {d.id: a[1] for d, a in zip(robots, answers, strict=True) if a[1] is not None}, floor_of)


def _serves(item: Any, schedule: dict[str, Any], day: date) -> bool:
    start = days.robot_clock(schedule["startTime"])
    return (schedule["isActive"] and start is not None and item.window_start <= start < item.window_end
            and (not item.task_name or item.task_name in schedule["taskList"]))


def _service_state(item: Any, serving: int, unknown: bool) -> str:
    if serving >= item.runs_per_day:
        return "served"
    if unknown:
        return "unknown"
    return "partly" if serving else "unserved"


async def coverage(db: AsyncSession, access: RobotAccess, caller: Caller, owned: Owned,
                   day: date | None) -> dict[str, Any]:
    """The day's plan items, each with the schedules that serve it, and which robots answered."""
    zone = days.zone_of(owned.site)
    day = day or days.today(zone)
    rows = [row for row in await plans.items_of(db, [owned.site.id]) if days.planned_on(row[0], day)]
    found = await fleet(db, access, caller, owned)
    running = found.runs_on(day)
    items = []
    for item, floor_name, building_name in rows:
        serving = [s for s in running if s["floorId"] == item.floor_id and _serves(item, s, day)]
        floor_robots = {device for (device, _), floor in found.floor_of.items() if floor == item.floor_id}
        unknown = any(found.schedules.get(d.id) is None for d in found.robots if d.id in floor_robots)
        items.append({"planItem": plans.item_answer(item, floor_name, building_name),
                      "state": _service_state(item, len(serving), unknown), "schedules": serving})
    return {"siteId": owned.site.id, "timeZone": owned.site.time_zone, "day": day.isoformat(), "items": items,
            "robots": found.states()}


async def calendar(db: AsyncSession, access: RobotAccess, caller: Caller, owned: Owned, period: str,
                   day: date | None) -> dict[str, Any]:
    """What is planned (plan items) and scheduled (the robots' schedules) each day of the day or week."""
    zone = days.zone_of(owned.site)
    first, last = days.period_days(period, day or days.today(zone))
    rows = await plans.items_of(db, [owned.site.id])
    found = await fleet(db, access, caller, owned)
    out = []
    for each in days.days_between(first, last):
        planned = [{"planItemId": item.id, "buildingName": building, "floorName": floor, "areaName": item.area_name,
                    "taskName": item.task_name, "windowStart": days.clock(item.window_start),
                    "windowEnd": days.clock(item.window_end), "runsPerDay": item.runs_per_day}
                   for item, floor, building in rows if days.planned_on(item, each)]
        planned.sort(key=lambda p: (p["windowStart"], p["planItemId"]))
        out.append({"day": each.isoformat(), "planned": planned, "scheduled": found.runs_on(each)})
    return {"siteId": owned.site.id, "timeZone": owned.site.time_zone, "start": first.isoformat(),
            "end": last.isoformat(), "days": out, "robots": found.states()}
